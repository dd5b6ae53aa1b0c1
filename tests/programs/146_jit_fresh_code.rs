// Compiled loops outlive the code objects they were traced for: an interpreter parses a fresh code object for every run (the same shape, other constants, which the trace folds through an elidable read) and drops it after the run, with garbage in between, so a new code object may take a dead one's memory; each run must run its own program, never the loop compiled for the dead one
// call: run(120)
// expect: runs to 9: 210 924 1771 2760 3900 5200 6669 4620 5775 7084
// expect: runs to 19: 8556 10200 12025 14040 9030 10626 12397 14352 16500 18850
// expect: runs to 29: 21411 13440 15477 17710 20148 22800 25675 28782 17850 20328
// expect: runs to 39: 23023 25944 29100 32500 36153 22260 25179 28336 31740 35400
// expect: runs to 49: 39325 43524 26670 30030 33649 37536 41700 46150 50895 31080
// expect: runs to 59: 34881 38962 43332 48000 52975 58266 35490 39732 44275 49128
// expect: runs to 69: 54300 59800 65637 39900 44583 49588 54924 60600 66625 73008
// expect: runs to 79: 44310 49434 54901 60720 66900 73450 80379 48720 54285 60214
// expect: runs to 89: 66516 73200 80275 87750 53130 59136 65527 72312 79500 87100
// expect: runs to 99: 95121 57540 63987 70840 78108 85800 93925 102492 61950 68838
// expect: runs to 109: 76153 83904 92100 100750 109863 66360 73689 81466 89700 98400
// expect: runs to 119: 107575 117234 70770 78540 86779 95496 104700 114400 124605 75180
// expect: 5997334

use rpython::jit::{elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    // acc += r[a] * consts[k]
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
                m.acc += m.regs[a] * constant(code, k);
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

/// The parser: a new code object for run `seed`, a loop from its first
/// instruction (so the JIT compiles it on first sight when forced hot).
fn parse(seed: i64) -> Code {
    let ins = vec![Ins::MulAdd(0, 1), Ins::Dec(0), Ins::JumpPos(0, 0), Ins::Halt];
    Code { ins, consts: vec![20 + seed % 7, seed * 3 + 1] }
}

pub fn run(runs: i64) -> i64 {
    let mut total = 0;
    let mut line = String::new();
    let mut junk = 0;
    for i in 0..runs {
        let code = parse(i);
        let mut m = Machine { regs: vec![constant(&code, 0), 0], acc: 0 };
        interpret(&code, &mut m);
        line.push_str(&format!(" {}", m.acc));
        // A checksum per run, ten runs a line.
        if i % 10 == 9 || i == runs - 1 {
            println!("runs to {i}:{line}");
            line = String::new();
        }
        total += m.acc;
        // Garbage of the code object's sizes, so freed memory is reused.
        for j in 0..40 {
            let g = Code { ins: vec![Ins::Halt; 5], consts: vec![j; 2] };
            junk += g.consts[1];
        }
    }
    total + junk % 2
}
