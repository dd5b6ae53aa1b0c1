//! GC stress: programs that allocate far more than they keep, translated,
//! with a collection forced every few hundred allocations
//! (`RPY_GC_COLLECT_EVERY`). Output must equal the untranslated run's, and
//! peak memory must stay bounded: the bounds are over the peak of a trivial
//! program in the same binary (the binary itself, which holds the whole
//! suite, and under qemu the emulator).

mod support;

fn run(name: &str, mode: &str, env: &[(&str, &str)]) -> (String, String, Option<i32>) {
    let mut env = env.to_vec();
    env.push(("RPY_PROGRAMS_PEAK_RSS", "1"));
    let out = support::run_program(name, mode, &env, "");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// The peak RSS the program printed; `None` when it ended in a panic.
fn peak_rss_kb(stderr: &str) -> Option<u64> {
    stderr.lines().find_map(|l| l.strip_prefix("peak RSS: ")).and_then(|v| v.trim_end_matches(" kB").parse().ok())
}

fn stress(name: &str, every: &[&str], max_rss_kb: u64) {
    let (_, baseline, _) = run("01_fib", "translated", &[]);
    let baseline = peak_rss_kb(&baseline).expect("01_fib reports its peak RSS");
    let (want, _, want_status) = run(name, "untranslated", &[]);
    for &every in every {
        let (got, stderr, status) = run(name, "translated", &[("RPY_GC_COLLECT_EVERY", every), ("RPY_GC_MIN", "0")]);
        assert_eq!(status, want_status, "{name} with RPY_GC_COLLECT_EVERY={every}: {stderr}");
        assert_eq!(got, want, "{name} with RPY_GC_COLLECT_EVERY={every}");
        match peak_rss_kb(&stderr) {
            Some(rss) => assert!(
                rss <= baseline + max_rss_kb,
                "{name}: peak RSS {rss} kB > {max_rss_kb} kB over the baseline of {baseline} kB"
            ),
            None => assert_eq!(status, Some(101), "{name}: no peak RSS reported"),
        }
    }
}

/// Binary trees up to depth 16 (131071 nodes of 32 bytes live at once):
/// the peak stays within 64 MB over the baseline, a few times the live data.
#[test]
fn binary_trees_with_constant_collections() {
    stress("74_binary_trees", &["300"], 64 * 1024);
}

/// A linked list and lists of lists, collecting at every allocation too.
#[test]
fn lists_with_constant_collections() {
    stress("72_linked_list", &["1", "300"], 32 * 1024);
    stress("73_lists", &["1", "300"], 32 * 1024);
}

/// Strings built by appending, formatting and concatenation, most of them
/// dropped at once; items copied from list to list (new objects into old
/// lists: the copy's write barrier).
#[test]
fn strings_with_constant_collections() {
    stress("93_string_building", &["1", "300"], 32 * 1024);
    stress("162_list_copies", &["1", "7", "300"], 32 * 1024);
}

/// Integers of an enum as tagged words and as objects, side by side in
/// lists, fields and maps: the collector skips the words.
#[test]
fn tagged_words_with_constant_collections() {
    stress("252_tagged_ints", &["1", "300"], 32 * 1024);
}

/// The JIT's machine with a linked list growing in its inner loop, and
/// the loops whose objects and arrays are virtual (made when a guard fails, while the
/// guard's other values are only in the frame the compiled code left):
/// the collections happen while compiled loops, bridges and the JIT's
/// interpreters run, and must find the objects only they hold. Also:
/// writes and virtual objects a loop's label carries (made when a guard
/// fails), recursive calls traced into or run by `call_assembler`, traces
/// that return, items copied between lists by residual calls, items moved
/// within a list (`insert`, `remove`), objects that are values of an enum
/// themselves (unboxed variants), integers that are tagged words.
#[test]
fn jit_loops_with_constant_collections() {
    let programs = [
        "139_jit_loops",
        "142_jit_virtuals",
        "145_jit_virtual_arrays",
        "152_jit_immutable_and_effects",
        "154_jit_recursive_calls",
        "155_jit_function_trace",
        "162_list_copies",
        "163_jit_call_assembler",
        "164_jit_quasi_immutable",
        "165_jit_virtualizable",
        "250_vec_insert_remove",
        "251_unboxed_variants",
        "253_jit_tagged_ints",
    ];
    jit_stress(&programs, &["1", "7", "300"]);
}

/// Compiled code refers to objects the program drops: code objects of
/// short-lived programs (green keys), results of elidable calls only the
/// trace holds, promoted objects of one run. Their memory is reused while
/// the code lives; every run must still compute what it computes
/// untranslated.
#[test]
fn jit_code_keeps_its_objects_alive() {
    let programs =
        ["146_jit_fresh_code", "147_jit_elidable_fresh", "148_jit_promote_short_lived", "150_jit_loop_longevity"];
    jit_stress(&programs, &["1", "7", "100"]);
}

/// Programs run translated with the JIT forced hot, collecting every `every`
/// allocations, print what they print untranslated; also with loops freed
/// two collections after they were last entered, while their green keys
/// are alive (then traced again).
fn jit_stress(programs: &[&str], every: &[&str]) {
    for &program in programs {
        let (want, _, _) = run(program, "untranslated", &[]);
        for &every in every {
            for rpyjit in ["threshold=1,trace_eagerness=2", "threshold=1,trace_eagerness=2,loop_longevity=2"] {
                let env = [("RPY_GC_COLLECT_EVERY", every), ("RPY_GC_MIN", "0"), ("RPYJIT", rpyjit)];
                let (got, stderr, status) = run(program, "translated", &env);
                assert_eq!(status, Some(0), "{program} RPY_GC_COLLECT_EVERY={every} RPYJIT={rpyjit}: {stderr}");
                assert_eq!(got, want, "{program} RPY_GC_COLLECT_EVERY={every} RPYJIT={rpyjit}");
            }
        }
    }
}

/// `RPYLOG=gc-collect` writes a section per collection (as PyPy's
/// `PYPYLOG=gc-collect` does): its kind, the heap before and after, what
/// survived; as many of each kind as the statistics count at exit.
#[test]
fn every_collection_is_logged() {
    let env = [("RPY_GC_MIN", "1MB"), ("RPY_GC_STATS", "1")];
    let run = support::jit_run("74_binary_trees", "gc-collect", "off", &env, "");
    let count = |kind: &str| {
        let logged = run.sections.iter().filter(|s| s.starts_with(&format!("{kind}: heap "))).count() as u64;
        let stats = run
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix("rpy gc: ")?.split_once(&format!(" {} collections,", kind.to_lowercase())))
            .map(|(n, _)| n.parse::<u64>().unwrap());
        (logged, stats)
    };
    // Each line's figures agree: what survived is no more than what was
    // there, and the heap is at least its blocks.
    for s in &run.sections {
        let words: Vec<&str> = s.split_whitespace().collect();
        let number = |after: &str, k: usize| -> u64 {
            let at = words.iter().position(|w| *w == after).unwrap_or_else(|| panic!("no {after:?} in {s}"));
            words[at + k].trim_start_matches('(').parse().unwrap_or_else(|_| panic!("{s}"))
        };
        let (heap_after, blocks, spare) = (number("heap", 3), number("bytes", 1), number("use,", 1));
        assert!((blocks + spare) * 256 * 1024 <= heap_after, "{s}");
        assert!(number("objects", 3) <= number("objects", 1), "{s}");
    }
    let (minor, major) = (count("Minor"), count("Major"));
    assert!(minor.0 > 0 && major.0 > 0, "{minor:?} {major:?}:\n{:?}", run.sections);
    assert_eq!(minor.0 + major.0, run.sections.len() as u64, "{:?}", run.sections);
    assert_eq!((Some(minor.0), Some(major.0)), (minor.1, major.1), "{}", run.stderr);
}
