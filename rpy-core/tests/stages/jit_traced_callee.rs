// stage: codewriter
// A plain function called from the portal gets its own jitcode, and the call is `inline_call` into
// it (the tracer traces through it).
use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["acc"]);

fn step(acc: i64, pc: i64) -> i64 {
    if pc % 2 == 0 { acc + pc } else { acc - 1 }
}

pub fn run(n: i64) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; acc);
        acc = step(acc, pc);
        pc += 1;
    }
    acc
}
