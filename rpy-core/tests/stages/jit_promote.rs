// stage: codewriter
// `promote` of a red becomes `int_guard_value`: the tracer makes the value a constant of the
// trace.
use rpython::jit::{jit_merge_point, promote, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["x"]);

pub fn run(n: i64) -> i64 {
    let mut pc = 0;
    let mut x = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; x);
        let k = promote(x);
        x = k + pc;
        pc += 1;
    }
    x
}
