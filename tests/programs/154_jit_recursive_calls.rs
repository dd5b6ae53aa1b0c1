// Recursive calls of the interpreter (an interpreted call runs the interpreter again) are traced into: the loop calls a function without a loop (inlined), one with a loop of its own (a residual call once the tracer finds the loop), and a recursive one (inlined a few levels deep, residual below)
// call: run(300)
// expect: 727814

use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc", "n"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// acc = f(acc, n) % 1_000_003: runs the function at that position
    /// with the interpreter.
    Call(usize),
    /// acc += n
    AddN,
    /// acc += acc % 7
    Mix,
    Dec,
    /// To the target when n > 0.
    JumpIfPos(usize),
    Return,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &[Op]) -> String {
    format!("pc {pc} of {}", code.len())
}

fn interpret(code: &[Op], start: usize, acc: i64, n: i64) -> i64 {
    let mut pc = start;
    let mut acc = acc;
    let mut n = n;
    loop {
        jit_merge_point!(DRIVER; pc, code; acc, n);
        match code[pc] {
            Op::Call(f) => {
                acc = interpret(code, f, acc, n) % 1_000_003;
                pc += 1;
            }
            Op::AddN => {
                acc += n;
                pc += 1;
            }
            Op::Mix => {
                acc += acc % 7;
                pc += 1;
            }
            Op::Dec => {
                n -= 1;
                pc += 1;
            }
            Op::JumpIfPos(target) => {
                if n > 0 {
                    let back = target <= pc;
                    pc = target;
                    if back {
                        can_enter_jit!(DRIVER; pc, code; acc, n);
                    }
                } else {
                    pc += 1;
                }
            }
            Op::Return => return acc,
        }
    }
}

pub fn run(n: i64) -> i64 {
    let code = [
        // The loop: n turns.
        Op::Call(6),
        Op::Call(10),
        Op::Call(14),
        Op::Dec,
        Op::JumpIfPos(0),
        Op::Return,
        // 6: no loop.
        Op::AddN,
        Op::Mix,
        Op::AddN,
        Op::Return,
        // 10: a loop of n turns.
        Op::Mix,
        Op::Dec,
        Op::JumpIfPos(10),
        Op::Return,
        // 14: n levels deep: f(n) = f(n - 1) + (n - 1).
        Op::Dec,
        Op::JumpIfPos(17),
        Op::Return,
        Op::Call(14),
        Op::AddN,
        Op::Return,
    ];
    interpret(&code, 0, 0, n)
}
