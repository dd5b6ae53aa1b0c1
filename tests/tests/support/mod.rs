//! Running the suite's programs translated with the JIT and reading its
//! log, as a PyPy user reads `PYPYLOG`: shared by the tests that look at
//! what the JIT did to a program (`mod support;` at their top).

#![allow(dead_code)]

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the JIT's parameters are in the tests that read its logs: every
/// merge point traced, bridges after two failures.
pub const HOT: &str = "threshold=1,trace_eagerness=2";

/// What a run with the JIT logged and printed.
pub struct JitRun {
    /// The bodies of the log's sections `section` (see [`sections`]).
    pub sections: Vec<String>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `program` translated with `RPYJIT=rpyjit`, the variables `env` and
/// `stdin` as its input; the sections `section` of its log. Panics when
/// the program fails.
pub fn jit_run(program: &str, section: &str, rpyjit: &str, env: &[(&str, &str)], stdin: &str) -> JitRun {
    // One file per run: the tests run in parallel.
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("rpy-jit-log-{program}-{}-{run}.log", std::process::id()));
    let log = format!("{section}:{}", path.display());
    let mut env = env.to_vec();
    env.extend([("RPYJIT", rpyjit), ("RPYLOG", log.as_str())]);
    let out = run_program(program, "translated", &env, stdin);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{program} failed ({:?}):\n{stderr}", out.status);
    let log = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    JitRun { sections: sections(&log, section), stdout: String::from_utf8_lossy(&out.stdout).into_owned(), stderr }
}

/// Runs `program` of the suite in `mode` (`untranslated`, `llinterp`,
/// `translated`) with the variables `env` and `stdin` as its input.
pub fn run_program(program: &str, mode: &str, env: &[(&str, &str)], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rpy-programs"))
        .args([program, mode])
        .env_remove("RUST_BACKTRACE")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rpy-programs");
    // The program may stop reading early: a closed pipe is not an error here.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().expect("wait for rpy-programs")
}

/// The bodies of the sections `section` of a log, in order. Each section
/// is `[timestamp] {name`, its lines, `[timestamp] name}`; `section` is
/// what `RPYLOG` takes before its `:`: name prefixes separated by commas
/// (`jit-log-opt` is `jit-log-opt-loop` and `jit-log-opt-bridge`).
pub fn sections(log: &str, section: &str) -> Vec<String> {
    let prefixes: Vec<&str> = section.split(',').filter(|p| !p.is_empty()).collect();
    let mut out = Vec::new();
    // The section being read: its name and its lines so far.
    let mut open: Option<(&str, String)> = None;
    for line in log.split_inclusive('\n') {
        let stamped = after_timestamp(line.trim_end_matches('\n'));
        match &mut open {
            Some((name, body)) => {
                if stamped.and_then(|s| s.strip_suffix('}')) == Some(*name) {
                    out.push(std::mem::take(body));
                    open = None;
                } else {
                    body.push_str(line);
                }
            }
            None => {
                if let Some(name) = stamped.and_then(|s| s.strip_prefix('{')) {
                    if prefixes.iter().any(|p| name.starts_with(p)) {
                        open = Some((name, String::new()));
                    }
                }
            }
        }
    }
    if let Some((name, _)) = open {
        panic!("the section {name} is not closed:\n{log}");
    }
    out
}

/// What follows the timestamp of a line `[hex] ...` (`None` for another
/// line: a trace's inputs `[p0, i1]` are no timestamp).
fn after_timestamp(line: &str) -> Option<&str> {
    let (stamp, rest) = line.strip_prefix('[')?.split_once("] ")?;
    (!stamp.is_empty() && stamp.bytes().all(|b| b.is_ascii_hexdigit())).then_some(rest)
}

/// The sections `section` of the log of `program` run with the JIT forced
/// hot ([`HOT`]), and its output; traces without the overflow checks of a
/// debug build ([`without_overflow_checks`]), so that the shapes asserted
/// are the interpreter's own in both profiles.
pub fn jit_log(program: &str, section: &str) -> (Vec<String>, String) {
    jit_log_with(program, section, HOT)
}

/// The same with `RPYJIT=rpyjit`.
pub fn jit_log_with(program: &str, section: &str, rpyjit: &str) -> (Vec<String>, String) {
    let run = jit_run(program, section, rpyjit, &[], "");
    (run.sections.iter().map(|s| without_overflow_checks(s)).collect(), run.stdout)
}

/// Whether the programs are built with overflow checks (the profile's
/// default, which the workspace does not override).
pub const OVERFLOW_CHECKS: bool = cfg!(debug_assertions);

/// The names of the values of `trace` that are overflow tests: `vN =
/// int_add_ovf(..)` and the others of 64-bit operations, and `vN =
/// int_ne(w, n)` where `n` is `w` narrowed to a smaller type (`int_signext`
/// or `int_and` of `w`), the test of a narrower type's operation.
pub fn overflow_tests(trace: &str) -> Vec<String> {
    let defs: Vec<(&str, &str)> = operations(trace).into_iter().filter_map(|l| l.split_once(" = ")).collect();
    let narrowed = |n: &str, w: &str| {
        defs.iter().any(|(v, op)| {
            *v == n && (op.starts_with(&format!("int_signext({w}, ")) || op.starts_with(&format!("int_and({w}, ")))
        })
    };
    defs.iter()
        .filter(|(_, op)| {
            let name = op.split('(').next().unwrap_or("");
            name.ends_with("_ovf")
                || (name == "int_ne"
                    && op["int_ne(".len()..]
                        .trim_end_matches(')')
                        .split_once(", ")
                        .is_some_and(|(w, n)| narrowed(n, w)))
        })
        .map(|(v, _)| v.to_string())
        .collect()
}

/// `trace` without its overflow tests and the guards on them: a debug
/// build checks every integer operation whose operands' ranges do not
/// decide it, as rustc does; what is left is what a release build traces.
pub fn without_overflow_checks(trace: &str) -> String {
    let tests = overflow_tests(trace);
    let guarded = |l: &str| {
        let l = l.trim_start();
        tests.iter().any(|t| l.starts_with(&format!("{t} = ")) || l.starts_with(&format!("guard_false({t}, ")))
    };
    trace.split_inclusive('\n').filter(|l| !guarded(l)).collect()
}

/// The numbers on the line of `jit-summary` starting with `name`.
pub fn summary_numbers(summary: &[String], name: &str) -> Vec<f64> {
    let line = summary[0].lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{summary:?}"));
    line[name.len()..].split('\t').filter(|f| !f.trim().is_empty()).map(|f| f.trim().parse().unwrap()).collect()
}

/// The last number on that line (a count).
pub fn summary_count(summary: &[String], name: &str) -> u64 {
    *summary_numbers(summary, name).last().unwrap() as u64
}

/// The loop of a `jit-log-opt-loop` section that runs what its turns run:
/// the body after the `label` when the loop is unrolled (the preamble runs
/// once), else the whole trace.
pub fn hot_body(l: &str) -> &str {
    match l.find("\nlabel(") {
        Some(i) => &l[i + 1..],
        None => l,
    }
}

/// The preamble of an unrolled loop (before its `label`), if it is.
pub fn preamble(l: &str) -> Option<&str> {
    l.find("\nlabel(").map(|i| &l[..i + 1])
}

/// Whether the loop is unrolled (a preamble, a `label`, a body).
pub fn is_unrolled(l: &str) -> bool {
    l.contains("\nlabel(")
}

/// The operations of a trace (its lines but the comments, the inputs and
/// the `debug_merge_point`s).
pub fn operations(trace: &str) -> Vec<&str> {
    trace
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('[') && !l.starts_with("debug_merge_point(") && !l.is_empty())
        .collect()
}

/// The operations named `name` (`guard_` counts every guard): lines whose
/// operation, after an optional `vN = `, starts with `name`.
pub fn ops_named<'a>(trace: &'a str, name: &str) -> Vec<&'a str> {
    operations(trace)
        .into_iter()
        .filter(|l| {
            let op = match l.split_once(" = ") {
                Some((res, op)) if !res.contains('(') => op,
                _ => l,
            };
            op.starts_with(name)
        })
        .collect()
}

/// How many operations named `name` the trace has.
pub fn count_ops(trace: &str, name: &str) -> usize {
    ops_named(trace, name).len()
}

/// The loops whose trace shows the position `location` (as the driver's
/// `get_printable_location` shows it) at depth 0.
pub fn loops_at<'a>(loops: &'a [String], location: &str) -> Vec<&'a String> {
    let point = format!("debug_merge_point(0, 0, '{location}')");
    loops.iter().filter(|l| l.contains(&point)).collect()
}
