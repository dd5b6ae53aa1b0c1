#[rpython::entry]
pub mod m {
    use rpython::jit::{jit_merge_point, JitDriver};

    static DRIVER: JitDriver = JitDriver::new(&["pc"], &["acc", "code"]).get_printable_location("show");

    pub fn run(code: i64) -> i64 {
        let mut pc = 0;
        let mut acc = 0;
        while pc < code {
            jit_merge_point!(DRIVER; pc; acc, code);
            acc += pc;
            pc += 1;
        }
        acc
    }
}

fn main() {}
