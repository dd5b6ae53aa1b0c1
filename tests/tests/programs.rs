//! The program suite: each program of `programs/` runs untranslated, in the
//! LLInterpreter, translated (`RPYJIT=off`) and translated with the JIT
//! forced hot (`RPYJIT=threshold=1,trace_eagerness=2`: every merge point
//! is traced, guards failing twice get bridges); all four must print the same stdout and
//! stderr and exit with the same status, and stdout must be what the
//! program's `// expect:` lines say (`// expect-panic:` for the panic
//! message and status 101).
//!
//! The suite runs in the profile it is built in: `cargo test` checks
//! integer overflow and runs `debug_assert!`s (the debug profile), `cargo
//! test --release` does neither. The `// expect:` lines are a release
//! build's output; a program that a debug build stops says so with `//
//! debug-panic: MESSAGE`: built so, it prints a prefix of them, then panics
//! with MESSAGE.

use std::path::Path;
mod support;

const MODES: &[&str] = &["untranslated", "llinterp", "translated", "jit"];

struct Outcome {
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

fn run(name: &str, mode: &str, stdin: &str) -> Outcome {
    let (mode, rpyjit) = match mode {
        // Every merge point hot, and a bridge for every guard failing twice.
        "jit" => ("translated", support::HOT),
        other => (other, "off"),
    };
    let out = support::run_program(name, mode, &[("RPYJIT", rpyjit)], stdin);
    Outcome {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: normalize_thread_id(&String::from_utf8_lossy(&out.stderr)),
        status: out.status.code(),
    }
}

/// Panic messages name the OS thread id, which differs between runs.
fn normalize_thread_id(stderr: &str) -> String {
    stderr
        .lines()
        .map(|l| match (l.strip_prefix("thread '"), l.find("' ("), l.find(") panicked at ")) {
            (Some(_), Some(a), Some(b)) if a < b => format!("{}' (TID{}", &l[..a], &l[b..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

struct Expectations {
    stdout: String,
    panic: Option<String>,
    /// What the program reads from stdin (`// stdin:` lines, each ending in a newline).
    stdin: String,
    /// Its panic in a debug build (`// debug-panic:`).
    debug_panic: Option<String>,
}

/// Whether the programs are built with overflow checks and debug
/// assertions: the profile's default, which the workspace does not
/// override.
const DEBUG: bool = cfg!(debug_assertions);

fn expectations(src: &str) -> Expectations {
    let mut stdout = String::new();
    let mut panic = None;
    let mut stdin = String::new();
    let mut debug_panic = None;
    for line in src.lines() {
        if let Some(v) = line.strip_prefix("// stdin: ") {
            stdin.push_str(v);
            stdin.push('\n');
        } else if let Some(v) = line.strip_prefix("// expect: ") {
            stdout.push_str(v);
            stdout.push('\n');
        } else if let Some(v) = line.strip_prefix("// expect-panic: ") {
            panic = Some(v.to_string());
        } else if let Some(v) = line.strip_prefix("// debug-panic: ") {
            debug_panic = Some(v.to_string());
        }
    }
    Expectations { stdout, panic, stdin, debug_panic }
}

#[test]
fn programs_agree_in_every_mode() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
        .collect();
    names.sort();
    assert!(names.len() >= 40, "the suite has {} programs", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let src = std::fs::read_to_string(dir.join(format!("{name}.rs"))).unwrap();
        let expect = expectations(&src);
        let base = run(name, MODES[0], &expect.stdin);
        let mut problems = Vec::new();
        let stopped = DEBUG && expect.debug_panic.is_some();
        let panic = if stopped { &expect.debug_panic } else { &expect.panic };
        if if stopped { !expect.stdout.starts_with(&base.stdout) } else { base.stdout != expect.stdout } {
            problems.push(format!(
                "untranslated stdout differs from // expect:\n--- got\n{}--- expected\n{}",
                base.stdout, expect.stdout
            ));
        }
        match panic {
            Some(msg) if base.status != Some(101) || !base.stderr.lines().any(|l| l == msg) => {
                problems
                    .push(format!("expected a panic `{msg}`, got status {:?}, stderr:\n{}", base.status, base.stderr));
            }
            None if base.status != Some(0) => {
                problems.push(format!("status {:?}, stderr:\n{}", base.status, base.stderr))
            }
            _ => {}
        }
        for mode in &MODES[1..] {
            let other = run(name, mode, &expect.stdin);
            if other.stdout != base.stdout {
                problems.push(format!(
                    "{mode} stdout differs:\n--- {mode}\n{}--- untranslated\n{}",
                    other.stdout, base.stdout
                ));
            }
            if other.stderr != base.stderr {
                problems.push(format!(
                    "{mode} stderr differs:\n--- {mode}\n{}\n--- untranslated\n{}",
                    other.stderr, base.stderr
                ));
            }
            if other.status != base.status {
                problems.push(format!("{mode} status {:?}, untranslated {:?}", other.status, base.status));
            }
        }
        if !problems.is_empty() {
            failures.push(format!("== {name}\n{}", problems.join("\n")));
        }
    }
    assert!(failures.is_empty(), "{} of {} programs failed:\n{}", failures.len(), names.len(), failures.join("\n"));
}
