//! `stackvm PROGRAM`: runs a stack VM program with the translated
//! interpreter (the JIT on unless `RPYJIT=off`); `--untranslated PROGRAM`
//! runs the same source as plain Rust; `--bench` runs every bundled program
//! untranslated, translated without the JIT and translated with it, and
//! prints the times side by side.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The bundled programs `--bench` runs, in `programs/NAME.svm`.
const PROGRAMS: &[&str] = &["int_loop", "float_loop", "alloc", "calls", "fib", "strings"];

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
    let status = match mode.as_str() {
        "--untranslated" => untranslated(args),
        "--bench" => bench(),
        _ => stackvm::vm::translated::entry_point(args),
    };
    std::process::exit(status);
}

/// The stack of the thread running the untranslated interpreter: 1 GiB
/// (reserved, used only as needed).
const UNTRANSLATED_STACK: usize = 1 << 30;

/// Runs the interpreter as plain Rust, on a thread with a large stack: Rust
/// drops a list of pairs by recursing once per pair (the translated
/// program's GC frees it without recursing), which overflows the main
/// thread's 8 MiB stack from a list of about a million pairs.
fn untranslated(args: Vec<String>) -> i32 {
    std::thread::Builder::new()
        .stack_size(UNTRANSLATED_STACK)
        .spawn(move || stackvm::vm::entry_point(args))
        .expect("start the interpreter's thread")
        .join()
        .unwrap_or(101)
}

/// How `bench` runs the interpreter.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Untranslated,
    NoJit,
    Jit,
}

/// The wall time of one run of this binary on `program` in `mode` (output
/// discarded), and its peak RSS in KiB when `/usr/bin/time` can tell it.
fn run(exe: &Path, mode: Mode, program: &str, time_rss: bool) -> (f64, Option<u64>) {
    let mut cmd = if time_rss {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%M"]).arg(exe);
        c
    } else {
        Command::new(exe)
    };
    match mode {
        Mode::Untranslated => {
            cmd.arg("--untranslated");
        }
        Mode::NoJit => {
            cmd.env("RPYJIT", "off");
        }
        Mode::Jit => {
            cmd.env_remove("RPYJIT");
        }
    }
    let start = Instant::now();
    let out = cmd.arg(program).output().expect("run stackvm");
    let secs = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "stackvm {program} failed: {stderr}");
    let rss = if time_rss { stderr.lines().last().and_then(|l| l.trim().parse().ok()) } else { None };
    (secs, rss)
}

/// Runs each bundled program untranslated, translated with `RPYJIT=off`
/// and translated with the JIT (best of 3 each, alternating) and prints
/// one line per program: the times, the JIT's speedups and the peak RSS
/// of the translated runs (the largest of the 3).
fn bench() -> i32 {
    let exe = std::env::current_exe().expect("own path");
    let time_rss = Path::new("/usr/bin/time").exists();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/programs");
    for name in PROGRAMS {
        let program = format!("{dir}/{name}.svm");
        let (mut u, mut t, mut j) = (f64::MAX, f64::MAX, f64::MAX);
        let (mut t_rss, mut j_rss) = (None, None);
        for _ in 0..3 {
            let (secs, rss) = run(&exe, Mode::NoJit, &program, time_rss);
            t = t.min(secs);
            t_rss = t_rss.max(rss);
            u = u.min(run(&exe, Mode::Untranslated, &program, time_rss).0);
            let (secs, rss) = run(&exe, Mode::Jit, &program, time_rss);
            j = j.min(secs);
            j_rss = j_rss.max(rss);
        }
        let rss = match (t_rss, j_rss) {
            (Some(t), Some(j)) => {
                format!(", peak RSS no JIT {:.1} MiB, JIT {:.1} MiB", t as f64 / 1024.0, j as f64 / 1024.0)
            }
            _ => String::new(),
        };
        println!(
            "{name}: untranslated {u:.3} s, no JIT {t:.3} s, JIT {j:.3} s, \
             JIT speedup {:.2}x (no JIT / JIT), {:.2}x (untranslated / JIT){rss}",
            t / j,
            u / j
        );
    }
    0
}
