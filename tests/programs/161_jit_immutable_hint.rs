// `#[rpython::jit::immutable]` on a field: the translator checks that nothing assigns it once its object is built, and the JIT reads it of a constant object once (the hint is the inference's, stated and checked); the attribute is the translator's, not Rust's, and the program still runs as Rust
// call: run(2000)
// expect: 2001000

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["config"], &["i", "acc"]);

struct Config {
    #[rpython::jit::immutable]
    step: i64,
    #[rpython::jit::immutable]
    limit: i64,
}

fn sum(config: &Config) -> i64 {
    let mut i = 0;
    let mut acc = 0;
    while i < config.limit {
        jit_merge_point!(DRIVER; config; i, acc);
        i += config.step;
        acc += i;
    }
    acc
}

pub fn run(n: i64) -> i64 {
    let config = Config { step: 1, limit: n };
    sum(&config)
}
