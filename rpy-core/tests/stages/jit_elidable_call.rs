// stage: codewriter
// A call of an `#[elidable]` function is a residual call marked elidable (folded when its
// arguments are constants), and the function has no jitcode.
use rpython::jit::{elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["acc"]);

#[elidable]
fn cost(pc: i64) -> i64 {
    pc * 3 + 1
}

pub fn run(n: i64) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; acc);
        acc += cost(pc);
        pc += 1;
    }
    acc
}
