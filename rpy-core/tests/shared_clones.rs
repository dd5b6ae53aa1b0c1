//! `.clone()` of an enum whose variants are never written once built is
//! the value itself (`backendopt::shared_clones`); an enum holding a value
//! whose clone copies is cloned.

use rpy_core::driver::translate_source;
use rpy_core::flow::ConstValue;

/// The names of the functions `run` calls in the program `src`, after the
/// backend optimizations.
fn calls_of_run(src: &str) -> Vec<String> {
    let t = translate_source(src, "clones.rs").unwrap_or_else(|e| panic!("{e:?}")).program;
    let (_, run) = t.graphs.iter().find(|(_, g)| g.name == "run").expect("run");
    let mut out = Vec::new();
    for b in run.iterblocks() {
        for op in &run.blocks[b].operations {
            if op.opname == "direct_call" {
                if let Some(ConstValue::Func(f)) = op.args[0].constant().map(|c| &c.value) {
                    out.push(t.graphs[*f].name.clone());
                }
            }
        }
    }
    out
}

fn clones(calls: &[String]) -> usize {
    calls.iter().filter(|n| n.starts_with("__clone")).count()
}

#[test]
fn an_enum_never_written_is_shared_by_clone() {
    let calls = calls_of_run(
        "
        use std::rc::Rc;
        #[derive(Clone)]
        enum V { Nil, Int(i64), Name(Rc<String>), Pair(Rc<V>), Maybe(Option<Rc<String>>) }
        fn pick(n: i64) -> V {
            match n % 4 { 0 => V::Nil, 1 => V::Int(n), 2 => V::Name(Rc::new(n.to_string())), _ => V::Pair(Rc::new(V::Maybe(None))) }
        }
        pub fn run(n: i64) -> i64 {
            let v = pick(n);
            let w = v.clone();
            match (v, w) { (V::Int(a), V::Int(b)) => a + b, (V::Name(s), _) => s.len() as i64, _ => 0 }
        }
        ",
    );
    assert_eq!(clones(&calls), 0, "{calls:?}");
}

/// (The dialect writes no variant's field in place yet, so an enum is only
/// copied for what it holds.)
#[test]
fn an_enum_holding_a_box_is_cloned() {
    let calls = calls_of_run(
        "
        #[derive(Clone)]
        struct Counter { n: i64 }
        #[derive(Clone)]
        enum V { Nil, Count(Box<Counter>) }
        pub fn run(n: i64) -> i64 {
            let v = if n > 0 { V::Count(Box::new(Counter { n })) } else { V::Nil };
            let w = v.clone();
            match (v, w) { (V::Count(mut a), V::Count(b)) => { a.n += 1; a.n * 100 + b.n } _ => 0 }
        }
        ",
    );
    assert_eq!(clones(&calls), 1, "{calls:?}");
}

#[test]
fn an_enum_holding_a_string_is_cloned() {
    let calls = calls_of_run(
        "
        #[derive(Clone)]
        enum V { Nil, Name(String) }
        pub fn run(n: i64) -> i64 {
            let v = if n > 0 { V::Name(n.to_string()) } else { V::Nil };
            let w = v.clone();
            match w { V::Name(s) => s.len() as i64, V::Nil => 0 }
        }
        ",
    );
    assert_eq!(clones(&calls), 1, "{calls:?}");
}

/// A `Copy` struct holding a shared reference to a list is copied by
/// copying the reference, as Rust does: passing it copies no list.
#[test]
fn a_copy_struct_holding_a_reference_to_a_list_copies_no_list() {
    let calls = calls_of_run(
        "
        #[derive(Clone, Copy)]
        struct View<'a> { items: &'a Vec<i64>, from: usize }
        fn total(v: View) -> i64 { let mut s = 0; let mut i = v.from; while i < v.items.len() { s += v.items[i]; i += 1; } s }
        pub fn run(n: i64) -> i64 {
            let items = vec![n, n + 1, n + 2];
            let v = View { items: &items, from: 1 };
            let w = v;
            total(v) + total(w)
        }
        ",
    );
    assert_eq!(clones(&calls), 0, "{calls:?}");
}

/// A `Copy` struct holding an array holds it by value: copying the struct
/// copies the array.
#[test]
fn a_copy_struct_holding_an_array_copies_it() {
    let calls = calls_of_run(
        "
        #[derive(Clone, Copy)]
        struct Triple { items: [i64; 3] }
        fn bump(mut t: Triple) -> i64 { t.items[0] += 1; t.items[0] }
        pub fn run(n: i64) -> i64 {
            let t = Triple { items: [n, n, n] };
            bump(t) + t.items[0]
        }
        ",
    );
    assert!(clones(&calls) > 0, "{calls:?}");
}

/// A `Vec` field used by value is moved out of its struct: no clone. An
/// array field of the same name in another struct is copied.
#[test]
fn a_vec_field_moved_out_is_not_cloned() {
    let moved = calls_of_run(
        "
        pub struct S { v: Vec<i64>, n: i64 }
        fn give(v: Vec<i64>) -> usize { v.len() }
        pub fn run(k: i64) -> usize { let s = S { v: vec![k], n: k }; let n = s.n; give(s.v) + n as usize }
        ",
    );
    assert_eq!(clones(&moved), 0, "{moved:?}");
    let copied = calls_of_run(
        "
        pub struct S { v: Vec<i64> }
        #[derive(Clone, Copy)]
        pub struct A { v: [i64; 2] }
        fn give(v: [i64; 2]) -> i64 { v[0] }
        pub fn run(k: i64) -> i64 { let s = S { v: vec![k] }; let a = A { v: [k, k] }; give(a.v) + s.v[0] }
        ",
    );
    assert_eq!(clones(&copied), 1, "{copied:?}");
}
