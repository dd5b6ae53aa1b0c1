// Residual calls returning by-value structs in traces: a pair of integers (one of them guarded on, failing every seventh turn), a struct of a float and an integer, a string with its length (a GC reference among the leaves, allocated by the call), and an elidable call with a constant argument returning a pair (folded)
// call: run(120)
// expect: "q=2700 r=2160 f=3630 n=180 chars=744 t=4080"

use rpython::jit::{dont_look_inside, elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    // r[a] = k
    Set(usize, i64),
    // r[a] -= 1
    Dec(usize),
    // if r[a] > 0 { pc = t }
    JumpPos(usize, usize),
    DivMod,
    Scale,
    Name,
    Table,
    Halt,
}

struct Machine {
    regs: Vec<i64>,
    q: i64,
    r: i64,
    f: f64,
    n: i64,
    chars: i64,
    t: i64,
}

#[derive(Clone, Copy)]
struct Scaled {
    x: f64,
    k: i64,
}

#[dont_look_inside]
fn divmod(a: i64, b: i64) -> (i64, i64) {
    (a / b, a % b)
}

#[dont_look_inside]
fn scale(x: i64) -> Scaled {
    Scaled { x: x as f64 * 0.5, k: x % 4 }
}

#[dont_look_inside]
fn name(x: i64) -> (String, i64) {
    let s = format!("n{}", x);
    let l = s.len() as i64;
    (s, l)
}

#[elidable]
fn table(i: usize) -> (i64, i64) {
    (i as i64 * 10, i as i64 + 1)
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
            Ins::DivMod => {
                let (q, r) = divmod(m.regs[0] + 100, 7);
                m.q += q;
                m.r += r;
                if r == 3 {
                    m.r += 100;
                }
                pc += 1;
            }
            Ins::Scale => {
                let s = scale(m.regs[0]);
                m.f += s.x;
                m.n += s.k;
                pc += 1;
            }
            Ins::Name => {
                let (s, l) = name(m.regs[0]);
                m.chars += l + s.len() as i64;
                pc += 1;
            }
            Ins::Table => {
                let (a, b) = table(3);
                m.t += a + b;
                pc += 1;
            }
            Ins::Halt => return,
        }
    }
}

pub fn run(n: i64) -> String {
    let code = vec![Ins::Set(0, n), Ins::DivMod, Ins::Scale, Ins::Name, Ins::Table, Ins::Dec(0), Ins::JumpPos(0, 1), Ins::Halt];
    let mut m = Machine { regs: vec![0; 2], q: 0, r: 0, f: 0.0, n: 0, chars: 0, t: 0 };
    interpret(&code, &mut m);
    format!("q={} r={} f={} n={} chars={} t={}", m.q, m.r, m.f, m.n, m.chars, m.t)
}
