// The JIT's paths on a register machine with a JitDriver: nested loops (loops entered from bridges and jumping into each other), guards on branches, on promoted values and on bounds checks, elidable calls folded, residual calls, allocation in the loop (collections while compiled code runs), narrow integers and floats in traces, and a guard that fails at the end of every inner loop
// call: run(40)
// expect: "acc=4813428 bytes=156 f=1000 nodes=820 sum=11480 small=8 big=9223372036854775807"

use rpython::jit::{dont_look_inside, elidable, jit_merge_point, promote, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]).get_printable_location("location");

/// A position as the JIT's logs show it: the instruction's index and kind.
#[allow(dead_code)]
fn location(pc: usize, code: &[Ins]) -> String {
    let kind = match code[pc] {
        Ins::Set(..) => "set",
        Ins::Add(..) => "add",
        Ins::Dec(..) => "dec",
        Ins::JumpPos(..) => "jump_pos",
        Ins::Work => "work",
        Ins::Halt => "halt",
    };
    format!("#{pc} {kind}")
}

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    // r[a] = k
    Set(usize, i64),
    // r[a] += r[b]
    Add(usize, usize),
    // r[a] -= 1
    Dec(usize),
    // if r[a] > 0 { pc = t }
    JumpPos(usize, usize),
    // the machine's other state, once per inner iteration
    Work,
    Halt,
}

struct Node {
    value: i64,
    next: Option<Box<Node>>,
}

struct Machine {
    regs: Vec<i64>,
    acc: i64,
    byte: u8,
    small: i8,
    big: i64,
    f: f64,
    list: Option<Box<Node>>,
    nodes: i64,
}

#[elidable]
fn weight(code: &[Ins], pc: usize) -> i64 {
    match code[pc] {
        Ins::Work => 3,
        _ => 1,
    }
}

#[dont_look_inside]
fn mix(x: i64, y: i64) -> i64 {
    (x * 31 + y) % 1000
}

fn work(m: &mut Machine, w: i64) {
    let i = promote(m.regs[1] % 4) as usize;
    m.acc += m.regs[i] * w + mix(m.acc % 7, m.regs[2]);
    m.byte = m.byte.wrapping_add(3);
    m.small = m.small.wrapping_mul(3).wrapping_add(1);
    m.big = m.big.saturating_add(m.acc * 1_000_000_000_000);
    m.f = (m.f * 1.01 + 0.5).min(1000.0);
    let old = m.list.take();
    m.list = Some(Box::new(Node { value: m.regs[1], next: old }));
    m.nodes += 1;
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
            Ins::Add(a, b) => {
                m.regs[a] += m.regs[b];
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
            Ins::Work => {
                let w = weight(code, pc);
                work(m, w);
                pc += 1;
            }
            Ins::Halt => return,
        }
    }
}

pub fn run(n: i64) -> String {
    // for r0 in n..0 { for r1 in r0..0 { work; r2 += r1 } }
    let code = [
        Ins::Set(0, n),
        Ins::Add(1, 0),
        Ins::Work,
        Ins::Add(2, 1),
        Ins::Dec(1),
        Ins::JumpPos(1, 2),
        Ins::Dec(0),
        Ins::JumpPos(0, 1),
        Ins::Halt,
    ];
    let mut m = Machine {
        regs: vec![0; 4],
        acc: 0,
        byte: 0,
        small: 0,
        big: 0,
        f: 1.0,
        list: None,
        nodes: 0,
    };
    interpret(&code, &mut m);
    let mut sum = 0;
    let mut node = &m.list;
    while let Some(b) = node {
        sum += b.value;
        node = &b.next;
    }
    format!(
        "acc={} bytes={} f={} nodes={} sum={} small={} big={}",
        m.acc, m.byte, m.f, m.nodes, sum, m.small, m.big
    )
}
