// An elidable function returning a fresh list and a fresh struct, which the trace folds into constants that only the compiled loop refers to (the interpreter drops them at once), while the loop allocates lists and strings of other sizes that reuse freed memory; every run prints its checksum
// call: run(30)
// expect: runs to 9: 17190/631 17191/631 17192/631 17193/631 17194/631 17195/631 17196/631 17197/631 17198/631 17199/631
// expect: runs to 19: 17200/631 17201/631 17202/631 17203/631 17204/631 17205/631 17206/631 17207/631 17208/631 17209/631
// expect: runs to 29: 17210/631 17211/632 17212/632 17213/632 17214/632 17215/632 17216/632 17217/632 17218/632 17219/632
// expect: 516135

use rpython::jit::{elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    // r[a] = k
    Set(usize, i64),
    // acc += r[a] * w[0] + w[2] + pair.b, with w and pair from the elidable functions
    Weigh(usize),
    // garbage of other sizes
    Churn,
    Dec(usize),
    JumpPos(usize, usize),
    Halt,
}

struct Pair {
    a: i64,
    b: i64,
}

struct Machine {
    regs: Vec<i64>,
    acc: i64,
    churned: i64,
}

#[elidable]
fn weights(code: &[Ins], pc: usize) -> Vec<i64> {
    let k = code.len() as i64 + pc as i64;
    vec![k, k + 1, k * 2]
}

#[elidable]
fn pair(code: &[Ins], pc: usize) -> Box<Pair> {
    Box::new(Pair { a: pc as i64, b: code.len() as i64 * 10 })
}

fn interpret(code: &[Ins], m: &mut Machine) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; m);
        match code[pc] {
            Ins::Set(a, k) => {
                m.regs[a] = k;
                pc += 1;
            }
            Ins::Weigh(a) => {
                let w = weights(code, pc);
                let p = pair(code, pc);
                m.acc += m.regs[a] * w[0] + w[2] + p.b - p.a;
                pc += 1;
            }
            Ins::Churn => {
                let mut v = Vec::new();
                for i in 0..(m.regs[0] % 9) {
                    v.push(i);
                }
                let s = format!("{}-{}", m.acc, v.len());
                m.churned += s.len() as i64 + v.len() as i64;
                pc += 1;
            }
            Ins::Dec(a) => {
                m.regs[a] -= 1;
                pc += 1;
            }
            Ins::JumpPos(a, t) => {
                if m.regs[a] > 0 {
                    pc = t;
                } else {
                    pc += 1;
                }
            }
            Ins::Halt => return,
        }
    }
}

pub fn run(runs: i64) -> i64 {
    let code = vec![Ins::Set(0, 60), Ins::Weigh(0), Ins::Churn, Ins::Dec(0), Ins::JumpPos(0, 1), Ins::Halt];
    let mut total = 0;
    let mut line = String::new();
    for i in 0..runs {
        let mut m = Machine { regs: vec![0; 2], acc: i, churned: 0 };
        interpret(&code, &mut m);
        line.push_str(&format!(" {}/{}", m.acc, m.churned));
        // A checksum per run, ten runs a line.
        if i % 10 == 9 || i == runs - 1 {
            println!("runs to {i}:{line}");
            line = String::new();
        }
        total += m.acc;
    }
    total
}
