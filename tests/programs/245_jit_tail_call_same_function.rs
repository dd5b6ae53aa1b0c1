// A loop calls a function that starts itself again in its frame (a tail call: the portal goes back to the function's first instruction without `can_enter_jit!`): the tracer goes through the restarts as through recursive calls, instead of giving the call up as a loop of the callee and calling compiled code for it
// call: run(300)
// expect: 135450

use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc", "n", "k"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// acc = f(acc, n), the function at that position starting with two
    /// tail calls left.
    Call(usize),
    /// acc += n
    AddN,
    Dec,
    /// To the target (backwards) when n > 0.
    JumpIfPos(usize),
    /// While tail calls are left: one less, and the function at the target
    /// starts again in this frame (no `can_enter_jit!`: no loop).
    TailCall(usize),
    Return,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &[Op]) -> String {
    format!("pc {pc} of {}", code.len())
}

fn interpret(code: &[Op], start: usize, acc: i64, n: i64, k: i64) -> i64 {
    let mut pc = start;
    let mut acc = acc;
    let mut n = n;
    let mut k = k;
    loop {
        jit_merge_point!(DRIVER; pc, code; acc, n, k);
        match code[pc] {
            Op::Call(f) => {
                acc = interpret(code, f, acc, n, 2);
                pc += 1;
            }
            Op::AddN => {
                acc += n;
                pc += 1;
            }
            Op::Dec => {
                n -= 1;
                pc += 1;
            }
            Op::JumpIfPos(target) => {
                if n > 0 {
                    pc = target;
                    can_enter_jit!(DRIVER; pc, code; acc, n, k);
                } else {
                    pc += 1;
                }
            }
            Op::TailCall(target) => {
                if k > 0 {
                    k -= 1;
                    pc = target;
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
        Op::Call(4),
        Op::Dec,
        Op::JumpIfPos(0),
        Op::Return,
        // 4: adds n, and starts again while tail calls are left (3 times).
        Op::AddN,
        Op::TailCall(4),
        Op::Return,
    ];
    interpret(&code, 0, 0, n, 0)
}
