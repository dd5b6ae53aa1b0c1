//! The JIT on the bundled programs: with `RPYJIT=threshold=3` the hot
//! loops are traced, compiled and run, and `RPYLOG` writes their traces,
//! the summary and the counts in PyPy's log format; the output stays the
//! program's.

use std::process::Command;

mod md5;

fn program(name: &str) -> String {
    format!("{}/programs/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn sections<'a>(log: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("] {{{name}\n");
    let close = format!("] {name}}}");
    log.split(&open)
        .skip(1)
        .map(|s| {
            // The body ends before the timestamp of the closing line.
            let body = &s[..s.find(&close).expect("a closed section")];
            &body[..body.rfind('\n').map_or(0, |i| i + 1)]
        })
        .collect()
}

#[test]
fn test_b_loops_have_no_bracket_lookup_and_no_pc_arithmetic() {
    let log_path = std::env::temp_dir().join(format!("rpy-bf-jit-{}.log", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_bf"))
        .arg(program("test.b"))
        .env("RPYJIT", "threshold=3")
        .env("RPYLOG", format!("jit-log-noopt,jit-log-opt,jit-summary,jit-backend:{}", log_path.display()))
        .output()
        .expect("run bf");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(md5::hex(&out.stdout), "9e1b7df607c29fb91781e252186b7e3a");
    let log = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_file(&log_path);
    let loops = sections(&log, "jit-log-noopt-loop");
    assert!(!loops.is_empty(), "no loop traced:\n{log}");
    for l in &loops {
        assert!(l.starts_with("# Loop "), "{l}");
        // Each position as the driver's `get_printable_location` shows it:
        // the command and its index.
        for dmp in l.lines().filter_map(|l| l.strip_prefix("debug_merge_point(0, 0, '")) {
            let (command, index) = dmp.trim_end_matches("')").split_once(" @ ").unwrap_or_else(|| panic!("{l}"));
            assert!(command.len() == 1 && "<>+-.,[]".contains(command), "{l}");
            assert!(index.parse::<usize>().is_ok(), "{l}");
        }
        assert!(l.contains("debug_merge_point(0, 0, '"), "{l}");
        assert!(l.trim_end().lines().last().unwrap().starts_with("jump("), "{l}");
        // `matching` and `command` are elidable and called with constants
        // (the program counter is green): folded away, so nothing of the
        // program (a constant) is read; the output (`p1`, a red) is
        // pushed to, inline.
        assert!(!l.contains("<Call matching>"), "the bracket lookup in the loop:\n{l}");
        assert!(!l.contains("<Call command>") && !l.contains("(ConstPtr("), "the program read in the loop:\n{l}");
    }
    // Each loop is optimized before it is compiled: the same loops; those
    // that close on themselves (not entering another loop's code) are
    // unrolled into a preamble and a body after their `label`. As in the
    // tutorial's final trace, the body does not even read the tape's list
    // (its items and length are known from the preamble) and is shorter
    // than the loop as traced: what remains is the tape's work.
    let opt = sections(&log, "jit-log-opt-loop");
    assert_eq!(opt.len(), loops.len(), "{log}");
    let ops = |l: &str| l.lines().filter(|l| !l.starts_with("debug_merge_point")).count();
    let closed = |l: &str| l.trim_end().ends_with("descr=TargetToken(0))");
    assert!(opt.iter().any(|o| closed(o)), "no loop closes on itself:\n{log}");
    for (o, l) in opt.iter().zip(&loops).filter(|(o, _)| closed(o)) {
        let body = &o[o.find("\nlabel(").unwrap_or_else(|| panic!("a loop without a label:\n{o}"))..];
        assert!(!body.contains("Tape.cells") && !body.contains(".length"), "the body reads the tape's list:\n{o}");
        assert!(ops(body) < ops(l), "the body is not shorter than the loop:\n{o}\n{l}");
        // test.b's loops move back and forth: the positions they visit are
        // the label's positions plus constants, whose growth and bounds
        // checks the preamble did.
        assert!(!body.contains("int_eq(") && !body.contains("uint_ge("), "the body checks the tape again:\n{o}");
        // Nor does it read the cells: each turn writes the two cells it
        // moves a value between (at different indexes: no write changes
        // the other), so their values are the label's.
        assert!(!body.contains("getarrayitem_gc"), "the body reads the cells again:\n{o}");
    }
    // A position moved cell by cell is one step from the same variable
    // each time (`int_add(i2, 2)`, not `int_add(i3, 1)` with `i3 = i2 + 1`),
    // in the preamble and in the body (whose label variables keep the
    // names of the preamble's values they stand for).
    for o in opt.iter().flat_map(|o| o.split("\nlabel(")) {
        let steps: Vec<(&str, &str)> = o
            .lines()
            .filter_map(|l| {
                let (result, rhs) = l.split_once(" = ")?;
                let arg = rhs.strip_prefix("int_add(").or_else(|| rhs.strip_prefix("int_sub("))?;
                let (x, c) = arg.split_once(", ")?;
                c.trim_end_matches(')').parse::<i64>().ok().map(|_| (result, x))
            })
            .collect();
        for (_, x) in &steps {
            assert!(!steps.iter().any(|(r, _)| r == x), "a step of a step ({x}):\n{o}");
        }
    }
    let summary = sections(&log, "jit-summary");
    assert_eq!(summary.len(), 1, "{log}");
    let n: usize = summary[0]
        .lines()
        .find_map(|l| l.strip_prefix("Total # of loops:\t"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a loop count");
    assert_eq!(n, loops.len());
    // A `jit-backend` section per compiled loop, spanning its compilation
    // (its timestamps, as RPython's), naming where its code is.
    let backend = sections(&log, "jit-backend");
    assert_eq!(backend.len(), n, "{log}");
    for (k, b) in backend.iter().enumerate() {
        assert!(b.starts_with(&format!("Loop {k} (DRIVER) has address 0x")) && b.contains(" to 0x"), "{b}");
    }
    // The compiled loops ran: entries from the interpreter, and turns of
    // the loop inside compiled code.
    let counts = sections(&log, "jit-backend-counts");
    assert_eq!(counts.len(), 1, "{log}");
    let count = |prefix: &str| -> u64 {
        counts[0]
            .lines()
            .filter(|l| l.starts_with(prefix))
            .filter_map(|l| l.rsplit(':').next()?.parse::<u64>().ok())
            .sum()
    };
    assert!(count("entry ") > 0, "{}", counts[0]);
    assert!(count("TargetToken(") > count("entry "), "{}", counts[0]);
}

#[test]
fn bad_rpyjit_is_one_line_and_status_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_bf"))
        .arg(program("test.b"))
        .env("RPYJIT", "threshold=lots")
        .output()
        .expect("run bf");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("rpy: bad RPYJIT=\"threshold=lots\": "), "{err}");
}

/// Runs the BF program `source` with its loops hot after 3 turns and its
/// guards after 2 failures, writing the log `sections`; checks that it
/// prints `expected`, as the untranslated interpreter does; the log.
fn run_hot(name: &str, source: &str, expected: &[u8], sections: &str) -> String {
    let dir = std::env::temp_dir();
    let path = dir.join(format!("rpy-bf-{name}-{}.b", std::process::id()));
    std::fs::write(&path, source).unwrap();
    let log_path = dir.join(format!("rpy-bf-{name}-{}.log", std::process::id()));
    let plain = Command::new(env!("CARGO_BIN_EXE_bf")).arg("--untranslated").arg(&path).output().expect("run bf");
    let out = Command::new(env!("CARGO_BIN_EXE_bf"))
        .arg(&path)
        .env("RPYJIT", "threshold=3,trace_eagerness=2")
        .env("RPYLOG", format!("{sections}:{}", log_path.display()))
        .output()
        .expect("run bf");
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, expected);
    assert_eq!(out.stdout, plain.stdout);
    let log = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_file(&log_path);
    log
}

/// A run of `>` checks the tape's growth once: the checks that the
/// position plus 1, 2, 3 is not the tape's length are one range check.
/// Here it fails whenever the outer loop reaches new cells (the tape grows
/// inside the run): the interpreter resumes at the run's first check, and
/// then bridges do; the output is the untranslated interpreter's.
#[test]
fn growth_checks_of_a_run_of_moves_are_one_check() {
    let log = run_hot(
        "run",
        "++++++++++[[->>>+<<<]>>>-]++++++++[<++++++++>-]<+.>++++++++++.",
        b"A\n",
        "jit-log-opt,jit-summary",
    );
    let traces: Vec<&str> = ["jit-log-opt-loop", "jit-log-opt-bridge"].iter().flat_map(|s| sections(&log, s)).collect();
    assert!(traces.iter().any(|t| t.contains("uint_gt(")), "no range check:\n{log}");
    for stretch in traces.iter().flat_map(|t| t.split("\nlabel(")) {
        // `pos == len` of the tape: once (`push`'s own check of the items'
        // capacity, `len == cap`, is another).
        let lengths: Vec<&str> = (stretch.lines())
            .filter(|l| l.contains("list<i64>.length"))
            .filter_map(|l| l.split(" = ").next())
            .collect();
        let growth_checks = (stretch.lines())
            .filter_map(|l| l.split_once(" = int_eq(")?.1.strip_suffix(")")?.split_once(", "))
            .filter(|(_, len)| lengths.contains(len))
            .count();
        assert!(growth_checks <= 1, "growth checked step by step:\n{stretch}");
    }
    let bridges = sections(&log, "jit-summary")[0].lines().find_map(|l| l.strip_prefix("Total # of bridges:\t"));
    assert!(bridges.and_then(|n| n.trim().parse::<u32>().ok()).is_some_and(|n| n > 0), "{log}");
}

/// A scan right (`[>]`) checks the tape's growth each turn but not its
/// bounds: the position its loop carries in the tape is below the length
/// at the label (the preamble's bounds check), so a move right that is not
/// at the end is in bounds. A scan left (`[<]`) may go below zero: its
/// bounds check stays.
#[test]
fn scans_right_check_the_tapes_growth_and_not_its_bounds() {
    let log = run_hot("scan", ">++++++++++[>[>]+<[<]>-]++++++++[<++++++++>-]<+.", b"A", "jit-log-opt-loop");
    let bodies: Vec<&str> =
        sections(&log, "jit-log-opt-loop").iter().filter_map(|t| t.split_once("\nlabel(")).map(|(_, b)| b).collect();
    let scans =
        |dir: char| bodies.iter().filter(move |b| b.contains(&format!("'{dir} @")) && !b.contains("'+ @")).copied();
    let right: Vec<&str> = scans('>').collect();
    assert!(!right.is_empty(), "no scan right compiled:\n{log}");
    for b in right {
        assert!(b.contains("int_eq(") && !b.contains("uint_ge("), "a scan right checks its bounds:\n{b}");
    }
    let left: Vec<&str> = scans('<').collect();
    assert!(!left.is_empty(), "no scan left compiled:\n{log}");
    for b in left {
        assert!(b.contains("uint_ge("), "a scan left does not check its bounds:\n{b}");
    }
}

/// `RPY_PERFMAP=1` names each compiled loop for `perf report` in
/// `/tmp/perf-<pid>.map`: `<start> <size> <name>` in hex, one code after
/// the other in the JIT's code chunks.
#[test]
fn perf_map_names_the_compiled_loops() {
    let child = Command::new(env!("CARGO_BIN_EXE_bf"))
        .arg(program("test.b"))
        .env("RPYJIT", "threshold=3")
        .env("RPY_PERFMAP", "1")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("run bf");
    let path = format!("/tmp/perf-{}.map", child.id());
    let out = child.wait_with_output().expect("wait for bf");
    assert!(out.status.success());
    let map = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let _ = std::fs::remove_file(&path);
    let codes: Vec<(u64, u64, &str)> = map
        .lines()
        .map(|l| {
            let mut f = l.split(' ');
            let mut hex = || u64::from_str_radix(f.next().unwrap(), 16).unwrap();
            let (start, size) = (hex(), hex());
            (start, size, f.next().unwrap())
        })
        .collect();
    assert!(!codes.is_empty(), "{map}");
    for (k, (start, size, name)) in codes.iter().enumerate() {
        assert_eq!(*name, format!("rpy_loop_{k}"), "{map}");
        assert!(
            *size > 0 && codes.iter().all(|(s, z, _)| s == start || s + z <= *start || start + size <= *s),
            "{map}"
        );
    }
}
