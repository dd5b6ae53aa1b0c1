//! `bf [PROGRAM]`: runs a BF program (the bundled mandel.b by default) with
//! the translated interpreter; `--untranslated` runs the same source as
//! plain Rust; `--bench [PROGRAM]` runs it untranslated, translated and
//! translated with the JIT, and prints the ratios, the JIT's share of its
//! run, the peak memory with and without the JIT, the time of the program
//! compiled to C by `gcc -O2` (when there is a `gcc`) and the translation
//! time per stage.

mod to_c;

use std::time::Instant;

const MANDEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/mandel.b");

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--peak-rss") {
        std::process::exit(peak_rss(&args[2..]));
    }
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

/// The median time of the log's `jit-backend` sections (compiling one
/// optimized trace, as RPython's), from their opening and closing
/// timestamps.
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

/// `--peak-rss COMMAND...` (for `bench`): runs the command and prints its
/// peak resident memory in KiB (the children's `ru_maxrss`, which counts
/// only that one child here).
fn peak_rss(command: &[String]) -> i32 {
    #[repr(C)]
    struct Rusage {
        times: [i64; 4],
        maxrss: i64,
        rest: [i64; 13],
    }
    unsafe extern "C" {
        fn getrusage(who: i32, usage: *mut Rusage) -> i32;
    }
    const RUSAGE_CHILDREN: i32 = -1;
    let out = std::process::Command::new(&command[0]).args(&command[1..]).output().expect("run the command");
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        return 1;
    }
    let mut usage = Rusage { times: [0; 4], maxrss: 0, rest: [0; 13] };
    // SAFETY: `usage` has the layout of Linux's `struct rusage`.
    if unsafe { getrusage(RUSAGE_CHILDREN, &mut usage) } != 0 {
        return 1;
    }
    println!("{}", usage.maxrss);
    0
}

/// The best of 3 runs of `program` compiled to C by `to_c` and `gcc -O2`
/// (`None` without a working `gcc`).
fn c_time(program: &str) -> Option<f64> {
    let source = std::fs::read_to_string(program).ok()?;
    let dir = std::env::temp_dir();
    let (c, exe) =
        (dir.join(format!("bf-bench-{}.c", std::process::id())), dir.join(format!("bf-bench-{}", std::process::id())));
    std::fs::write(&c, to_c::bf_to_c(&source)).ok()?;
    let built = std::process::Command::new("gcc").arg("-O2").arg("-o").arg(&exe).arg(&c).status();
    let _ = std::fs::remove_file(&c);
    if !built.is_ok_and(|s| s.success()) {
        return None;
    }
    let mut best = f64::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        let out = std::process::Command::new(&exe).output().ok()?;
        best = best.min(start.elapsed().as_secs_f64());
        if !out.status.success() {
            return None;
        }
    }
    let _ = std::fs::remove_file(&exe);
    Some(best)
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
    match c_time(program) {
        Some(c) => println!("{program}: compiled to C by gcc -O2 {c:.3} s; with JIT / C {:.2}", j / c),
        None => println!("{program}: no gcc here: not compiled to C"),
    }
    let rss = |jit: bool| {
        let mut cmd = std::process::Command::new(&exe);
        cmd.args(["--peak-rss", exe.to_str().expect("a UTF-8 path"), program]);
        cmd.env("RPYJIT", if jit { "default" } else { "off" });
        let out = cmd.output().expect("run bf");
        String::from_utf8_lossy(&out.stdout).trim().parse::<f64>().unwrap_or(0.0) / 1024.0
    };
    let (without, with) = (rss(false), rss(true));
    println!(
        "{program}: peak memory without JIT {without:.1} MiB, with JIT {with:.1} MiB, ratio {:.2}",
        with / without
    );
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
