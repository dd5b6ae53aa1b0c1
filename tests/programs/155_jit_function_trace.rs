// A function of the interpreted program without a loop, called recursively, is traced from its start once its entries are hot (RPython's `function_threshold`): the trace ends where the interpreter returns (`finish`), and the calls run it
// call: run(20)
// expect: 6765

use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["n", "acc"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// To the target when n < 2.
    IfSmall(usize),
    /// acc = f(n - 1) + f(n - 2), f being the function at 0.
    Recurse,
    ReturnN,
    ReturnAcc,
    /// Backwards (a loop the program never runs: the driver counts at its
    /// `can_enter_jit!`).
    Jump(usize),
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &[Op]) -> String {
    format!("pc {pc} of {}", code.len())
}

fn interpret(code: &[Op], n: i64) -> i64 {
    let mut pc = 0;
    let n = n;
    let mut acc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; n, acc);
        match code[pc] {
            Op::IfSmall(target) => pc = if n < 2 { target } else { pc + 1 },
            Op::Recurse => {
                acc = interpret(code, n - 1) + interpret(code, n - 2);
                pc += 1;
            }
            Op::ReturnN => return n,
            Op::ReturnAcc => return acc,
            Op::Jump(target) => {
                pc = target;
                can_enter_jit!(DRIVER; pc, code; n, acc);
            }
        }
    }
}

pub fn run(n: i64) -> i64 {
    let code = [Op::IfSmall(3), Op::Recurse, Op::ReturnAcc, Op::ReturnN, Op::Jump(0)];
    interpret(&code, n)
}
