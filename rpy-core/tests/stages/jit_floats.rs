// stage: codewriter
// Float reds live in float registers; float operations and a cast from an integer.
use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["x"]);

pub fn run(n: i64) -> f64 {
    let mut pc = 0;
    let mut x = 1.0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; x);
        x = x * 0.5 + pc as f64;
        pc += 1;
    }
    x
}
