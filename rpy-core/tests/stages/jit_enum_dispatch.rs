// stage: codewriter
// An interpreter's dispatch on a field-less enum of instructions read from a green list: one
// `switch` on the opcode (a case per arm; its default is the unreachable fall-through).
use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc"]);

#[derive(Clone, Copy, PartialEq)]
enum Op {
    Inc,
    Dec,
    Double,
}

fn interpret(code: &[Op], n: i64) -> i64 {
    let mut pc = 0;
    let mut acc = n;
    while pc < code.len() {
        jit_merge_point!(DRIVER; pc, code; acc);
        match code[pc] {
            Op::Inc => acc += 1,
            Op::Dec => acc -= 1,
            Op::Double => acc *= 2,
        }
        pc += 1;
    }
    acc
}

pub fn run(n: i64) -> i64 {
    interpret(&[Op::Inc, Op::Double, Op::Dec], n)
}
