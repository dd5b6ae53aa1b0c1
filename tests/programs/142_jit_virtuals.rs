// Objects that live within one turn of the interpreter's loop, which the JIT's optimizer does not allocate (virtuals): a boxed pair inside a struct, both made and taken apart every turn; the pair escaping into the machine on some turns (allocated there, in a bridge); and both objects alive at a guard that fails every fifth turn, made on the side exit and then read by the interpreter; and float functions in the loop (the backend's helpers)
// call: run(300)
// expect: "acc=202735 escapes=60 sum=9150 kept=3 keeps=43 f=2316"

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "acc", "m"]);

struct Pair {
    a: i64,
    b: i64,
}

struct Link {
    pair: Box<Pair>,
    tag: i64,
}

struct Machine {
    kept: Option<Box<Pair>>,
    keeps: i64,
    escapes: i64,
    sum: i64,
    f: f64,
}

fn interpret(n: i64, m: &mut Machine) -> i64 {
    let pc = 0;
    let mut n = n;
    let mut acc = 0;
    loop {
        jit_merge_point!(DRIVER; pc; n, acc, m);
        if n == 0 {
            return acc;
        }
        let p = Box::new(Pair { a: n, b: acc % 1000 });
        let l = Link { pair: p, tag: n % 5 };
        if l.tag == 0 {
            m.escapes += 1;
            m.sum += l.pair.a + l.tag;
        }
        if n % 7 == 3 {
            m.kept = Some(l.pair);
            m.keeps += 1;
        } else {
            acc += l.pair.a * 2 + l.pair.b + l.tag;
        }
        let x = n as f64 * 0.01;
        m.f += (x.sin() * x.cos() + x.exp().ln() + x.powi(3) - x.sqrt()).abs().floor() + (x * 7.5).ceil() % 3.0;
        m.f = m.f.max(-1.0).min(1.0e9);
        n -= 1;
    }
}

pub fn run(n: i64) -> String {
    let mut m = Machine { kept: None, keeps: 0, escapes: 0, sum: 0, f: 0.0 };
    let acc = interpret(n, &mut m);
    let kept = match &m.kept {
        Some(p) => p.a,
        None => -1,
    };
    format!("acc={} escapes={} sum={} kept={} keeps={} f={}", acc, m.escapes, m.sum, kept, m.keeps, m.f)
}
