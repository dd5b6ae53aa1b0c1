// rpython::time's clocks, std::env::var and rpython::rgc's collector, once and in a loop the JIT compiles: the CPU clock never goes back, the wall clock is past 2023, PATH is set and an unset variable gives std's error, a full collection never makes heap_size() grow, and lists kept across full collections (with new lists made after each) keep their items. (heap_size() is 0 untranslated, so only facts true in every mode are printed.)
// call: once(0)
// expect: "clock true true time true PATH true true unset Err(environment variable not found) None not grown true"
// call: run(300)
// expect: "turns=300 clock_back=0 early_time=0 env_wrong=0 grown=0 broken=0 scratch=300"

use rpython::jit::{jit_merge_point, JitDriver};
use rpython::{rgc, time};
use std::env;

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "m"]);

const UNSET: &str = "RPY_SURELY_UNSET_VAR_12345";

pub fn once(_x: i64) -> String {
    let c1 = rpython::time::clock();
    let c2 = time::clock();
    let t = rpython::time::time();
    let path = match std::env::var("PATH") {
        Ok(p) => !p.is_empty(),
        Err(_) => false,
    };
    let mut path_again = false;
    if let Ok(p) = env::var("PATH") {
        path_again = p.contains('/');
    }
    let unset = match env::var(UNSET) {
        Ok(v) => format!("Ok({})", v),
        Err(e) => format!("Err({})", e),
    };
    let none = env::var(UNSET).ok();
    let before = rgc::heap_size();
    rpython::rgc::collect();
    let after = rgc::heap_size();
    format!(
        "clock {} {} time {} PATH {} {} unset {} {:?} not grown {}",
        c1 >= 0.0,
        c2 >= c1,
        t > 1.7e9,
        path,
        path_again,
        unset,
        none,
        after <= before
    )
}

struct Machine {
    kept: Vec<Vec<i64>>,
    scratch: Vec<i64>,
    scratches: i64,
    last_clock: f64,
    clock_back: i64,
    early_time: i64,
    env_wrong: i64,
    grown: i64,
}

fn interpret(n: i64, m: &mut Machine) {
    let pc = 0;
    let mut n = n;
    loop {
        jit_merge_point!(DRIVER; pc; n, m);
        if n == 0 {
            return;
        }
        let c = time::clock();
        if c < m.last_clock {
            m.clock_back += 1;
        }
        m.last_clock = c;
        if time::time() < 1.7e9 {
            m.early_time += 1;
        }
        if env::var("PATH").is_err() || env::var(UNSET).is_ok() {
            m.env_wrong += 1;
        }
        m.kept.push(vec![n, n * 2, n * 3]);
        if n % 4 == 0 {
            let before = rgc::heap_size();
            rgc::collect();
            if rgc::heap_size() > before {
                m.grown += 1;
            }
        }
        // A new list where a kept one wrongly freed would have left room.
        m.scratch = vec![-1; 3];
        m.scratches += m.scratch.len() as i64 / 3;
        n -= 1;
    }
}

pub fn run(n: i64) -> String {
    let mut m = Machine {
        kept: Vec::new(),
        scratch: Vec::new(),
        scratches: 0,
        last_clock: 0.0,
        clock_back: 0,
        early_time: 0,
        env_wrong: 0,
        grown: 0,
    };
    interpret(n, &mut m);
    let mut broken = 0;
    for (i, v) in m.kept.iter().enumerate() {
        let k = n - i as i64;
        if v.len() != 3 || v[0] != k || v[1] != 2 * k || v[2] != 3 * k {
            broken += 1;
        }
    }
    format!(
        "turns={} clock_back={} early_time={} env_wrong={} grown={} broken={} scratch={}",
        m.kept.len(),
        m.clock_back,
        m.early_time,
        m.env_wrong,
        m.grown,
        broken,
        m.scratches
    )
}
