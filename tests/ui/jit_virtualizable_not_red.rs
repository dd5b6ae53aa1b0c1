#[rpython::entry]
pub mod m {
    use rpython::jit::{jit_merge_point, JitDriver};

    static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "acc"]).virtualizables(&["frame"]);

    pub fn run(n: i64) -> i64 {
        let mut pc = 0;
        let mut acc = 0;
        while pc < n {
            jit_merge_point!(DRIVER; pc; n, acc);
            acc += pc;
            pc += 1;
        }
        acc
    }
}

fn main() {}
