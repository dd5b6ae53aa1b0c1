//! Runs the stackvm binary in every mode (untranslated, translated without
//! the JIT, translated with the JIT forced hot and with its defaults) on
//! the bundled programs and on `tests/svm/*.svm`, and checks that the
//! output is the expected one in all of them; bad programs print one line
//! on stderr and exit with status 1 in all of them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// How to run the binary: its extra argument and `RPYJIT`.
const MODES: &[(&str, Option<&str>, &str)] = &[
    ("untranslated", Some("--untranslated"), "off"),
    ("translated, no JIT", None, "off"),
    ("translated, JIT forced hot", None, "threshold=1,trace_eagerness=2"),
    ("translated, JIT", None, "default"),
];

fn stackvm(mode: Option<&str>, rpyjit: &str, program: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stackvm"))
        .args(mode)
        .arg(program)
        .env("RPYJIT", rpyjit)
        .output()
        .expect("run stackvm")
}

fn here(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Runs `program` in every mode and checks its output and status 0.
fn check(program: &Path, expected: &str) {
    for (name, arg, rpyjit) in MODES {
        let out = stackvm(*arg, rpyjit, program);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{} ({name}): {:?} {stderr}", program.display(), out.status);
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{} ({name})", program.display());
    }
}

const BUNDLED: &[(&str, &str)] = &[
    ("int_loop", "449999985000000\n"),
    ("float_loop", "16.695311365857272\n19999998.0\n"),
    ("alloc", "37500007500000\n(4999999 5000000 5000001)\n"),
    ("calls", "513\n"),
    ("fib", "2178309\n"),
    ("strings", "5999994\nab8ab9\n"),
];

/// Each bundled program in every mode; they are benchmarks, checked in
/// release builds (`cargo test --release -p stackvm`, which CI runs: the
/// untranslated runs of a debug build take minutes).
fn bundled(name: &str) {
    let expected = BUNDLED.iter().find(|(n, _)| *n == name).unwrap().1;
    check(&here(&format!("programs/{name}.svm")), expected);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a benchmark: run by `cargo test --release -p stackvm` (CI does)")]
fn bundled_int_loop() {
    bundled("int_loop");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a benchmark: run by `cargo test --release -p stackvm` (CI does)")]
fn bundled_float_loop() {
    bundled("float_loop");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a benchmark: run by `cargo test --release -p stackvm` (CI does)")]
fn bundled_alloc() {
    bundled("alloc");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a benchmark: run by `cargo test --release -p stackvm` (CI does)")]
fn bundled_calls() {
    bundled("calls");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a benchmark: run by `cargo test --release -p stackvm` (CI does)")]
fn bundled_fib() {
    bundled("fib");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a benchmark: run by `cargo test --release -p stackvm` (CI does)")]
fn bundled_strings() {
    bundled("strings");
}

/// Every file of `programs/` (which `--bench` runs) is checked above.
#[test]
fn every_bundled_program_is_checked() {
    let mut files: Vec<String> =
        std::fs::read_dir(here("programs")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    files.sort();
    let mut names: Vec<String> = BUNDLED.iter().map(|(n, _)| format!("{n}.svm")).collect();
    names.sort();
    assert_eq!(files, names);
}

/// `tests/svm/NAME.svm`, each with its output in `NAME.out`.
#[test]
fn test_programs_give_their_output_in_all_modes() {
    let mut n = 0;
    for entry in std::fs::read_dir(here("tests/svm")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svm") {
            let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
            check(&path, &expected);
            n += 1;
        }
    }
    assert!(n >= 2);
}

/// `features.svm` with a collection every few allocations and the JIT
/// forced hot: the objects the JIT keeps virtual (boxed values in the frame
/// its loops carry, frames of calls traced into) are made when a guard
/// fails, while collections run. (The other test programs keep larger
/// heaps, which a collection every few allocations marks again and again:
/// minutes.)
#[test]
fn a_test_program_under_constant_collections() {
    for name in ["features"] {
        let path = here(&format!("tests/svm/{name}.svm"));
        {
            let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
            for every in ["1", "7"] {
                let out = Command::new(env!("CARGO_BIN_EXE_stackvm"))
                    .arg(&path)
                    .env("RPYJIT", "threshold=1,trace_eagerness=2")
                    .env("RPY_GC_COLLECT_EVERY", every)
                    .env("RPY_GC_MIN", "0")
                    .output()
                    .expect("run stackvm");
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(out.status.success(), "{} (every {every}): {stderr}", path.display());
                assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{} (every {every})", path.display());
            }
        }
    }
}

/// Bad programs, each with the one line it prints on stderr (after
/// `stackvm: `; `{}` stands for its path).
const BAD: &[(&str, &str, &str)] = &[
    ("unknown", "func main 0 0\n    push 1\n    frob\nend\n", "{}: line 3: unknown instruction 'frob'"),
    ("underflow", "func main 0 0\n    push 1\n    add\nend\n", "error at line 3 (add in 'main'): stack underflow"),
    (
        "undefined",
        "func main 0 0\n    push 1\n    call nowhere 1\nend\n",
        "{}: line 3: call to undefined function 'nowhere'",
    ),
    (
        "type_error",
        "func main 0 0\n    push 1\n    push \"x\"\n    add\nend\n",
        "error at line 4 (add in 'main'): cannot add Int and Str",
    ),
    // The type changes in a hot loop: compiled code's guard fails first.
    (
        "type_error_hot",
        "func main 0 2\n  push 0; store 0\n  push 0; store 1\nloop:\n  load 1; load 0; add; store 1\n  \
         load 0; push 200; eq; not; jump_if_true skip\n  push \"s\"; store 1\nskip:\n  \
         load 0; push 1; add; store 0\n  jump loop\nend\n",
        "error at line 5 (add in 'main'): cannot add Str and Int",
    ),
    (
        "underflow_hot",
        "func main 0 1\n  push 0; store 0\nloop:\n  load 0; push 150; eq; jump_if_true bad\n  \
         load 0; push 1; add; store 0\n  jump loop\nbad:\n  pop\nend\n",
        "error at line 8 (pop in 'main'): stack underflow",
    ),
    (
        "concat",
        "func main 0 0\n    push \"a\"; push 1; concat\nend\n",
        "error at line 2 (concat in 'main'): cannot concat Str and Int",
    ),
    ("head", "func main 0 0\n    push 1; head\nend\n", "error at line 2 (head in 'main'): cannot head Int"),
    ("len", "func main 0 0\n    nil; len\nend\n", "error at line 2 (len in 'main'): cannot len Nil"),
    ("neg", "func main 0 0\n    push \"a\"; neg\nend\n", "error at line 2 (neg in 'main'): cannot neg Str"),
    ("divzero", "func main 0 0\n    push 1; push 0; div\nend\n", "error at line 2 (div in 'main'): division by zero"),
    ("modzero", "func main 0 0\n    push 1; push 0; mod\nend\n", "error at line 2 (mod in 'main'): division by zero"),
    (
        "compare",
        "func main 0 0\n    push 1; push \"1\"; lt\nend\n",
        "error at line 2 (lt in 'main'): cannot lt Int and Str",
    ),
    (
        "deep",
        "func f 1 1\n    load 0; push 1; add\n    call f 1\n    ret\nend\nfunc main 0 0\n    push 0\n    call f 1\n    print\nend\n",
        "error at line 3 (call in 'f'): too many nested calls (the limit is 1000)",
    ),
    ("label", "func main 0 0\n    jump nowhere\nend\n", "{}: line 2: undefined label 'nowhere'"),
    ("local", "func main 0 1\n    load 1\nend\n", "{}: line 2: local 1 out of range (function 'main' has 1 locals)"),
    (
        "arity",
        "func f 2 2\n    ret\nend\nfunc main 0 0\n    push 1\n    call f 1\nend\n",
        "{}: line 6: function 'f' takes 2 argument(s), called with 1",
    ),
    ("unterminated", "func main 0 0\n    push \"abc\n    print\nend\n", "{}: line 2: unterminated string"),
    ("nomain", "func other 0 0\nend\n", "{}: no function 'main'"),
    ("main_args", "func main 1 1\nend\n", "{}: 'main' must take no arguments"),
    ("noend", "func main 0 0\n    push 1\n", "{}: function 'main' has no 'end'"),
    ("nofunc", "push 1\n", "{}: line 1: expected 'func', found 'push'"),
    ("operands", "func main 0 0\n    push 1 2\nend\n", "{}: line 2: 'push' takes 1 operand(s), found 2"),
    ("bad_int", "func main 0 0\n    push 1x\nend\n", "{}: line 2: bad operand '1x' for 'push'"),
    ("twice", "func main 0 0\nend\nfunc main 0 0\nend\n", "{}: line 3: function 'main' defined twice"),
    ("label_twice", "func main 0 0\nl: nil\nl: nil\nend\n", "{}: line 3: label 'l' defined twice"),
    ("locals", "func main 0 0\nend\nfunc f 2 1\nend\n", "{}: line 3: function 'f' has fewer locals than arguments"),
];

#[test]
fn bad_programs_print_one_line_and_exit_1_in_all_modes() {
    let dir = std::env::temp_dir().join(format!("stackvm-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.svm");
    for (name, source, message) in BAD {
        let path = dir.join(format!("{name}.svm"));
        std::fs::write(&path, source).unwrap();
        let expected = format!("stackvm: {}\n", message.replace("{}", &path.display().to_string()));
        for (mode, arg, rpyjit) in MODES {
            let out = stackvm(*arg, rpyjit, &path);
            assert_eq!(String::from_utf8_lossy(&out.stderr), expected, "{name} ({mode})");
            assert_eq!(out.status.code(), Some(1), "{name} ({mode})");
        }
    }
    for (mode, arg, rpyjit) in MODES {
        let out = stackvm(*arg, rpyjit, &missing);
        assert_eq!(out.status.code(), Some(1), "{mode}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("stackvm: cannot read {}: No such file or directory (os error 2)\n", missing.display()),
            "{mode}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What a program printed before a runtime error stays printed.
#[test]
fn output_before_an_error_is_kept() {
    let dir = std::env::temp_dir().join(format!("stackvm-test-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("partial.svm");
    std::fs::write(&path, "func main 0 0\n    push \"before\"; print\n    push 1; push nil; add\nend\n").unwrap();
    for (mode, arg, rpyjit) in MODES {
        let out = stackvm(*arg, rpyjit, &path);
        assert_eq!(out.status.code(), Some(1), "{mode}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "before\n", "{mode}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "stackvm: error at line 3 (add in 'main'): cannot add Int and Nil\n",
            "{mode}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage() {
    for (mode, arg, rpyjit) in MODES {
        let out = Command::new(env!("CARGO_BIN_EXE_stackvm")).args(*arg).env("RPYJIT", rpyjit).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{mode}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "usage: stackvm PROGRAM\n", "{mode}");
    }
}

/// The optimized body of the loop of `program` (from `label(` to `jump(`).
fn loop_body(program: &str) -> Vec<String> {
    let log = std::env::temp_dir().join(format!("stackvm-{program}-{}.log", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_stackvm"))
        .arg(here(&format!("programs/{program}.svm")))
        .env("RPYLOG", format!("jit-log-opt-loop:{}", log.display()))
        .output()
        .expect("run stackvm");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&log).expect("the JIT's log");
    std::fs::remove_file(&log).ok();
    let body: Vec<String> = (text.lines())
        .skip_while(|l| !l.starts_with("label("))
        .take_while(|l| !l.starts_with("jump("))
        .filter(|l| !l.starts_with("debug_merge_point"))
        .map(String::from)
        .collect();
    assert!(!body.is_empty(), "no loop body:\n{text}");
    body
}

/// The optimized loop of `int_loop.svm` is the program's arithmetic: its
/// tags are known, the stack and the locals stay in registers across
/// turns (the label carries the frame's writes), and the boxed integers
/// written there are never allocated: no call, no memory access, no
/// allocation, one guard (the loop's condition).
#[test]
#[cfg_attr(debug_assertions, ignore = "runs a benchmark: checked by `cargo test --release -p stackvm` (CI does)")]
fn the_integer_loop_keeps_its_operands_in_registers() {
    let body = loop_body("int_loop");
    let count = |op: &str| body.iter().filter(|l| l.contains(op)).count();
    for op in ["call", "new", "getfield", "setfield", "getarrayitem", "setarrayitem"] {
        assert_eq!(count(op), 0, "{op}: {body:#?}");
    }
    assert_eq!(count("guard_"), 1, "{body:#?}");
}

/// The interpreted call in `calls.svm`'s loop is traced into (a
/// recursive call of the interpreter), the callee's frame is virtual: the
/// loop is the callee's arithmetic, without a call or an allocation.
#[test]
#[cfg_attr(debug_assertions, ignore = "runs a benchmark: checked by `cargo test --release -p stackvm` (CI does)")]
fn the_loop_calling_a_function_inlines_it() {
    let body = loop_body("calls");
    let count = |op: &str| body.iter().filter(|l| l.contains(op)).count();
    for op in ["call", "new", "setarrayitem"] {
        assert_eq!(count(op), 0, "{op}: {body:#?}");
    }
    assert_eq!(count("int_mod"), 1, "{body:#?}");
}
