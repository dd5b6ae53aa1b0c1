// A driver with a `can_enter_jit!` counts its loops there only: a small machine whose loop calls a function (the interpreter entered again for it); the function's instructions are hot but no loop of the interpreted program, so only the loop is traced
// call: run(3000)
// expect: 11977

use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc", "n"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// acc = f(acc, n): runs the function at that position with the
    /// interpreter.
    Call(usize),
    /// acc += n
    AddN,
    /// acc += acc % 7
    Mix,
    Dec,
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
                    pc = target;
                    can_enter_jit!(DRIVER; pc, code; acc, n);
                } else {
                    pc += 1;
                }
            }
            Op::Return => return acc,
        }
    }
}

pub fn run(n: i64) -> i64 {
    let code = [Op::Call(4), Op::Dec, Op::JumpIfPos(0), Op::Return, Op::AddN, Op::Mix, Op::AddN, Op::Return];
    interpret(&code, 0, 0, n)
}
