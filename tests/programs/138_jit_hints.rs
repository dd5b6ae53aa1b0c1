// The JIT's hints are no-ops outside traces: a small stack machine with a JitDriver (greens pc and code, reds acc and stack), jit_merge_point! at the top of its loop and can_enter_jit! on the backward jump, promote/promote_string, we_are_jitted, and #[elidable]/#[dont_look_inside]/#[unroll_safe] functions
// call: run(10)
// expect: "55 false 3 ab"

use rpython::jit::{can_enter_jit, dont_look_inside, elidable, jit_merge_point, promote, unroll_safe, JitDriver};
use rpython::jit::{promote_string, we_are_jitted};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc", "n"]);

#[derive(Clone, Copy, PartialEq)]
enum Op {
    AddN,
    Dec,
    JumpIfPos(usize),
    Halt,
}

#[elidable]
fn target(code: &[Op], pc: usize) -> usize {
    match code[pc] {
        Op::JumpIfPos(t) => t,
        _ => pc + 1,
    }
}

#[dont_look_inside]
fn log_len(s: &str) -> usize {
    s.len()
}

#[unroll_safe]
fn sum3(xs: &[i64]) -> i64 {
    let mut s = 0;
    for x in xs {
        s += x;
    }
    s
}

fn interpret(code: &[Op], start: i64) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    let mut n = start;
    loop {
        jit_merge_point!(DRIVER; pc, code; acc, n);
        let op = code[promote(pc)];
        match op {
            Op::AddN => {
                acc += n;
                pc += 1;
            }
            Op::Dec => {
                n -= 1;
                pc += 1;
            }
            Op::JumpIfPos(_) => {
                if n > 0 {
                    pc = target(code, pc);
                    can_enter_jit!(DRIVER; pc, code; acc, n);
                } else {
                    pc += 1;
                }
            }
            Op::Halt => return acc,
        }
    }
}

pub fn run(n: i64) -> String {
    let code = [Op::AddN, Op::Dec, Op::JumpIfPos(0), Op::Halt];
    let acc = interpret(&code, n);
    let name = promote_string("ab".to_string());
    format!("{} {} {} {}", acc, we_are_jitted(), sum3(&[1, 1, 1]) as usize + log_len("") , name)
}
