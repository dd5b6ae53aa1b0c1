//! Runs every program of `tests/lua/` under `lua5.4` and under rpylua in
//! three modes (untranslated, translated with `RPYJIT=off`, translated with
//! the JIT forced hot) and checks that stdout, the exit status and the first
//! line of stderr are the same (`lua5.4:` read as `lua:`).
//!
//! `tests/known_failures.txt` lists the programs rpylua does not run as
//! `lua5.4` does yet, each with the reason; the test checks that each of
//! them still differs, so that one fixed is taken off the list.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// rpylua's modes: its extra argument and `RPYJIT`.
const MODES: &[(&str, Option<&str>, &str)] = &[
    ("untranslated", Some("--untranslated"), "off"),
    ("translated, no JIT", None, "off"),
    ("translated, JIT forced hot", None, "threshold=1,trace_eagerness=2"),
];

/// What a run shows: stdout, the exit status, stderr's first line.
#[derive(Debug, PartialEq)]
struct Shown {
    stdout: String,
    status: Option<i32>,
    first_error_line: String,
}

fn shown(cmd: &mut Command) -> Shown {
    let out = cmd.stdin(Stdio::null()).output().expect("run a Lua interpreter");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = stderr.lines().next().unwrap_or("");
    let first = first.strip_prefix("lua5.4: ").map(|rest| format!("lua: {rest}")).unwrap_or(first.to_string());
    Shown {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        status: out.status.code(),
        first_error_line: first,
    }
}

fn here(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn lua54() -> &'static str {
    let found = Command::new("lua5.4").arg("-v").stdout(Stdio::null()).status().is_ok_and(|s| s.success());
    assert!(found, "lua5.4 is needed to check the Lua programs: apt-get install lua5.4");
    "lua5.4"
}

/// The programs: `NNN_*.lua` (the `mod_*.lua` beside them are modules
/// they require).
fn programs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(here("tests/lua"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.ends_with(".lua") && name.as_bytes()[0].is_ascii_digit()
        })
        .collect();
    v.sort();
    v
}

/// The names of `known_failures.txt` (first word of each line that is
/// not blank or a `#` comment).
fn known_failures() -> Vec<String> {
    let text = std::fs::read_to_string(here("tests/known_failures.txt")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// The modes in which `program` differs from `lua5.4`, with what each
/// showed.
fn differences(program: &Path) -> Vec<String> {
    let expected = shown(Command::new(lua54()).arg(program));
    let mut out = Vec::new();
    for (name, arg, rpyjit) in MODES {
        let got = shown(Command::new(env!("CARGO_BIN_EXE_rpylua")).args(*arg).arg(program).env("RPYJIT", rpyjit));
        if got != expected {
            out.push(format!("{} ({name}):\n  lua5.4: {expected:?}\n  rpylua: {got:?}", program.display()));
        }
    }
    out
}

#[test]
fn lua_programs_run_as_under_lua54() {
    let programs = programs();
    assert!(programs.len() >= 200, "{} programs", programs.len());
    let known = known_failures();
    for k in &known {
        assert!(programs.iter().any(|p| p.file_name().unwrap().to_string_lossy() == *k), "{k} is not a program");
    }
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let fixed: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                let Some(program) = programs.get(i) else { return };
                let name = program.file_name().unwrap().to_string_lossy().into_owned();
                let diffs = differences(program);
                if known.contains(&name) {
                    if diffs.is_empty() {
                        fixed.lock().unwrap().push(name);
                    }
                } else {
                    failures.lock().unwrap().extend(diffs);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let fixed = fixed.into_inner().unwrap();
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
    assert!(fixed.is_empty(), "these now run as under lua5.4: take them off known_failures.txt: {fixed:?}");
}
