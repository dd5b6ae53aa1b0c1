#[rpython::entry]
pub mod m {
    use rpython::jit::{jit_merge_point, JitDriver};

    static DRIVER: JitDriver = JitDriver::new(&["pc"], &["acc"]);

    pub fn run(code: i64) -> i64 {
        let mut ip = 0;
        let mut acc = 0;
        while ip < code {
            jit_merge_point!(DRIVER; ip; acc);
            acc += ip;
            ip += 1;
        }
        acc
    }
}

fn main() {}
