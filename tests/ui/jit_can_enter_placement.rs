#[rpython::entry]
pub mod m {
    use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

    static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc"]);

    pub fn run(code: i64) -> i64 {
        let mut pc = 0;
        let mut acc = 0;
        while pc < code {
            jit_merge_point!(DRIVER; pc, code; acc);
            can_enter_jit!(DRIVER; pc, code; acc);
            acc += pc;
            pc += 1;
        }
        acc
    }
}

fn main() {}
