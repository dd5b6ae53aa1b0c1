// A loop calls a function of the interpreted program that loops only now and then: the loop's trace goes into the call (no loop on the common path), and the bridge of the guard that fails inside the call meets the call's loop; its call site is not known in the bridge, so the rest of the call becomes a call of compiled code from the loop's merge point instead of the bridge being given up (and the guard failing into the interpreter every time)
// call: run(30000)
// expect: 330300

use rpython::jit::{elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m", "depth"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// regs[0] += 1
    Count,
    /// Runs the function at that position with the interpreter.
    Call(usize),
    /// To `target` unless regs[1] is 99 modulo 100.
    SkipUnlessHundred(usize),
    /// regs[2] = 10
    SetLoop,
    /// regs[2] -= 1; back to `target` while regs[2] > 0.
    LoopDown(usize),
    /// regs[1] += 1; back to `target` while regs[1] < regs[3].
    Next(usize),
    Return,
}

struct Machine {
    regs: Vec<i64>,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &[Op]) -> String {
    format!("pc {pc} of {}", code.len())
}

#[elidable]
fn fetch(code: &[Op], pc: usize) -> Op {
    code[pc]
}

fn interpret(code: &[Op], start: usize, m: &mut Machine, depth: i64) {
    let mut pc = start;
    loop {
        jit_merge_point!(DRIVER; pc, code; m, depth);
        match fetch(code, pc) {
            Op::Count => {
                m.regs[0] += 1;
                pc += 1;
            }
            Op::Call(f) => {
                interpret(code, f, m, depth + 1);
                pc += 1;
            }
            Op::SkipUnlessHundred(target) => {
                pc = if m.regs[1] % 100 != 99 { target } else { pc + 1 };
            }
            Op::SetLoop => {
                m.regs[2] = 10;
                pc += 1;
            }
            Op::LoopDown(target) => {
                m.regs[2] -= 1;
                pc = if m.regs[2] > 0 { target } else { pc + 1 };
            }
            Op::Next(target) => {
                m.regs[1] += 1;
                pc = if m.regs[1] < m.regs[3] { target } else { pc + 1 };
            }
            Op::Return => return,
        }
    }
}

pub fn run(n: i64) -> i64 {
    let code = vec![
        // main: 0
        Op::Call(3),
        Op::Next(0),
        Op::Return,
        // the function: 3
        Op::Count,
        Op::SkipUnlessHundred(8),
        Op::SetLoop,
        Op::Count,
        Op::LoopDown(6),
        Op::Return,
    ];
    let mut m = Machine { regs: vec![0, 0, 0, n] };
    interpret(&code, 0, &mut m, 0);
    m.regs[0] * 10 + m.regs[1] / 100
}
