// stage: codewriter
// A call of a `#[dont_look_inside]` function is a plain residual call: the tracer never enters it.
use rpython::jit::{dont_look_inside, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["acc"]);

#[dont_look_inside]
fn opaque(x: i64) -> i64 {
    x ^ 5
}

pub fn run(n: i64) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; acc);
        acc = opaque(acc) + pc;
        pc += 1;
    }
    acc
}
