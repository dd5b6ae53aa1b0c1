//! Which fields the whole-program analysis finds immutable
//! (`backendopt::immutable`): never written once their object is built.

use rpy_core::driver::translate_source;
use rpy_core::lltype::Container;

/// The `Container.field` names of the immutable fields of the program `src`.
fn immutable(src: &str) -> Vec<String> {
    fields(src).1
}

/// The names of the containers whose items are immutable in the program `src`.
fn immutable_items(src: &str) -> Vec<String> {
    let t = translate_source(src, "imm.rs").unwrap_or_else(|e| panic!("{e:?}")).program;
    t.immutable_items.iter().map(|c| t.containers[*c].name()).collect()
}

/// The `Container.field` names of all fields of GC structs of the program `src`, and of its
/// immutable ones.
fn fields(src: &str) -> (Vec<String>, Vec<String>) {
    let t = translate_source(src, "imm.rs").unwrap_or_else(|e| panic!("{e:?}")).program;
    let mut all = Vec::new();
    for (_, c) in t.containers.iter() {
        if let Container::GcStruct { name, fields, .. } = c {
            all.extend(fields.iter().map(|(f, _)| format!("{name}.{f}")));
        }
    }
    let imm = t.immutable_fields.iter().map(|(c, f)| format!("{}.{f}", t.containers[*c].name())).collect();
    (all, imm)
}

fn has(names: &[String], field: &str) -> bool {
    names.iter().any(|n| n == field)
}

const VM: &str = "
    pub enum Value { Nil, Int(i64), Pair(Box<Pair>) }
    pub struct Pair { a: i64, b: i64 }
    pub struct Frame { pc: usize, code: Vec<u8>, depth: i64 }
    fn step(f: &mut Frame) { f.pc += 1; f.code.push(1); }
    pub fn run(n: i64) -> i64 {
        let mut f = Frame { pc: 0, code: vec![], depth: n };
        step(&mut f);
        let v = if n > 0 { Value::Int(n) } else { Value::Pair(Box::new(Pair { a: 1, b: 2 })) };
        let s = format!(\"{}\", f.depth);
        match v { Value::Int(i) => i + f.pc as i64 + s.len() as i64, Value::Pair(p) => p.a + p.b, Value::Nil => 0 }
    }
";

/// Fields set only by the struct literal are immutable; one assigned later is not.
#[test]
fn fields_assigned_after_construction_are_mutable() {
    let names = immutable(VM);
    assert!(has(&names, "Frame.code") && has(&names, "Frame.depth"), "{names:?}");
    assert!(!has(&names, "Frame.pc"), "{names:?}");
    assert!(has(&names, "Pair.a") && has(&names, "Pair.b"), "{names:?}");
}

/// An enum's tag, through its base and each variant, and its payloads never change.
#[test]
fn enum_tags_and_payloads_are_immutable() {
    let names = immutable(VM);
    for f in ["Value.#tag", "Value::Int.#tag", "Value::Pair.#tag", "Value::Int.0", "Value::Pair.0"] {
        assert!(has(&names, f), "{f} in {names:?}");
    }
}

/// A list's length and items change as it grows, whoever grows it: its own methods, or the
/// runtime appending to a string (`format!`).
#[test]
fn lists_and_strings_that_grow_are_mutable() {
    let (all, names) = fields(VM);
    for f in ["list<u8>.length", "list<u8>.items"] {
        assert!(has(&all, f) && !has(&names, f), "{f} in {all:?} and not in {names:?}");
    }
}

/// `m.regs[a] = x` writes `m.regs` back unchanged (places are values): not an assignment of
/// the field. Assigning it another list is.
#[test]
fn a_field_written_back_unchanged_stays_immutable() {
    let names = immutable(
        "
        pub struct M { regs: Vec<i64>, other: Vec<i64> }
        fn f(m: &mut M, a: usize) { m.regs[a] -= 1; m.regs.push(3); m.other = vec![1]; }
        pub fn run(n: i64) -> i64 {
            let mut m = M { regs: vec![0; 4], other: vec![] };
            f(&mut m, 1);
            m.regs[1] + n + m.other.len() as i64
        }
    ",
    );
    assert!(has(&names, "M.regs") && !has(&names, "M.other"), "{names:?}");
}

/// A list literal's items, written while it is built (its array stored into the list
/// first), are immutable; a program that writes an item of such a list makes them mutable.
#[test]
fn items_written_only_by_literals_are_immutable() {
    let read_only = "pub fn run(n: i64) -> i64 { let code = [n, 2, 3]; code[1] + code.len() as i64 }";
    assert!(immutable_items(read_only).contains(&"GcArray(Signed)".to_string()), "{:?}", immutable_items(read_only));
    let written = "pub fn run(n: i64) -> i64 { let mut code = [n, 2, 3]; code[1] = 5; code[1] }";
    assert!(!immutable_items(written).contains(&"GcArray(Signed)".to_string()), "{:?}", immutable_items(written));
}

/// A field passed by `&mut` (or a method called on it) is written back only when the callee's
/// parameter is a value copied in and out: `&mut self.code` to a `&mut Vec` and a `Vec`'s
/// `push` leave `code` immutable; `&mut self.pc` to a `&mut usize` and a `&mut self` method of
/// a `Copy` struct's field assign the field.
#[test]
fn fields_passed_by_mut_ref_are_assigned_only_when_copied_back() {
    let names = immutable(
        "
        #[derive(Clone, Copy)]
        pub struct Acc { n: i64 }
        impl Acc { fn push(&mut self, x: i64) { self.n += x; } }
        pub struct P { code: Vec<u8>, pc: usize, acc: Acc, fixed: Acc }
        fn grow(v: &mut Vec<u8>) { v.push(1); }
        fn advance(pc: &mut usize) { *pc += 1; }
        fn step(p: &mut P) { grow(&mut p.code); p.code.push(2); advance(&mut p.pc); p.acc.push(3); }
        pub fn run(n: i64) -> i64 {
            let mut p = P { code: vec![], pc: 0, acc: Acc { n }, fixed: Acc { n: 1 } };
            step(&mut p);
            p.pc as i64 + p.code.len() as i64 + p.acc.n + p.fixed.n
        }
    ",
    );
    assert!(has(&names, "P.code") && has(&names, "P.fixed"), "{names:?}");
    assert!(!has(&names, "P.pc") && !has(&names, "P.acc"), "{names:?}");
}
