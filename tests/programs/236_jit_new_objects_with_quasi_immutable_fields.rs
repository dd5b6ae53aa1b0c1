// Objects with a quasi-immutable field made inside a traced loop: setting up a new object is not a write any code can have read, so the trace goes on (it used to be given up at every try) while it also reads a constant object's quasi-immutable field
// call: run(3000)
// expect: 13539004

use rpython::jit::{jit_merge_point, promote, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["i", "n", "acc", "m"]);

struct Config {
    #[rpython::jit::quasi_immutable]
    step: i64,
}

struct Machine {
    config: Box<Config>,
    made: Vec<Box<Config>>,
}

pub fn run(n: i64) -> i64 {
    let mut m = Machine { config: Box::new(Config { step: 3 }), made: Vec::new() };
    let mut acc: i64 = 0;
    let mut i: i64 = 0;
    let pc: usize = 0;
    while i < n {
        jit_merge_point!(DRIVER; pc; i, n, acc, m);
        let c: &Config = promote(&m.config);
        acc += i * c.step;
        let fresh = Box::new(Config { step: i });
        if i % 100 == 0 {
            m.made.push(fresh);
        } else {
            acc += fresh.step - i;
        }
        i += 1;
    }
    // A write: the field is quasi-immutable, not immutable.
    m.config.step += 1;
    let mut kept: i64 = m.config.step;
    for c in &m.made {
        kept += c.step;
    }
    acc + kept
}
