// A long-running interpreter of many short-lived programs: it reads how many from stdin, parses a fresh code object for each (its constants folded into its compiled loop), runs it and drops it, with garbage in between; the loops of dead programs are freed, so the JIT's memory stays bounded however many programs run (tests/jit_log.rs runs it with 1000 and 5000)
// stdin: 60
// call: run_from_stdin()
// expect: programs 60, checksum 184972
// expect: 184972

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

pub fn run(programs: i64) -> i64 {
    let mut total = 0;
    let mut junk = 0;
    for n in 0..programs {
        let code = parse(n);
        let mut m = Machine { regs: vec![constant(&code, 0)], acc: 0 };
        interpret(&code, &mut m);
        total += m.acc * (n % 7 + 1);
        // Garbage, so that collections happen as the program runs.
        for j in 0..20 {
            let g = Code { ins: vec![Ins::Halt; 8], consts: vec![j; 4] };
            junk += g.consts[3];
        }
    }
    println!("programs {programs}, checksum {total}");
    total + junk % 2
}

pub fn run_from_stdin() -> i64 {
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).unwrap();
    run(line.trim().parse().unwrap())
}
