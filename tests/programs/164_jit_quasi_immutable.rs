// A quasi-immutable field (`#[rpython::jit::quasi_immutable]`): the loop reads the step of a promoted configuration as a constant (guarded by `guard_not_invalidated`); every 500 turns the program writes it, which invalidates the loop: its guard fails, the interpreter goes on with the new step, and the loop is traced again with it
// call: run(3000)
// expect: 20383250

use rpython::jit::{jit_merge_point, promote, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    /// acc += regs[a] * step
    Add(usize),
    Dec(usize),
    /// To the target unless regs[a] is a multiple of k.
    UnlessMultiple(usize, i64, usize),
    /// step += 1
    Bump,
    /// To the target while regs[a] > 0.
    JumpPos(usize, usize),
    Halt,
}

struct Config {
    #[rpython::jit::quasi_immutable]
    step: i64,
}

struct Machine {
    regs: Vec<i64>,
    acc: i64,
    config: Box<Config>,
}

fn interpret(code: &[Ins], m: &mut Machine) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; m);
        match code[pc] {
            Ins::Add(a) => {
                let c: &Config = promote(&m.config);
                m.acc += m.regs[a] * c.step;
                pc += 1;
            }
            Ins::Dec(a) => {
                m.regs[a] -= 1;
                pc += 1;
            }
            Ins::UnlessMultiple(a, k, target) => {
                pc = if m.regs[a] % k != 0 { target } else { pc + 1 };
            }
            Ins::Bump => {
                m.config.step += 1;
                pc += 1;
            }
            Ins::JumpPos(a, target) => {
                pc = if m.regs[a] > 0 { target } else { pc + 1 };
            }
            Ins::Halt => return,
        }
    }
}

pub fn run(n: i64) -> i64 {
    let code = [
        Ins::Add(0),
        Ins::Dec(0),
        Ins::UnlessMultiple(0, 500, 4),
        Ins::Bump,
        Ins::JumpPos(0, 0),
        Ins::Halt,
    ];
    let mut m = Machine { regs: vec![n], acc: 0, config: Box::new(Config { step: 3 }) };
    interpret(&code, &mut m);
    m.acc
}
