// Loops outlive their use: every program stays alive (its code object in a list) but runs only in passes, with garbage in between; with a short loop_longevity (tests/jit_log.rs) the loops not entered for that many collections are freed although their keys are alive, and a later pass traces them again
// call: run(40)
// expect: passes 108085 108085 52670
// expect: 268840
use rpython::jit::{elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    // acc += r[a] * consts[k] + consts[k + 1]
    MulAdd(usize, usize),
    // r[a] -= 1
    Dec(usize),
    // if r[a] > 0 { pc = t }
    JumpPos(usize, usize),
    Halt,
}

struct Code {
    ins: Vec<Ins>,
    consts: Vec<i64>,
}

struct Machine {
    regs: Vec<i64>,
    acc: i64,
}

#[elidable]
fn instruction(code: &Code, pc: usize) -> Ins {
    code.ins[pc]
}

#[elidable]
fn constant(code: &Code, k: usize) -> i64 {
    code.consts[k]
}

fn interpret(code: &Code, m: &mut Machine) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; m);
        match instruction(code, pc) {
            Ins::MulAdd(a, k) => {
                m.acc += m.regs[a] * constant(code, k) + constant(code, k + 1);
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

/// Program `n`: a loop of `5 + n % 11` turns with its own constants.
fn parse(n: i64) -> Code {
    let ins = vec![Ins::MulAdd(0, 1), Ins::Dec(0), Ins::JumpPos(0, 0), Ins::Halt];
    Code { ins, consts: vec![5 + n % 11, n % 27 + 1, n % 5] }
}

fn run_one(code: &Code) -> i64 {
    let mut m = Machine { regs: vec![constant(code, 0)], acc: 0 };
    interpret(code, &mut m);
    m.acc
}

/// Runs every program of `codes` once; a checksum.
fn pass(codes: &[Code]) -> i64 {
    let mut total = 0;
    for (n, code) in codes.iter().enumerate() {
        total += run_one(code) * (n as i64 % 7 + 1);
    }
    total
}

pub fn run(programs: i64) -> i64 {
    let mut codes = Vec::new();
    for n in 0..programs {
        codes.push(parse(n));
    }
    let first = pass(&codes);
    // Garbage: collections while no loop runs.
    let mut junk = 0;
    for j in 0..3000 {
        let g = Code { ins: vec![Ins::Halt; 8], consts: vec![j; 4] };
        junk += g.consts[3];
    }
    let second = pass(&codes);
    let third = pass(&codes[..programs as usize / 2]);
    println!("passes {first} {second} {third}");
    first + second + third + junk % 2
}
