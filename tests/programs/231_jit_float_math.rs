// The f64 methods powf, atan2, tan, asin, acos, atan, log10, log2, log, is_infinite, is_finite, to_bits and f64::from_bits in a loop the JIT compiles (the backends' helpers and bit casts, and guards on the classes): the bits of every result summed, as Rust computes them
// call: run(500)
// expect: "h=7174091899811142844 f=13525.000572188539 finite=5790 infinite=1 nans=209"

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "m"]);

struct Machine {
    h: u64,
    f: f64,
    finite: i64,
    infinite: i64,
    nans: i64,
}

fn mix(m: &mut Machine, r: f64) {
    m.h = m.h.wrapping_mul(31).wrapping_add(r.to_bits());
    if r.is_finite() {
        m.finite += 1;
        m.f += r;
    } else if r.is_infinite() {
        m.infinite += 1;
    } else {
        m.nans += 1;
    }
}

fn interpret(n: i64, m: &mut Machine) {
    let pc = 0;
    let mut n = n;
    loop {
        jit_merge_point!(DRIVER; pc; n, m);
        if n == 0 {
            return;
        }
        let t = n as f64 * 0.003;
        let x = (t - 0.75) * 1.5; // in [-1.125, 1.125): NaN beyond 1 for asin and acos
        let w = t * 9.0 - 6.1;
        mix(m, w.tan());
        mix(m, x.asin());
        mix(m, x.acos());
        mix(m, w.atan());
        mix(m, (t - 0.3).log10());
        mix(m, (t * 1000.0).log2());
        mix(m, (t + 0.2).log(t + 1.1));
        mix(m, (t + 0.4).powf(w));
        mix(m, x.atan2(w));
        mix(m, (w - 1.0).atan2(x));
        mix(m, f64::from_bits(w.to_bits() ^ (n as u64)));
        mix(m, (x / (n % 7) as f64).atan());
        n -= 1;
    }
}

pub fn run(n: i64) -> String {
    let mut m = Machine { h: 0, f: 0.0, finite: 0, infinite: 0, nans: 0 };
    interpret(n, &mut m);
    format!("h={} f={:?} finite={} infinite={} nans={}", m.h, m.f, m.finite, m.infinite, m.nans)
}
