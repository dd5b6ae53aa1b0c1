// A loop traced on a turn unlike its others: the inner loop of a small machine runs once the first time round, so its header gets hot on a turn that leaves it at once (the loop as traced goes round the outer loop), and later runs many turns; the bridge of its loop-continues guard traces the inner loop's next turn again as a loop of its own and goes on into it (RPython's retrace), instead of a bridge back through the outer loop's preamble for every turn
// call: run(60)
// expect: "i=60 total=1770 odd=900"

use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    /// r[a] = k
    Set(usize, i64),
    /// r[a] += k
    AddK(usize, i64),
    /// r[a] += r[b]
    Add(usize, usize),
    /// r[a] += r[b] & 1
    AddOdd(usize, usize),
    /// if r[a] >= r[b] { pc = t }
    JumpIfGe(usize, usize, usize),
    /// if r[a] < r[b] { pc = t }: back to a loop's start
    LoopIfLt(usize, usize, usize),
    /// back to a loop's start
    Loop(usize),
    Halt,
}

struct Machine {
    regs: Vec<i64>,
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
            Ins::AddK(a, k) => {
                m.regs[a] += k;
                pc += 1;
            }
            Ins::Add(a, b) => {
                m.regs[a] += m.regs[b];
                pc += 1;
            }
            Ins::AddOdd(a, b) => {
                m.regs[a] += m.regs[b] & 1;
                pc += 1;
            }
            Ins::JumpIfGe(a, b, t) => {
                pc = if m.regs[a] >= m.regs[b] { t } else { pc + 1 };
            }
            Ins::LoopIfLt(a, b, t) => {
                if m.regs[a] < m.regs[b] {
                    pc = t;
                    can_enter_jit!(DRIVER; pc, code; m);
                } else {
                    pc += 1;
                }
            }
            Ins::Loop(t) => {
                pc = t;
                can_enter_jit!(DRIVER; pc, code; m);
            }
            Ins::Halt => return,
        }
    }
}

pub fn run(n: i64) -> String {
    // r0: i (outer), r1: k (inner), r2: total, r3: odd, r4: n
    let code = [
        Ins::Set(0, 1),
        // The outer loop: the inner one runs i turns.
        Ins::Set(1, 0),
        Ins::JumpIfGe(1, 0, 6),
        Ins::AddK(1, 1),
        Ins::AddOdd(3, 1),
        Ins::Loop(2),
        Ins::Add(2, 1),
        Ins::AddK(0, 1),
        Ins::LoopIfLt(0, 4, 1),
        Ins::Halt,
    ];
    let mut m = Machine { regs: vec![0, 0, 0, 0, n] };
    interpret(&code, &mut m);
    format!("i={} total={} odd={}", m.regs[0], m.regs[2], m.regs[3])
}
