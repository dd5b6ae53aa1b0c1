//! The heap programs, compiled by rpy-llvm, run with rpy-runtime's GC:
//! with the default configuration (inline allocation), with a small heap
//! (collections while the programs run, on the inline path's refills), and
//! with a collection at every allocation; objects handed to Rust survive
//! collections and garbage churn between calls; old objects get pointers to
//! new ones stored into them (the write barrier) between minor collections.
//! Every result is compared with the LLInterpreter's.
//!
//! The GC is one per process and translated code runs under its lock, so
//! the tests (threads) take turns inside `with_gc`; each sets the
//! configuration it needs there and restores the previous one.

use rpy_core::llinterp::{interpret, LlValue};
use rpy_llvm_heaptests::gc::{self, with_gc, Config, TypeInfo};
use rpy_llvm_heaptests::programs::{programs, Programs};
use rpy_llvm_heaptests::{call, LLVM_CLASS_SIZES, LLVM_HDR_TRACK, LLVM_SIZE_CLASSES};
use std::sync::OnceLock;

fn progs() -> &'static Programs {
    static P: OnceLock<Programs> = OnceLock::new();
    P.get_or_init(programs)
}

/// What the LLInterpreter computes for the `Signed` entry point `name`.
fn llinterp(name: &str, args: &[i64]) -> i64 {
    let p = progs();
    let values = args.iter().map(|a| LlValue::Int(*a as i128)).collect();
    match interpret(&p.t, p.entry(name).graph, values) {
        Ok(LlValue::Int(v)) => v as i64,
        other => panic!("{name}{args:?} in the LLInterpreter: {other:?}"),
    }
}

type ConfigChange = fn(&mut Config);

/// Runs `f` inside the GC with the configuration changed by `change`;
/// returns its result and the number of collections during it. A major
/// collection first makes the policy depend on what `f` allocates only, not
/// on what earlier tests left live at the last major collection.
fn with_config<R>(change: impl FnOnce(&mut Config), f: impl FnOnce() -> R) -> (R, u64) {
    with_gc(|| {
        let mut cfg = gc::config();
        change(&mut cfg);
        let old = gc::set_config(cfg);
        gc::collect();
        let before = gc::stats().collections;
        let r = f();
        let collections = gc::stats().collections - before;
        gc::set_config(old);
        (r, collections)
    })
}

fn run(name: &str, args: &[i64]) -> i64 {
    // SAFETY: inside `with_gc` (every caller), `Signed` arguments only.
    unsafe { call(name, args) }
}

/// The entry points that take and return `Signed`s only.
fn scalar_entries() -> Vec<(&'static str, Vec<Vec<i64>>)> {
    progs().entries.iter().filter(|e| !e.small_inputs.is_empty()).map(|e| (e.name, e.small_inputs.clone())).collect()
}

#[test]
fn size_classes_agree_with_the_runtime() {
    for (k, &class) in LLVM_SIZE_CLASSES.iter().enumerate() {
        assert_eq!(class, gc::size_class(k * 8), "size {}", k * 8);
    }
    assert_eq!(LLVM_SIZE_CLASSES.len() * 8 - 8, gc::SMALL_MAX);
    assert_eq!(LLVM_CLASS_SIZES.len(), gc::NUM_SIZE_CLASSES);
    for (c, &size) in LLVM_CLASS_SIZES.iter().enumerate() {
        assert_eq!(size as usize, gc::class_size(c), "class {c}");
    }
    assert_eq!(LLVM_HDR_TRACK as usize, gc::HDR_TRACK);
}

#[test]
fn small_inputs_with_every_configuration() {
    let expected: Vec<(&str, Vec<i64>, i64)> = scalar_entries()
        .into_iter()
        .flat_map(|(name, inputs)| inputs.into_iter().map(move |a| (name, a)))
        .map(|(name, a)| {
            let want = llinterp(name, &a);
            (name, a, want)
        })
        .collect();
    let configs: [(&str, ConfigChange); 3] = [
        ("default", |_| {}),
        ("small heap", |c| c.min_heap = 64 << 10),
        ("collect every allocation", |c| c.collect_every = 1),
    ];
    for (what, change) in configs {
        let (got, collections) =
            with_config(change, || expected.iter().map(|(name, a, _)| run(name, a)).collect::<Vec<_>>());
        for ((name, a, want), got) in expected.iter().zip(got) {
            assert_eq!(got, *want, "{name}{a:?} with {what}");
        }
        if what != "default" {
            assert!(collections > 0, "no collection with {what}");
        }
    }
}

#[test]
fn a_list_keeping_every_100th_node() {
    let want = llinterp("list_keep", &[100_000, 100]);
    assert_eq!(want, (0..100_000).step_by(100).sum::<i64>());
    // Collections while the program runs: the kept nodes are reachable
    // only from the translated code's registers and stack.
    let (got, collections) = with_config(|c| c.min_heap = 256 << 10, || run("list_keep", &[100_000, 100]));
    assert_eq!(got, want);
    assert!(collections >= 5, "{collections} collections");
    // The list handed to Rust, collections and garbage between calls.
    let (live, _) = with_config(
        |_| {},
        || {
            let list = run("keep", &[100_000, 100]);
            gc::collect();
            let live = gc::stats().live_objects;
            assert_eq!(run("churn", &[20_000]), llinterp("churn", &[20_000]));
            gc::collect();
            assert_eq!(run("sum", &[list]), want);
            live
        },
    );
    // The 99,000 dropped nodes are gone; the kept thousand (and what the
    // stack happens to point to) are not.
    assert!((1000..5000).contains(&live), "{live} objects live");
}

#[test]
fn trees_survive_collections() {
    let want = llinterp("tree_sum", &[14]);
    // Depth d: 2^(d-k) nodes of value k at level k.
    assert_eq!(want, (0..=14).map(|k| (1i64 << (14 - k)) * (k + 1)).sum::<i64>());
    let (got, _) = with_config(
        |_| {},
        || {
            let tree = run("make_tree", &[14]);
            gc::collect();
            assert_eq!(run("churn", &[50_000]), llinterp("churn", &[50_000]));
            gc::collect();
            let first = run("check_tree", &[tree]);
            assert_eq!(run("binary_trees", &[8]), llinterp("binary_trees", &[8]));
            gc::collect();
            (first, run("check_tree", &[tree]))
        },
    );
    assert_eq!(got, (want, want));
}

#[test]
fn binary_trees_with_collections_while_running() {
    let want = llinterp("binary_trees", &[12]);
    for (what, change) in [
        ("small heap", (|c: &mut Config| c.min_heap = 128 << 10) as ConfigChange),
        ("collect every 1000 allocations", |c| c.collect_every = 1000),
    ] {
        let (got, collections) = with_config(change, || run("binary_trees", &[12]));
        assert_eq!(got, want, "{what}");
        // The small heap collects every half megabyte or so (two blocks, or
        // 0.82 times what the last major collection left, if more): 1.6 MB
        // of trees take a few collections.
        assert!(collections >= 3, "{collections} collections with {what}");
    }
}

#[test]
fn new_objects_are_zero_where_garbage_was() {
    let (results, collections) = with_config(
        |c| c.min_heap = 64 << 10,
        || {
            let mut results = Vec::new();
            for n in [0, 3, 50, 500] {
                assert_eq!(run("dirty", &[2000]), 6 * (0..2000).sum::<i64>());
                gc::collect();
                results.push(run("zeroed", &[n]));
            }
            results
        },
    );
    assert_eq!(results, [0, 0, 0, 0]);
    assert!(collections >= 4);
}

#[test]
fn new_objects_stored_into_old_ones_survive_minor_collections() {
    // Each round stores new nodes into an old array (`setarrayitem`) and
    // after each old node of a list (`setfield`); once the calls return,
    // nothing but those old objects points to the new nodes, so only the
    // write barrier keeps them alive through minor collections, whose
    // garbage then reuses any memory freed by mistake.
    let n = 2000;
    let churn = llinterp("churn", &[20_000]);
    let relinked: Vec<i64> = (1..=3).map(|rounds| llinterp("grow_list", &[n, rounds])).collect();
    let (calls, _) = with_config(
        |c| c.collect_every = 0,
        || {
            let before = gc::stats();
            let slots = run("make_slots", &[n]);
            let list = run("build", &[n]);
            gc::collect();
            for round in 1..=3 {
                assert_eq!(run("fill_slots", &[slots, round]), n);
                assert_eq!(run("relink", &[list]), n << (round - 1));
                gc::collect_minor();
                assert_eq!(run("churn", &[20_000]), churn);
                gc::collect_minor();
                let want = (0..n).map(|i| 1000 * round + i).sum::<i64>();
                assert_eq!(run("slots_sum", &[slots]), want, "round {round}");
                assert_eq!(run("sum", &[list]), relinked[round as usize - 1], "round {round}");
            }
            let after = gc::stats();
            assert!(after.minor.count >= before.minor.count + 6);
            after.write_barrier_calls - before.write_barrier_calls
        },
    );
    // The array once per round, and every old node of the list.
    assert!(calls >= 3 + n as u64, "{calls} write barrier calls");
}

#[test]
fn forced_minor_and_major_collections_while_old_objects_change() {
    let want = llinterp("grow_list", &[3000, 3]);
    for every in [1, 7, 100] {
        let (got, collections) = with_config(|c| c.collect_every = every, || run("grow_list", &[3000, 3]));
        assert_eq!(got, want, "collecting every {every} allocations");
        assert!(collections >= 3000 / every, "{collections} collections");
    }
}

/// The TypeInfo the header of `obj` points to.
fn type_info<'a>(obj: i64) -> &'a TypeInfo {
    // SAFETY: `obj` is a live object; its header holds its static TypeInfo
    // and flags.
    unsafe { gc::type_info_of(*(obj as *const usize)) }
}

#[test]
fn emitted_type_infos_are_what_the_gc_expects() {
    with_gc(|| {
        let node = run("build", &[1]);
        let ti = type_info(node);
        assert_eq!(ti.validate(), Ok(()));
        assert_eq!((ti.name(), ti.fixed_size, ti.ptr_offsets(), ti.is_varsize()), ("node", 32, &[24u32][..], false));
        let tree = run("make_tree", &[0]);
        assert_eq!(type_info(tree).validate(), Ok(()));
        assert_eq!((type_info(tree).name(), type_info(tree).ptr_offsets()), ("tree", &[8u32, 16][..]));
        // Objects of one type share one TypeInfo.
        let next = run("build", &[2]);
        assert!(std::ptr::eq(type_info(next), ti));
        // Variable-sized types: (name, fixed size, length offset, items
        // offset, item size, pointers in an item).
        let varsize = |obj: i64| {
            let ti = type_info(obj);
            assert_eq!(ti.validate(), Ok(()));
            assert!(ti.is_varsize() && ti.ptr_offsets().is_empty());
            (ti.name(), ti.fixed_size, ti.length_offset, ti.items_offset, ti.item_size, ti.item_ptr_offsets().to_vec())
        };
        assert_eq!(varsize(run("mkstr", &[3])), ("rpy_string", 24, 16, 24, 1, vec![]));
        assert_eq!(varsize(run("squares", &[3])), ("GcArray(Signed)", 16, 8, 16, 8, vec![]));
        assert_eq!(varsize(run("pairs", &[3])), ("GcArray(Struct(rffi.UINT, Ptr(T0), Bool))", 16, 8, 16, 24, vec![8]));
    });
}

#[test]
fn inline_allocation_bumps_the_run_of_the_size_class() {
    // 32-byte nodes are size class 3.
    let class = gc::size_class(32);
    with_config(
        |c| c.collect_every = 0,
        || {
            // SAFETY: reading the allocation state under the GC's lock.
            let run_of = || unsafe { (*gc::rpy_gc_alloc_state.get()).runs[class] };
            run("build", &[1]);
            let before = run_of();
            if before.free + 5 * 32 <= before.limit {
                run("build", &[5]);
                assert_eq!(run_of().free, before.free + 5 * 32);
            }
        },
    );
    // With a collection every N allocations, every allocation takes the
    // slow path, which the GC counts.
    let (_, collections) = with_config(|c| c.collect_every = 10, || run("build", &[100]));
    assert!(collections >= 10, "{collections} collections");
}
