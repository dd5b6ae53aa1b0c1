//! `astbench dyn|enum N` runs the AST interpreter of the program suite on
//! its program with `n = N`, translated (with the JIT unless `RPYJIT=off`);
//! `--untranslated dyn|enum N` runs the same source as plain Rust.
//! `--bench` runs both twins untranslated, translated without the JIT and
//! with it (best of 3 each, alternating), and prints the JIT's speedup of
//! each and the ratio of the two: the interpreter written with trait
//! objects should gain from the JIT what its twin written with an enum
//! gains.

use std::process::Command;
use std::time::Instant;

include!(concat!(env!("OUT_DIR"), "/ast_dyn.rs"));
include!(concat!(env!("OUT_DIR"), "/ast_enum.rs"));

/// The `n` of `--bench`: about a second untranslated.
const BENCH_N: &str = "1000000";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = match args.as_slice() {
        ["--bench"] => {
            bench();
            return;
        }
        ["--untranslated", twin, n] => match (*twin, n.parse::<i64>()) {
            ("dyn", Ok(n)) => ast_dyn::run(n),
            ("enum", Ok(n)) => ast_enum::run(n),
            _ => usage(),
        },
        [twin, n] => match (*twin, n.parse::<i64>()) {
            ("dyn", Ok(n)) => ast_dyn::translated::run(n),
            ("enum", Ok(n)) => ast_enum::translated::run(n),
            _ => usage(),
        },
        _ => usage(),
    };
    println!("{out}");
}

fn usage() -> ! {
    eprintln!("usage: astbench [--untranslated] dyn|enum N | --bench");
    std::process::exit(2);
}

/// The wall time of one run of this binary with `args` and `RPYJIT` set
/// to `jit` (unset: the default), and its output.
fn run(args: &[&str], jit: Option<&str>) -> (f64, String) {
    let mut cmd = Command::new(std::env::current_exe().expect("own path"));
    match jit {
        Some(v) => cmd.env("RPYJIT", v),
        None => cmd.env_remove("RPYJIT"),
    };
    let start = Instant::now();
    let out = cmd.args(args).output().expect("run astbench");
    let secs = start.elapsed().as_secs_f64();
    assert!(out.status.success(), "astbench {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    (secs, String::from_utf8_lossy(&out.stdout).into_owned())
}

fn bench() {
    let mut speedups = Vec::new();
    for twin in ["dyn", "enum"] {
        let (mut u, mut t, mut j) = (f64::MAX, f64::MAX, f64::MAX);
        let mut outputs = Vec::new();
        for _ in 0..3 {
            let (secs, out) = run(&["--untranslated", twin, BENCH_N], None);
            u = u.min(secs);
            outputs.push(out);
            let (secs, out) = run(&[twin, BENCH_N], Some("off"));
            t = t.min(secs);
            outputs.push(out);
            let (secs, out) = run(&[twin, BENCH_N], None);
            j = j.min(secs);
            outputs.push(out);
        }
        assert!(outputs.iter().all(|o| *o == outputs[0]), "the runs of {twin} disagree: {outputs:?}");
        println!(
            "{twin}: untranslated {u:.3} s, no JIT {t:.3} s, JIT {j:.3} s, JIT speedup {:.2}x (no JIT / JIT), {:.2}x (untranslated / JIT)",
            t / j,
            u / j
        );
        speedups.push(t / j);
    }
    println!("JIT speedup of dyn / JIT speedup of enum: {:.2}", speedups[0] / speedups[1]);
}
