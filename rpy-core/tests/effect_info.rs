//! What the codewriter says a residual call may read and write (RPython's
//! `EffectInfo`): the descrs of the fields and items its callee reads, and
//! writes other than while building objects, itself or through its callees.

use rpy_core::driver::translate_source;
use rpy_jitcode::{Descr, JitModule};

const SRC: &str = "
    use rpython::jit::{dont_look_inside, jit_merge_point, JitDriver};
    static DRIVER: JitDriver = JitDriver::new(&[\"pc\"], &[\"m\", \"n\"]);
    pub struct M { k: i64, seen: i64, log: Vec<i64> }
    fn note(m: &mut M) { m.log.push(m.k); }
    #[dont_look_inside]
    fn bump(m: &mut M) -> i64 { m.k += 1; m.k }
    #[dont_look_inside]
    fn record(m: &mut M) { note(m); }
    #[dont_look_inside]
    fn fresh(n: i64) -> M { M { k: n, seen: 0, log: vec![n] } }
    pub fn run(n: i64) -> i64 {
        let mut m = M { k: 0, seen: 0, log: vec![] };
        let mut pc = 0;
        while pc < n {
            jit_merge_point!(DRIVER; pc; m, n);
            m.seen += bump(&mut m);
            record(&mut m);
            m.seen += fresh(pc).k;
            pc += 1;
        }
        m.seen + m.log.len() as i64
    }
";

/// The names of what the call of `callee` may read and write, sorted
/// (`None`: anything).
fn effects(m: &JitModule, callee: &str) -> Option<(Vec<String>, Vec<String>)> {
    let effects = m.descrs.iter().find_map(|d| match d {
        Descr::Call { name, effects, .. } if name == callee => Some(effects.clone()),
        _ => None,
    });
    let effects = effects.expect("a call descr")?;
    let names = |ds: &[u32]| {
        let mut names: Vec<String> = ds.iter().map(|d| m.descrs[*d as usize].to_string()).collect();
        names.sort();
        names
    };
    Some((names(&effects.reads), names(&effects.writes)))
}

fn writes(m: &JitModule, callee: &str) -> Option<Vec<String>> {
    effects(m, callee).map(|(_, w)| w)
}

fn module() -> JitModule {
    translate_source(SRC, "effects.rs").unwrap_or_else(|e| panic!("{e:?}")).jit.expect("a JitDriver").module
}

#[test]
fn a_call_writes_the_fields_its_callee_assigns() {
    let names = writes(&module(), "bump").unwrap();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].starts_with("<Field M.k "), "{names:?}");
}

/// `record` calls `note`, which pushes to a list: the list's length and items, and the
/// items of its array.
#[test]
fn a_call_writes_what_its_callees_write() {
    let names = writes(&module(), "record").unwrap();
    assert!(names.iter().any(|n| n.starts_with("<Field list<i64>.length ")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("<Array GcArray(Signed) ")), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("M.")), "{names:?}");
}

/// Building an object writes nothing that was there before.
#[test]
fn building_objects_is_not_writing() {
    assert_eq!(writes(&module(), "fresh").unwrap(), Vec::<String>::new());
}

/// `record` reads `M.k` (to push it) and the list's fields; `fresh` reads nothing.
#[test]
fn a_call_reads_what_its_callees_read() {
    let m = module();
    let (reads, _) = effects(&m, "record").unwrap();
    assert!(reads.iter().any(|n| n.starts_with("<Field M.k ")), "{reads:?}");
    assert!(reads.iter().any(|n| n.starts_with("<Field list<i64>.length ")), "{reads:?}");
    assert!(!reads.iter().any(|n| n.starts_with("<Field M.seen ")), "{reads:?}");
    assert_eq!(effects(&m, "fresh").unwrap().0, Vec::<String>::new());
}

/// An enum's tag is one memory whether a trace reaches it through the enum or through a
/// variant (built with its tag, read by a `match`): one descr, the enum's, so the
/// optimizer, which tells places apart by descr, sees the write and the reads meet.
#[test]
fn an_enums_tag_has_one_descr() {
    let src = "
        use rpython::jit::{jit_merge_point, JitDriver};
        static DRIVER: JitDriver = JitDriver::new(&[\"pc\"], &[\"acc\", \"n\"]);
        pub enum V { A(i64), B(i64) }
        pub fn run(n: i64) -> i64 {
            let mut acc = 0;
            let mut pc = 0;
            while pc < n {
                jit_merge_point!(DRIVER; pc; acc, n);
                let v = if pc % 2 == 0 { V::A(pc) } else { V::B(pc) };
                acc += match v { V::A(x) => x, V::B(x) => -x };
                pc += 1;
            }
            acc
        }
    ";
    let m = translate_source(src, "tags.rs").unwrap_or_else(|e| panic!("{e:?}")).jit.expect("a JitDriver").module;
    let tags: Vec<String> = m.descrs.iter().map(|d| d.to_string()).filter(|d| d.contains("#tag")).collect();
    assert_eq!(tags.len(), 1, "{tags:?}");
    assert!(tags[0].starts_with("<Field V.#tag "), "{tags:?}");
}

/// What fields say of the objects they hold: a `Vec` or `Box` field set only when its
/// object is built owns it; a reference, an `Rc`, or a field assigned again says
/// nothing; a list's items are private to their list.
#[test]
fn fields_say_what_they_own() {
    let src = "
        use rpython::jit::{jit_merge_point, JitDriver};
        use std::rc::Rc;
        static DRIVER: JitDriver = JitDriver::new(&[\"pc\"], &[\"f\", \"n\"]);
        pub struct S { v: i64 }
        pub struct F { locals: Vec<i64>, stack: Vec<i64>, boxed: Box<S>, shared: Rc<S>, log: Vec<i64> }
        pub fn run(n: i64) -> i64 {
            let mut f = F { locals: vec![0], stack: vec![0], boxed: Box::new(S { v: 1 }), shared: Rc::new(S { v: 2 }), log: vec![] };
            let mut pc = 0;
            while pc < n {
                jit_merge_point!(DRIVER; pc; f, n);
                f.stack[0] += f.locals[0] + f.boxed.v + f.shared.v + f.log.len() as i64;
                if pc % 100 == 99 { f.log = vec![pc]; }
                f.stack.push(pc);
                pc += 1;
            }
            f.stack[0]
        }
    ";
    let m = translate_source(src, "owned.rs").unwrap_or_else(|e| panic!("{e:?}")).jit.expect("a JitDriver").module;
    let field = |name: &str| {
        let d = m.descrs.iter().map(|d| d.to_string()).find(|d| d.starts_with(&format!("<Field {name} ")));
        d.unwrap_or_else(|| {
            panic!("no descr of {name}: {:?}", m.descrs.iter().map(|d| d.to_string()).collect::<Vec<_>>())
        })
    };
    for owned in ["F.locals", "F.stack", "F.boxed"] {
        assert!(field(owned).ends_with(" immutable owned>"), "{}", field(owned));
    }
    for shared in ["F.shared", "F.log"] {
        assert!(!field(shared).contains("owned"), "{}", field(shared));
    }
    assert!(field("list<i64>.items").ends_with(" private>"), "{}", field("list<i64>.items"));
}

/// A copy of a list's items (`extend_from_slice`, a string's `clone`) is a
/// call that reads the items of its source's array type and writes those of
/// its destination's, nothing else: the trace keeps what it knows of
/// fields and of other arrays across it.
#[test]
fn a_copy_of_items_writes_only_its_destinations_items() {
    let src = "
        use rpython::jit::{jit_merge_point, JitDriver};
        static DRIVER: JitDriver = JitDriver::new(&[\"pc\"], &[\"v\", \"s\", \"n\"]);
        pub fn run(n: i64) -> i64 {
            let mut v: Vec<i64> = vec![1, 2];
            let mut s = String::from(\"ab\");
            let mut pc = 0;
            while pc < n {
                jit_merge_point!(DRIVER; pc; v, s, n);
                let w = vec![pc, pc + 1];
                v.extend_from_slice(&w);
                s = s.clone();
                pc += 1;
            }
            v.len() as i64 + s.len() as i64
        }
    ";
    let m = translate_source(src, "copies.rs").unwrap_or_else(|e| panic!("{e:?}")).jit.expect("a JitDriver").module;
    let copies: Vec<String> = m
        .descrs
        .iter()
        .filter_map(|d| match d {
            Descr::Call { name, .. } if name.starts_with("__jit_arraycopy") => Some(name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(copies.len(), 2, "one copy per item type: {copies:?}");
    let mut arrays = Vec::new();
    for name in &copies {
        let (reads, writes) = effects(&m, name).unwrap();
        assert_eq!(reads.len(), 1, "{name} reads {reads:?}");
        assert_eq!(writes, reads, "{name}");
        arrays.push(writes[0].clone());
    }
    arrays.sort();
    assert!(arrays[0].starts_with("<Array GcArray(Signed) "), "{arrays:?}");
    assert!(arrays[1].starts_with("<Array GcArray(rffi.UCHAR) "), "{arrays:?}");
}

/// What a call does to objects its callee allocates itself (a list made
/// and filled there, the arrays of its items) no caller can know of: it
/// is no effect. Pushing to a list the caller passes still writes.
#[test]
fn writes_into_objects_the_callee_makes_are_not_effects() {
    let src = "
        use rpython::jit::{dont_look_inside, jit_merge_point, JitDriver};
        static DRIVER: JitDriver = JitDriver::new(&[\"pc\"], &[\"v\", \"n\"]);
        #[dont_look_inside]
        fn scratch(n: i64) -> i64 {
            let mut w: Vec<i64> = Vec::new();
            w.push(n);
            w.push(n + 1);
            w.pop().unwrap_or(0) + w.len() as i64
        }
        #[dont_look_inside]
        fn append(v: &mut Vec<i64>, n: i64) {
            let mut w: Vec<i64> = Vec::new();
            w.push(n);
            v.push(w[0]);
        }
        pub fn run(n: i64) -> i64 {
            let mut v: Vec<i64> = vec![1];
            let mut pc = 0;
            while pc < n {
                jit_merge_point!(DRIVER; pc; v, n);
                let k = scratch(pc);
                append(&mut v, k);
                pc += 1;
            }
            v.len() as i64
        }
    ";
    let m = translate_source(src, "fresh.rs").unwrap_or_else(|e| panic!("{e:?}")).jit.expect("a JitDriver").module;
    assert_eq!(effects(&m, "scratch").unwrap(), (Vec::new(), Vec::new()));
    let writes = writes(&m, "append").unwrap();
    assert!(writes.iter().any(|n| n.starts_with("<Field list<i64>.length ")), "{writes:?}");
    assert!(writes.iter().any(|n| n.starts_with("<Array GcArray(Signed) ")), "{writes:?}");
}

/// What a runtime function does to a string the callee made (formatting a
/// number into it) is no effect of the callee; into a string it was passed,
/// it is.
#[test]
fn runtime_functions_on_the_callees_own_strings_are_not_effects() {
    let src = "
        use rpython::jit::{dont_look_inside, jit_merge_point, JitDriver};
        static DRIVER: JitDriver = JitDriver::new(&[\"pc\"], &[\"s\", \"n\"]);
        #[dont_look_inside]
        fn show(n: i64) -> String {
            let mut out = String::new();
            out.push_str(&format!(\"{}\", n));
            out
        }
        #[dont_look_inside]
        fn show_into(s: &mut String, n: i64) {
            s.push_str(&format!(\"{}\", n));
        }
        pub fn run(n: i64) -> i64 {
            let mut s = String::new();
            let mut pc = 0;
            while pc < n {
                jit_merge_point!(DRIVER; pc; s, n);
                let t = show(pc);
                show_into(&mut s, t.len() as i64);
                pc += 1;
            }
            s.len() as i64
        }
    ";
    let m =
        translate_source(src, "fresh_strings.rs").unwrap_or_else(|e| panic!("{e:?}")).jit.expect("a JitDriver").module;
    assert_eq!(writes(&m, "show").unwrap(), Vec::<String>::new());
    let writes = writes(&m, "show_into").unwrap();
    assert!(writes.iter().any(|n| n.starts_with("<Field list<u8>.length ")), "{writes:?}");
}
