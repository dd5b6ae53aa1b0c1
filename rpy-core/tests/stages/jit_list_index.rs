// stage: codewriter
// An index into a green list: its length read, the bounds check a branch to a panic, the item read
// with an array descr.
use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc"]);

fn interpret(code: &[i64]) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    while pc < code.len() {
        jit_merge_point!(DRIVER; pc, code; acc);
        acc += code[pc];
        pc += 1;
    }
    acc
}

pub fn run(n: i64) -> i64 {
    interpret(&vec![n, 2, 3])
}
