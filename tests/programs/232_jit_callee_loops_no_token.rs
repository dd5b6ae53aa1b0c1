// A loop calls the interpreter again for a function with a loop of its own, and the portal returns a `Result` (two leaves: its code cannot be called through a token): the tracer gives up once on the callee's loop and makes the call residual from then on, instead of tracing into it and giving up again at every turn
// call: run(300)
// expect: 2100

use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc", "n"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// acc = f(acc, n): runs the function at that position with the
    /// interpreter; an error ends the run.
    Call(usize),
    /// acc += n
    AddN,
    Dec,
    /// To the target when n > 0.
    JumpIfPos(usize),
    /// An error when acc is negative.
    CheckSign,
    Return,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &[Op]) -> String {
    format!("pc {pc} of {}", code.len())
}

fn interpret(code: &[Op], start: usize, acc: i64, n: i64) -> Result<i64, String> {
    let mut pc = start;
    let mut acc = acc;
    let mut n = n;
    loop {
        jit_merge_point!(DRIVER; pc, code; acc, n);
        match code[pc] {
            Op::Call(f) => {
                acc = interpret(code, f, acc, n % 5 + 1)?;
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
                    let back = target <= pc;
                    pc = target;
                    if back {
                        can_enter_jit!(DRIVER; pc, code; acc, n);
                    }
                } else {
                    pc += 1;
                }
            }
            Op::CheckSign => {
                if acc < 0 {
                    return Err(format!("negative at {pc}"));
                }
                pc += 1;
            }
            Op::Return => return Ok(acc),
        }
    }
}

pub fn run(n: i64) -> i64 {
    let code = [
        // The loop: n turns.
        Op::Call(5),
        Op::CheckSign,
        Op::Dec,
        Op::JumpIfPos(0),
        Op::Return,
        // 5: a loop of (n % 5 + 1) turns adding n.
        Op::AddN,
        Op::Dec,
        Op::JumpIfPos(5),
        Op::AddN,
        Op::Return,
    ];
    match interpret(&code, 0, 0, n) {
        Ok(acc) => acc,
        Err(_) => -1,
    }
}
