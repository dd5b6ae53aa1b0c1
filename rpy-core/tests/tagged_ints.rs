//! The variant of an enum holding one `i64` or `isize` is a tagged word
//! when the integer fits (`rtyper::tagged`): making it is `new_tagged`, no
//! `malloc`; the LLInterpreter's value is the word for a small integer and
//! an object of the variant for one that does not fit. One variant per
//! enum. The JIT's descrs of the tag and the integer read words.

use rpy_core::driver::translate_source;
use rpy_core::llinterp::{interpret, LlValue};
use rpy_core::translator::Translator;

const SRC: &str = "
    enum V {
        Nil,
        Int(i64),
        Other(i64),
        Pair(i64, i64),
    }
    enum S {
        Zero,
        Count(isize),
    }
    enum F {
        None,
        Flt(f64),
    }
    fn weight(v: &V) -> i64 {
        match v {
            V::Nil => 0,
            V::Int(i) => *i,
            V::Other(i) => *i + 1,
            V::Pair(a, b) => a + b,
        }
    }
    fn make_int(n: i64) -> V { V::Int(n) }
    pub fn round_trip(n: i64) -> i64 { weight(&make_int(n)) + weight(&V::Other(n)) }
    pub fn count(n: isize) -> isize { match S::Count(n) { S::Count(c) => c, S::Zero => 0 } }
    pub fn flt(x: f64) -> f64 { match F::Flt(x) { F::Flt(f) => f, F::None => 0.0 } }
";

fn program(src: &str) -> Translator {
    translate_source(src, "tagged.rs").unwrap_or_else(|e| panic!("{e:?}")).program
}

/// The names of the enums whose integers are tagged, and their variants.
fn tagged(t: &Translator) -> Vec<(String, String, u16)> {
    let mut v: Vec<_> = (t.tagged_ints.iter())
        .map(|ti| (t.containers[ti.base].name(), t.containers[ti.variant].name(), ti.tag))
        .collect();
    v.sort();
    v
}

fn ops(t: &Translator, name: &str, opname: &str) -> usize {
    let (_, g) = t.graphs.iter().find(|(_, g)| g.name == name).unwrap_or_else(|| panic!("no {name}"));
    g.iterblocks().into_iter().map(|b| g.blocks[b].operations.iter().filter(|op| op.opname == opname).count()).sum()
}

fn call(t: &Translator, name: &str, arg: LlValue) -> LlValue {
    let g = t.graph_by_name(name).unwrap();
    interpret(t, g, vec![arg]).unwrap_or_else(|p| panic!("{}", p.stderr_text()))
}

#[test]
fn the_first_variant_of_one_integer_is_tagged() {
    let t = program(SRC);
    assert_eq!(tagged(&t), vec![("S".into(), "S::Count".into(), 1), ("V".into(), "V::Int".into(), 1)]);
    assert_eq!(ops(&t, "make_int", "new_tagged"), 1);
    assert_eq!(ops(&t, "make_int", "malloc"), 0);
    // The second variant of one integer and the one of two are objects.
    assert_eq!(ops(&t, "round_trip", "malloc"), 1);
}

#[test]
fn a_small_integer_is_a_word_and_a_large_one_an_object() {
    let t = program(SRC);
    let v = t.tagged_ints.iter().find(|ti| t.containers[ti.base].name() == "V").unwrap().base;
    assert_eq!(call(&t, "make_int", LlValue::Int(-5)), LlValue::Tagged { base: v, x: -5 });
    let edge = 1i128 << 62;
    assert_eq!(call(&t, "make_int", LlValue::Int(edge - 1)), LlValue::Tagged { base: v, x: (edge - 1) as i64 });
    for big in [edge, -edge - 1, i64::MAX as i128, i64::MIN as i128] {
        match call(&t, "make_int", LlValue::Int(big)) {
            LlValue::Ptr(Some(_)) => {}
            other => panic!("{big}: {other:?}"),
        }
    }
    for x in [0, 7, -edge, edge - 1, edge, i64::MIN as i128] {
        assert_eq!(
            call(&t, "round_trip", LlValue::Int(x)),
            LlValue::Int((x as i64).wrapping_mul(2).wrapping_add(1) as i128)
        );
    }
    assert_eq!(call(&t, "count", LlValue::Int(-9)), LlValue::Int(-9));
    assert_eq!(call(&t, "flt", LlValue::Float(2.5)), LlValue::Float(2.5));
}

/// With a JIT driver too: the JIT's view of `new_tagged` is the object
/// (`new` and its two fields), and the descrs of the tag and of the
/// integer say what they read on a word.
#[test]
fn the_jits_descrs_read_tagged_words() {
    use rpy_jitcode::{Descr, OnWord};
    let src = format!(
        "use rpython::jit::{{jit_merge_point, JitDriver}};
         static DRIVER: JitDriver = JitDriver::new(&[], &[\"i\", \"n\", \"s\"]);
         pub fn spin(n: i64) -> i64 {{
             let mut i = 0;
             let mut s = 0;
             while i < n {{ jit_merge_point!(DRIVER; ; i, n, s); s += round_trip(i); i += 1; }}
             s
         }}
         {SRC}"
    );
    let translation = translate_source(&src, "tagged.rs").unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(tagged(&translation.program).len(), 2);
    let module = translation.jit.expect("a JIT").module;
    let on_word = |name: &str| {
        module.descrs.iter().find_map(|d| match d {
            Descr::Field { name: n, on_word, .. } if n == name => Some(*on_word),
            _ => None,
        })
    };
    assert_eq!(on_word("V.#tag"), Some(OnWord::Tag(1)));
    assert_eq!(on_word("V::Int.0"), Some(OnWord::Int));
    assert_eq!(on_word("V::Other.0"), Some(OnWord::Never));
}
