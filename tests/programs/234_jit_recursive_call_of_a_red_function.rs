// A recursive call of the interpreter whose code comes from the machine's state (a function table indexed by a register), not from the caller's code: traced into, the callee's greens are promoted, so its instructions (an elidable fetch) are constants of the trace and their dispatch folds
// call: run(2000)
// expect: 6003000

use rpython::jit::{elidable, jit_merge_point, JitDriver};
use std::rc::Rc;

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m", "depth"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// regs[0] += regs[1]
    Add,
    /// regs[1] += 1
    Inc,
    /// Runs the function whose index is regs[2], with the interpreter.
    CallFn,
    /// Back to `target` while regs[3] < regs[4], counting regs[3] up.
    Loop(usize),
    Return,
}

struct Machine {
    regs: Vec<i64>,
    funcs: Vec<Rc<Vec<Op>>>,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &[Op]) -> String {
    format!("pc {pc} of {}", code.len())
}

/// The instruction at `pc`: a constant of the trace when `code` and `pc` are.
#[elidable]
fn fetch(code: &[Op], pc: usize) -> Op {
    code[pc]
}

fn interpret(code: &[Op], m: &mut Machine, depth: i64) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; m, depth);
        match fetch(code, pc) {
            Op::Add => {
                m.regs[0] += m.regs[1];
                pc += 1;
            }
            Op::Inc => {
                m.regs[1] += 1;
                pc += 1;
            }
            Op::CallFn => {
                let f = m.regs[2] as usize;
                let callee = m.funcs[f].clone();
                interpret(&callee, m, depth + 1);
                pc += 1;
            }
            Op::Loop(target) => {
                m.regs[3] += 1;
                pc = if m.regs[3] < m.regs[4] { target } else { pc + 1 };
            }
            Op::Return => return,
        }
    }
}

pub fn run(n: i64) -> i64 {
    let main = vec![Op::CallFn, Op::Inc, Op::Loop(0), Op::Return];
    let body = vec![Op::Add, Op::Add, Op::Add, Op::Return];
    let mut m = Machine { regs: vec![0, 1, 1, 0, n], funcs: vec![Rc::new(main.clone()), Rc::new(body)] };
    interpret(&main, &mut m, 0);
    m.regs[0]
}
