//! `bf [PROGRAM]`: runs a BF program (the bundled mandel.b by default) with
//! the translated interpreter; `--untranslated` runs the same source as
//! plain Rust; `--bench [PROGRAM]` runs it untranslated, translated and
//! translated with the JIT, and prints the ratios, the JIT's share of its
//! run and the translation time per stage.

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

/// The median time of the log's `jit-backend` sections (optimizing and
/// compiling one trace), from their opening and closing timestamps.
fn median_backend_ms(log: &str) -> f64 {
    let stamp = |l: &str| u128::from_str_radix(l.strip_prefix('[')?.split(']').next()?, 16).ok();
    let mut opened = None;
    let mut times: Vec<u128> = Vec::new();
    for l in log.lines() {
        if l.ends_with("] {jit-backend") {
            opened = stamp(l);
        } else if l.ends_with("] jit-backend}") {
            if let (Some(t0), Some(t1)) = (opened.take(), stamp(l)) {
                times.push(t1 - t0);
            }
        }
    }
    times.sort_unstable();
    times.get(times.len() / 2).map_or(0.0, |&t| t as f64 / 1e6)
}

/// How `bench` runs the interpreter.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Untranslated,
    Translated,
    Jit,
}

/// Runs this binary on `program` untranslated, translated without the JIT
/// and translated with it (best of 3 each, alternating; output discarded)
/// and prints the times side by side, with the JIT's own share of its run
/// from its `jit-summary`.
fn bench(program: &str) -> i32 {
    let exe = std::env::current_exe().expect("own path");
    let summary = std::env::temp_dir().join(format!("bf-bench-{}.log", std::process::id()));
    let run = |mode: Mode| {
        let mut cmd = std::process::Command::new(&exe);
        match mode {
            Mode::Untranslated => {
                cmd.arg("--untranslated");
            }
            Mode::Translated => {
                cmd.env("RPYJIT", "off");
            }
            Mode::Jit => {
                cmd.env("RPYJIT", "default").env("RPYLOG", format!("jit-summary,jit-backend:{}", summary.display()));
            }
        }
        let start = Instant::now();
        let out = cmd.arg(program).output().expect("run bf");
        assert!(out.status.success(), "bf failed: {}", String::from_utf8_lossy(&out.stderr));
        start.elapsed().as_secs_f64()
    };
    let (mut u, mut t, mut j) = (f64::MAX, f64::MAX, f64::MAX);
    for _ in 0..3 {
        t = t.min(run(Mode::Translated));
        u = u.min(run(Mode::Untranslated));
        j = j.min(run(Mode::Jit));
    }
    println!("{program}: untranslated {u:.3} s, translated {t:.3} s, ratio {:.2} (translated/untranslated)", t / u);
    println!("{program}: translated without JIT {t:.3} s, with JIT {j:.3} s, speedup {:.2} (without/with)", t / j);
    let log = std::fs::read_to_string(&summary).unwrap_or_default();
    let _ = std::fs::remove_file(&summary);
    let field = |name: &str| -> Vec<f64> {
        log.lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].split('\t').filter_map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_default()
    };
    if let ([n, tracing], [_, backend], [total]) =
        (field("Tracing:").as_slice(), field("Backend:").as_slice(), field("TOTAL:").as_slice())
    {
        println!(
            "JIT (last run): {n} traces, tracing {tracing:.3} s, backend {backend:.3} s ({:.2} ms per trace, median {:.2} ms), {:.1}% of {total:.3} s",
            1000.0 * backend / n.max(1.0),
            median_backend_ms(&log),
            100.0 * (tracing + backend) / total
        );
    }
    let mut total = 0.0;
    for (stage, secs) in bf::interp::translated::TRANSLATION_TIMINGS {
        println!("[Timer] {stage:<30} --- {secs:>6.3} s");
        total += secs;
    }
    println!("[Timer] {:<30} --- {total:>6.3} s", "Total:");
    0
}
