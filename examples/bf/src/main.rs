//! `bf [PROGRAM]`: runs a BF program (the bundled mandel.b by default) with
//! the translated interpreter; `--untranslated` runs the same source as
//! plain Rust; `--bench [PROGRAM]` runs both and prints the ratio and the
//! translation time per stage.

use std::time::Instant;

const MANDEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/mandel.b");

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let mode = match args.get(1).map(String::as_str) {
        Some(m @ ("--untranslated" | "--bench")) => {
            let m = m.to_string();
            args.remove(1);
            m
        }
        _ => String::new(),
    };
    if args.len() < 2 {
        args.push(MANDEL.to_string());
    }
    let status = match mode.as_str() {
        "--untranslated" => bf::interp::entry_point(args),
        "--bench" => bench(&args[1]),
        _ => bf::interp::translated::entry_point(args),
    };
    std::process::exit(status);
}

/// Runs this binary on `program` translated and untranslated (best of 3,
/// alternating; output discarded) and prints the times side by side.
fn bench(program: &str) -> i32 {
    let exe = std::env::current_exe().expect("own path");
    let run = |untranslated: bool| {
        let mut cmd = std::process::Command::new(&exe);
        if untranslated {
            cmd.arg("--untranslated");
        }
        let start = Instant::now();
        let out = cmd.arg(program).output().expect("run bf");
        assert!(out.status.success(), "bf failed: {}", String::from_utf8_lossy(&out.stderr));
        start.elapsed().as_secs_f64()
    };
    let (mut t, mut u) = (f64::MAX, f64::MAX);
    for _ in 0..3 {
        t = t.min(run(false));
        u = u.min(run(true));
    }
    println!("{program}: untranslated {u:.3} s, translated {t:.3} s, ratio {:.2} (translated/untranslated)", t / u);
    let mut total = 0.0;
    for (stage, secs) in bf::interp::translated::TRANSLATION_TIMINGS {
        println!("[Timer] {stage:<30} --- {secs:>6.3} s");
        total += secs;
    }
    println!("[Timer] {:<30} --- {total:>6.3} s", "Total:");
    0
}
