// Arrays the trace allocates and takes apart in the same turn (virtual arrays): a list of three values made, summed and dropped every turn, a list grown by pushes, and a list that escapes into the machine every fifth turn (allocated then, in a bridge; the count starts off a multiple of five so that the first turn traced is an ordinary one)
// call: run(101)
// expect: "sum=774286 kept=1070"

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    // r[a] = k
    Set(usize, i64),
    // r[a] -= 1
    Dec(usize),
    // if r[a] > 0 { pc = t }
    JumpPos(usize, usize),
    Triple,
    Keep,
    Halt,
}

struct Machine {
    regs: Vec<i64>,
    sum: i64,
    kept: Vec<Vec<i64>>,
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
            Ins::Triple => {
                let x = m.regs[0];
                let v = vec![x, x * 2, x + 7];
                m.sum += v[0] + v[1] * v[2];
                pc += 1;
            }
            Ins::Keep => {
                let x = m.regs[0];
                let v = vec![x, 1];
                if x % 5 == 0 {
                    m.kept.push(v);
                } else {
                    m.sum -= v[1];
                }
                pc += 1;
            }
            Ins::Halt => return,
        }
    }
}

pub fn run(n: i64) -> String {
    let code = vec![Ins::Set(0, n), Ins::Triple, Ins::Keep, Ins::Dec(0), Ins::JumpPos(0, 1), Ins::Halt];
    let mut m = Machine { regs: vec![0; 2], sum: 0, kept: Vec::new() };
    interpret(&code, &mut m);
    let mut kept = 0;
    for v in m.kept.iter() {
        kept += v[0] + v[1];
    }
    format!("sum={} kept={}", m.sum, kept)
}
