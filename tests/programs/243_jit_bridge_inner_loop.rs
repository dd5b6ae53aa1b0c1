// A bridge that runs twice through the key of an inner loop with no code of its own: the outer loop was traced on a turn where the inner loop ran no turn (the inner loop runs only every fourth outer turn, too rarely to get hot by itself), and the guard that sends every fourth turn into the inner loop fails into a bridge; back at the inner loop's key a second time, the bridge closes the inner loop there as that key's loop and goes on into it (RPython's `reached_loop_header` in a bridge), instead of unrolling the inner loop's turns up to the outer loop's key, which would leave each other count of turns to a bridge of its own
// call: run(6000)
// expect: "i=6000 total=3000 odd=2000"

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
    /// r[a] = the inner loop's turns at outer turn r[b]: none, except
    /// every fourth turn 1, 2 or 3 in a row
    Turns(usize, usize),
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
            Ins::Turns(a, b) => {
                let i = m.regs[b];
                m.regs[a] = if i % 4 == 1 { 1 + (i / 4) % 3 } else { 0 };
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
    // r0: i (outer), r1: k (inner), r2: total, r3: odd, r4: n, r5: the
    // inner loop's turns
    let code = [
        Ins::Set(0, 0),
        // The outer loop.
        Ins::Set(1, 0),
        Ins::Turns(5, 0),
        // The inner loop: r5 turns.
        Ins::JumpIfGe(1, 5, 7),
        Ins::AddK(1, 1),
        Ins::AddOdd(3, 1),
        Ins::Loop(3),
        Ins::Add(2, 1),
        Ins::AddK(0, 1),
        Ins::LoopIfLt(0, 4, 1),
        Ins::Halt,
    ];
    let mut m = Machine { regs: vec![0, 0, 0, 0, n, 0] };
    interpret(&code, &mut m);
    format!("i={} total={} odd={}", m.regs[0], m.regs[2], m.regs[3])
}
