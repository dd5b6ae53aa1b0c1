// stage: codewriter
// `can_enter_jit!` at the loop's backward jump is checked (the same greens and reds as the merge
// point) and leaves nothing in the jitcode: hot loops are counted at the merge point.
use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["acc"]);

pub fn run(n: i64) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; acc);
        acc += 2;
        pc += 1;
        can_enter_jit!(DRIVER; pc, n; acc);
    }
    acc
}
