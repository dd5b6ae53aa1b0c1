#[rpython::entry]
pub mod m {
    use rpython::jit::{jit_merge_point, JitDriver};

    static DRIVER: JitDriver = JitDriver::new(&["pc"], &["acc"]);

    pub fn run(pc: i64) -> i64 {
        let acc = 1;
        jit_merge_point!(DRIVER; pc; acc);
        acc + pc
    }
}

fn main() {}
