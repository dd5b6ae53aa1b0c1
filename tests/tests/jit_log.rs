//! The JIT's logs of the suite's JIT programs, read as a PyPy user reads
//! `PYPYLOG`: what the optimizer did to their loops.

mod support;

use std::process::Command;
use support::{
    count_ops, hot_body, is_unrolled, jit_log, jit_log_with, jit_run, ops_named, run_program, summary_count,
    summary_numbers, HOT,
};

/// Program 142 makes two objects every turn: the loop as traced allocates
/// them, the loop as optimized does not (they are virtual); the bridge of
/// the turns where the pair escapes into the machine allocates the pair,
/// and only it.
#[test]
fn virtuals_are_not_allocated_until_they_escape() {
    let (noopt, _) = jit_log("142_jit_virtuals", "jit-log-noopt-loop");
    assert!(noopt.iter().all(|l| l.matches("= new(").count() == 2), "{noopt:?}");
    let (opt, _) = jit_log("142_jit_virtuals", "jit-log-opt-loop");
    assert!(!opt.is_empty() && opt.iter().all(|l| !l.contains("new(")), "{opt:?}");
    let (bridges, _) = jit_log("142_jit_virtuals", "jit-log-opt-bridge");
    let escaping: Vec<&String> = bridges.iter().filter(|b| b.contains("Machine.kept")).collect();
    assert!(!escaping.is_empty(), "no bridge stores the pair:\n{bridges:?}");
    for b in escaping {
        assert_eq!(b.matches("= new(descr=<SizeDescr Pair>)").count(), 1, "{b}");
        assert!(!b.contains("<SizeDescr Link>"), "{b}");
    }
}

/// Program 253's loops keep integers of an enum in a vector: the integer
/// that escapes is `new_tagged` (a tagged word unless it needs 64 bits),
/// never an object of its variant, in loops and bridges alike.
#[test]
fn escaping_integers_are_tagged_words() {
    let (loops, _) = jit_log("253_jit_tagged_ints", "jit-log-opt-loop");
    let (bridges, _) = jit_log("253_jit_tagged_ints", "jit-log-opt-bridge");
    let all: Vec<&String> = loops.iter().chain(&bridges).collect();
    assert!(all.iter().any(|l| l.contains("= new_tagged(")), "{all:?}");
    assert!(all.iter().all(|l| !l.contains("new(descr=<SizeDescr Val::Int>)")), "{all:?}");
}

/// Program 141's loop is unrolled: a preamble, a `label`, and a body that
/// no longer reads what stays the same: the machine's `regs` (a field
/// never assigned after construction: immutable, so not even after a
/// residual call). The instructions, items of a list never written, are
/// constants: neither reads them.
#[test]
fn loops_are_unrolled() {
    let (opt, _) = jit_log("141_jit_unroll", "jit-log-opt-loop");
    let unrolled: Vec<&String> = opt.iter().filter(|l| l.contains("\nlabel(")).collect();
    assert!(!unrolled.is_empty(), "{opt:?}");
    for l in unrolled {
        let (preamble, body) = l.split_at(l.find("\nlabel(").unwrap());
        assert!(preamble.contains("<FieldP Machine.regs 8 pure>"), "{l}");
        assert!(!body.contains("Machine.regs"), "{l}");
        assert!(!l.contains("Ins.#tag") && !l.contains("getarrayitem_gc_r("), "{l}");
    }
}

/// Program 151's bridges go on into the loops they reach at the loops'
/// labels (RPython's short preamble: what the loop's body takes from its
/// preamble, the bridge knows), not through their preambles. (Program
/// 139's loops' labels need `0 < len` where its bridges know `1 < len`:
/// integer bounds, not yet.)
#[test]
fn bridges_enter_loops_at_their_label() {
    let (bridges, _) = jit_log("151_jit_switch_dispatch", "jit-log-opt-bridge");
    let at_label = bridges.iter().filter(|b| b.trim_end().ends_with(", label))")).count();
    assert!(at_label > 0, "{bridges:?}");
}

/// Program 139's traces check a register's index against the registers'
/// length once per length and constant: a check that `k < len` says
/// `j < len` for every `j <= k` (integer bounds), so no check of a smaller
/// index follows it, and the reads of those registers go unchecked.
#[test]
fn bounds_known_from_one_check_drop_the_checks_it_covers() {
    let (traces, _) = jit_log("139_jit_loops", "jit-log-opt");
    let mut covered_reads = 0;
    for t in &traces {
        // The highest constant checked so far, per length variable.
        let mut checked: std::collections::HashMap<&str, u64> = Default::default();
        for line in t.lines() {
            if let Some((k, len)) = index_check(line) {
                let before = checked.get(len).copied();
                assert!(before.is_none_or(|b| k > b), "a check of {k} < {len} after one of {before:?}:\n{t}");
                checked.insert(len, k);
            } else if line.contains("getarrayitem_gc_") && checked.values().any(|&k| k > 0) {
                let index = line.split(", ").nth(1).and_then(|i| i.parse::<u64>().ok());
                covered_reads += index.is_some_and(|j| checked.values().any(|&k| j < k)) as usize;
            }
        }
    }
    assert!(covered_reads > 0, "no read of a register covered by a larger check: {traces:?}");
}

/// `iN = uint_ge(K, iL)`: the bounds check of constant index `K` against
/// the length `iL`.
fn index_check(line: &str) -> Option<(u64, &str)> {
    let (_, rest) = line.split_once(" = uint_ge(")?;
    let (k, rest) = rest.split_once(", ")?;
    Some((k.parse().ok()?, rest.strip_suffix(')')?))
}

/// Program 139's driver has a `get_printable_location`: each
/// `debug_merge_point` shows the position as it does (`#3 dec`).
#[test]
fn merge_points_show_the_printable_location() {
    let (loops, _) = jit_log("139_jit_loops", "jit-log-opt-loop");
    let shown: Vec<&str> =
        loops.iter().flat_map(|l| l.lines()).filter(|l| l.starts_with("debug_merge_point(")).collect();
    assert!(!shown.is_empty(), "{loops:?}");
    for l in shown {
        let place = l.strip_prefix("debug_merge_point(0, 0, '#").and_then(|p| p.strip_suffix("')"));
        let (pc, kind) = place.and_then(|p| p.split_once(' ')).unwrap_or_else(|| panic!("{l}"));
        assert!(pc.parse::<usize>().is_ok(), "{l}");
        assert!(["set", "add", "dec", "jump_pos", "work", "halt"].contains(&kind), "{l}");
    }
}

/// Program 145 makes short lists every turn: their arrays are virtual in
/// the loops, as the objects of 142; the code of the turns where a list
/// escapes into the machine (a bridge, or a loop traced on such a turn)
/// allocates it, its array and its items, and no other list.
#[test]
fn virtual_arrays_are_not_allocated_until_they_escape() {
    let (noopt, _) = jit_log("145_jit_virtual_arrays", "jit-log-noopt-loop");
    assert!(noopt.iter().any(|l| l.contains("new_array(3,")), "{noopt:?}");
    let (opt, _) = jit_log("145_jit_virtual_arrays", "jit-log-opt-loop");
    assert!(opt.iter().any(|l| l.contains("\nlabel(")), "{opt:?}");
    let (bridges, _) = jit_log("145_jit_virtual_arrays", "jit-log-opt-bridge");
    for t in opt.iter().chain(&bridges) {
        assert!(!t.contains("new_array(3,"), "the summed list is allocated:\n{t}");
        // (Each list kept is stored into the kept lists' array.)
        let made = t.matches("= new_array(2,").count();
        let kept = t.lines().filter(|l| l.starts_with("setarrayitem_gc(") && l.contains("descr=<ArrayP 8>")).count();
        assert_eq!(made, kept, "a list allocated and not kept:\n{t}");
    }
    let escaping: Vec<&String> = bridges.iter().chain(&opt).filter(|b| b.contains("Machine.kept")).collect();
    assert!(escaping.iter().any(|b| b.contains("= new_array(2,")), "no code keeps the list:\n{bridges:?}");
    for b in escaping.iter().filter(|b| b.contains("= new_array(2,")) {
        assert!(b.contains("setarrayitem_gc(") && b.contains(", 1, 1, descr="), "{b}");
    }
}

/// Program 238 reads the clocks and the environment every turn, and
/// collects and measures the heap every fourth: each is a call of the
/// runtime that stays in the loop's body (a call without arguments is
/// neither folded nor hoisted: the clock moves), and the collections in
/// compiled code leave the kept lists intact.
#[test]
fn clocks_environment_and_collector_are_calls_in_the_loop() {
    let (loops, out) = jit_log("238_jit_rlib_time_env_gc", "jit-log-opt");
    assert!(out.contains("broken=0"), "{out}");
    let l = loops.iter().find(|l| is_unrolled(l)).unwrap_or_else(|| panic!("an unrolled loop: {loops:?}"));
    let body = hot_body(l);
    for (op, f, n) in [("call_f", "rpy_time_clock", 1), ("call_f", "rpy_time_time", 1), ("call_r", "rpy_env_var", 2)] {
        let calls = ops_named(body, op).into_iter().filter(|c| c.contains(f)).count();
        assert_eq!(calls, n, "{f}: {l}");
    }
    let all = loops.concat();
    assert!(ops_named(&all, "call_n").iter().any(|c| c.contains("rpy_gc_collect")), "{all}");
    assert!(ops_named(&all, "call_i").iter().any(|c| c.contains("rpy_gc_heap_size")), "{all}");
}

/// Program 255 takes the id of a new object in each turn and of one made
/// before the loop: the new one is allocated before the call that reads
/// its address (it escapes), the call is pure, and it leaves the heap
/// cache alone (the loop's body reads the old object's field no more).
#[test]
fn an_objects_id_makes_it_real_and_touches_no_memory() {
    let (loops, out) = jit_log("255_jit_unique_ids", "jit-log-opt-loop");
    assert!(out.contains("lost=0"), "{out}");
    let l = loops.iter().find(|l| is_unrolled(l)).unwrap_or_else(|| panic!("an unrolled loop: {loops:?}"));
    let body = hot_body(l);
    let ids = ops_named(body, "call_pure_i");
    assert!(ids.len() == 2 && ids.iter().all(|c| c.contains("gc_id")), "{body}");
    let new = ops_named(body, "new(").into_iter().find(|o| o.contains("SizeDescr Node")).expect("the node made");
    let made = new.split(" = ").next().unwrap();
    assert!(ids.iter().any(|c| c.contains(&format!("({made},"))), "{body}");
    assert!(!body.contains("Machine.anchor "), "{body}");
}

/// Program 144's residual calls return by-value structs: compiled as a
/// call and a `call_result` per leaf (integer, float, string); the
/// elidable one, called with a constant, is folded.
#[test]
fn calls_returning_structs_are_traced() {
    let (loops, _) = jit_log("144_jit_struct_calls", "jit-log-opt-loop");
    let all = loops.concat();
    for call in ["<Call divmod>", "<Call scale>", "<Call name>"] {
        assert!(all.contains(call), "{call} missing:\n{all}");
    }
    for leaf in ["call_result_i(1)", "call_result_f(0)", "call_result_r(0)"] {
        assert!(all.contains(leaf), "{leaf} missing:\n{all}");
    }
    assert!(!all.contains("<Call table>"), "the elidable call with a constant is not folded:\n{all}");
}

/// Program 143's interpreter is recursive: tracing runs the portal again
/// inside a residual call, which traces too; `jit-summary` counts each
/// moment once, so the JIT's times add up to at most the run's.
#[test]
fn nested_tracing_is_counted_once() {
    let (summary, _) = jit_log("143_jit_deep_recursion", "jit-summary");
    let seconds = |name: &str| *summary_numbers(&summary, name).last().unwrap();
    let (tracing, backend, total) = (seconds("Tracing:"), seconds("Backend:"), seconds("TOTAL:"));
    assert!(tracing + backend <= total, "{summary:?}");
}

/// With a trace limit shorter than any instruction of program 139, every
/// trace is aborted (`jit-summary` counts them, `jit-abort` says why),
/// nothing is compiled, and the program's output is the interpreter's.
#[test]
fn traces_too_long_are_aborted() {
    let (summary, out) = jit_log_with("139_jit_loops", "jit-summary", "threshold=1,trace_limit=5");
    let count = |name: &str| summary_count(&summary, name);
    assert!(count("abort: trace too long:") > 0, "{summary:?}");
    assert_eq!(count("Total # of loops:"), 0, "{summary:?}");
    assert_eq!(out.trim(), PROGRAM_139_OUTPUT);
    let (aborts, _) = jit_log_with("139_jit_loops", "jit-abort", "threshold=1,trace_limit=5");
    assert!(aborts.iter().any(|a| a.contains("TooLong")), "{aborts:?}");
}

const PROGRAM_139_OUTPUT: &str = "\"acc=4813428 bytes=156 f=1000 nodes=820 sum=11480 small=8 big=9223372036854775807\"";

/// With a trace limit shorter than some loops of program 139 but longer
/// than its instructions (68 operations: its longest, with the overflow
/// checks of a debug build, records 60 and more), those loops are cut at a merge point into
/// segments (RPython's segmented traces): a trace ends in a
/// `guard_always_fails`, whose bridge is the next segment (one that runs
/// often enough gets one); nothing is
/// aborted, and guard failures rarely resume in the JIT's interpreter.
#[test]
fn traces_too_long_are_cut_into_segments() {
    let rpyjit = "threshold=1,trace_eagerness=2,trace_limit=68";
    let (summary, out) = jit_log_with("139_jit_loops", "jit-summary", rpyjit);
    assert_eq!(out.trim(), PROGRAM_139_OUTPUT);
    let count = |name: &str| summary_count(&summary, name);
    assert_eq!(count("abort: trace too long:"), 0, "{summary:?}");
    assert!(count("segmented traces:") > 0, "{summary:?}");
    assert!(count("guard failures resumed:") < 100, "{summary:?}");
    let (traces, _) = jit_log_with("139_jit_loops", "jit-log-opt", rpyjit);
    let ends = |t: &String| t.trim_end().lines().last().unwrap_or_default().starts_with("guard_always_fails(");
    // (A bridge's header names its guard's code, not itself: the loops'
    // say their numbers.)
    let cut: Vec<&str> = (traces.iter())
        .filter(|t| ends(t))
        .filter_map(|t| t.strip_prefix("# Loop ")?.split_once(' ').map(|(n, _)| n))
        .collect();
    let bridged = |n: &&str| traces.iter().any(|b| b.contains(&format!(" of Loop {n} with")));
    assert!(cut.iter().any(bridged), "no bridge out of a cut loop: {traces:?}");
}

/// Program 155's recursive calls, with a trace limit shorter than their
/// bridges: a bridge too long inside a call from a frame whose position
/// is unknown (its guard's) stops going into calls of that function from
/// there, and is traced again, so the guards do not resume in the JIT's
/// interpreter at each failure.
#[test]
fn bridges_too_long_in_recursive_calls_are_traced_again() {
    let (summary, out) =
        jit_log_with("155_jit_function_trace", "jit-summary", "threshold=1,trace_eagerness=2,trace_limit=30");
    assert_eq!(out, "6765\n");
    let count = |name: &str| summary_count(&summary, name);
    assert!(count("abort: trace too long:") > 0, "{summary:?}");
    assert!(count("guard failures resumed:") < 100, "{summary:?}");
}

/// Program 154's recursive calls with no bridges (`trace_eagerness` out of
/// reach): a guard failing inside a recursive call traced into resumes in
/// the JIT's interpreter only up to the call's next merge point, where the
/// portal goes on with the rest of the call (RPython's blackhole does the
/// same), and the result is the same.
#[test]
fn a_resumed_recursive_call_goes_on_in_the_portal() {
    let (summary, out) =
        jit_log_with("154_jit_recursive_calls", "jit-summary", "threshold=1,trace_eagerness=100000000");
    assert_eq!(out, "727814\n");
    let count = |name: &str| summary_count(&summary, name);
    assert!(count("guard failures resumed:") > 0, "{summary:?}");
    assert!(count("recursive frames handed back:") > 0, "{summary:?}");
    // The blackhole's line counts the same resumes, and their time.
    let blackhole = summary_numbers(&summary, "Blackhole:");
    assert_eq!(blackhole[0] as u64, count("guard failures resumed:"), "{summary:?}");
    assert!(blackhole[1] > 0.0, "{summary:?}");
}

/// Program 149 runs many short-lived programs, each with compiled loops
/// that refer to its code object. Their loops are freed once their code
/// objects die, and the GC counts the JIT's memory with the objects that
/// keep it, so the JIT's memory stays bounded: five times the programs,
/// nearly the same peak of code and of the JIT's memory (code and traces),
/// or a small part of what the loops would hold unfreed (all the code
/// installed), and nearly the same peak of the process's memory.
#[test]
fn loops_of_dead_programs_are_freed() {
    struct Run {
        loops: u64,
        freed: u64,
        code: u64,
        installed: u64,
        memory: u64,
        rss: u64,
        summary: Vec<String>,
    }
    let run = |programs: u64| {
        let env = [("RPY_GC_MIN", "1MB"), ("RPY_PROGRAMS_PEAK_RSS", "1")];
        let stdin = format!("{programs}\n");
        let run = jit_run("149_jit_many_programs", "jit-summary", "threshold=1,trace_eagerness=2", &env, &stdin);
        assert!(run.stdout.starts_with(&format!("programs {programs}, checksum ")), "{}", run.stdout);
        let rss = run.stderr.lines().find_map(|l| l.strip_prefix("peak RSS: ")).expect("peak RSS");
        let count = |name: &str| summary_count(&run.sections, name);
        Run {
            loops: count("Total # of loops:"),
            freed: count("Freed # of loops:"),
            code: count("Code bytes (live, peak):"),
            installed: count("Code bytes installed:"),
            memory: count("JIT memory (live, peak):"),
            rss: rss.trim_end_matches(" kB").parse().unwrap(),
            summary: run.sections,
        }
    };
    // (The first few hundred programs set the peak: a program's code
    // object may live on in a word of the stack, which the collector
    // scans conservatively.)
    // Bounded: nearly the same peak, or a small part of what the loops
    // would hold unfreed. (The peak depends on when major collections
    // come, which differs from one target and profile to another.)
    let (small, large) = (run(1000), run(5000));
    assert!(large.loops >= 5000 && large.freed * 10 >= large.loops * 9, "{:?}", large.summary);
    let unfreed = large.installed;
    let (a, b) = (small.code, large.code);
    assert!(
        b <= 2 * a || b * 10 <= unfreed,
        "code bytes at peak: {a} for 1000 programs, {b} for 5000 ({unfreed} installed)"
    );
    let (a, b) = (small.memory, large.memory);
    assert!(
        b <= 2 * a || b * 2 <= unfreed,
        "JIT memory at peak: {a} for 1000 programs, {b} for 5000 ({unfreed} bytes of code installed)"
    );
    // Without freeing, 8000 more loops would hold 75 MB more. (Under qemu,
    // the AArch64 run, the process is the emulator, whose cache of
    // translated code grows with every new piece of machine code.)
    if cfg!(target_arch = "x86_64") {
        assert!(
            large.rss <= small.rss + 4096,
            "peak RSS: {} kB for 1000 programs, {} kB for 5000",
            small.rss,
            large.rss
        );
    }
}

/// Program 150 keeps its programs alive but runs them in passes, with
/// collections in between: with a `loop_longevity` of 2 collections, the
/// loops of the first pass are freed before the second, which traces them
/// again, and every pass computes what it computes untranslated; with
/// RPython's default (1000) none is freed.
#[test]
fn loops_not_entered_for_loop_longevity_collections_are_freed() {
    let env = [("RPY_GC_COLLECT_EVERY", "300")];
    let rpyjit = "threshold=1,trace_eagerness=2,loop_longevity=2";
    let short = jit_run("150_jit_loop_longevity", "jit-summary", rpyjit, &env, "");
    let long = jit_run("150_jit_loop_longevity", "jit-summary", "threshold=1,trace_eagerness=2", &env, "");
    assert_eq!(short.stdout, long.stdout);
    assert!(short.stdout.starts_with("passes 108085 108085 52670\n"), "{}", short.stdout);
    assert_eq!(summary_count(&long.sections, "Freed # of loops:"), 0, "{:?}", long.sections);
    let (loops, freed) =
        (summary_count(&long.sections, "Total # of loops:"), summary_count(&short.sections, "Freed # of loops:"));
    assert!(freed >= loops, "{loops} loops with the default longevity, {freed} freed with 2:\n{:?}", short.sections);
    assert_eq!(summary_count(&short.sections, "Total # of loops:"), loops + freed, "{:?}", short.sections);
}

/// Program 151 dispatches with a `match` on an enum. Its instructions are
/// constants (items of a list never written, variants' fields never
/// assigned: immutable), so the dispatch folds away: no tag is read in the
/// optimized loops. The `match` on a byte computed at run time is one
/// switch (`merge_if_blocks`), traced as one `guard_value` on the byte.
#[test]
fn matches_trace_as_one_guard_value() {
    let (opt, out) = jit_log("151_jit_switch_dispatch", "jit-log-opt-loop");
    assert!(out.contains("acc=90300 odd=300 ops=2108 kinds=300"), "{out}");
    assert!(!opt.is_empty() && opt.iter().all(|l| !l.contains("Ins.#tag")), "{opt:?}");
    let byte_guards = opt.iter().flat_map(|l| l.lines()).filter(|l| l.starts_with("guard_value(")).count();
    assert!(byte_guards >= 3, "{opt:?}");
}

/// Program 152 fetches each instruction with an elidable function from a
/// list it grew by pushes: the instruction is a constant object, its tag
/// and operands immutable, so no dispatch is left in the loops. The
/// frame's `stack` is immutable: read once, in the preamble, though the
/// loop calls functions. Its counters are mutable, but no call in the loop
/// writes them (`log` writes `calls`): the body never reads them again.
/// Pushes and pops are inline: in the body, where the stack's capacity is
/// known, nothing of them but the items' writes and the length. The writes
/// of the counters wait past `log`, which does not read them, and across
/// the back-edge: the label carries them, the loop's exit does them.
#[test]
fn immutable_reads_fold_and_calls_forget_only_what_they_write() {
    let (opt, out) = jit_log("152_jit_immutable_and_effects", "jit-log-opt-loop");
    assert!(out.contains("total=45150 calls=300 pushes=901 depth=1"), "{out}");
    let unrolled: Vec<&String> = opt.iter().filter(|l| l.contains("\nlabel(")).collect();
    assert!(!unrolled.is_empty(), "{opt:?}");
    for l in &opt {
        assert!(!l.contains("#tag") && !l.contains("guard_value(") && !l.contains("fetch"), "{l}");
        assert!(l.matches("Frame.stack").count() <= 1, "{l}");
    }
    for l in unrolled {
        let body = &l[l.find("\nlabel(").unwrap()..];
        assert!(body.contains("<Call log>") && !body.contains("ll_append") && !body.contains("ll_grow"), "{l}");
        assert!(!body.contains("getfield_gc_i(p0, descr=<FieldS Frame."), "{l}");
        assert_eq!(body.matches("descr=<FieldS Frame.pushes").count(), 0, "{l}");
    }
}

/// Program 153's driver has a `can_enter_jit!`: only where it jumps back
/// counts (RPython's `can_enter_jit`). The function its loop calls through
/// the interpreter runs as often, but is no loop: nothing is traced from
/// it; the one trace is the loop's, from its start.
#[test]
fn a_driver_with_can_enter_jit_traces_only_its_loops() {
    let (summary, out) = jit_log("153_jit_can_enter_jit", "jit-summary");
    assert_eq!(out, "11977\n");
    assert_eq!(summary_numbers(&summary, "Tracing:")[0], 1.0, "{summary:?}");
    assert_eq!(summary_count(&summary, "Total # of loops:"), 1, "{summary:?}");
    let (noopt, _) = jit_log("153_jit_can_enter_jit", "jit-log-noopt-loop");
    let points: Vec<&str> =
        noopt.iter().flat_map(|l| l.lines()).filter(|l| l.starts_with("debug_merge_point")).collect();
    assert!(points.first().is_some_and(|p| p.contains("'pc 0 of 8'")), "{noopt:?}");
}

/// Program 154's loop runs the interpreter again for three functions:
/// the call of the one without a loop is traced into (its merge points at
/// depth 1 in the log); the tracer finds the second one's loop, gives up
/// once (`CalleeLoops`) and calls its code from then on (`call_assembler`);
/// the recursive third is traced into seven levels deep
/// (`max_unroll_recursion`), and its code called below. No call of the
/// translated interpreter is left.
#[test]
fn recursive_calls_are_traced_into_unless_they_loop() {
    let (loops, out) = jit_log("154_jit_recursive_calls", "jit-log-opt-loop");
    assert_eq!(out, "727814\n");
    let main = loops.iter().find(|l| l.contains("'pc 6 of 20'")).expect("the main loop");
    assert!(!main.contains("<Call interpret>"), "{main}");
    assert_eq!(hot_body(main).matches("call_assembler_i(").count(), 2, "{main}");
    assert!(main.contains("debug_merge_point(0, 1, 'pc 6 of 20')"), "{main}");
    assert!(!main.contains("'pc 10 of 20'"), "{main}");
    assert!(main.contains("debug_merge_point(0, 7, 'pc 17 of 20')"), "{main}");
    assert!(!main.contains("debug_merge_point(0, 8, "), "{main}");
    let (aborts, _) = jit_log("154_jit_recursive_calls", "jit-abort");
    assert_eq!(aborts.iter().filter(|a| a.contains("CalleeLoops")).count(), 1, "{aborts:?}");
}

/// Program 234 calls the interpreter on code taken from its machine's
/// state (a red): traced into, the callee's greens are promoted at its
/// merge point (one `guard_value` on its code), so its elidable fetches of
/// instructions fold and nothing dispatches on them (without the
/// promotion, each was a call and a guard on the instruction read).
#[test]
fn a_recursive_call_traced_into_promotes_the_callees_greens() {
    let (loops, out) = jit_log("234_jit_recursive_call_of_a_red_function", "jit-log-opt-loop");
    assert_eq!(out, "6003000\n");
    let main = loops.iter().find(|l| l.contains("'pc 0 of 4'")).expect("the main loop");
    assert!(!main.contains("<Call fetch>"), "{main}");
    assert!(!main.contains("Op.#tag"), "{main}");
    assert!(!main.contains("call_assembler"), "{main}");
    assert!(main.contains("guard_value(p"), "{main}");
}

/// Program 235's main loop goes into a call that loops only on every
/// hundredth turn; the bridge of the guard that fails inside the call meets
/// the call's loop, where the rest of the call becomes a `call_assembler`
/// (the call site is not known in the bridge, so it cannot be refused for
/// a trace tried again). Given up instead, the guard failed into the
/// interpreter every hundredth turn: 300 times.
#[test]
fn a_bridge_inside_a_call_that_loops_calls_the_rest_of_it() {
    let (summary, out) = jit_log("235_jit_bridge_inside_a_looping_call", "jit-summary");
    assert_eq!(out, "330300\n");
    let resumed = summary_count(&summary, "guard failures resumed:");
    assert!(resumed < 20, "{summary:?}");
    let (bridges, _) = jit_log("235_jit_bridge_inside_a_looping_call", "jit-log-opt-bridge");
    assert!(bridges.iter().any(|b| b.contains("call_assembler_n(")), "{bridges:?}");
}

/// Program 243's outer loop is traced on a turn where its inner loop runs
/// none (the inner loop runs every fourth turn only, and does not get hot by
/// itself). The bridge of the guard sending a turn into the inner loop goes
/// through the inner loop's key twice and closes the inner loop there, going
/// on into it: no trace passes that key twice but the inner loop's own.
/// (Unrolling the inner loop's turns up to the outer loop's key, each other
/// count of turns failed a guard of the copy into a bridge of its own.)
#[test]
fn a_bridge_through_an_inner_loops_key_twice_closes_that_loop() {
    let rpyjit = "trace_eagerness=20";
    let (loops, out) = jit_log_with("243_jit_bridge_inner_loop", "jit-log-opt-loop", rpyjit);
    assert_eq!(out, "\"i=6000 total=3000 odd=2000\"\n");
    let (bridges, _) = jit_log_with("243_jit_bridge_inner_loop", "jit-log-opt-bridge", rpyjit);
    let at_inner_key = |t: &String| t.matches("debug_merge_point(0, 0, '3, ").count();
    let outer = loops.iter().find(|l| l.contains("debug_merge_point(0, 0, '1, ")).expect("the outer loop");
    assert!(!outer.contains("debug_merge_point(0, 0, '4, "), "traced with the inner loop running: {outer}");
    let inner = loops.iter().filter(|l| at_inner_key(l) > 0 && !l.contains("debug_merge_point(0, 0, '1, ")).count();
    assert_eq!(inner, 1, "{loops:?}");
    assert!(bridges.iter().all(|b| at_inner_key(b) <= 1), "{bridges:?}");
}

/// Program 236 makes objects with a quasi-immutable field in its loop,
/// which also reads a constant one's: setting up a new object is not a
/// write any code can have read, so the loop is compiled, new objects and
/// all (the tracer gave it up at every try: `QuasiImmutableWrite`).
#[test]
fn setting_up_a_new_object_is_no_quasi_immutable_write() {
    let (aborts, out) = jit_log("236_jit_new_objects_with_quasi_immutable_fields", "jit-abort");
    assert_eq!(out, "13539004\n");
    assert!(aborts.iter().all(|a| !a.contains("QuasiImmutableWrite")), "{aborts:?}");
    let (loops, _) = jit_log("236_jit_new_objects_with_quasi_immutable_fields", "jit-log-opt-loop");
    let main = loops.first().expect("the loop");
    assert!(main.contains("guard_not_invalidated") && main.contains("setfield_gc(p"), "{main}");
}

/// Program 237's loop reads the items of a list held in one of its
/// frame's registers at a variable index: that array is no array of the
/// frame's (it was reached through a value read from a register), so the
/// registers the loop writes stay in the machine's registers, their boxed
/// values never made (they were written back, a new box each, before the
/// read).
#[test]
fn a_list_reached_through_a_register_is_not_the_frames() {
    let (loops, out) = jit_log("237_jit_virtualizable_registers_read_lists", "jit-log-opt-loop");
    assert_eq!(out, "59990000\n");
    let main = loops.first().expect("the inner loop");
    let body = hot_body(main);
    assert!(body.contains("getarrayitem_gc_r("), "{main}");
    assert!(!body.contains("new(") && !body.contains("setarrayitem_gc("), "{main}");
}

/// Program 232's portal returns a `Result` (two leaves: no token can call
/// its code), and its loop calls a function with a loop of its own: the
/// tracer gives up once (`CalleeLoops`) and makes the call a residual call
/// of the interpreter from then on (it used to trace into it again, and
/// give up again, at every turn).
#[test]
fn a_callee_with_a_loop_and_no_token_is_called_residually() {
    let (loops, out) = jit_log("232_jit_callee_loops_no_token", "jit-log-opt-loop");
    assert_eq!(out, "2100\n");
    let main = loops.iter().find(|l| l.contains("(0, 0, 'pc 0 of 10')")).expect("the main loop");
    assert!(hot_body(main).contains("<Call interpret>"), "{main}");
    assert!(!main.contains("call_assembler"), "{main}");
    let (aborts, _) = jit_log("232_jit_callee_loops_no_token", "jit-abort");
    assert_eq!(aborts.iter().filter(|a| a.contains("CalleeLoops")).count(), 1, "{aborts:?}");
}

/// Program 163's calls of the interpreter that the tracer goes no deeper
/// into (the function with a loop of its own, the recursion below seven
/// levels) run the callee's code directly (`call_assembler`): no loop or
/// bridge calls the translated interpreter; the main loop makes the
/// callee's frame (it escapes into the call) and calls through a token.
#[test]
fn calls_the_tracer_goes_no_deeper_into_are_calls_of_compiled_code() {
    let (loops, out) = jit_log("163_jit_call_assembler", "jit-log-opt-loop");
    assert_eq!(out, "2584000215983\n");
    let (bridges, _) = jit_log("163_jit_call_assembler", "jit-log-opt-bridge");
    for trace in loops.iter().chain(&bridges) {
        assert!(!trace.contains("<Call interpret>"), "{trace}");
    }
    let main = loops.iter().find(|l| l.contains("(0, 0, 'pc 9 of 12')")).expect("the main loop");
    let body = hot_body(main);
    assert_eq!(body.matches("call_assembler_r(").count(), 1, "{main}");
    assert!(body.contains("new(descr=<SizeDescr Frame>)"), "{main}");
    let calling = bridges.iter().filter(|b| b.contains("call_assembler_r(")).count();
    assert!(calling >= 1, "{bridges:?}");
}

/// With `inlining=0` no call becomes a `call_assembler` (RPython's
/// assembler calls go with inlining): program 163's calls of the
/// interpreter are residual.
#[test]
fn inlining_off_makes_no_call_assembler() {
    let (loops, out) = jit_log_with("163_jit_call_assembler", "jit-log-opt-loop", "threshold=1,inlining=0");
    assert_eq!(out, "2584000215983\n");
    assert!(loops.iter().all(|l| !l.contains("call_assembler")), "{loops:?}");
    assert!(loops.iter().any(|l| l.contains("<Call interpret>")), "{loops:?}");
}

/// Program 164's loop reads a quasi-immutable field of a promoted object:
/// the read is a constant in the loop, guarded by `guard_not_invalidated`
/// (once per stretch without calls). Each write of the field invalidates
/// the loop, which is traced again with the new value: loops multiply by
/// 3, then by 4, ...; the run computes what it computes untranslated.
#[test]
fn quasi_immutable_fields_are_constants_until_written() {
    let (loops, out) = jit_log("164_jit_quasi_immutable", "jit-log-opt-loop");
    assert_eq!(out, "20383250\n");
    for l in &loops {
        assert!(!l.contains("Config.step"), "{l}");
        assert!(hot_body(l).matches("guard_not_invalidated(").count() <= 1, "{l}");
    }
    for step in 3..=8 {
        let multiplies = format!(", {step})\n");
        let reading = |l: &&String| l.contains("guard_not_invalidated(") && l.contains(&multiplies);
        assert!(loops.iter().any(|l| reading(&l)), "step {step}: {loops:?}");
    }
}

/// Program 165's frame is the driver's virtualizable: the helper its loop
/// calls may write any frame and any stack's items, but it is not given
/// the loop's frame, so the loop's body neither writes the stack before
/// the call nor reads it again after (without the declaration it does
/// both); the frame's fields and its stack's items are neither read nor
/// written in the body (its guards write them when they fail).
#[test]
fn a_call_not_given_the_virtualizable_frame_leaves_it_in_registers() {
    let (loops, out) = jit_log("165_jit_virtualizable", "jit-log-opt-loop");
    assert_eq!(out, "9006000\n");
    let unrolled = loops.iter().filter(|l| is_unrolled(l));
    let body = unrolled.map(|l| hot_body(l)).find(|b| b.contains("<Call twice>")).expect("a loop calling twice");
    for op in ["getarrayitem_gc", "setarrayitem_gc", "getfield_gc", "setfield_gc"] {
        assert!(!body.contains(op), "{op}: {body}");
    }
}

/// Program 155's function has no loop and recurses: its entries get hot
/// and it is traced from its start; the trace ends where the interpreter
/// returns, with a `finish` of the result, and so do the bridges of its
/// guards (with the recursive calls traced into).
#[test]
fn a_function_without_a_loop_is_traced_from_its_start_to_its_return() {
    let (loops, out) = jit_log("155_jit_function_trace", "jit-log-opt-loop");
    assert_eq!(out, "6765\n");
    let first = loops.first().expect("a trace");
    assert!(first.contains("debug_merge_point(0, 0, 'pc 0 of 5')"), "{first}");
    assert!(first.trim_end().lines().last().is_some_and(|l| l.starts_with("finish(")), "{first}");
    let (bridges, _) = jit_log("155_jit_function_trace", "jit-log-opt-bridge");
    let finishing = bridges.iter().filter(|b| b.contains("\nfinish(")).count();
    assert!(finishing >= 2, "{bridges:?}");
    assert!(bridges.iter().any(|b| b.contains("debug_merge_point(0, 1, ")), "{bridges:?}");
}

/// `RPYJIT=inlining=0`: recursive calls are never traced into; program
/// 154's loop calls the interpreter for each of its three functions.
#[test]
fn inlining_off_makes_every_recursive_call_residual() {
    let (loops, out) = jit_log_with("154_jit_recursive_calls", "jit-log-opt-loop", "threshold=1,inlining=0");
    assert_eq!(out, "727814\n");
    assert!(loops.iter().all(|l| !l.contains("debug_merge_point(0, 1, ")), "{loops:?}");
    let main = loops.iter().find(|l| l.contains("'pc 0 of 20'")).expect("the main loop");
    for f in [6, 10, 14] {
        assert!(main.contains(&format!("), {f}, ")), "{f}: {main}");
    }
}

/// `RPYJIT=decay=...`: every 32 collections, every count decays. Program
/// 142 allocates every turn of its loop (300 turns); collecting at every
/// allocation, with a threshold of 250: with no decay the loop gets hot;
/// with `decay=1000` its count is gone every 32 collections, and nothing
/// is traced.
#[test]
fn decay_forgets_counts_every_32_collections() {
    let loops = |decay: u32| {
        let env = [("RPY_GC_COLLECT_EVERY", "1"), ("RPY_GC_MIN", "0")];
        let run = jit_run("142_jit_virtuals", "jit-summary", &format!("threshold=250,decay={decay}"), &env, "");
        assert!(run.stdout.contains("acc=202735 escapes=60"), "{}", run.stdout);
        // (No summary when nothing was traced.)
        if run.sections.is_empty() {
            0
        } else {
            summary_count(&run.sections, "Total # of loops:")
        }
    };
    assert_eq!((loops(0), loops(1000)), (1, 0));
}

/// `RPYJIT=enable_opts=...` without `unroll`: program 151's loops have no
/// preamble, no `label` (with it, they have: `bridges_enter_loops_at_their_label`).
#[test]
fn enable_opts_without_unroll_leaves_loops_without_a_label() {
    let rpyjit = "threshold=1,trace_eagerness=2,enable_opts=intbounds:rewrite:virtualize:string:pure:earlyforce:heap";
    let (loops, out) = jit_log_with("151_jit_switch_dispatch", "jit-log-opt-loop", rpyjit);
    assert!(out.contains("acc=90300 odd=300 ops=2108 kinds=300"), "{out}");
    assert!(!loops.is_empty() && loops.iter().all(|l| !l.contains("label(")), "{loops:?}");
}

/// `RPYJIT=disable_unrolling=1`: program 151's loops, longer than one
/// operation, are not unrolled.
#[test]
fn disable_unrolling_leaves_longer_loops_without_a_label() {
    let (loops, out) = jit_log_with(
        "151_jit_switch_dispatch",
        "jit-log-opt-loop",
        "threshold=1,trace_eagerness=2,disable_unrolling=1",
    );
    assert!(out.contains("acc=90300 odd=300 ops=2108 kinds=300"), "{out}");
    assert!(!loops.is_empty() && loops.iter().all(|l| !l.contains("label(")), "{loops:?}");
}

/// `RPYJIT=enable_opts=...` without `virtualize`: program 142's loops
/// allocate the objects they make (with it, none:
/// `virtuals_are_not_allocated_until_they_escape`).
#[test]
fn enable_opts_without_virtualize_allocates_every_object() {
    let rpyjit = "threshold=1,trace_eagerness=2,enable_opts=intbounds:rewrite:string:pure:earlyforce:heap:unroll";
    let (loops, out) = jit_log_with("142_jit_virtuals", "jit-log-opt-loop", rpyjit);
    assert!(out.contains("acc=202735 escapes=60 sum=9150 kept=3 keeps=43 f=2316"), "{out}");
    assert!(!loops.is_empty() && loops.iter().all(|l| l.contains("= new(")), "{loops:?}");
}

/// `RPYJIT=enable_opts=...` without `heap`: program 152's loops read the
/// frame's `stack` again and again (with it, once:
/// `immutable_reads_fold_and_calls_forget_only_what_they_write`).
#[test]
fn enable_opts_without_heap_reads_fields_again() {
    let rpyjit = "threshold=1,trace_eagerness=2,enable_opts=intbounds:rewrite:virtualize:string:pure:earlyforce:unroll";
    let (loops, out) = jit_log_with("152_jit_immutable_and_effects", "jit-log-opt-loop", rpyjit);
    assert!(out.contains("total=45150 calls=300 pushes=901 depth=1"), "{out}");
    assert!(!loops.is_empty() && loops.iter().all(|l| l.matches("Frame.stack").count() > 1), "{loops:?}");
}

/// The integer operations computed more than once with the same operands
/// between two labels of the traces `logs`.
fn repeated_operations(logs: &[String]) -> Vec<&str> {
    let mut repeated = Vec::new();
    for stretch in logs.iter().flat_map(|l| l.split("\nlabel(")) {
        let mut seen = std::collections::HashSet::new();
        for (_, op) in stretch.lines().filter_map(|l| l.split_once(" = ")) {
            if (op.starts_with("int_") || op.starts_with("uint_")) && !seen.insert(op) {
                repeated.push(op);
            }
        }
    }
    repeated
}

/// `RPYJIT=enable_opts=...` without `pure`: program 151's loops compute
/// the same operation on the same operands more than once; with it, never.
#[test]
fn enable_opts_without_pure_computes_operations_again() {
    let (all, _) = jit_log("151_jit_switch_dispatch", "jit-log-opt-loop");
    assert_eq!(repeated_operations(&all), Vec::<&str>::new());
    let rpyjit = "threshold=1,trace_eagerness=2,enable_opts=intbounds:rewrite:virtualize:string:earlyforce:heap:unroll";
    let (loops, out) = jit_log_with("151_jit_switch_dispatch", "jit-log-opt-loop", rpyjit);
    assert!(out.contains("acc=90300 odd=300 ops=2108 kinds=300"), "{out}");
    assert!(!repeated_operations(&loops).is_empty(), "{loops:?}");
}

/// `RPYJIT=enable_opts=...` without `intbounds`: program 139's traces that
/// check `2 < len` of the registers check `1 < len` too (with it, the
/// trace entering the inner loop does not:
/// `bounds_known_from_one_check_drop_the_next_and_enter_the_label`).
#[test]
fn enable_opts_without_intbounds_keeps_bounds_checks_known_to_hold() {
    let rpyjit = "threshold=1,trace_eagerness=2,enable_opts=rewrite:virtualize:string:pure:earlyforce:heap:unroll";
    let (loops, out) = jit_log_with("139_jit_loops", "jit-log-opt-loop", rpyjit);
    assert!(out.contains("acc=4813428 bytes=156 f=1000 nodes=820 sum=11480 small=8"), "{out}");
    let checking: Vec<&String> = loops.iter().filter(|l| l.contains("= uint_ge(2, ")).collect();
    assert!(!checking.is_empty(), "{loops:?}");
    for l in checking {
        assert!(l.contains("= uint_ge(1, "), "{l}");
    }
}

/// The integer operations of the traces `logs` whose operands are all
/// constants (`i3 = int_eq(7, 7)`).
fn operations_on_constants(logs: &[String]) -> Vec<&str> {
    (logs.iter().flat_map(|l| l.lines()))
        .filter(|l| {
            let Some((_, op)) = l.split_once(" = ") else { return false };
            let Some((name, args)) = op.strip_suffix(')').and_then(|o| o.split_once('(')) else { return false };
            (name.starts_with("int_") || name.starts_with("uint_"))
                && args.split(", ").all(|a| a.parse::<i64>().is_ok())
        })
        .collect()
}

/// `RPYJIT=enable_opts=...` without `rewrite`: program 141's loops keep
/// operations on constants (the comparisons of its instructions' tags,
/// constants); with it, they fold.
#[test]
fn enable_opts_without_rewrite_leaves_operations_on_constants() {
    let (all, _) = jit_log("141_jit_unroll", "jit-log-opt-loop");
    assert_eq!(operations_on_constants(&all), Vec::<&str>::new());
    let rpyjit = "threshold=1,trace_eagerness=2,enable_opts=intbounds:virtualize:string:pure:earlyforce:heap:unroll";
    let (loops, out) = jit_log_with("141_jit_unroll", "jit-log-opt-loop", rpyjit);
    assert!(out.contains("sum=4530 laps=3 q=5013 k=60 total=1860 mode=7 steps=60"), "{out}");
    assert!(!operations_on_constants(&loops).is_empty(), "{loops:?}");
}

/// `RPYJIT=enable_opts=...` without `string` and `earlyforce`: nothing
/// changes (rpy's optimizer has no pass of theirs). Program 151's loops
/// are the same but for the addresses of constants.
#[test]
fn enable_opts_without_string_and_earlyforce_changes_nothing() {
    let text = |rpyjit: &str| {
        let (loops, _) = jit_log_with("151_jit_switch_dispatch", "jit-log-opt-loop", rpyjit);
        let mut text = String::new();
        for word in loops.concat().split_inclusive(|c: char| !c.is_ascii_alphanumeric()) {
            text.push_str(if word.starts_with("0x") { "0x" } else { word });
        }
        text
    };
    let without = text("threshold=1,trace_eagerness=2,enable_opts=intbounds:rewrite:virtualize:pure:heap:unroll");
    assert!(without.contains("label("), "{without}");
    assert_eq!(without, text("threshold=1,trace_eagerness=2"));
}

/// What rpy does not do (unroll loops more than once) takes only
/// RPython's default: another value stops the program at its first merge
/// point, with status 2 and a message saying why.
#[test]
fn parameters_rpy_does_not_honor_stop_the_program() {
    for (rpyjit, message) in
        [("max_unroll_loops=1", "`max_unroll_loops` must be 0: rpy does not unroll a loop more than once")]
    {
        let out = Command::new(env!("CARGO_BIN_EXE_rpy-programs"))
            .args(["152_jit_immutable_and_effects", "translated"])
            .env("RPYJIT", rpyjit)
            .output()
            .expect("run rpy-programs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{rpyjit}: {stderr}");
        assert!(stderr.contains(&format!("rpy: bad RPYJIT=\"{rpyjit}\": {message}")), "{rpyjit}: {stderr}");
    }
    let defaults = "threshold=1,retrace_limit=0,max_retrace_guards=15,max_unroll_loops=0";
    let (_, out) = jit_log_with("152_jit_immutable_and_effects", "jit-summary", defaults);
    assert!(out.contains("total=45150 calls=300 pushes=901 depth=1"), "{out}");
}

/// Program 162's loop clones a string, appends to the clone and formats a
/// number into a fresh string: the copies of items are `arraycopy` calls
/// inline in the trace (no call of `to_string`, `push_str` or the list
/// helpers), and the clone that is copied again at once is never made:
/// the body copies each string's bytes once into the array it ends in
/// (one `new_array` of bytes for the grown clone, one for the number's
/// text, and the copy of the string kept).
#[test]
fn copies_of_strings_are_copies_of_their_bytes_made_once() {
    let (loops, out) = jit_log("162_list_copies", "jit-log-opt-loop");
    assert!(out.contains("(16868, \"ab2996ab2997ab2998ab2999ab\")"), "{out}");
    let l = loops.iter().find(|l| is_unrolled(l)).expect("an unrolled loop");
    let body = hot_body(l);
    for name in ["to_string", "push_str", "ll_extend", "ll_grow", "__vec_slice"] {
        assert!(!body.contains(name), "{name}: {l}");
    }
    let byte_arrays = ops_named(body, "new_array").iter().filter(|op| op.contains("<ArrayU 1>")).count();
    assert!(byte_arrays <= 3, "{byte_arrays} arrays of bytes:\n{l}");
    assert!(count_ops(body, "call_n") >= 3, "{l}");
}

/// Every backend of the machine (`RPYJIT=backend=...`: the x64 one and
/// Cranelift on x86-64) runs the suite's JIT programs with the JIT forced
/// hot as the program runs untranslated: same output, same status.
#[test]
fn every_backend_runs_the_jit_programs_as_untranslated() {
    let backends: &[&str] = if cfg!(target_arch = "x86_64") { &["x64", "cranelift"] } else { &["cranelift"] };
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut programs: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .filter(|name| name.contains("_jit_"))
        .collect();
    programs.sort();
    assert!(programs.len() >= 30, "{programs:?}");
    for program in &programs {
        let plain = run_program(program, "untranslated", &[], "");
        for backend in backends {
            let rpyjit = format!("{HOT},backend={backend}");
            let out = run_program(program, "translated", &[("RPYJIT", rpyjit.as_str())], "");
            assert_eq!(
                (out.status.code(), String::from_utf8_lossy(&out.stdout)),
                (plain.status.code(), String::from_utf8_lossy(&plain.stdout)),
                "{program} with backend={backend}:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

/// Program 239's inner loop gets hot on a turn that leaves it at once: its
/// loop as traced goes round the outer loop, and that loop's guard on the
/// inner loop going on fails on nearly every entry. The guard's bridge
/// traces the inner loop's next turn again, as a loop of its own that the
/// bridge goes on into (`jit-retrace`, RPython's retrace): an unrolled loop
/// whose body is the inner loop's turn alone. Without
/// retraces (`retrace_limit=0`), every turn of the inner loop goes through
/// a bridge back to the outer loop's preamble.
#[test]
fn a_loop_traced_on_an_unusual_turn_is_traced_again_from_its_bridge() {
    let expected = "i=60 total=1770 odd=900";
    let (retraces, out) = jit_log("239_jit_retrace", "jit-retrace");
    assert!(out.contains(expected), "{out}");
    let [retrace] = retraces.as_slice() else { panic!("one retrace expected: {retraces:?}") };
    // "Loop N from Guard 0xK of Loop M (..)"
    let words: Vec<&str> = retrace.split_whitespace().collect();
    let (new, guard, old) = (words[1], words[4], words[7]);
    let (loops, _) = jit_log("239_jit_retrace", "jit-log-opt-loop");
    let new_loop = loops.iter().find(|l| l.starts_with(&format!("# Loop {new} "))).expect("the loop traced again");
    let body = &new_loop[new_loop.find("\nlabel(").expect("unrolled")..];
    let positions: Vec<&str> = (body.lines())
        .filter_map(|l| l.strip_prefix("debug_merge_point(0, 0, '"))
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert!(!positions.is_empty() && positions.iter().all(|p| ["2", "3", "4", "5"].contains(p)), "{new_loop}");
    // The guard's bridge jumps elsewhere than without retraces (back to
    // its loop's start): into the loop traced again.
    let header = format!("# bridge out of Guard {guard} of Loop {old} ");
    let jump = |rpyjit: &str| {
        let (bridges, _) = jit_log_with("239_jit_retrace", "jit-log-opt-bridge", rpyjit);
        let bridge = bridges.iter().find(|b| b.starts_with(&header)).expect("the guard's bridge").clone();
        let last = bridge.trim_end().lines().last().unwrap_or("").to_string();
        assert!(last.starts_with("jump("), "{bridge}");
        last
    };
    let no_retraces = "threshold=1,trace_eagerness=2,retrace_limit=0";
    assert_ne!(jump(HOT), jump(no_retraces));
    let (none, out) = jit_log_with("239_jit_retrace", "jit-retrace", no_retraces);
    assert!(out.contains(expected) && none.is_empty(), "{none:?}");
}

/// Program 245's loop calls a function that starts itself again in its
/// frame twice (a tail call, no `can_enter_jit!`): the tracer goes through
/// the restarts, so the loop makes no call, of compiled code or of the
/// interpreter, and no trace is given up on a loop of the callee.
#[test]
fn a_function_starting_again_in_its_frame_is_traced_through() {
    let (loops, out) = jit_log("245_jit_tail_call_same_function", "jit-log-opt-loop");
    assert_eq!(out, "135450\n");
    let main = loops.iter().find(|l| l.contains("(0, 0, 'pc 0 of 7')")).expect("the main loop");
    assert!(!main.contains("call_assembler") && !main.contains("<Call interpret>"), "{main}");
    let (aborts, _) = jit_log("245_jit_tail_call_same_function", "jit-abort");
    assert!(aborts.iter().all(|a| !a.contains("CalleeLoops")), "{aborts:?}");
}
