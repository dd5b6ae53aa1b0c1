// Loops the JIT unrolls (a preamble, then a body that starts from what the preamble knew): a walk down a linked list (the next node is another object each turn, so what the preamble read of one node is not read again of the next, which is None at the end), a division by a value that counts down through zero behind a check, a field a residual call changes, loop-invariant reads of the machine and its registers, and a red that is the same constant at every turn
// call: run(60)
// expect: "sum=4530 laps=3 q=5013 k=60 total=1860 mode=7 steps=60"

use rpython::jit::{dont_look_inside, jit_merge_point, JitDriver};
use std::rc::Rc;

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m", "mode"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    // r[a] = k
    Set(usize, i64),
    // r[a] -= 1
    Dec(usize),
    // if r[a] > 0 { pc = t }
    JumpPos(usize, usize),
    Walk,
    Divide,
    Bump,
    Halt,
}

struct Node {
    value: i64,
    next: Option<Rc<Node>>,
}

struct Machine {
    regs: Vec<i64>,
    head: Option<Rc<Node>>,
    cur: Option<Rc<Node>>,
    sum: i64,
    laps: i64,
    d: i64,
    q: i64,
    k: i64,
    total: i64,
    steps: i64,
}

#[dont_look_inside]
fn bump(m: &mut Machine) -> i64 {
    m.k += 1;
    m.k % 3
}

fn walk(m: &mut Machine) {
    let next = match &m.cur {
        Some(n) => {
            m.sum += n.value;
            n.next.clone()
        }
        None => {
            m.laps += 1;
            m.head.clone()
        }
    };
    m.cur = next;
}

fn divide(m: &mut Machine) {
    if m.d != 0 {
        m.q += 1000 / m.d;
    }
    m.q += m.k & 1;
    m.d -= 1;
    if m.d < -3 {
        m.d = 5;
    }
}

fn interpret(code: &[Ins], m: &mut Machine) -> i64 {
    let mut pc = 0;
    let mut mode = 7;
    loop {
        jit_merge_point!(DRIVER; pc, code; m, mode);
        m.steps += (mode == 7) as i64 & (pc == 1) as i64;
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
            Ins::Walk => {
                walk(m);
                pc += 1;
            }
            Ins::Divide => {
                divide(m);
                pc += 1;
            }
            Ins::Bump => {
                m.total += bump(m) + m.regs[1];
                pc += 1;
            }
            Ins::Halt => return mode,
        }
        mode = 7;
    }
}

pub fn run(n: i64) -> String {
    let code = [
        Ins::Set(0, n),
        Ins::Walk,
        Ins::Divide,
        Ins::Bump,
        Ins::Dec(0),
        Ins::JumpPos(0, 1),
        Ins::Halt,
    ];
    let mut head = None;
    for v in (1..=16).rev() {
        head = Some(Rc::new(Node { value: v * 10, next: head }));
    }
    let mut m = Machine {
        regs: vec![0, 30, 0],
        cur: head.clone(),
        head,
        sum: 0,
        laps: 0,
        d: 5,
        q: 0,
        k: 0,
        total: 0,
        steps: 0,
    };
    let mode = interpret(&code, &mut m);
    format!(
        "sum={} laps={} q={} k={} total={} mode={} steps={}",
        m.sum, m.laps, m.q, m.k, m.total, mode, m.steps
    )
}
