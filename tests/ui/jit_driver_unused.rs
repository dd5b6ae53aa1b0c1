#[rpython::entry]
pub mod m {
    use rpython::jit::JitDriver;

    #[allow(dead_code)]
    static DRIVER: JitDriver = JitDriver::new(&["pc"], &["acc"]);

    pub fn run(code: i64) -> i64 {
        code
    }
}

fn main() {}
