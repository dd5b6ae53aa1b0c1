//! The optimizer, a trace in and the expected trace out, one behaviour per
//! test (RPython's `test_optimizebasic.py`). Traces are written as the logs
//! print them (`Trace::parse`), guards with their snapshots' values; the
//! expected trace is compared with the optimized one's `snapshot_text`
//! with the variables renumbered in order of appearance.

use super::{guards, optimize, Env, Opts};
use crate::jit::trace::{FrameSnapshot, Known, PureCallResult, Snapshot, Store, Trace, Value};
use rpy_jitcode::{Descr, Effect, Effects, Holds, JitModule, Kind, Leaf, OnWord, Reg, Variant};
use std::rc::Rc;

/// The descrs the tests' traces use.
fn module() -> JitModule {
    let int = |offset| Leaf { offset, size: 8, signed: true, kind: Kind::Int };
    let field = |name: &str, leaf| Descr::Field {
        name: name.into(),
        leaf,
        immutable: false,
        holds: Holds::Shared,
        quasi: false,
        nonneg: false,
        variant: Variant::Any,
        on_word: OnWord::Never,
    };
    let enum_field = |name: &str, leaf, variant| Descr::Field {
        name: name.into(),
        leaf,
        immutable: true,
        holds: Holds::Shared,
        quasi: false,
        nonneg: false,
        variant,
        on_word: OnWord::Never,
    };
    let pure_field = |name: &str, leaf| enum_field(name, leaf, Variant::Any);
    let call_writing = |name: &str, effect, effects| Descr::Call {
        name: name.into(),
        target: 0,
        args: vec![Kind::Int],
        results: vec![Kind::Int],
        effect,
        effects,
    };
    let call = |name: &str, effect| call_writing(name, effect, None);
    let ref_at = |offset| Leaf { offset, size: 8, signed: false, kind: Kind::Ref };
    let holding = |name: &str, leaf, holds| Descr::Field {
        name: name.into(),
        leaf,
        immutable: true,
        holds,
        quasi: false,
        nonneg: false,
        variant: Variant::Any,
        on_word: OnWord::Never,
    };
    let descrs = vec![
        field("Pair.a", int(8)),
        field("Pair.b", int(16)),
        field("Pair.next", Leaf { offset: 24, size: 8, signed: false, kind: Kind::Ref }),
        Descr::Size { name: "Pair".into(), typeinfo: 0, word: None },
        Descr::Array {
            name: "list".into(),
            length_offset: 8,
            items_offset: 16,
            item_size: 8,
            typeinfo: 1,
            item: Some(int(0)),
            immutable: false,
        },
        call("f", Effect::Random),
        call("g", Effect::Elidable),
        field("Pair.x", Leaf { offset: 32, size: 8, signed: false, kind: Kind::Float }),
        Descr::Array {
            name: "code".into(),
            length_offset: 8,
            items_offset: 16,
            item_size: 8,
            typeinfo: 2,
            item: Some(Leaf { offset: 0, size: 8, signed: false, kind: Kind::Ref }),
            immutable: true,
        },
        pure_field("Op.tag", int(8)),
        pure_field("Op.arg", Leaf { offset: 16, size: 8, signed: false, kind: Kind::Ref }),
        // Writes `Pair.b` (descr 1) and the items of `list` (descr 4), reads `Pair.a` (0).
        call_writing("h", Effect::Random, Some(Effects { reads: vec![0], writes: vec![1, 4] })),
        // An enum's tag (12), another type's field at the same offset (13); `r` reads
        // the tag.
        enum_field("V.tag", int(8), Variant::Tag),
        field("Q.n", int(8)),
        call_writing("r", Effect::Random, Some(Effects { reads: vec![12], writes: vec![] })),
        // A frame's two lists (owned, never reassigned: 15, 16), a list's items (private:
        // 17), and the items of those arrays (18).
        holding("F.locals", ref_at(8), Holds::Owned),
        holding("F.stack", ref_at(16), Holds::Owned),
        Descr::Field {
            name: "L.items".into(),
            leaf: ref_at(16),
            immutable: false,
            holds: Holds::Private,
            quasi: false,
            nonneg: false,
            variant: Variant::Any,
            on_word: OnWord::Never,
        },
        Descr::Array {
            name: "items".into(),
            length_offset: 8,
            items_offset: 16,
            item_size: 8,
            typeinfo: 3,
            item: Some(ref_at(0)),
            immutable: false,
        },
        // A string's bytes (19), the copy of bytes between two such arrays (20), and
        // a call writing bytes (21).
        Descr::Array {
            name: "bytes".into(),
            length_offset: 8,
            items_offset: 16,
            item_size: 1,
            typeinfo: 4,
            item: Some(Leaf { offset: 0, size: 1, signed: false, kind: Kind::Int }),
            immutable: false,
        },
        Descr::Call {
            name: "copy".into(),
            target: 1,
            args: vec![Kind::Ref, Kind::Ref, Kind::Int, Kind::Int, Kind::Int],
            results: vec![],
            effect: Effect::Arraycopy,
            effects: Some(Effects { reads: vec![19], writes: vec![19] }),
        },
        call_writing("fill", Effect::Random, Some(Effects { reads: vec![], writes: vec![19] })),
        // A list's length (22): never negative.
        Descr::Field {
            name: "L.length".into(),
            leaf: int(8),
            immutable: false,
            holds: Holds::Shared,
            quasi: false,
            nonneg: true,
            variant: Variant::Any,
            on_word: OnWord::Never,
        },
        // A field of one variant of the enum whose tag is 12 (23).
        enum_field("V.val", int(16), Variant::Own),
        // The tag of an enum whose integers are tagged words of tag 1 (24).
        Descr::Field {
            name: "W.tag".into(),
            leaf: int(8),
            immutable: true,
            holds: Holds::Shared,
            quasi: false,
            nonneg: false,
            variant: Variant::Tag,
            on_word: OnWord::Tag(1),
        },
        // Its integer variant (25) and its integer (26).
        Descr::Size { name: "W::Int".into(), typeinfo: 5, word: Some((1, 16)) },
        Descr::Field {
            name: "W::Int.x".into(),
            leaf: int(16),
            immutable: true,
            holds: Holds::Shared,
            quasi: false,
            nonneg: false,
            variant: Variant::Own,
            on_word: OnWord::Int,
        },
    ];
    JitModule { descrs, ..JitModule::default() }
}

/// `text` with its variables renamed in order of appearance (`i0`, `p1`,
/// ...), so that two traces differing only in their numbering compare
/// equal.
fn renumbered(text: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts = matches!(c, 'i' | 'p' | 'f')
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_' || chars[i - 1] == '.'));
        let mut j = i + 1;
        while starts && j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        let ends = j == chars.len() || !(chars[j].is_alphanumeric() || chars[j] == '_');
        if starts && j > i + 1 && ends {
            let name: String = chars[i..j].iter().collect();
            let n = names.iter().position(|x| *x == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            });
            out.push(c);
            out.push_str(&n.to_string());
            i = j;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

/// The memory the tests' constant objects have: a field of the object at
/// `p` holds `p` plus the field's offset.
fn env(m: &JitModule) -> Env<'_> {
    Env { module: m, read_field: &|p, leaf| p + leaf.offset as u64, opts: Opts::ALL, call_pure_results: &[] }
}

/// Optimizes the trace `input`; its text must be `expected`'s.
#[track_caller]
fn check(input: &str, expected: &str) {
    let m = module();
    let mut trace = Trace::parse(input, &m).unwrap_or_else(|e| panic!("input: {e}"));
    optimize(&mut trace, env(&m), &|_| None);
    let got = renumbered(&trace.snapshot_text(&m));
    let want = renumbered(expected);
    assert!(got == want, "optimized:\n{got}\n\nexpected:\n{want}\n");
}

/// Optimizes the trace `input` with only the optimizations `opts`; its
/// text must be `expected`'s.
#[track_caller]
fn check_with(opts: Opts, input: &str, expected: &str) {
    let m = module();
    let mut trace = Trace::parse(input, &m).unwrap_or_else(|e| panic!("input: {e}"));
    optimize(&mut trace, Env { opts, ..env(&m) }, &|_| None);
    let got = renumbered(&trace.snapshot_text(&m));
    let want = renumbered(expected);
    assert!(got == want, "optimized:\n{got}\n\nexpected:\n{want}\n");
}

/// Optimizes the loop `target` (code 0), then the trace `input`, which
/// jumps to it; `input`'s text must be `expected`'s.
#[track_caller]
fn check_entering(target: &str, input: &str, expected: &str) {
    check_entering_as(target, input, expected, false);
}

/// As `check_entering`, for a trace that may check what the label assumes
/// with guards resuming at its end's merge point (a portal's frame whose
/// registers hold the jump's arguments).
#[track_caller]
fn check_entering_with_guards(target: &str, input: &str, expected: &str) {
    check_entering_as(target, input, expected, true);
}

#[track_caller]
fn check_entering_as(target: &str, input: &str, expected: &str, guards: bool) {
    let m = module();
    let mut target = Trace::parse(target, &m).unwrap_or_else(|e| panic!("target: {e}"));
    let short = optimize(&mut target, env(&m), &|_| None).expect("the target is an unrolled loop");
    let mut trace = Trace::parse(input, &m).unwrap_or_else(|e| panic!("input: {e}"));
    if guards {
        let jump = trace.ops.last().expect("a jump");
        let kind = |v: &Value| match v {
            Value::Var(n) => trace.kinds[*n as usize],
            Value::Const(_, kind) => *kind,
        };
        let live = (jump.args.iter().enumerate()).map(|(i, v)| (Reg { kind: kind(v), index: i as u32 }, *v)).collect();
        let at = FrameSnapshot { jitcode: 0, pc: 0, live };
        trace.at_end = Some(Snapshot { frames: vec![Rc::new(at)], ..Snapshot::default() });
    }
    optimize(&mut trace, env(&m), &|c| (c == 0).then_some(&short));
    let got = renumbered(&trace.snapshot_text(&m));
    let want = renumbered(expected);
    assert!(got == want, "optimized:\n{got}\n\nexpected:\n{want}\n");
}

/// The loop of the tests of entering it from elsewhere: its body takes the
/// field `a` of `p0` from its preamble.
const LOOP_READING_A_FIELD: &str = "
    [p0, i1]
    i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
    i3 = int_add(i1, i2)
    jump(p0, i3, descr=TargetToken(0))";

/// A trace that knows what a loop's body takes from its preamble (here, a
/// field it read itself) jumps into the body at the label, with those
/// values (RPython's short preamble).
#[test]
fn a_trace_knowing_the_labels_facts_enters_the_body() {
    check_entering(
        LOOP_READING_A_FIELD,
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_mul(i1, i2)
        jump(p0, i3, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_mul(i1, i2)
        jump(i3, i2, descr=TargetToken(1, label))",
    );
}

/// A trace that would have to read a fact the body takes from its
/// preamble jumps to the preamble instead (it does not read or check
/// anything for the body).
#[test]
fn a_trace_not_knowing_the_labels_facts_enters_the_preamble() {
    check_entering(
        LOOP_READING_A_FIELD,
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        jump(p0, i2, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        jump(p0, i2, descr=TargetToken(1))",
    );
}

/// A trace that does not know what the body takes from its preamble
/// reads it before the jump into the body, after guards checking what the
/// preamble had checked (here that the object is not null); failing, they
/// go on from the merge point (RPython's short preamble with its guards).
#[test]
fn a_trace_checking_the_labels_facts_with_guards_enters_the_body() {
    check_entering_with_guards(
        LOOP_READING_A_FIELD,
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        jump(p0, i2, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        i3 = ptr_nonzero(p0)
        guard_value(i3, 1, descr=<Guard0x0>) [p0, i2]
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        jump(i2, i4, descr=TargetToken(1, label))",
    );
}

/// The loop of the tests of entering it with guards: its body takes a
/// variant's field of an object its preamble read and checked the tag of.
const LOOP_READING_A_VARIANT: &str = "
    [p0, i1]
    p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
    i3 = getfield_gc_i(p2, descr=<FieldS V.tag 8 pure>)
    i4 = int_eq(i3, 1)
    guard_true(i4, descr=<Guard0x0>) [p0, i1]
    i5 = getfield_gc_i(p2, descr=<FieldS V.val 16 pure>)
    i6 = int_add(i1, i5)
    jump(p0, i6, descr=TargetToken(0))";

/// A variant's field is read only once a guard checked the tag the
/// preamble checked: of another variant, the object has no such field.
#[test]
fn a_guarded_entry_checks_the_tag_before_a_variants_field() {
    check_entering_with_guards(
        LOOP_READING_A_VARIANT,
        "
        [p0, i1]
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = ptr_nonzero(p0)
        guard_value(i2, 1, descr=<Guard0x0>) [p0, i1]
        p3 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i4 = ptr_nonzero(p3)
        guard_value(i4, 1, descr=<Guard0x1>) [p0, i1]
        i5 = getfield_gc_i(p3, descr=<FieldS V.tag 8 pure>)
        guard_value(i5, 1, descr=<Guard0x2>) [p0, i1]
        i6 = getfield_gc_i(p3, descr=<FieldS V.val 16 pure>)
        jump(i1, i6, descr=TargetToken(1, label))",
    );
}

/// Having read an object's tag is not knowing it the variant whose field
/// the body takes: a guard checks it before the field is read (a Lua
/// loop calling a function, entered from a bridge calling a builtin, read
/// the builtin's number as the function's pointer).
#[test]
fn a_trace_that_read_a_tag_checks_it_before_a_variants_field() {
    check_entering_with_guards(
        LOOP_READING_A_VARIANT,
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS V.tag 8 pure>)
        i4 = int_add(i1, i3)
        jump(p0, i4, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS V.tag 8 pure>)
        i4 = int_add(i1, i3)
        guard_value(i3, 1, descr=<Guard0x0>) [p0, i4]
        i5 = getfield_gc_i(p2, descr=<FieldS V.val 16 pure>)
        jump(i4, i5, descr=TargetToken(1, label))",
    );
}

/// The loop of the tests of reading a tag a tagged word has too: its
/// body takes a field every object of its variant has (an unboxed
/// payload's) once its preamble checked the tag.
const LOOP_READING_PAST_A_WORDS_TAG: &str = "
    [p0, i1]
    p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
    i3 = getfield_gc_i(p2, descr=<FieldS W.tag 8 pure>)
    i4 = int_eq(i3, 2)
    guard_true(i4, descr=<Guard0x0>) [p0, i1]
    i5 = getfield_gc_i(p2, descr=<FieldS Pair.a 8>)
    i6 = int_add(i1, i5)
    jump(p0, i6, descr=TargetToken(0))";

/// Having read a tag a tagged word has too is knowing the value not null,
/// not an object (a word has no memory): the entry checks its tag before
/// it reads another field through it.
#[test]
fn a_trace_that_read_a_words_tag_checks_the_object_before_its_fields() {
    check_entering_with_guards(
        LOOP_READING_PAST_A_WORDS_TAG,
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS W.tag 8 pure>)
        i4 = int_add(i1, i3)
        jump(p0, i4, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS W.tag 8 pure>)
        i4 = int_add(i1, i3)
        guard_value(i3, 2, descr=<Guard0x0>) [p0, i4]
        i5 = getfield_gc_i(p2, descr=<FieldS Pair.a 8>)
        jump(i4, i5, descr=TargetToken(1, label))",
    );
}

/// A trace knowing a constant other than the one the body assumes enters
/// the preamble, guards or not: a guard would fail every time.
#[test]
fn a_trace_knowing_another_tag_enters_the_preamble() {
    check_entering_with_guards(
        LOOP_READING_A_VARIANT,
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS V.tag 8 pure>)
        guard_value(i3, 2, descr=<Guard0x0>) [p0, i1]
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS V.tag 8 pure>)
        guard_value(i3, 2, descr=<Guard0x0>) [p0, i1]
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// A trace using a variable no operation defined before, or defining one
/// twice, is not a trace.
#[test]
fn parse_rejects_undefined_and_redefined_variables() {
    let m = module();
    let undefined = Trace::parse("[i0]\ni2 = int_add(i0, 1)\ni3 = int_add(i1, 1)\njump(i3, descr=TargetToken(1))", &m);
    assert!(undefined.is_err_and(|e| e.contains("i1 is not defined before")));
    let twice = Trace::parse("[i0]\ni1 = int_add(i0, 1)\ni1 = int_add(i0, 2)\njump(i1, descr=TargetToken(1))", &m);
    assert!(twice.is_err_and(|e| e.contains("i1 is defined twice")));
}

#[test]
fn parse_prints_back_the_same_text() {
    let text = "[i0, p1, f2]
i3 = int_add(i0, 1)
i5 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
guard_true(i5, descr=<Guard0x0>) [i0, p1]
f7 = float_mul(f2, 0.5)
p8 = new(descr=<SizeDescr Pair>)
setfield_gc(p8, ConstPtr(null), descr=<FieldP Pair.next 24>)
i9 = call_i(i3, descr=<Call f>)
jump(i9, p8, f7, descr=TargetToken(0))
";
    let m = module();
    let trace = Trace::parse(text, &m).unwrap();
    assert_eq!(trace.text(&m, &[], &|_, _| None), text);
}

/// Operations on constants are computed while optimizing.
#[test]
fn constants_fold() {
    check(
        "
        [i0]
        i1 = int_add(3, 4)
        i2 = int_mul(i0, i1)
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_mul(i0, 7)
        jump(i1, descr=TargetToken(1))",
    );
}

/// `x + 0` and `0 + x` are `x` (RPython's `rewrite`).
#[test]
fn adding_zero_is_the_operand() {
    check(
        "
        [i0]
        i1 = int_add(i0, 0)
        i2 = int_add(0, i1)
        i3 = int_mul(i2, 3)
        jump(i3, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_mul(i0, 3)
        jump(i1, descr=TargetToken(1))",
    );
}

/// `x * 1` is `x`.
#[test]
fn multiplying_by_one_is_the_operand() {
    check(
        "
        [i0]
        i1 = int_mul(i0, 1)
        i2 = int_mul(1, i1)
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// `x - x` is 0.
#[test]
fn subtracting_itself_is_zero() {
    check(
        "
        [i0]
        i1 = int_sub(i0, i0)
        i2 = int_add(i1, 5)
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        jump(5, descr=TargetToken(1))",
    );
}

/// Float operations on constants fold too, to the same bits.
#[test]
fn floats_fold() {
    check(
        "
        [f0]
        f1 = float_mul(2.0, 0.25)
        f2 = float_add(f0, f1)
        jump(f2, descr=TargetToken(1))",
        "
        [f0]
        f1 = float_add(f0, 0.5)
        jump(f1, descr=TargetToken(1))",
    );
}

/// A division by a constant zero stays (the program panics before it, the trace keeps what it
/// recorded).
#[test]
fn division_by_zero_is_not_folded() {
    check(
        "
        [i0]
        i1 = int_floordiv(7, 0)
        i2 = int_add(i0, i1)
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_floordiv(7, 0)
        i2 = int_add(i0, i1)
        jump(i2, descr=TargetToken(1))",
    );
}

/// A guard whose operand folds to the value it wants is gone.
#[test]
fn a_guard_on_a_constant_that_holds_goes() {
    check(
        "
        [i0]
        i1 = int_lt(3, 5)
        guard_true(i1, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// A guard that always fails stays: it must fail every time.
#[test]
fn a_guard_on_a_constant_that_fails_stays() {
    check(
        "
        [i0]
        i1 = int_lt(5, 3)
        guard_true(i1, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        guard_true(0, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// CSE: the same pure operation on the same operands once.
#[test]
fn pure_operations_are_computed_once() {
    check(
        "
        [i0, i1]
        i2 = int_add(i0, i1)
        i3 = int_add(i0, i1)
        i4 = int_mul(i2, i3)
        jump(i4, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_add(i0, i1)
        i3 = int_mul(i2, i2)
        jump(i3, i1, descr=TargetToken(1))",
    );
}

/// A residual call may write anything but cannot change a pure result.
#[test]
fn pure_operations_survive_residual_calls() {
    check(
        "
        [i0, i1]
        i2 = int_mul(i0, i1)
        i3 = call_i(i2, descr=<Call f>)
        i4 = int_mul(i0, i1)
        i5 = int_add(i3, i4)
        jump(i5, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_mul(i0, i1)
        i3 = call_i(i2, descr=<Call f>)
        i4 = int_add(i3, i2)
        jump(i4, i1, descr=TargetToken(1))",
    );
}

/// Two elidable calls with the same arguments: one.
#[test]
fn elidable_calls_are_computed_once() {
    check(
        "
        [i0]
        i1 = call_pure_i(i0, descr=<Call g>)
        i2 = call_pure_i(i0, descr=<Call g>)
        i3 = int_add(i1, i2)
        jump(i3, descr=TargetToken(1))",
        "
        [i0]
        i1 = call_pure_i(i0, descr=<Call g>)
        i2 = int_add(i1, i1)
        jump(i2, descr=TargetToken(1))",
    );
}

/// After `guard_true(x)` x is 1: the second guard goes.
#[test]
fn a_guarded_value_is_known() {
    check(
        "
        [i0]
        i1 = int_lt(i0, 10)
        guard_true(i1, descr=<Guard0x0>) [i0]
        i2 = int_lt(i0, 10)
        guard_true(i2, descr=<Guard0x1>) [i0]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_lt(i0, 10)
        guard_true(i1, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// An elidable call whose argument a guard made constant is what it gave
/// when traced with that argument (RPython's `call_pure_results`); with
/// another argument, or none recorded, the call stays.
#[test]
fn an_elidable_call_of_constants_is_its_recorded_result() {
    let m = module();
    let g = m.descrs.iter().position(|d| matches!(d, Descr::Call { name, .. } if name == "g")).expect("g") as u32;
    let run = |recorded: u64, input: &str| {
        let mut trace = Trace::parse(input, &m).unwrap_or_else(|e| panic!("input: {e}"));
        let results = [PureCallResult { descr: g, args: vec![recorded], result: 42 }];
        optimize(&mut trace, Env { call_pure_results: &results, ..env(&m) }, &|_| None);
        renumbered(&trace.snapshot_text(&m))
    };
    let input = "
        [i0]
        guard_value(i0, 5, descr=<Guard0x0>) [i0]
        i1 = call_pure_i(i0, descr=<Call g>)
        i2 = int_add(i1, 1)
        jump(i2, descr=TargetToken(1))";
    let folded = "
        [i0]
        guard_value(i0, 5, descr=<Guard0x0>) [i0]
        jump(43, descr=TargetToken(1))";
    assert_eq!(run(5, input), renumbered(folded));
    let kept = "
        [i0]
        guard_value(i0, 5, descr=<Guard0x0>) [i0]
        i1 = call_pure_i(5, descr=<Call g>)
        i2 = int_add(i1, 1)
        jump(i2, descr=TargetToken(1))";
    assert_eq!(run(6, input), renumbered(kept));
}

/// After `guard_value(x, 5)` x is 5 in what follows.
#[test]
fn guard_value_makes_a_constant() {
    check(
        "
        [i0]
        guard_value(i0, 5, descr=<Guard0x0>) [i0]
        i1 = int_add(i0, 1)
        jump(i1, descr=TargetToken(1))",
        "
        [i0]
        guard_value(i0, 5, descr=<Guard0x0>) [i0]
        jump(6, descr=TargetToken(1))",
    );
}

/// `a < b` true: `a >= b` is false.
#[test]
fn a_known_comparison_knows_its_negation() {
    check(
        "
        [i0, i1]
        i2 = int_lt(i0, i1)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        i3 = int_ge(i0, i1)
        guard_false(i3, descr=<Guard0x1>) [i0, i1]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_lt(i0, i1)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// `a < b` true: `b > a` is true.
#[test]
fn a_known_comparison_knows_its_mirror() {
    check(
        "
        [i0, i1]
        i2 = int_lt(i0, i1)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        i3 = int_gt(i1, i0)
        guard_true(i3, descr=<Guard0x1>) [i0, i1]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_lt(i0, i1)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// `a == 0` false: `a != 0` is true.
#[test]
fn equality_known_false_knows_inequality() {
    check(
        "
        [i0]
        i1 = int_eq(i0, 0)
        guard_false(i1, descr=<Guard0x0>) [i0]
        i2 = int_ne(i0, 0)
        guard_true(i2, descr=<Guard0x1>) [i0]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_eq(i0, 0)
        guard_false(i1, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// `uint_lt(a, b)` true: `uint_ge(a, b)` false.
#[test]
fn unsigned_comparisons_are_facts_too() {
    check(
        "
        [i0, i1]
        i2 = uint_lt(i0, i1)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        i3 = uint_ge(i0, i1)
        guard_false(i3, descr=<Guard0x1>) [i0, i1]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = uint_lt(i0, i1)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// Heap cache: the second read of a field is the first's value.
#[test]
fn a_field_read_twice_is_read_once() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i1, i2)
        jump(i3, descr=TargetToken(1))",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = int_add(i1, i1)
        jump(i2, descr=TargetToken(1))",
    );
}

/// A read after a write of the same field is the value written.
#[test]
fn a_field_read_after_its_write_is_the_value() {
    check(
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = call_i(i2, descr=<Call f>)
        jump(p0, i3, descr=TargetToken(1))",
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = call_i(i1, descr=<Call f>)
        jump(p0, i2, descr=TargetToken(1))",
    );
}

/// A write of the field through another object may be the same memory: read again.
#[test]
fn a_write_to_another_object_may_alias() {
    check(
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, i2, descr=<FieldS Pair.a 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_add(i3, i4)
        jump(p0, p1, i5, descr=TargetToken(1))",
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, i2, descr=<FieldS Pair.a 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_add(i3, i4)
        jump(p0, p1, i5, descr=TargetToken(1))",
    );
}

/// A write of another field keeps what is known of this one.
#[test]
fn different_fields_do_not_alias() {
    check(
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, i2, descr=<FieldS Pair.b 16>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_add(i3, i4)
        jump(p0, p1, i5, descr=TargetToken(1))",
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, i3)
        setfield_gc(p1, i2, descr=<FieldS Pair.b 16>)
        jump(p0, p1, i4, descr=TargetToken(1))",
    );
}

/// A residual call may write any field: read again after it.
#[test]
fn a_residual_call_forgets_the_heap() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i2, i3)
        jump(p0, i4, descr=TargetToken(1))",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i2, i3)
        jump(p0, i4, descr=TargetToken(1))",
    );
}

/// A residual call forgets only what its callee may write (RPython's `EffectInfo`): `h`
/// writes `Pair.b` and items of lists, so what was read of `Pair.a` stays known.
#[test]
fn a_residual_call_forgets_only_what_it_may_write() {
    check(
        "
        [p0, p1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i4 = getarrayitem_gc_i(p1, 0, descr=<ArrayS 8>)
        i5 = call_i(i2, descr=<Call h>)
        i6 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i7 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i8 = getarrayitem_gc_i(p1, 0, descr=<ArrayS 8>)
        i9 = int_add(i6, i7)
        i10 = int_add(i9, i8)
        i11 = int_add(i10, i3)
        i12 = int_add(i11, i4)
        jump(p0, p1, i12, descr=TargetToken(1))",
        "
        [p0, p1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i4 = getarrayitem_gc_i(p1, 0, descr=<ArrayS 8>)
        i5 = call_i(i2, descr=<Call h>)
        i6 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i7 = getarrayitem_gc_i(p1, 0, descr=<ArrayS 8>)
        i8 = int_add(i2, i6)
        i9 = int_add(i8, i7)
        i10 = int_add(i9, i3)
        i11 = int_add(i10, i4)
        jump(p0, p1, i11, descr=TargetToken(1))",
    );
}

/// An elidable call writes nothing: what is known of the heap stays.
#[test]
fn an_elidable_call_keeps_the_heap() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = call_pure_i(i1, descr=<Call g>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i2, i3)
        jump(p0, i4, descr=TargetToken(1))",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = call_pure_i(i1, descr=<Call g>)
        i3 = int_add(i2, i1)
        jump(p0, i3, descr=TargetToken(1))",
    );
}

/// A field that never changes, of a constant object, is a constant; so are the fields of
/// the object it holds (RPython's pure field descrs).
#[test]
fn immutable_fields_of_a_constant_object_fold() {
    check(
        "
        [i0]
        i1 = getfield_gc_i(ConstPtr(0x1000), descr=<FieldS Op.tag 8 pure>)
        p2 = getfield_gc_r(ConstPtr(0x1000), descr=<FieldP Op.arg 16 pure>)
        i3 = getfield_gc_i(p2, descr=<FieldS Op.tag 8 pure>)
        i4 = int_add(i1, i3)
        i5 = int_add(i0, i4)
        jump(i5, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_add(i0, 8224)
        jump(i1, descr=TargetToken(1))",
    );
}

/// A tagged integer's variant that escapes is `new_tagged` of its integer (a word when it
/// fits): what reading it gives stays known.
#[test]
fn an_escaping_tagged_integer_is_new_tagged() {
    check(
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr W::Int>)
        setfield_gc(p2, 1, descr=<FieldS W.tag 8 pure>)
        setfield_gc(p2, i1, descr=<FieldS W::Int.x 16 pure>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS W::Int.x 16 pure>)
        i4 = getfield_gc_i(p2, descr=<FieldS W.tag 8 pure>)
        i5 = int_add(i3, i4)
        finish(i5)",
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        p3 = new_tagged(i1, descr=<SizeDescr W::Int>)
        setfield_gc(p0, p3, descr=<FieldP Pair.next 24>)
        finish(i2)",
    );
}

/// One that does not escape is nothing, and one made with another tag (no integer of the
/// enum's: never so in a program) is an object as any other.
#[test]
fn a_tagged_integer_that_stays_virtual_is_nothing() {
    check(
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr W::Int>)
        setfield_gc(p2, 1, descr=<FieldS W.tag 8 pure>)
        setfield_gc(p2, i1, descr=<FieldS W::Int.x 16 pure>)
        i3 = getfield_gc_i(p2, descr=<FieldS W::Int.x 16 pure>)
        p4 = new(descr=<SizeDescr W::Int>)
        setfield_gc(p4, 2, descr=<FieldS W.tag 8 pure>)
        setfield_gc(p0, p4, descr=<FieldP Pair.next 24>)
        finish(i3)",
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr W::Int>)
        setfield_gc(p2, 2, descr=<FieldS W.tag 8 pure>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        finish(i1)",
    );
}

/// The tag of a constant tagged word (`0x15`: the integer 10) is the word's, not memory's.
#[test]
fn the_tag_of_a_constant_tagged_word_folds_to_the_words() {
    check(
        "
        [i0]
        i1 = getfield_gc_i(ConstPtr(0x15), descr=<FieldS W.tag 8 pure>)
        i2 = getfield_gc_i(ConstPtr(0x1000), descr=<FieldS W.tag 8 pure>)
        i3 = int_add(i1, i2)
        i4 = int_add(i0, i3)
        jump(i4, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_add(i0, 4105)
        jump(i1, descr=TargetToken(1))",
    );
}

/// An item of an array whose items never change, at a constant index of a constant array,
/// is a constant (the tests' memory: item 2 of 0x1000 is 0x1000 + 16 + 2 * 8, its tag that plus 8).
#[test]
fn immutable_items_of_a_constant_array_fold() {
    check(
        "
        [i0]
        p1 = getarrayitem_gc_r(ConstPtr(0x1000), 2, descr=<ArrayP 8 pure>)
        i2 = getfield_gc_i(p1, descr=<FieldS Op.tag 8 pure>)
        i3 = int_add(i0, i2)
        jump(i3, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_add(i0, 4136)
        jump(i1, descr=TargetToken(1))",
    );
}

/// At an index not known, the item is read.
#[test]
fn immutable_items_at_a_variable_index_are_read() {
    check(
        "
        [i0]
        p1 = getarrayitem_gc_r(ConstPtr(0x1000), i0, descr=<ArrayP 8 pure>)
        i2 = getfield_gc_i(p1, descr=<FieldS Op.tag 8 pure>)
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        p1 = getarrayitem_gc_r(ConstPtr(0x1000), i0, descr=<ArrayP 8 pure>)
        i2 = getfield_gc_i(p1, descr=<FieldS Op.tag 8 pure>)
        jump(i2, descr=TargetToken(1))",
    );
}

/// Integer bounds: once `2 < len` is checked, `1 < len` and `0 < len` hold (RPython's
/// `intbounds`): their bounds checks go.
#[test]
fn a_bounds_check_known_to_hold_goes() {
    check(
        "
        [p0]
        i1 = arraylen_gc(p0, descr=<ArrayS 8>)
        i2 = uint_ge(2, i1)
        guard_false(i2, descr=<Guard0x0>) [p0]
        i3 = uint_ge(1, i1)
        guard_false(i3, descr=<Guard0x1>) [p0]
        i4 = int_lt(0, i1)
        guard_true(i4, descr=<Guard0x2>) [p0]
        jump(p0, descr=TargetToken(1))",
        "
        [p0]
        i1 = arraylen_gc(p0, descr=<ArrayS 8>)
        i2 = uint_ge(2, i1)
        guard_false(i2, descr=<Guard0x0>) [p0]
        jump(p0, descr=TargetToken(1))",
    );
}

/// Relations: after `guard_true(int_lt(i + 2, len))`, `i + 1 < len` and `i < len` hold
/// (`i` is a byte: none of the sums wraps); ranges alone do not say it.
#[test]
fn a_check_of_a_step_covers_the_smaller_steps() {
    check(
        "
        [i0, i1]
        i2 = int_and(i0, 255)
        i3 = int_add(i2, 2)
        i4 = int_lt(i3, i1)
        guard_true(i4, descr=<Guard0x0>) [i0]
        i5 = int_add(i2, 1)
        i6 = int_lt(i5, i1)
        guard_true(i6, descr=<Guard0x1>) [i0]
        i7 = int_lt(i2, i1)
        guard_true(i7, descr=<Guard0x2>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_and(i0, 255)
        i3 = int_add(i2, 2)
        i4 = int_lt(i3, i1)
        guard_true(i4, descr=<Guard0x0>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// An unsigned bounds check of `i + 2` says nothing of `i + 1` when `i` may be negative
/// (`i = -2`: `i + 2` is 0, `i + 1` the largest unsigned): both checks stay.
#[test]
fn an_unsigned_check_of_a_step_says_nothing_of_a_negative_base() {
    check(
        "
        [i0, i1]
        i2 = int_add(i0, 2)
        i3 = uint_ge(i2, i1)
        guard_false(i3, descr=<Guard0x0>) [i0]
        i4 = int_add(i0, 1)
        i5 = uint_ge(i4, i1)
        guard_false(i5, descr=<Guard0x1>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_add(i0, 2)
        i3 = uint_ge(i2, i1)
        guard_false(i3, descr=<Guard0x0>) [i0]
        i4 = int_add(i0, 1)
        i5 = uint_ge(i4, i1)
        guard_false(i5, descr=<Guard0x1>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// Not negative, `i + 2 < len` (unsigned) says `i + 1 < len` and `i < len`.
#[test]
fn an_unsigned_check_of_a_step_covers_the_smaller_steps_of_a_nonnegative_base() {
    check(
        "
        [i0, i1]
        i2 = int_and(i0, 255)
        i3 = int_add(i2, 2)
        i4 = uint_ge(i3, i1)
        guard_false(i4, descr=<Guard0x0>) [i0]
        i5 = int_add(i2, 1)
        i6 = uint_ge(i5, i1)
        guard_false(i6, descr=<Guard0x1>) [i0]
        i7 = uint_lt(i2, i1)
        guard_true(i7, descr=<Guard0x2>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_and(i0, 255)
        i3 = int_add(i2, 2)
        i4 = uint_ge(i3, i1)
        guard_false(i4, descr=<Guard0x0>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// A tape's move right: once `i < len`, the growth check `i + 1 != len` makes the bounds
/// check `i + 1 < len` known.
#[test]
fn a_growth_check_after_a_bounds_check_is_the_next_bounds_check() {
    check(
        "
        [i0, i1]
        i2 = uint_ge(i0, i1)
        guard_false(i2, descr=<Guard0x0>) [i0]
        i3 = int_add(i0, 1)
        i4 = int_eq(i3, i1)
        guard_false(i4, descr=<Guard0x1>) [i0]
        i5 = uint_ge(i3, i1)
        guard_false(i5, descr=<Guard0x2>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = uint_ge(i0, i1)
        guard_false(i2, descr=<Guard0x0>) [i0]
        i3 = int_add(i0, 1)
        i4 = int_eq(i3, i1)
        guard_false(i4, descr=<Guard0x1>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// Moves right by two, then a read: once `i < len`, the growth checks
/// `i + 1 != len` and `i + 2 != len` make the bounds check `i + 2 < len`
/// known, with no check of `i + 1` between (then the two growth checks
/// are one range check).
#[test]
fn growth_checks_of_a_run_of_moves_make_the_bounds_check_after_it() {
    check(
        "
        [i0, i1]
        i2 = uint_ge(i0, i1)
        guard_false(i2, descr=<Guard0x0>) [i0]
        i3 = int_add(i0, 1)
        i4 = int_eq(i3, i1)
        guard_false(i4, descr=<Guard0x1>) [i0]
        i5 = int_add(i0, 2)
        i6 = int_eq(i5, i1)
        guard_false(i6, descr=<Guard0x2>) [i0]
        i7 = uint_ge(i5, i1)
        guard_false(i7, descr=<Guard0x3>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = uint_ge(i0, i1)
        guard_false(i2, descr=<Guard0x0>) [i0]
        i3 = int_sub(i1, i0)
        i4 = int_sub(i3, 1)
        i5 = uint_gt(i4, 1)
        guard_true(i5, descr=<Guard0x1>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// `x & 7` is in `0..=7`, and a step by a constant from it in a range too.
#[test]
fn ranges_of_masks_and_sums_decide_comparisons() {
    check(
        "
        [i0]
        i1 = int_and(i0, 7)
        i2 = int_add(i1, 1)
        i3 = int_lt(i2, 9)
        guard_true(i3, descr=<Guard0x0>) [i0]
        i4 = uint_lt(i1, 8)
        guard_true(i4, descr=<Guard0x1>) [i0]
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_and(i0, 7)
        i2 = int_add(i1, 1)
        jump(i2, descr=TargetToken(1))",
    );
}

/// A guard on `x + 5 < 10` says `x < 5` of the variable it steps from, when the sum cannot
/// wrap (`x` is a byte here); a later comparison of `x` is then known.
#[test]
fn a_guard_narrows_the_variable_a_step_is_from() {
    check(
        "
        [i0]
        i1 = int_and(i0, 255)
        i2 = int_add(i1, 5)
        i3 = int_lt(i2, 10)
        guard_true(i3, descr=<Guard0x0>) [i0]
        i4 = int_lt(i1, 5)
        guard_true(i4, descr=<Guard0x1>) [i0]
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_and(i0, 255)
        i2 = int_add(i1, 5)
        i3 = int_lt(i2, 10)
        guard_true(i3, descr=<Guard0x0>) [i0]
        jump(i2, descr=TargetToken(1))",
    );
}

/// Without a range, `x + 5 < 10` says nothing of `x` (the sum may have wrapped).
#[test]
fn a_step_that_may_wrap_narrows_nothing() {
    check(
        "
        [i0]
        i1 = int_add(i0, 5)
        i2 = int_lt(i1, 10)
        guard_true(i2, descr=<Guard0x0>) [i0]
        i3 = int_lt(i0, 5)
        guard_true(i3, descr=<Guard0x1>) [i0]
        jump(i1, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_add(i0, 5)
        i2 = int_lt(i1, 10)
        guard_true(i2, descr=<Guard0x0>) [i0]
        i3 = int_lt(i0, 5)
        guard_true(i3, descr=<Guard0x1>) [i0]
        jump(i1, descr=TargetToken(1))",
    );
}

/// A sum that may wrap says nothing: the check stays.
#[test]
fn a_sum_that_may_wrap_is_not_bounded() {
    check(
        "
        [i0]
        i1 = arraylen_gc(ConstPtr(0x10), descr=<ArrayS 8>)
        i2 = int_add(i1, 1)
        i3 = int_gt(i2, 0)
        guard_true(i3, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        i1 = arraylen_gc(ConstPtr(0x10), descr=<ArrayS 8>)
        i2 = int_add(i1, 1)
        i3 = int_gt(i2, 0)
        guard_true(i3, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// An overflow check the ranges decide goes with its guard: an index below
/// a length plus one cannot overflow.
#[test]
fn an_overflow_test_the_ranges_decide_goes() {
    check(
        "
        [p0, i1]
        i2 = arraylen_gc(p0, descr=<ArrayS 8>)
        i3 = uint_ge(i1, i2)
        guard_false(i3, descr=<Guard0x0>) [p0, i1]
        i4 = uint_add_ovf(i1, 1)
        guard_false(i4, descr=<Guard0x1>) [p0, i1]
        i5 = int_add(i1, 1)
        i6 = int_sub_ovf(i1, 1)
        guard_false(i6, descr=<Guard0x2>) [p0, i1]
        i7 = int_mul_ovf(i2, 0)
        guard_false(i7, descr=<Guard0x3>) [p0, i1]
        jump(p0, i5, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = arraylen_gc(p0, descr=<ArrayS 8>)
        i3 = uint_ge(i1, i2)
        guard_false(i3, descr=<Guard0x0>) [p0, i1]
        i4 = int_add(i1, 1)
        jump(p0, i4, descr=TargetToken(1))",
    );
}

/// One the ranges do not decide stays, guarded: `i0` may be the largest
/// integer, `i0 - 1` below 0 unsigned.
#[test]
fn an_overflow_test_of_unknown_operands_stays() {
    check(
        "
        [i0]
        i1 = int_add_ovf(i0, 1)
        guard_false(i1, descr=<Guard0x0>) [i0]
        i2 = uint_sub_ovf(i0, 1)
        guard_false(i2, descr=<Guard0x1>) [i0]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_add_ovf(i0, 1)
        guard_false(i1, descr=<Guard0x0>) [i0]
        i2 = uint_sub_ovf(i0, 1)
        guard_false(i2, descr=<Guard0x1>) [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// The test of a narrower type's sum (its word, narrowed, compared): a
/// value already of the type is not narrowed, and the comparison with
/// itself goes. A sum of two bytes (`u8`) may leave the type: it stays.
#[test]
fn narrowing_a_value_of_the_type_is_the_value() {
    check(
        "
        [i0, i1]
        i2 = int_and(i0, 255)
        i3 = int_and(i1, 127)
        i4 = int_add(i3, 100)
        i5 = int_and(i4, 255)
        i6 = int_ne(i4, i5)
        guard_false(i6, descr=<Guard0x0>) [i0]
        i7 = int_add(i2, i3)
        i8 = int_and(i7, 255)
        i9 = int_ne(i7, i8)
        guard_false(i9, descr=<Guard0x1>) [i0]
        i10 = int_signext(i3, 1)
        jump(i10, i8, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_and(i0, 255)
        i3 = int_and(i1, 127)
        i4 = int_add(i2, i3)
        i5 = int_and(i4, 255)
        i6 = int_ne(i4, i5)
        guard_false(i6, descr=<Guard0x0>) [i0]
        jump(i3, i5, descr=TargetToken(1))",
    );
}

/// A field that may change is read from a constant object as from any other.
#[test]
fn mutable_fields_of_a_constant_object_are_read() {
    check(
        "
        [i0]
        i1 = getfield_gc_i(ConstPtr(0x1000), descr=<FieldS Pair.a 8>)
        i2 = int_add(i0, i1)
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        i1 = getfield_gc_i(ConstPtr(0x1000), descr=<FieldS Pair.a 8>)
        i2 = int_add(i0, i1)
        jump(i2, descr=TargetToken(1))",
    );
}

/// A residual call writes no immutable field: what was read of one stays known.
#[test]
fn a_residual_call_keeps_immutable_fields() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i4 = int_add(i2, i3)
        jump(p0, i4, descr=TargetToken(1))",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i2 = call_i(i1, descr=<Call f>)
        i3 = int_add(i2, i1)
        jump(p0, i3, descr=TargetToken(1))",
    );
}

/// A write to a field of the same bytes of another object is not a write of an immutable
/// field (those are written only while their object is built).
#[test]
fn a_write_keeps_immutable_fields() {
    check(
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        setfield_gc(p1, i2, descr=<FieldS Pair.a 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i5 = int_add(i3, i4)
        jump(p0, p1, i5, descr=TargetToken(1))",
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i4 = int_add(i3, i3)
        setfield_gc(p1, i2, descr=<FieldS Pair.a 8>)
        jump(p0, p1, i4, descr=TargetToken(1))",
    );
}

/// A write of item 1 keeps what is known of item 0.
#[test]
fn items_at_different_constant_indexes_do_not_alias() {
    check(
        "
        [p0, i1]
        i2 = getarrayitem_gc_i(p0, 0, descr=<ArrayS 8>)
        setarrayitem_gc(p0, 1, i1, descr=<ArrayS 8>)
        i3 = getarrayitem_gc_i(p0, 0, descr=<ArrayS 8>)
        i4 = int_add(i2, i3)
        jump(p0, i4, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = getarrayitem_gc_i(p0, 0, descr=<ArrayS 8>)
        i3 = int_add(i2, i2)
        setarrayitem_gc(p0, 1, i1, descr=<ArrayS 8>)
        jump(p0, i3, descr=TargetToken(1))",
    );
}

/// Items `i` and `i + 1` differ: a write of one keeps the other.
#[test]
fn items_at_steps_from_one_index_do_not_alias() {
    check(
        "
        [p0, i1, i2]
        i3 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        i4 = int_add(i1, 1)
        setarrayitem_gc(p0, i4, i2, descr=<ArrayS 8>)
        i5 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        i6 = int_add(i3, i5)
        jump(p0, i4, i6, descr=TargetToken(1))",
        "
        [p0, i1, i2]
        i3 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        i4 = int_add(i1, 1)
        i5 = int_add(i3, i3)
        setarrayitem_gc(p0, i4, i2, descr=<ArrayS 8>)
        jump(p0, i4, i5, descr=TargetToken(1))",
    );
}

/// A write at an index not known to differ forgets the item.
#[test]
fn items_at_unknown_indexes_may_alias() {
    check(
        "
        [p0, i1, i2, i3]
        i4 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        setarrayitem_gc(p0, i2, i3, descr=<ArrayS 8>)
        i5 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        i6 = int_add(i4, i5)
        jump(p0, i1, i2, i6, descr=TargetToken(1))",
        "
        [p0, i1, i2, i3]
        i4 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        setarrayitem_gc(p0, i2, i3, descr=<ArrayS 8>)
        i5 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        i6 = int_add(i4, i5)
        jump(p0, i1, i2, i6, descr=TargetToken(1))",
    );
}

/// A write of an item keeps what is known of a field.
#[test]
fn fields_do_not_alias_items() {
    check(
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        setarrayitem_gc(p1, i2, i2, descr=<ArrayS 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_add(i3, i4)
        jump(p0, p1, i5, descr=TargetToken(1))",
        "
        [p0, p1, i2]
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, i3)
        setarrayitem_gc(p1, i2, i2, descr=<ArrayS 8>)
        jump(p0, p1, i4, descr=TargetToken(1))",
    );
}

/// Lazy writes: of two writes of a field with nothing reading it between, only the last is done.
#[test]
fn a_write_overwritten_is_never_done() {
    check(
        "
        [p0, i1, i2]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, i2, descr=<FieldS Pair.a 8>)
        jump(p0, i1, i2, descr=TargetToken(1))",
        "
        [p0, i1, i2]
        setfield_gc(p0, i2, descr=<FieldS Pair.a 8>)
        jump(p0, i1, i2, descr=TargetToken(1))",
    );
}

/// A pending write is done before a residual call, which may read it.
#[test]
fn a_write_is_done_before_a_call() {
    check(
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = int_add(i1, 1)
        i3 = call_i(i2, descr=<Call f>)
        jump(p0, i3, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i3 = call_i(i2, descr=<Call f>)
        jump(p0, i3, descr=TargetToken(1))",
    );
}

/// A pending write the callee neither reads nor writes waits past the call (`h` reads
/// `Pair.a`, writes `Pair.b` and items of lists; not `Pair.next`).
#[test]
fn a_write_the_callee_does_not_touch_waits_past_the_call() {
    check(
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p0, descr=<FieldP Pair.next 24>)
        i2 = call_i(i1, descr=<Call h>)
        jump(p0, i2, descr=TargetToken(1))",
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = call_i(i1, descr=<Call h>)
        setfield_gc(p0, p0, descr=<FieldP Pair.next 24>)
        jump(p0, i2, descr=TargetToken(1))",
    );
}

/// A call that reads a field sees a delayed write of it (an enum's tag: a variant just
/// built, then passed on).
#[test]
fn a_write_of_a_field_a_callee_reads_is_done_first() {
    check(
        "
        [p0, i1]
        setfield_gc(p0, 1, descr=<FieldS V.tag 8 pure>)
        i2 = call_i(i1, descr=<Call r>)
        jump(p0, i2, descr=TargetToken(1))",
        "
        [p0, i1]
        setfield_gc(p0, 1, descr=<FieldS V.tag 8 pure>)
        i2 = call_i(i1, descr=<Call r>)
        jump(p0, i2, descr=TargetToken(1))",
    );
}

/// Fields of different types are different memory even at the same offset (an object
/// has one type; an enum's variants share their base's descr for the tag): a write of
/// one keeps what a read of the other gave.
#[test]
fn a_write_of_another_types_field_at_the_same_offset_keeps_a_read() {
    check(
        "
        [p0, p1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, 5, descr=<FieldS Q.n 8>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i2, i3)
        jump(p0, p1, i4, descr=TargetToken(1))",
        "
        [p0, p1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, i2)
        setfield_gc(p1, 5, descr=<FieldS Q.n 8>)
        jump(p0, p1, i3, descr=TargetToken(1))",
    );
}

/// A write delayed past a guard is in its snapshot's pending writes.
#[test]
fn a_guard_does_the_pending_writes_when_it_fails() {
    check(
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = int_lt(i1, 10)
        guard_true(i2, descr=<Guard0x0>) [p0, i1]
        setfield_gc(p0, 5, descr=<FieldS Pair.b 16>)
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_lt(i1, 10)
        guard_true(i2, descr=<Guard0x0>) [p0, i1] {setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)}
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, 5, descr=<FieldS Pair.b 16>)
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// Item writes wait too: an item read at the same index gives the value, a second write
/// replaces the first. A guard has a waiting item write done before it (it would cost
/// the guard three values), unless what it stores is virtual: then the guard makes the
/// object and does the write when it fails.
#[test]
fn item_writes_wait_until_a_guard_unless_they_store_a_virtual() {
    check(
        "
        [p0, i1, i2]
        setarrayitem_gc(p0, i1, i2, descr=<ArrayS 8>)
        i3 = int_lt(i2, 10)
        guard_true(i3, descr=<Guard0x0>) [p0, i1]
        i4 = getarrayitem_gc_i(p0, i1, descr=<ArrayS 8>)
        i5 = int_add(i4, 1)
        setarrayitem_gc(p0, i1, i5, descr=<ArrayS 8>)
        i6 = int_add(i5, 1)
        setarrayitem_gc(p0, i1, i6, descr=<ArrayS 8>)
        jump(p0, i1, i6, descr=TargetToken(1))",
        "
        [p0, i1, i2]
        i3 = int_lt(i2, 10)
        setarrayitem_gc(p0, i1, i2, descr=<ArrayS 8>)
        guard_true(i3, descr=<Guard0x0>) [p0, i1]
        i4 = int_add(i2, 2)
        setarrayitem_gc(p0, i1, i4, descr=<ArrayS 8>)
        jump(p0, i1, i4, descr=TargetToken(1))",
    );
    check(
        "
        [p0, i1, i2]
        p3 = new(descr=<SizeDescr Pair>)
        setarrayitem_gc(p0, i1, p3, descr=<ArrayP 8>)
        i4 = int_lt(i2, 10)
        guard_true(i4, descr=<Guard0x0>) [p0, i1]
        jump(p0, i1, i2, descr=TargetToken(1))",
        "
        [p0, i1, i2]
        i3 = int_lt(i2, 10)
        guard_true(i3, descr=<Guard0x0>) [p0, i1] {p4=new(<SizeDescr Pair>; ) | setarrayitem_gc(p0, i1, p4, descr=<ArrayP 8>)}
        p4 = new(descr=<SizeDescr Pair>)
        setarrayitem_gc(p0, i1, p4, descr=<ArrayP 8>)
        jump(p0, i1, i2, descr=TargetToken(1))",
    );
}

/// A read of an item that may be the one a waiting write goes to (another index, not
/// known to differ) does the write first.
#[test]
fn a_read_of_an_item_that_may_be_written_does_the_write_first() {
    check(
        "
        [p0, i1, i2]
        setarrayitem_gc(p0, i1, 7, descr=<ArrayS 8>)
        i3 = getarrayitem_gc_i(p0, i2, descr=<ArrayS 8>)
        jump(p0, i1, i3, descr=TargetToken(1))",
        "
        [p0, i1, i2]
        setarrayitem_gc(p0, i1, 7, descr=<ArrayS 8>)
        i3 = getarrayitem_gc_i(p0, i2, descr=<ArrayS 8>)
        jump(p0, i1, i3, descr=TargetToken(1))",
    );
}

/// An object the trace made, stored into one it did not, stays virtual while the write
/// waits: read back through the field, its fields are known; written over before the
/// write is done, it is never allocated.
#[test]
fn a_virtual_stored_by_a_waiting_write_is_not_allocated_yet() {
    check(
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        p3 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i4 = getfield_gc_i(p3, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p0, descr=<FieldP Pair.next 24>)
        jump(p0, i4, descr=TargetToken(1))",
        "
        [p0, i1]
        setfield_gc(p0, p0, descr=<FieldP Pair.next 24>)
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// A guard before such a write makes the object and does the write when it fails; the
/// write done at the end allocates it then.
#[test]
fn a_guard_makes_the_virtual_a_waiting_write_stores() {
    check(
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        i3 = int_lt(i1, 10)
        guard_true(i3, descr=<Guard0x0>) [p0]
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_lt(i1, 10)
        guard_true(i2, descr=<Guard0x0>) [p0] {p3=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i1) | setfield_gc(p0, p3, descr=<FieldP Pair.next 24>)}
        p3 = new(descr=<SizeDescr Pair>)
        setfield_gc(p3, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p3, descr=<FieldP Pair.next 24>)
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// Two lists a frame owns are different objects, and so are their items arrays (a
/// list's items are its own): a read of one's item does not wait for a write of the
/// other's, which stays delayed.
#[test]
fn items_of_lists_owned_by_different_fields_do_not_alias() {
    check(
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.locals 8 pure>)
        p4 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p5 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        p6 = getfield_gc_r(p4, descr=<FieldP L.items 16>)
        setarrayitem_gc(p6, i1, p2, descr=<ArrayP 8>)
        p7 = getarrayitem_gc_r(p5, 0, descr=<ArrayP 8>)
        jump(p0, i1, p7, descr=TargetToken(1))",
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.locals 8 pure>)
        p4 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p5 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        p6 = getfield_gc_r(p4, descr=<FieldP L.items 16>)
        p7 = getarrayitem_gc_r(p5, 0, descr=<ArrayP 8>)
        setarrayitem_gc(p6, i1, p2, descr=<ArrayP 8>)
        jump(p0, i1, p7, descr=TargetToken(1))",
    );
}

/// Lists reached through fields that own nothing may be one list: the read waits for
/// the write.
#[test]
fn items_of_lists_from_other_fields_may_alias() {
    let trace = "
        [p0, p1, i2, p3]
        p4 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        p5 = getfield_gc_r(p1, descr=<FieldP Pair.next 24>)
        p6 = getfield_gc_r(p4, descr=<FieldP L.items 16>)
        p7 = getfield_gc_r(p5, descr=<FieldP L.items 16>)
        setarrayitem_gc(p7, i2, p3, descr=<ArrayP 8>)
        p8 = getarrayitem_gc_r(p6, 0, descr=<ArrayP 8>)
        jump(p0, p1, i2, p8, descr=TargetToken(1))";
    check(trace, trace);
}

/// A write of the value the field is known to hold is dropped.
#[test]
fn writing_what_is_there_is_no_write() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, i2, descr=<FieldS Pair.a 8>)
        i3 = call_i(i2, descr=<Call f>)
        jump(p0, i3, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = call_i(i2, descr=<Call f>)
        jump(p0, i3, descr=TargetToken(1))",
    );
}

/// A comparison's result is 0 or 1: testing it against 0 (or 1) is the comparison, which the
/// guard then takes directly.
#[test]
fn a_comparison_tested_against_zero_is_the_comparison() {
    check(
        "
        [i0, i1]
        i2 = int_lt(i0, i1)
        i3 = int_ne(i2, 0)
        guard_true(i3, descr=<Guard0x0>) [i0]
        i4 = int_eq(i0, 0)
        i5 = int_eq(i4, 1)
        guard_false(i5, descr=<Guard0x1>) [i0]
        jump(i0, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_lt(i0, i1)
        guard_true(i2, descr=<Guard0x0>) [i0]
        i3 = int_eq(i0, 0)
        guard_false(i3, descr=<Guard0x1>) [i0] {i0 in -9223372036854775808..=9223372036854775806}
        jump(i0, i1, descr=TargetToken(1))",
    );
}

/// Virtuals: an object made, written and read is never made.
#[test]
fn an_object_that_does_not_escape_is_not_allocated() {
    check(
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        i2 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, 1)
        jump(i3, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_add(i0, 1)
        jump(i1, descr=TargetToken(1))",
    );
}

/// A virtual passed to a residual call is forced: allocated and its fields written before the call.
#[test]
fn an_object_passed_to_a_call_is_allocated() {
    check(
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, 7, descr=<FieldS Pair.b 16>)
        i2 = call_i(p1, descr=<Call f>)
        jump(i2, descr=TargetToken(1))",
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, 7, descr=<FieldS Pair.b 16>)
        i2 = call_i(p1, descr=<Call f>)
        jump(i2, descr=TargetToken(1))",
    );
}

/// A guard's snapshot holds a virtual by its fields: made only if the guard fails.
#[test]
fn a_virtual_in_a_snapshot_is_made_when_the_guard_fails() {
    check(
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        i2 = int_lt(i0, 10)
        guard_true(i2, descr=<Guard0x0>) [i0, p1]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_lt(i0, 10)
        guard_true(i1, descr=<Guard0x0>) [i0, p2] {p2=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i0)}
        jump(i0, descr=TargetToken(1))",
    );
}

/// Storing a virtual into a real object makes it escape.
#[test]
fn a_virtual_stored_into_an_object_is_allocated() {
    check(
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// Virtuals nest: a virtual stored into a virtual that does not escape is not made either.
#[test]
fn a_virtual_inside_a_virtual_stays_virtual() {
    check(
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i0, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, p2, descr=<FieldP Pair.next 24>)
        p3 = getfield_gc_r(p1, descr=<FieldP Pair.next 24>)
        i4 = getfield_gc_i(p3, descr=<FieldS Pair.a 8>)
        jump(i4, descr=TargetToken(1))",
        "
        [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// Virtual arrays: its items at constant indexes and its length are known, it is never made.
#[test]
fn a_short_array_at_constant_indexes_is_virtual() {
    check(
        "
        [i0]
        p1 = new_array(3, descr=<ArrayS 8>)
        setarrayitem_gc(p1, 0, i0, descr=<ArrayS 8>)
        setarrayitem_gc(p1, 2, 9, descr=<ArrayS 8>)
        i2 = getarrayitem_gc_i(p1, 2, descr=<ArrayS 8>)
        i3 = arraylen_gc(p1, descr=<ArrayS 8>)
        i4 = int_add(i2, i3)
        jump(i4, descr=TargetToken(1))",
        "
        [i0]
        jump(12, descr=TargetToken(1))",
    );
}

/// An item at an index not known is a real read: the array is made first.
#[test]
fn an_array_read_at_a_variable_index_is_allocated() {
    check(
        "
        [i0, i1]
        p2 = new_array(2, descr=<ArrayS 8>)
        setarrayitem_gc(p2, 0, i0, descr=<ArrayS 8>)
        i3 = getarrayitem_gc_i(p2, i1, descr=<ArrayS 8>)
        jump(i3, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        p2 = new_array(2, descr=<ArrayS 8>)
        setarrayitem_gc(p2, 0, i0, descr=<ArrayS 8>)
        i3 = getarrayitem_gc_i(p2, i1, descr=<ArrayS 8>)
        jump(i3, i1, descr=TargetToken(1))",
    );
}

/// `x + 1 + 1` is `x + 2`; `x - 1 + 1` is `x`.
#[test]
fn steps_by_constants_fold_into_one() {
    check(
        "
        [i0]
        i1 = int_add(i0, 1)
        i2 = int_add(i1, 1)
        i3 = int_sub(i0, 1)
        i4 = int_add(i3, 1)
        i5 = int_mul(i2, i4)
        jump(i5, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_add(i0, 2)
        i2 = int_mul(i1, i0)
        jump(i2, descr=TargetToken(1))",
    );
}

/// Pure operations and reads whose results nothing uses are gone.
#[test]
fn unused_pure_operations_and_reads_are_removed() {
    check(
        "
        [i0, p1]
        i2 = int_mul(i0, 3)
        i3 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i4 = int_add(i0, 1)
        jump(i4, p1, descr=TargetToken(1))",
        "
        [i0, p1]
        i2 = int_add(i0, 1)
        jump(i2, p1, descr=TargetToken(1))",
    );
}

/// Guards that `y + k != n` for k = 0, 1, 2 are one unsigned range check at the first one's place.
#[test]
fn guards_on_consecutive_steps_fuse_into_a_range_check() {
    check(
        "
        [i0, i1]
        i2 = int_eq(i0, i1)
        guard_false(i2, descr=<Guard0x0>) [i0, i1]
        i3 = int_add(i0, 1)
        i4 = int_eq(i3, i1)
        guard_false(i4, descr=<Guard0x1>) [i0, i1]
        i5 = int_add(i0, 2)
        i6 = int_eq(i5, i1)
        guard_false(i6, descr=<Guard0x2>) [i0, i1]
        jump(i5, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_sub(i1, i0)
        i3 = uint_gt(i2, 2)
        guard_true(i3, descr=<Guard0x0>) [i0, i1]
        i4 = int_add(i0, 2)
        jump(i4, i1, descr=TargetToken(1))",
    );
}

/// Guards that a tag is not each of the variants before the one it is (a
/// `match` testing them in turn) are one guard that it is that variant,
/// at the first one's place, with its snapshot.
#[test]
fn guards_that_a_value_is_not_constants_before_one_that_it_is_become_one_guard_value() {
    check(
        "
        [i0, p1]
        i2 = int_eq(i0, 1)
        guard_false(i2, descr=<Guard0x0>) [i0]
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        i3 = int_eq(i0, 2)
        guard_false(i3, descr=<Guard0x1>) [i0, p1]
        i4 = int_eq(i0, 5)
        guard_true(i4, descr=<Guard0x2>) [i0, p1]
        i5 = int_add(i0, 1)
        finish(i5)",
        "
        [i0, p1]
        guard_value(i0, 5, descr=<Guard0x0>) [i0]
        i2 = int_add(i0, 1)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        finish(i2)",
    );
}

/// The first guard's snapshot keeps what it tests (the instruction it
/// resumes at reads it: a constant where it fails); strengthened, it
/// keeps the variable, which is computed for it.
#[test]
fn a_guard_value_takes_the_place_of_the_guards_before_it() {
    check(
        "
        [p0, p1]
        i2 = ptr_nonzero(p0)
        guard_true(i2, descr=<Guard0x0>) [p0, i2]
        guard_value(p0, ConstPtr(0x1000), descr=<Guard0x1>) [p0]
        i3 = getfield_gc_i(p1, descr=<FieldS Op.tag 8 pure>)
        i4 = int_eq(i3, 0)
        guard_false(i4, descr=<Guard0x2>) [p1, i4]
        i5 = int_eq(i3, 1)
        guard_false(i5, descr=<Guard0x3>) [p1, i5]
        i6 = int_eq(i3, 2)
        guard_true(i6, descr=<Guard0x4>) [p1, i6]
        finish(i3)",
        "
        [p0, p1]
        i2 = ptr_nonzero(p0)
        guard_value(p0, ConstPtr(0x1000), descr=<Guard0x0>) [p0, i2] {i2 in 0..=1}
        i3 = getfield_gc_i(p1, descr=<FieldS Op.tag 8 pure>)
        i4 = int_eq(i3, 0)
        guard_value(i3, 2, descr=<Guard0x1>) [p1, i4] {i4 in 0..=1}
        finish(i3)",
    );
}

/// One guard that a tag is not a constant (a test for nil) before one
/// that it is (a variant's arm): they are one `guard_value`, and the test
/// goes, unless the first one's snapshot keeps it.
#[test]
fn one_guard_before_a_guard_value_goes() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i2 = int_eq(i1, 0)
        guard_false(i2, descr=<Guard0x0>) [p0]
        i3 = int_eq(i1, 2)
        guard_true(i3, descr=<Guard0x1>) [p0]
        finish(i1)",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        guard_value(i1, 2, descr=<Guard0x0>) [p0]
        finish(i1)",
    );
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i2 = int_eq(i1, 0)
        guard_false(i2, descr=<Guard0x0>) [p0, i2]
        i3 = int_eq(i1, 2)
        guard_true(i3, descr=<Guard0x1>) [p0]
        finish(i1)",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i2 = int_eq(i1, 0)
        guard_value(i1, 2, descr=<Guard0x0>) [p0, i2] {i2 in 0..=1}
        finish(i1)",
    );
}

/// Only guards the value implies go, and only those since the last
/// label: `x != 5` before `x == 5` stays (and so does the later guard,
/// which then always fails), and guards of the preamble are not the
/// body's. The pass alone (the optimizer folds the first case itself; the
/// test a guard no longer reads is left to the removal of unused
/// operations).
#[test]
fn guards_not_implied_by_a_guard_value_stay() {
    let strengthened = |input: &str| {
        let m = module();
        let mut trace = Trace::parse(input, &m).unwrap_or_else(|e| panic!("input: {e}"));
        guards::strengthen(&mut trace);
        renumbered(&trace.snapshot_text(&m))
    };
    let contradicted = "
        [i0]
        i1 = int_eq(i0, 5)
        guard_false(i1, descr=<Guard0x0>) [i0]
        i2 = int_eq(i0, 1)
        guard_false(i2, descr=<Guard0x1>) [i0]
        i3 = int_eq(i0, 5)
        guard_true(i3, descr=<Guard0x2>) [i0]
        finish(i0)";
    assert_eq!(strengthened(contradicted), renumbered(contradicted));
    let across_a_label = "
        [i0]
        i1 = int_eq(i0, 1)
        guard_false(i1, descr=<Guard0x0>) [i0]
        i2 = int_eq(i0, 2)
        guard_false(i2, descr=<Guard0x1>) [i0]
        label(i0, descr=TargetToken(0))
        i3 = int_eq(i0, 3)
        guard_false(i3, descr=<Guard0x2>) [i0]
        guard_value(i0, 5, descr=<Guard0x3>) [i0]
        jump(i0, descr=TargetToken(0))";
    // (The body's one guard before it goes.)
    let body_strengthened = "
        [i0]
        i1 = int_eq(i0, 1)
        guard_false(i1, descr=<Guard0x0>) [i0]
        i2 = int_eq(i0, 2)
        guard_false(i2, descr=<Guard0x1>) [i0]
        label(i0, descr=TargetToken(0))
        i3 = int_eq(i0, 3)
        guard_value(i0, 5, descr=<Guard0x2>) [i0]
        jump(i0, descr=TargetToken(0))";
    assert_eq!(strengthened(across_a_label), renumbered(body_strengthened));
}

/// A pointer read through is not null: testing it after is known.
#[test]
fn a_pointer_read_through_is_not_null() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = ptr_nonzero(p0)
        guard_true(i2, descr=<Guard0x0>) [p0]
        i3 = ptr_iszero(p0)
        guard_false(i3, descr=<Guard0x1>) [p0]
        finish(i1)",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        finish(i1)",
    );
}

/// A field counted up and down again (a `RefCell`'s borrow and its
/// release) is not written: the write of the value memory holds, while
/// the count's write waits, drops it. A guard between has the waiting
/// write in its snapshot.
#[test]
fn a_field_written_back_to_what_memory_holds_is_not_written() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = int_add(i1, 1)
        setfield_gc(p0, i2, descr=<FieldS Pair.a 8>)
        guard_true(i1, descr=<Guard0x0>) [p0]
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_sub(i3, 1)
        setfield_gc(p0, i4, descr=<FieldS Pair.a 8>)
        finish(i4)",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = int_add(i1, 1)
        guard_true(i1, descr=<Guard0x0>) [p0] {setfield_gc(p0, i2, descr=<FieldS Pair.a 8>)}
        finish(1)",
    );
}

/// Another object's field of the same descr written in between (it may
/// be the same object): the count's write is done first, and the field
/// is written back.
#[test]
fn a_field_written_back_after_a_write_that_may_alias_it_is_written() {
    check(
        "
        [p0, p1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, 1)
        setfield_gc(p0, i3, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, 7, descr=<FieldS Pair.a 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_sub(i4, 1)
        setfield_gc(p0, i5, descr=<FieldS Pair.a 8>)
        finish(i5)",
        "
        [p0, p1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, 1)
        setfield_gc(p0, i3, descr=<FieldS Pair.a 8>)
        setfield_gc(p1, 7, descr=<FieldS Pair.a 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_sub(i4, 1)
        setfield_gc(p0, i5, descr=<FieldS Pair.a 8>)
        finish(i5)",
    );
}

/// Two objects' counts, one counted up and down between reads of the
/// other's: the other's count is known again once the first is back to
/// what memory holds (its write never happened), so it is read once.
#[test]
fn a_count_written_back_leaves_other_objects_counts_known() {
    check(
        "
        [p0, p1]
        i2 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, 1)
        setfield_gc(p0, i4, descr=<FieldS Pair.a 8>)
        i5 = int_sub(i4, 1)
        setfield_gc(p0, i5, descr=<FieldS Pair.a 8>)
        i6 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i7 = int_add(i2, i6)
        finish(i7)",
        "
        [p0, p1]
        i2 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, i2)
        finish(i3)",
    );
}

/// Another object's field of the same descr written while the count's
/// write waits: what the count's write made the cache forget may have
/// changed since, and is read again.
#[test]
fn a_count_written_back_after_another_write_leaves_others_forgotten() {
    check(
        "
        [p0, p1, p2]
        i3 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_add(i4, 1)
        setfield_gc(p0, i5, descr=<FieldS Pair.a 8>)
        setfield_gc(p2, 7, descr=<FieldS Pair.a 8>)
        i6 = int_sub(i5, 1)
        setfield_gc(p0, i6, descr=<FieldS Pair.a 8>)
        i7 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i8 = int_add(i3, i7)
        finish(i8)",
        "
        [p0, p1, p2]
        i3 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i5 = int_add(i4, 1)
        setfield_gc(p0, i5, descr=<FieldS Pair.a 8>)
        setfield_gc(p2, 7, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, i4, descr=<FieldS Pair.a 8>)
        i6 = getfield_gc_i(p1, descr=<FieldS Pair.a 8>)
        i7 = int_add(i3, i6)
        finish(i7)",
    );
}

/// A count tested to be 0, counted down and written 0 again (a `RefCell`'s
/// `borrow_mut` and its release): 0 is what memory holds, by the guard,
/// and the waiting write goes.
#[test]
fn a_write_of_the_constant_a_guard_proved_memory_holds_is_not_written() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = int_ne(i1, 0)
        guard_false(i2, descr=<Guard0x0>) [p0]
        setfield_gc(p0, -1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, 0, descr=<FieldS Pair.a 8>)
        finish(0)",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = int_ne(i1, 0)
        guard_false(i2, descr=<Guard0x0>) [p0]
        finish(0)",
    );
}

/// Where `guard_true(x)` fails x is 0: its snapshot holds 0 for x, not the variable.
#[test]
fn a_failing_guards_operand_is_a_constant_in_its_snapshot() {
    check(
        "
        [i0]
        i1 = int_lt(i0, 10)
        guard_true(i1, descr=<Guard0x0>) [i0, i1]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_lt(i0, 10)
        guard_true(i1, descr=<Guard0x0>) [i0, 0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// Unrolling: a field of an object that stays the same is read in the preamble only, not in
/// the loop's body.
#[test]
fn a_loop_reads_an_invariant_field_once() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i1, i2)
        jump(p0, i3, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i1, i2)
        label(i3, i2, descr=TargetToken(0))
        i4 = int_add(i3, i2)
        jump(i4, i2, descr=TargetToken(0))",
    );
}

/// Unrolling: an immutable field is read in the preamble only, though the loop calls a
/// function that may write anything else (and the object, needed for nothing else, is
/// not passed around the loop).
#[test]
fn a_loop_with_a_call_reads_an_immutable_field_once() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i3 = call_i(i2, descr=<Call f>)
        i4 = int_add(i1, i3)
        jump(p0, i4, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Op.tag 8 pure>)
        i3 = call_i(i2, descr=<Call f>)
        i4 = int_add(i1, i3)
        label(i4, i2, descr=TargetToken(0))
        i5 = call_i(i2, descr=<Call f>)
        i6 = int_add(i4, i5)
        jump(i6, i2, descr=TargetToken(0))",
    );
}

/// Unrolling: a pure operation on values that stay the same is the preamble's.
#[test]
fn a_loop_computes_an_invariant_operation_once() {
    check(
        "
        [i0, i1]
        i2 = int_mul(i0, 3)
        i3 = int_add(i1, i2)
        jump(i0, i3, descr=TargetToken(0))",
        "
        [i0, i1]
        i2 = int_mul(i0, 3)
        i3 = int_add(i1, i2)
        label(i3, i2, descr=TargetToken(0))
        i4 = int_add(i3, i2)
        jump(i4, i2, descr=TargetToken(0))",
    );
}

/// Unrolling: a guard on values that stay the same is checked in the preamble only.
#[test]
fn a_loop_checks_an_invariant_guard_once() {
    check(
        "
        [i0, i1]
        i2 = int_lt(i0, 100)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        i3 = int_add(i1, 1)
        jump(i0, i3, descr=TargetToken(0))",
        "
        [i0, i1]
        i2 = int_lt(i0, 100)
        guard_true(i2, descr=<Guard0x0>) [i0, i1]
        i3 = int_add(i1, 1)
        label(i3, descr=TargetToken(0))
        i4 = int_add(i3, 1)
        jump(i4, descr=TargetToken(0))",
    );
}

/// Unrolling: the preamble's check that `3 < len` of an array that stays the same says the
/// length is at least 4 in the body too (the label's range of it), where the check of
/// `1 < len` goes: the preamble folded it, so it is no fact the body could look up.
#[test]
fn a_loop_knows_the_range_its_preamble_checked() {
    check(
        "
        [p0, i1]
        i2 = arraylen_gc(p0, descr=<ArrayS 8>)
        i3 = uint_ge(3, i2)
        guard_false(i3, descr=<Guard0x0>) [p0, i1]
        i4 = uint_ge(1, i2)
        guard_false(i4, descr=<Guard0x1>) [p0, i1]
        i5 = int_add(i1, 1)
        jump(p0, i5, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = arraylen_gc(p0, descr=<ArrayS 8>)
        i3 = uint_ge(3, i2)
        guard_false(i3, descr=<Guard0x0>) [p0, i1]
        i5 = int_add(i1, 1)
        label(i5, descr=TargetToken(0))
        i6 = int_add(i5, 1)
        jump(i6, descr=TargetToken(0))",
    );
}

/// A comparison between the label's values crosses it (the preamble's bounds check that
/// `i < len`) and relates them in the body: after the growth check that `i + 1 != len`,
/// the bounds check of `i + 1` goes (it holds again at the body's end, for the next turn).
/// The body's guard tells its bridge nothing of the range of `i` the preamble knew: that
/// holds of the first turn only (the label cannot check it at the body's end).
#[test]
fn a_loop_knows_a_relation_its_preamble_checked() {
    check(
        "
        [p0, i1]
        i2 = arraylen_gc(p0, descr=<ArrayS 8>)
        i3 = int_add(i1, 1)
        i4 = int_eq(i3, i2)
        guard_false(i4, descr=<Guard0x0>) [p0, i1]
        i5 = uint_ge(i3, i2)
        guard_false(i5, descr=<Guard0x1>) [p0, i1]
        jump(p0, i3, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = arraylen_gc(p0, descr=<ArrayS 8>)
        i3 = int_add(i1, 1)
        i4 = int_eq(i3, i2)
        guard_false(i4, descr=<Guard0x0>) [p0, i1]
        i5 = uint_ge(i3, i2)
        guard_false(i5, descr=<Guard0x1>) [p0, i1]
        label(p0, i3, i2, descr=TargetToken(0))
        i6 = int_add(i3, 1)
        i7 = int_eq(i6, i2)
        guard_false(i7, descr=<Guard0x2>) [p0, i3]
        jump(p0, i6, i2, descr=TargetToken(0))",
    );
}

/// The loop of the tests of entering a label whose body relies on a range: its first input
/// is in `0..=7` at the label (the preamble's `x & 7`), so the body's check that it is
/// below 8 goes.
const LOOP_CHECKING_A_MASKED_INPUT: &str = "
    [i0, i1]
    i2 = int_lt(i0, 8)
    guard_true(i2, descr=<Guard0x0>) [i0, i1]
    i3 = int_add(i1, 1)
    i4 = int_and(i3, 7)
    jump(i4, i3, descr=TargetToken(0))";

/// A trace passing a value in the range the body relies on enters the body (which needs
/// nothing of that input but its range: it is no label variable).
#[test]
fn a_trace_within_the_labels_range_enters_the_body() {
    check_entering(
        LOOP_CHECKING_A_MASKED_INPUT,
        "
        [i0, i1]
        i2 = int_and(i0, 3)
        jump(i2, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        jump(i1, descr=TargetToken(1, label))",
    );
}

/// Soundness: a trace that does not know its value in the range the body relies on (the
/// body does not check it) enters the preamble, which checks.
#[test]
fn a_trace_not_within_the_labels_range_enters_the_preamble() {
    check_entering(
        LOOP_CHECKING_A_MASKED_INPUT,
        "
        [i0, i1]
        i2 = int_add(i0, 1)
        jump(i2, i1, descr=TargetToken(1))",
        "
        [i0, i1]
        i2 = int_add(i0, 1)
        jump(i2, i1, descr=TargetToken(1))",
    );
}

/// Unrolling with lazy writes: a field read and written every turn is read once and never
/// written in the loop: the label carries the write (its value a label variable), the
/// guards do it when they fail.
#[test]
fn a_loop_keeps_a_written_field_in_a_register() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, i1)
        setfield_gc(p0, i3, descr=<FieldS Pair.a 8>)
        i4 = int_lt(i3, 100)
        guard_true(i4, descr=<Guard0x0>) [p0]
        jump(p0, i1, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, i1)
        i4 = int_lt(i3, 100)
        guard_true(i4, descr=<Guard0x0>) [p0] {setfield_gc(p0, i3, descr=<FieldS Pair.a 8>)}
        label(p0, i1, i3, descr=TargetToken(0))
        i5 = int_add(i3, i1)
        i6 = int_lt(i5, 100)
        guard_true(i6, descr=<Guard0x1>) [p0] {setfield_gc(p0, i5, descr=<FieldS Pair.a 8>)}
        jump(p0, i1, i5, descr=TargetToken(0))",
    );
}

/// A carried write's value that is a virtual object crosses the label by its fields: an
/// interpreter's local holding a boxed integer is never allocated in the loop.
#[test]
fn a_loop_keeps_a_boxed_value_written_every_turn_virtual() {
    check(
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, 1)
        p5 = new(descr=<SizeDescr Pair>)
        setfield_gc(p5, i4, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p5, descr=<FieldP Pair.next 24>)
        i6 = int_lt(i4, i1)
        guard_true(i6, descr=<Guard0x0>) [p0]
        jump(p0, i1, descr=TargetToken(0))",
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, 1)
        i6 = int_lt(i4, i1)
        guard_true(i6, descr=<Guard0x0>) [p0] {p5=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i4) | setfield_gc(p0, p5, descr=<FieldP Pair.next 24>)}
        label(p0, i1, i4, descr=TargetToken(0))
        i7 = int_add(i4, 1)
        i8 = int_lt(i7, i1)
        guard_true(i8, descr=<Guard0x1>) [p0] {p9=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i7) | setfield_gc(p0, p9, descr=<FieldP Pair.next 24>)}
        jump(p0, i1, i7, descr=TargetToken(0))",
    );
}

/// One virtual object stored in two carried places is one object when a guard makes it.
#[test]
fn a_virtual_carried_in_two_places_stays_one_object() {
    check(
        "
        [p0, p1, i2]
        p3 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i4 = getfield_gc_i(p3, descr=<FieldS Pair.a 8>)
        i5 = int_add(i4, i2)
        p6 = new(descr=<SizeDescr Pair>)
        setfield_gc(p6, i5, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p6, descr=<FieldP Pair.next 24>)
        setarrayitem_gc(p1, 0, p6, descr=<ArrayP 8>)
        i7 = int_lt(i5, 100)
        guard_true(i7, descr=<Guard0x0>) [p0]
        jump(p0, p1, i2, descr=TargetToken(0))",
        "
        [p0, p1, i2]
        p3 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i4 = getfield_gc_i(p3, descr=<FieldS Pair.a 8>)
        i5 = int_add(i4, i2)
        i7 = int_lt(i5, 100)
        guard_true(i7, descr=<Guard0x0>) [p0] {p6=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i5) | setfield_gc(p0, p6, descr=<FieldP Pair.next 24>) | setarrayitem_gc(p1, 0, p6, descr=<ArrayP 8>)}
        label(p0, p1, i2, i5, descr=TargetToken(0))
        i8 = int_add(i5, i2)
        i9 = int_lt(i8, 100)
        guard_true(i9, descr=<Guard0x1>) [p0] {p10=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i8) | setfield_gc(p0, p10, descr=<FieldP Pair.next 24>) | setarrayitem_gc(p1, 0, p10, descr=<ArrayP 8>)}
        jump(p0, p1, i2, i8, descr=TargetToken(0))",
    );
}

/// A carried write is done where the body first needs it in memory: before a call that
/// may read it, every turn; it waits again after the write that follows.
#[test]
fn a_carried_write_is_done_before_a_call_that_may_read_it() {
    check(
        "
        [p0, i1]
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, i2)
        setfield_gc(p0, i4, descr=<FieldS Pair.a 8>)
        jump(p0, i2, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, i2)
        label(p0, i2, i4, descr=TargetToken(0))
        setfield_gc(p0, i4, descr=<FieldS Pair.a 8>)
        i5 = call_i(i2, descr=<Call f>)
        i6 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i7 = int_add(i6, i5)
        jump(p0, i5, i7, descr=TargetToken(0))",
    );
}

/// The loop of the tests of entering a label that carries a write: `p0.a` waits at the
/// label.
const LOOP_CARRYING_A_WRITE: &str = "
    [p0, i1]
    i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
    i3 = int_add(i2, i1)
    setfield_gc(p0, i3, descr=<FieldS Pair.a 8>)
    i4 = int_lt(i3, 100)
    guard_true(i4, descr=<Guard0x0>) [p0]
    jump(p0, i1, descr=TargetToken(0))";

/// A trace with the label's carried write waiting enters the body, passing the write's value
/// instead of doing it.
#[test]
fn a_trace_with_the_carried_write_waiting_enters_the_body() {
    check_entering(
        LOOP_CARRYING_A_WRITE,
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        setfield_gc(p0, i2, descr=<FieldS Pair.a 8>)
        jump(p0, 3, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        jump(p0, 3, i2, descr=TargetToken(1, label))",
    );
}

/// A trace that did the carried write (a call may have read it) enters the body with what the
/// place holds (the label's write writes it again).
#[test]
fn a_trace_that_did_the_carried_write_enters_the_body_with_what_is_there() {
    check_entering(
        LOOP_CARRYING_A_WRITE,
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = call_i(i1, descr=<Call f>)
        jump(p0, i2, descr=TargetToken(1))",
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        jump(p0, i2, i3, descr=TargetToken(1, label))",
    );
}

/// A trace that cannot tell what the carried write's place holds (it never read or wrote
/// through the object, which might be null) jumps to the loop's preamble.
#[test]
fn a_trace_not_knowing_the_carried_place_enters_the_preamble() {
    check_entering(
        LOOP_CARRYING_A_WRITE,
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        jump(p0, i2, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        jump(p0, i2, descr=TargetToken(1))",
    );
}

/// The loop of the tests of entering a label that carries a virtual: `p0.next` holds a
/// virtual `Pair` at the label.
const LOOP_CARRYING_A_BOX: &str = "
    [p0, i1]
    p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
    i3 = getfield_gc_i(p2, descr=<FieldS Pair.a 8>)
    i4 = int_add(i3, 1)
    p5 = new(descr=<SizeDescr Pair>)
    setfield_gc(p5, i4, descr=<FieldS Pair.a 8>)
    setfield_gc(p0, p5, descr=<FieldP Pair.next 24>)
    i6 = int_lt(i4, i1)
    guard_true(i6, descr=<Guard0x0>) [p0]
    jump(p0, i1, descr=TargetToken(0))";

/// A trace storing a virtual of the label's shape in the carried place enters the body with
/// its field.
#[test]
fn a_trace_with_a_virtual_of_the_labels_shape_enters_the_body() {
    check_entering(
        LOOP_CARRYING_A_BOX,
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        jump(p0, 5, descr=TargetToken(1))",
        "
        [p0, i1]
        jump(p0, 5, i1, descr=TargetToken(1, label))",
    );
}

/// A trace storing an object where the label carries a virtual jumps to the preamble.
#[test]
fn a_trace_with_an_object_where_the_label_has_a_virtual_enters_the_preamble() {
    check_entering(
        LOOP_CARRYING_A_BOX,
        "
        [p0, p1]
        setfield_gc(p0, p1, descr=<FieldP Pair.next 24>)
        jump(p0, 5, descr=TargetToken(1))",
        "
        [p0, p1]
        setfield_gc(p0, p1, descr=<FieldP Pair.next 24>)
        jump(p0, 5, descr=TargetToken(1))",
    );
}

/// A virtual passed to the next turn is made before the label (virtuals do not cross it), but the
/// body takes its field from the preamble: nothing reads the object, which is not made at all.
#[test]
fn an_object_passed_around_the_loop_only_for_its_field_is_never_made() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = int_add(i1, 1)
        p3 = new(descr=<SizeDescr Pair>)
        setfield_gc(p3, i2, descr=<FieldS Pair.a 8>)
        jump(p3, descr=TargetToken(0))",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = int_add(i1, 1)
        label(i2, descr=TargetToken(0))
        i3 = int_add(i2, 1)
        jump(i3, descr=TargetToken(0))",
    );
}

/// A virtual passed to the next turn, which passes it to a call, is made every turn.
#[test]
fn an_object_passed_around_the_loop_and_used_is_made() {
    check(
        "
        [p0]
        i1 = call_i(p0, descr=<Call f>)
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        jump(p2, descr=TargetToken(0))",
        "
        [p0]
        i1 = call_i(p0, descr=<Call f>)
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        label(p2, descr=TargetToken(0))
        i3 = call_i(p2, descr=<Call f>)
        p4 = new(descr=<SizeDescr Pair>)
        setfield_gc(p4, i3, descr=<FieldS Pair.a 8>)
        jump(p4, descr=TargetToken(0))",
    );
}

/// A trace jumping to other code with no short preamble ends in a plain jump to it.
#[test]
fn a_bridge_enters_another_loop_at_its_start() {
    check(
        "
        [i0]
        i1 = int_add(i0, 1)
        jump(i1, descr=TargetToken(3))",
        "
        [i0]
        i1 = int_add(i0, 1)
        jump(i1, descr=TargetToken(3))",
    );
}

/// `enable_opts` without `virtualize`: an object made is allocated, though
/// the guard that sees it is all that uses it (with `virtualize`, the
/// guard makes it when it fails: `a_virtual_in_a_snapshot_is_made_when_the_guard_fails`).
#[test]
fn without_virtualize_an_object_is_allocated() {
    check_with(
        Opts { virtualize: false, ..Opts::ALL },
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        i2 = int_lt(i0, 10)
        guard_true(i2, descr=<Guard0x0>) [i0, p1]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        i2 = int_lt(i0, 10)
        guard_true(i2, descr=<Guard0x0>) [i0, p1] {setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)}
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        jump(i0, descr=TargetToken(1))",
    );
}

/// `enable_opts` without `heap`: a field read twice is read twice, and a
/// write is done where it was traced, not after the guard (compare
/// `a_field_read_twice_is_read_once`, `a_guard_does_the_pending_writes_when_it_fails`).
#[test]
fn without_heap_reads_and_writes_are_done_where_traced() {
    let opts = Opts { heap: false, ..Opts::ALL };
    let read_twice = "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i1, i2)
        jump(i3, descr=TargetToken(1))";
    check_with(opts, read_twice, read_twice);
    let written = "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = int_lt(i1, 10)
        guard_true(i2, descr=<Guard0x0>) [p0, i1]
        setfield_gc(p0, 5, descr=<FieldS Pair.b 16>)
        jump(p0, i1, descr=TargetToken(1))";
    check_with(opts, written, written);
}

/// `enable_opts` without `heap`, a virtual stored into an object: the
/// write is done at once, so the virtual is allocated first.
#[test]
fn without_heap_a_stored_virtual_is_allocated_before_the_write() {
    check_with(
        Opts { heap: false, ..Opts::ALL },
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        i3 = int_lt(i1, 10)
        guard_true(i3, descr=<Guard0x0>) [p0, i1]
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = new(descr=<SizeDescr Pair>)
        setfield_gc(p2, i1, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p2, descr=<FieldP Pair.next 24>)
        i3 = int_lt(i1, 10)
        guard_true(i3, descr=<Guard0x0>) [p0, i1]
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// `enable_opts` without `pure`: the same operation, or elidable call, on
/// the same operands is computed again (compare
/// `pure_operations_are_computed_once`, `elidable_calls_are_computed_once`).
#[test]
fn without_pure_operations_are_computed_again() {
    let opts = Opts { pure: false, ..Opts::ALL };
    let twice = "
        [i0, i1]
        i2 = int_add(i0, i1)
        i3 = int_add(i0, i1)
        i4 = int_mul(i2, i3)
        jump(i4, i1, descr=TargetToken(1))";
    check_with(opts, twice, twice);
    let calls = "
        [i0]
        i1 = call_pure_i(i0, descr=<Call g>)
        i2 = call_pure_i(i0, descr=<Call g>)
        i3 = int_add(i1, i2)
        jump(i3, descr=TargetToken(1))";
    check_with(opts, calls, calls);
}

/// `enable_opts` without `intbounds`: bounds checks that `2 < len` implies
/// stay (compare `a_bounds_check_known_to_hold_goes`), and guards on
/// consecutive steps are not fused into a range check.
#[test]
fn without_intbounds_bounds_checks_known_to_hold_stay() {
    let opts = Opts { intbounds: false, ..Opts::ALL };
    let checks = "
        [p0]
        i1 = arraylen_gc(p0, descr=<ArrayS 8>)
        i2 = uint_ge(2, i1)
        guard_false(i2, descr=<Guard0x0>) [p0]
        i3 = uint_ge(1, i1)
        guard_false(i3, descr=<Guard0x1>) [p0]
        i4 = int_lt(0, i1)
        guard_true(i4, descr=<Guard0x2>) [p0]
        jump(p0, descr=TargetToken(1))";
    check_with(opts, checks, checks);
    let steps = "
        [i0, i1]
        i2 = int_eq(i0, i1)
        guard_false(i2, descr=<Guard0x0>) [i0, i1]
        i3 = int_add(i0, 1)
        i4 = int_eq(i3, i1)
        guard_false(i4, descr=<Guard0x1>) [i0, i1]
        i5 = int_add(i0, 2)
        i6 = int_eq(i5, i1)
        guard_false(i6, descr=<Guard0x2>) [i0, i1]
        jump(i5, i1, descr=TargetToken(1))";
    check_with(opts, steps, steps);
}

/// `enable_opts` without `rewrite`: no constant folding, no identity, no
/// chain of steps made one step; a guard on a value an earlier guard made
/// known still goes.
#[test]
fn without_rewrite_nothing_folds_but_known_guards_go() {
    let opts = Opts { rewrite: false, ..Opts::ALL };
    let folds = "
        [i0]
        i1 = int_add(3, 4)
        i2 = int_mul(i0, i1)
        i3 = int_add(i2, 0)
        i4 = int_add(i3, 1)
        i5 = int_add(i4, 1)
        jump(i5, descr=TargetToken(1))";
    check_with(opts, folds, folds);
    check_with(
        opts,
        "
        [i0]
        i1 = int_lt(i0, 10)
        guard_true(i1, descr=<Guard0x0>) [i0]
        guard_true(i1, descr=<Guard0x1>) [i0]
        jump(i0, descr=TargetToken(1))",
        "
        [i0]
        i1 = int_lt(i0, 10)
        guard_true(i1, descr=<Guard0x0>) [i0]
        jump(i0, descr=TargetToken(1))",
    );
}

/// The loop of the tests of not unrolling: with unrolling, the field is read
/// in the preamble only (`a_loop_reads_an_invariant_field_once`).
const LOOP_OF_THREE_OPS: &str = "
    [p0, i1]
    i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
    i3 = int_add(i1, i2)
    jump(p0, i3, descr=TargetToken(0))";

/// `enable_opts` without `unroll`: a loop has no preamble, no label; its
/// jump goes back to its start.
#[test]
fn without_unroll_a_loop_has_no_label() {
    check_with(Opts { unroll: false, ..Opts::ALL }, LOOP_OF_THREE_OPS, LOOP_OF_THREE_OPS);
}

/// `disable_unrolling`: a loop of more operations than that, once
/// optimized, is not unrolled; of that many, it is, however many it
/// recorded (here the second read goes).
#[test]
fn a_loop_longer_than_disable_unrolling_has_no_label() {
    check_with(Opts { unroll_limit: 2, ..Opts::ALL }, LOOP_OF_THREE_OPS, LOOP_OF_THREE_OPS);
    let unrolled = "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i1, i2)
        label(i3, i2, descr=TargetToken(0))
        i4 = int_add(i3, i2)
        jump(i4, i2, descr=TargetToken(0))";
    check_with(Opts { unroll_limit: 3, ..Opts::ALL }, LOOP_OF_THREE_OPS, unrolled);
    let reading_twice = "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i4 = int_add(i1, i3)
        jump(p0, i4, descr=TargetToken(0))";
    check_with(Opts { unroll_limit: 3, ..Opts::ALL }, reading_twice, unrolled);
}

/// `Opts::new` reads RPython's names: everything on but what is left out.
#[test]
fn opts_follow_enable_opts() {
    assert_eq!(Opts::new(crate::jit::params::ALL_OPTS, 200), Opts { unroll_limit: 200, ..Opts::ALL });
    let some = Opts::new(&["rewrite", "heap"], 7);
    assert_eq!(
        some,
        Opts { intbounds: false, virtualize: false, pure: false, unroll: false, unroll_limit: 7, ..Opts::ALL }
    );
}

/// An array of a length the trace computes is made only where something
/// needs it: its length is known, and a copy of a copy (a string cloned
/// twice) copies the original; the copy nothing else uses is never made.
#[test]
fn a_copy_of_a_copy_copies_the_original() {
    check(
        "
        [p0, i1]
        p2 = new_array(i1, descr=<ArrayU 1>)
        i3 = arraylen_gc(p2, descr=<ArrayU 1>)
        call_n(p0, p2, 0, 0, i3, descr=<Call copy>)
        p4 = new_array(i1, descr=<ArrayU 1>)
        call_n(p2, p4, 0, 0, i1, descr=<Call copy>)
        i5 = int_add(i1, 2)
        p6 = new_array(i5, descr=<ArrayU 1>)
        call_n(p4, p6, 0, 0, i1, descr=<Call copy>)
        i7 = getarrayitem_gc_i(p6, 0, descr=<ArrayU 1>)
        jump(p0, i7, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_add(i1, 2)
        p3 = new_array(i2, descr=<ArrayU 1>)
        call_n(p0, p3, 0, 0, i1, descr=<Call copy>)
        i4 = getarrayitem_gc_i(p3, 0, descr=<ArrayU 1>)
        jump(p0, i4, descr=TargetToken(1))",
    );
}

/// A write that may go to a copy's source makes the copy first, with the
/// items it had; an array allocated after the copy was due is not the
/// source, and a call writing no bytes changes nothing.
#[test]
fn a_write_to_the_source_makes_the_copies_first() {
    check(
        "
        [p0, i1]
        p2 = new_array(i1, descr=<ArrayU 1>)
        call_n(p0, p2, 0, 0, i1, descr=<Call copy>)
        p3 = new_array(i1, descr=<ArrayU 1>)
        setarrayitem_gc(p3, 0, 7, descr=<ArrayU 1>)
        i4 = call_i(i1, descr=<Call h>)
        setarrayitem_gc(p0, 0, 7, descr=<ArrayU 1>)
        i5 = getarrayitem_gc_i(p2, 0, descr=<ArrayU 1>)
        i6 = getarrayitem_gc_i(p3, 0, descr=<ArrayU 1>)
        i7 = int_add(i5, i6)
        jump(p0, i7, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = new_array(i1, descr=<ArrayU 1>)
        i3 = call_i(i1, descr=<Call h>)
        p4 = new_array(i1, descr=<ArrayU 1>)
        setarrayitem_gc(p2, 0, 7, descr=<ArrayU 1>)
        call_n(p0, p4, 0, 0, i1, descr=<Call copy>)
        setarrayitem_gc(p0, 0, 7, descr=<ArrayU 1>)
        i5 = getarrayitem_gc_i(p4, 0, descr=<ArrayU 1>)
        i6 = getarrayitem_gc_i(p2, 0, descr=<ArrayU 1>)
        i7 = int_add(i5, i6)
        jump(p0, i7, descr=TargetToken(1))",
    );
}

/// A call that may write bytes makes every copy first; one that nothing
/// uses after is dropped with its allocation.
#[test]
fn a_call_writing_items_makes_the_copies_first() {
    check(
        "
        [p0, i1]
        p2 = new_array(i1, descr=<ArrayU 1>)
        call_n(p0, p2, 0, 0, i1, descr=<Call copy>)
        p3 = new_array(i1, descr=<ArrayU 1>)
        call_n(p0, p3, 0, 0, i1, descr=<Call copy>)
        i4 = call_i(i1, descr=<Call fill>)
        i5 = getarrayitem_gc_i(p2, 0, descr=<ArrayU 1>)
        jump(p0, i5, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = new_array(i1, descr=<ArrayU 1>)
        call_n(p0, p2, 0, 0, i1, descr=<Call copy>)
        i3 = call_i(i1, descr=<Call fill>)
        i4 = getarrayitem_gc_i(p2, 0, descr=<ArrayU 1>)
        jump(p0, i4, descr=TargetToken(1))",
    );
}

/// A guard that sees a copy not made yet makes it when it fails, from its
/// source as it is then (nothing wrote it since).
#[test]
fn a_guard_makes_the_copies_it_sees() {
    check(
        "
        [p0, i1]
        p2 = new_array(i1, descr=<ArrayU 1>)
        call_n(p0, p2, 0, 0, i1, descr=<Call copy>)
        i3 = int_lt(i1, 10)
        guard_true(i3, descr=<Guard0x0>) [p0, p2]
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = int_lt(i1, 10)
        guard_true(i2, descr=<Guard0x0>) [p0, p3] {p3=new_array(i1, <ArrayU 1>; p0[0..+i1]@0)}
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// A string built as `a + b + c` (each `+` a new array with room to
/// spare, the copies of its two parts into it) is one array: the arrays
/// between are never made, the last is made of the three copies, in
/// order, from the original parts.
#[test]
fn copies_one_after_another_are_pieces_of_one_array() {
    check(
        "
        [p0, p1, i2, i3]
        i4 = int_add(i2, i3)
        i5 = int_mul(i4, 2)
        p6 = new_array(i5, descr=<ArrayU 1>)
        call_n(p0, p6, 0, 0, i2, descr=<Call copy>)
        call_n(p1, p6, 0, i2, i3, descr=<Call copy>)
        i7 = int_add(i4, i2)
        p8 = new_array(i7, descr=<ArrayU 1>)
        call_n(p6, p8, 0, 0, i4, descr=<Call copy>)
        call_n(p0, p8, 0, i4, i2, descr=<Call copy>)
        i9 = getarrayitem_gc_i(p8, 1, descr=<ArrayU 1>)
        jump(p0, p1, i9, i3, descr=TargetToken(1))",
        "
        [p0, p1, i2, i3]
        i4 = int_add(i2, i3)
        i5 = int_add(i4, i2)
        p6 = new_array(i5, descr=<ArrayU 1>)
        call_n(p0, p6, 0, 0, i2, descr=<Call copy>)
        call_n(p1, p6, 0, i2, i3, descr=<Call copy>)
        call_n(p0, p6, 0, i4, i2, descr=<Call copy>)
        i7 = getarrayitem_gc_i(p6, 1, descr=<ArrayU 1>)
        jump(p0, p1, i7, i3, descr=TargetToken(1))",
    );
}

/// Pieces are kept only while each starts where the last ends: a copy
/// elsewhere makes the array, and a copy of part of it (not its whole
/// filled part) copies from the array made.
#[test]
fn a_copy_not_after_the_pieces_makes_the_array() {
    check(
        "
        [p0, p1, i2, i3]
        p4 = new_array(100, descr=<ArrayU 1>)
        call_n(p0, p4, 0, 0, i2, descr=<Call copy>)
        call_n(p1, p4, 0, i3, i2, descr=<Call copy>)
        p5 = new_array(100, descr=<ArrayU 1>)
        call_n(p1, p5, 0, 0, i2, descr=<Call copy>)
        call_n(p0, p5, 0, i2, i3, descr=<Call copy>)
        p6 = new_array(100, descr=<ArrayU 1>)
        call_n(p5, p6, 0, 0, i3, descr=<Call copy>)
        i7 = getarrayitem_gc_i(p4, 1, descr=<ArrayU 1>)
        i8 = getarrayitem_gc_i(p6, 1, descr=<ArrayU 1>)
        i9 = int_add(i7, i8)
        jump(p0, p1, i9, i3, descr=TargetToken(1))",
        "
        [p0, p1, i2, i3]
        p4 = new_array(100, descr=<ArrayU 1>)
        call_n(p0, p4, 0, 0, i2, descr=<Call copy>)
        call_n(p1, p4, 0, i3, i2, descr=<Call copy>)
        p5 = new_array(100, descr=<ArrayU 1>)
        call_n(p1, p5, 0, 0, i2, descr=<Call copy>)
        call_n(p0, p5, 0, i2, i3, descr=<Call copy>)
        i6 = getarrayitem_gc_i(p4, 1, descr=<ArrayU 1>)
        p7 = new_array(100, descr=<ArrayU 1>)
        call_n(p5, p7, 0, 0, i3, descr=<Call copy>)
        i8 = getarrayitem_gc_i(p7, 1, descr=<ArrayU 1>)
        i9 = int_add(i6, i8)
        jump(p0, p1, i9, i3, descr=TargetToken(1))",
    );
}

/// A guard that sees an array of pieces makes it when it fails: each copy
/// at its place.
#[test]
fn a_guard_makes_the_pieces_it_sees() {
    check(
        "
        [p0, p1, i2, i3]
        p4 = new_array(100, descr=<ArrayU 1>)
        call_n(p0, p4, 0, 0, i2, descr=<Call copy>)
        call_n(p1, p4, 2, i2, i3, descr=<Call copy>)
        i5 = int_lt(i2, 10)
        guard_true(i5, descr=<Guard0x0>) [p4]
        jump(p0, p1, i2, i3, descr=TargetToken(1))",
        "
        [p0, p1, i2, i3]
        i4 = int_lt(i2, 10)
        guard_true(i4, descr=<Guard0x0>) [p5] {p5=new_array(100, <ArrayU 1>; p0[0..+i2]@0; p1[2..+i3]@i2)}
        jump(p0, p1, i2, i3, descr=TargetToken(1))",
    );
}

/// A write to the source waiting when the copy was due is done before the
/// copy is made: the copy has the item written.
#[test]
fn a_copy_made_later_sees_the_writes_before_it() {
    check(
        "
        [p0, i1]
        setarrayitem_gc(p0, 0, 7, descr=<ArrayU 1>)
        p2 = new_array(i1, descr=<ArrayU 1>)
        call_n(p0, p2, 0, 0, i1, descr=<Call copy>)
        i3 = getarrayitem_gc_i(p2, 0, descr=<ArrayU 1>)
        jump(p0, i3, descr=TargetToken(1))",
        "
        [p0, i1]
        p2 = new_array(i1, descr=<ArrayU 1>)
        setarrayitem_gc(p0, 0, 7, descr=<ArrayU 1>)
        call_n(p0, p2, 0, 0, i1, descr=<Call copy>)
        i3 = getarrayitem_gc_i(p2, 0, descr=<ArrayU 1>)
        jump(p0, i3, descr=TargetToken(1))",
    );
}

/// A `call_assembler` runs an interpreter, which may read and write
/// anything: the writes waiting are done before it, and what the heap
/// held is read again after it.
#[test]
fn a_call_assembler_does_the_waiting_writes_and_forgets_the_heap() {
    check(
        "
        [p0, i1]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i3 = call_assembler_i(0, p0, i2)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i5 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i6 = int_add(i3, i4)
        i7 = int_add(i6, i5)
        finish(i7)",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        i3 = call_assembler_i(0, p0, i2)
        i4 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        i5 = int_add(i3, i4)
        i6 = int_add(i5, i4)
        finish(i6)",
    );
}

/// The reds a `call_assembler` passes are the callee's frame: a virtual
/// one is allocated, its fields written, before the call.
#[test]
fn a_virtual_red_of_a_call_assembler_is_allocated() {
    check(
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        i2 = call_assembler_i(0, p1, i0)
        finish(i2)",
        "
        [i0]
        p1 = new(descr=<SizeDescr Pair>)
        setfield_gc(p1, i0, descr=<FieldS Pair.a 8>)
        i2 = call_assembler_i(0, p1, i0)
        finish(i2)",
    );
}

/// `guard_not_invalidated` once per stretch of the trace without calls:
/// only a call may write a quasi-immutable field the trace read.
#[test]
fn a_guard_not_invalidated_is_kept_once_until_a_call() {
    check(
        "
        [i0]
        guard_not_invalidated(descr=<Guard0x0>) [i0]
        guard_not_invalidated(descr=<Guard0x1>) [i0]
        i1 = call_i(i0, descr=<Call f>)
        guard_not_invalidated(descr=<Guard0x2>) [i1]
        i2 = call_pure_i(i1, descr=<Call g>)
        guard_not_invalidated(descr=<Guard0x3>) [i2]
        finish(i2)",
        "
        [i0]
        guard_not_invalidated(descr=<Guard0x0>) [i0]
        i1 = call_i(i0, descr=<Call f>)
        guard_not_invalidated(descr=<Guard0x1>) [i1]
        i2 = call_pure_i(i1, descr=<Call g>)
        finish(i2)",
    );
}

/// Optimizes `input` whose virtualizable (the driver's frame) is `vable`.
#[track_caller]
fn check_virtualizable(vable: u32, input: &str, expected: &str) {
    let m = module();
    let mut trace = Trace::parse(input, &m).unwrap_or_else(|e| panic!("input: {e}"));
    trace.vable = Some(Some(crate::jit::trace::Value::Var(vable)));
    optimize(&mut trace, env(&m), &|_| None);
    let got = renumbered(&trace.snapshot_text(&m));
    let want = renumbered(expected);
    assert!(got == want, "optimized:\n{got}\n\nexpected:\n{want}\n");
}

/// A frame with `Pair.a`, a stack it owns and the stack's items, and a call.
const FRAME_AND_CALL: &str = "
    [p0, i1, p2]
    setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
    p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
    p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
    setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
    i5 = call_i(i1, descr=<Call f>)
    i6 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
    p7 = getarrayitem_gc_r(p4, 0, descr=<ArrayP 8>)
    jump(p0, i6, p7, descr=TargetToken(1))";

/// The virtualizable is only ever passed to functions: a call not given it
/// (nor a list it owns) cannot reach it, whatever it may write; the writes
/// to the frame and to its stack's items wait past it, and what they hold
/// is known after it.
#[test]
fn a_call_not_given_the_virtualizable_leaves_it_as_it_was() {
    check_virtualizable(
        0,
        FRAME_AND_CALL,
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        i5 = call_i(i1, descr=<Call f>)
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        jump(p0, i1, p2, descr=TargetToken(1))",
    );
}

/// Any other object is as reachable as before: the same trace without a
/// virtualizable does the writes before the call and reads again after it.
#[test]
fn without_a_virtualizable_a_call_may_reach_the_frame() {
    check(
        FRAME_AND_CALL,
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        i5 = call_i(i1, descr=<Call f>)
        i6 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        p7 = getarrayitem_gc_r(p4, 0, descr=<ArrayP 8>)
        jump(p0, i6, p7, descr=TargetToken(1))",
    );
}

/// A value read from the frame's stack (an item: no such place holds an
/// object of the frame's) leads to a list whose items are no array of the
/// frame's: reading them at any index leaves the write waiting to go to
/// the stack, and the stack's slot written again is written once.
#[test]
fn items_reached_through_a_value_on_the_stack_are_not_the_frames() {
    check_virtualizable(
        0,
        LIST_THROUGH_THE_STACK,
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        p5 = getarrayitem_gc_r(p4, 1, descr=<ArrayP 8>)
        p6 = getfield_gc_r(p5, descr=<FieldP L.items 16>)
        p7 = getarrayitem_gc_r(p6, i1, descr=<ArrayP 8>)
        setarrayitem_gc(p4, 0, p7, descr=<ArrayP 8>)
        jump(p0, i1, p7, descr=TargetToken(1))",
    );
}

/// Without a virtualizable, the list's items may be the stack's: the write
/// is done before the read at an index not known to differ.
#[test]
fn without_a_virtualizable_items_read_at_any_index_may_be_the_stacks() {
    check(
        LIST_THROUGH_THE_STACK,
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        p5 = getarrayitem_gc_r(p4, 1, descr=<ArrayP 8>)
        p6 = getfield_gc_r(p5, descr=<FieldP L.items 16>)
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        p7 = getarrayitem_gc_r(p6, i1, descr=<ArrayP 8>)
        setarrayitem_gc(p4, 0, p7, descr=<ArrayP 8>)
        jump(p0, i1, p7, descr=TargetToken(1))",
    );
}

/// A frame writing its stack, then reading a list that the stack's second
/// slot holds at a variable index.
const LIST_THROUGH_THE_STACK: &str = "
    [p0, i1, p2]
    p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
    p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
    setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
    p5 = getarrayitem_gc_r(p4, 1, descr=<ArrayP 8>)
    p6 = getfield_gc_r(p5, descr=<FieldP L.items 16>)
    p7 = getarrayitem_gc_r(p6, i1, descr=<ArrayP 8>)
    setarrayitem_gc(p4, 0, p7, descr=<ArrayP 8>)
    jump(p0, i1, p7, descr=TargetToken(1))";

/// A call given a list the frame owns may write the list's items and
/// read the frame through nothing else; it is given the frame's part, so
/// everything waiting is done first and read again after.
#[test]
fn a_call_given_a_list_the_virtualizable_owns_reaches_it() {
    check_virtualizable(
        0,
        "
        [p0, i1, p2]
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        i5 = call_i(p3, descr=<Call f>)
        p7 = getarrayitem_gc_r(p4, 0, descr=<ArrayP 8>)
        jump(p0, i1, p7, descr=TargetToken(1))",
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        setfield_gc(p0, i1, descr=<FieldS Pair.a 8>)
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        i5 = call_i(p3, descr=<Call f>)
        p7 = getarrayitem_gc_r(p4, 0, descr=<ArrayP 8>)
        jump(p0, i1, p7, descr=TargetToken(1))",
    );
}

/// A write of an item of the virtualizable's stack waits past a guard (the
/// guard writes it when it fails, as RPython's virtualizable arrays live in
/// registers); the same write to any other array is done before it.
#[test]
fn a_guard_keeps_the_virtualizable_stacks_writes_waiting() {
    let input = "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        i5 = int_lt(i1, 10)
        guard_true(i5, descr=<Guard0x0>) [p0]
        jump(p0, i1, p2, descr=TargetToken(1))";
    check_virtualizable(
        0,
        input,
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        i5 = int_lt(i1, 10)
        guard_true(i5, descr=<Guard0x0>) [p0] {setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>) | known(p0, p3, descr=<FieldP F.stack 16 pure>) | known(p3, p4, descr=<FieldP L.items 16>)}
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        jump(p0, i1, p2, descr=TargetToken(1))",
    );
    check(
        input,
        "
        [p0, i1, p2]
        p3 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        p4 = getfield_gc_r(p3, descr=<FieldP L.items 16>)
        i5 = int_lt(i1, 10)
        setarrayitem_gc(p4, 0, p2, descr=<ArrayP 8>)
        guard_true(i5, descr=<Guard0x0>) [p0]
        jump(p0, i1, p2, descr=TargetToken(1))",
    );
}

/// The end of a trace cut where it got too long is a guard like any
/// other: what is virtual stays so (its snapshot makes it), a field write
/// waits in it, and a lazy array is not made before it; nothing follows.
#[test]
fn a_cut_traces_end_makes_nothing_before_it_fails() {
    check(
        "
        [p0, p1, i2]
        p3 = new(descr=<SizeDescr Pair>)
        setfield_gc(p3, i2, descr=<FieldS Pair.a 8>)
        setfield_gc(p0, p3, descr=<FieldP Pair.next 24>)
        p4 = new_array(100, descr=<ArrayU 1>)
        call_n(p1, p4, 0, 0, i2, descr=<Call copy>)
        guard_always_fails(descr=<Guard0x0>) [p0, p4]",
        "
        [p0, p1, i2]
        guard_always_fails(descr=<Guard0x0>) [p0, p4] {p3=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i2) | p4=new_array(100, <ArrayU 1>; p1[0..+i2]@0) | setfield_gc(p0, p3, descr=<FieldP Pair.next 24>)}",
    );
}

/// A tape's position kept in its object (`p0.a`, a write the label
/// carries) is below the length at the label, as the preamble checked: in
/// the body, a move right that is not at the end (`i + 1 != len`) is in
/// bounds with no check, and the relation holds again of the position the
/// jump carries (the body checked it).
#[test]
fn a_carried_position_below_the_length_makes_a_move_right_in_bounds() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, 1)
        i4 = int_eq(i3, i1)
        guard_false(i4, descr=<Guard0x0>) [p0]
        i5 = uint_ge(i3, i1)
        guard_false(i5, descr=<Guard0x1>) [p0]
        i6 = int_sub(i2, 9)
        i7 = uint_ge(i6, i1)
        guard_false(i7, descr=<Guard0x2>) [p0]
        setfield_gc(p0, i6, descr=<FieldS Pair.a 8>)
        jump(p0, i1, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, 1)
        i4 = int_eq(i3, i1)
        guard_false(i4, descr=<Guard0x0>) [p0]
        i5 = uint_ge(i3, i1)
        guard_false(i5, descr=<Guard0x1>) [p0]
        i6 = int_sub(i2, 9)
        i7 = uint_ge(i6, i1)
        guard_false(i7, descr=<Guard0x2>) [p0]
        label(p0, i1, i6, descr=TargetToken(0))
        i8 = int_add(i6, 1)
        i9 = int_eq(i8, i1)
        guard_false(i9, descr=<Guard0x3>) [p0] {setfield_gc(p0, i6, descr=<FieldS Pair.a 8>)}
        i10 = int_sub(i6, 9)
        i11 = uint_ge(i10, i1)
        guard_false(i11, descr=<Guard0x4>) [p0] {setfield_gc(p0, i6, descr=<FieldS Pair.a 8>)}
        jump(p0, i1, i10, descr=TargetToken(0))",
    );
}

/// A move left from a carried position below the length may wrap below
/// zero: its bounds check stays in the body.
#[test]
fn a_carried_position_below_the_length_leaves_a_move_left_checked() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_sub(i2, 1)
        i4 = uint_ge(i3, i1)
        guard_false(i4, descr=<Guard0x0>) [p0]
        setfield_gc(p0, i3, descr=<FieldS Pair.a 8>)
        jump(p0, i1, descr=TargetToken(0))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_sub(i2, 1)
        i4 = uint_ge(i3, i1)
        guard_false(i4, descr=<Guard0x0>) [p0]
        label(p0, i1, i3, descr=TargetToken(0))
        i5 = int_sub(i3, 1)
        i6 = uint_ge(i5, i1)
        guard_false(i6, descr=<Guard0x1>) [p0] {setfield_gc(p0, i3, descr=<FieldS Pair.a 8>)}
        jump(p0, i1, i5, descr=TargetToken(0))",
    );
}

/// A guard knows for its bridge what memory holds at places of the objects
/// it keeps, when that is a value it keeps, a constant, or an object it
/// does not keep, a part of the other (an owned or private field), whose
/// places hold such values (RPython's `bridgeopt`); not a place whose write
/// waits (the bridge does that write first), nor a value it neither keeps
/// nor reaches, nor what a shared field's object holds.
#[test]
fn a_guard_knows_what_memory_holds_for_its_bridge() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        p4 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        i5 = getfield_gc_i(p4, descr=<FieldS V.tag 8 pure>)
        guard_value(i5, 3, descr=<Guard0x0>) [p0, i2]
        p6 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i7 = getfield_gc_i(p6, descr=<FieldS V.tag 8 pure>)
        guard_value(i7, 4, descr=<Guard0x1>) [p0, i2]
        setfield_gc(p0, i1, descr=<FieldS Q.n 8>)
        guard_true(i1, descr=<Guard0x2>) [p0, i2]
        i8 = int_add(i3, i2)
        jump(p0, i8, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.b 16>)
        p4 = getfield_gc_r(p0, descr=<FieldP F.stack 16 pure>)
        i5 = getfield_gc_i(p4, descr=<FieldS V.tag 8 pure>)
        guard_value(i5, 3, descr=<Guard0x0>) [p0, i2] {known(p0, i2, descr=<FieldS Pair.a 8>)}
        p6 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i7 = getfield_gc_i(p6, descr=<FieldS V.tag 8 pure>)
        guard_value(i7, 4, descr=<Guard0x1>) [p0, i2] {known(p0, i2, descr=<FieldS Pair.a 8>) | known(p0, p4, descr=<FieldP F.stack 16 pure>) | known(p4, 3, descr=<FieldS V.tag 8 pure>)}
        guard_true(i1, descr=<Guard0x2>) [p0, i2] {setfield_gc(p0, 0, descr=<FieldS Q.n 8>) | known(p0, i2, descr=<FieldS Pair.a 8>) | known(p0, p4, descr=<FieldP F.stack 16 pure>) | known(p4, 3, descr=<FieldS V.tag 8 pure>)}
        i8 = int_add(i3, i2)
        setfield_gc(p0, 1, descr=<FieldS Q.n 8>)
        jump(p0, i8, descr=TargetToken(1))",
    );
}

/// Optimizes the bridge `input`, which starts knowing what places hold
/// (`known`: object, descr, value) and the ranges of integers (`ranges`),
/// their variables those of `input` or names of its own; its text must be
/// `expected`'s.
#[track_caller]
fn check_bridge(input: &str, known: &[(u32, u32, u32)], ranges: &[(u32, i64, i64)], expected: &str) {
    let m = module();
    let mut trace = Trace::parse(input, &m).unwrap_or_else(|e| panic!("input: {e}"));
    let mut var = |n: u32, kind: Kind| {
        while trace.kinds.len() <= n as usize {
            trace.new_var(Kind::Ref);
        }
        if n >= trace.ninputs {
            trace.kinds[n as usize] = kind;
        }
        Value::Var(n)
    };
    let stores = (known.iter())
        .map(|&(obj, descr, value)| {
            let kind = m.leaf(descr).expect("a field").kind;
            Store { obj: var(obj, Kind::Ref), index: None, descr, value: var(value, kind) }
        })
        .collect();
    let ranges = ranges.iter().map(|&(n, lo, hi)| (var(n, Kind::Int), lo, hi)).collect();
    trace.known = Known { stores, ranges };
    optimize(&mut trace, env(&m), &|_| None);
    let got = renumbered(&trace.snapshot_text(&m));
    let want = renumbered(expected);
    assert!(got == want, "optimized:\n{got}\n\nexpected:\n{want}\n");
}

/// A bridge reads what its guard knew memory held from what it knew
/// (here, what field `a` of `p0` holds: `i1`).
#[test]
fn a_bridge_starts_knowing_what_its_guard_knew() {
    check_bridge(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_add(i2, 1)
        jump(p0, i3, descr=TargetToken(1))",
        &[(0, 0, 1)],
        &[],
        "
        [p0, i1]
        i2 = int_add(i1, 1)
        jump(p0, i2, descr=TargetToken(1))",
    );
}

/// An object the guard did not keep has a name in the bridge; the bridge's
/// first read of its place defines it, and what the guard knew of its
/// places holds of it (here, `p0.next` is named `p5`, whose field `a`
/// holds `i1`).
#[test]
fn a_bridge_reading_an_object_its_guard_did_not_keep_knows_its_places() {
    check_bridge(
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = getfield_gc_i(p2, descr=<FieldS Pair.a 8>)
        i4 = int_add(i3, 1)
        jump(p2, i4, descr=TargetToken(1))",
        &[(0, 2, 5), (5, 0, 1)],
        &[],
        "
        [p0, i1]
        p2 = getfield_gc_r(p0, descr=<FieldP Pair.next 24>)
        i3 = int_add(i1, 1)
        jump(p2, i3, descr=TargetToken(1))",
    );
}

/// What the bridge knows is forgotten as what the trace knows is: a
/// residual call may write a mutable field.
#[test]
fn a_bridge_forgets_what_its_guard_knew_across_a_call() {
    check_bridge(
        "
        [p0, i1]
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        jump(p0, i3, descr=TargetToken(1))",
        &[(0, 0, 1)],
        &[],
        "
        [p0, i1]
        i2 = call_i(i1, descr=<Call f>)
        i3 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        jump(p0, i3, descr=TargetToken(1))",
    );
}

/// A guard knows for its bridge the range of an integer a place holds,
/// though it does not keep it (here the field `a` of `p0`, above 5).
#[test]
fn a_guard_knows_the_range_of_what_a_place_holds() {
    check(
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_gt(i2, 5)
        guard_true(i3, descr=<Guard0x0>) [p0]
        guard_true(i1, descr=<Guard0x1>) [p0]
        jump(p0, i1, descr=TargetToken(1))",
        "
        [p0, i1]
        i2 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i3 = int_gt(i2, 5)
        guard_true(i3, descr=<Guard0x0>) [p0]
        guard_true(i1, descr=<Guard0x1>) [p0] {known(p0, i2, descr=<FieldS Pair.a 8>) | i2 in 6..=9223372036854775807}
        jump(p0, 1, descr=TargetToken(1))",
    );
}

/// A bridge knows the ranges its guard knew: here, of what the field `a`
/// of `p0` holds, which makes its bounds check go.
#[test]
fn a_bridge_knows_the_ranges_its_guard_knew() {
    check_bridge(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        i2 = uint_ge(5, i1)
        guard_false(i2, descr=<Guard0x0>) [p0]
        jump(p0, i1, descr=TargetToken(1))",
        &[(0, 0, 5)],
        &[(5, 6, i64::MAX)],
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS Pair.a 8>)
        jump(p0, i1, descr=TargetToken(1))",
    );
}

/// A field declared never negative (a list's length) read is not
/// negative: an unsigned bounds check against it narrows its range, and a
/// weaker check after it goes.
#[test]
fn a_length_checked_above_an_index_is_above_the_smaller_ones() {
    check(
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS L.length 8>)
        i2 = uint_ge(9, i1)
        guard_false(i2, descr=<Guard0x0>) [p0]
        i3 = uint_ge(5, i1)
        guard_false(i3, descr=<Guard0x1>) [p0]
        jump(p0, descr=TargetToken(1))",
        "
        [p0]
        i1 = getfield_gc_i(p0, descr=<FieldS L.length 8>)
        i2 = uint_ge(9, i1)
        guard_false(i2, descr=<Guard0x0>) [p0] {known(p0, i1, descr=<FieldS L.length 8>) | i1 in 0..=9223372036854775807}
        jump(p0, descr=TargetToken(1))",
    );
}

/// A loop keeping in a register (a carried write: the frame's list of
/// registers) a value whose tag it checks.
const LOOP_KEEPING_A_TAGGED_VALUE: &str = "
    [p0, p1, i2]
    p3 = getarrayitem_gc_r(p1, 0, descr=<ArrayP 8>)
    i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
    guard_value(i4, 1, descr=<Guard0x0>) [p1]
    i5 = getfield_gc_i(p3, descr=<FieldS W::Int.x 16 pure>)
    p6 = getarrayitem_gc_r(p0, i5, descr=<ArrayP 8>)
    i7 = getfield_gc_i(p6, descr=<FieldS W.tag 8 pure>)
    guard_value(i7, 1, descr=<Guard0x1>) [p1]
    i8 = getfield_gc_i(p6, descr=<FieldS W::Int.x 16 pure>)
    i9 = int_add(i2, i8)
    setarrayitem_gc(p1, 0, p6, descr=<ArrayP 8>)
    jump(p0, p1, i9, descr=TargetToken(0))";

/// A value the loop keeps in a register whose tag the turn that made it
/// checked: the next turn
/// starts knowing the tag (a constant of the label), and reads the
/// variant's field without checking it again. The read of the field is
/// still a read (only constants are known of the values the label carries).
#[test]
fn the_tag_of_a_value_kept_in_a_register_is_checked_once() {
    check(
        LOOP_KEEPING_A_TAGGED_VALUE,
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p1, 0, descr=<ArrayP 8>)
        i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
        guard_value(i4, 1, descr=<Guard0x0>) [p1]
        i5 = getfield_gc_i(p3, descr=<FieldS W::Int.x 16 pure>)
        p6 = getarrayitem_gc_r(p0, i5, descr=<ArrayP 8>)
        i7 = getfield_gc_i(p6, descr=<FieldS W.tag 8 pure>)
        guard_value(i7, 1, descr=<Guard0x1>) [p1]
        i8 = getfield_gc_i(p6, descr=<FieldS W::Int.x 16 pure>)
        i9 = int_add(i2, i8)
        label(p0, p1, i9, p6, descr=TargetToken(0))
        i10 = getfield_gc_i(p6, descr=<FieldS W::Int.x 16 pure>)
        setarrayitem_gc(p1, 0, p6, descr=<ArrayP 8>)
        p11 = getarrayitem_gc_r(p0, i10, descr=<ArrayP 8>)
        i12 = getfield_gc_i(p11, descr=<FieldS W.tag 8 pure>)
        guard_value(i12, 1, descr=<Guard0x2>) [p1]
        i13 = getfield_gc_i(p11, descr=<FieldS W::Int.x 16 pure>)
        i14 = int_add(i9, i13)
        jump(p0, p1, i14, p11, descr=TargetToken(0))",
    );
}

/// The same loop where the turn does not check the tag of the value it
/// keeps (it reads no field of it): the next turn checks it, as the
/// label cannot say it.
#[test]
fn the_tag_of_a_kept_value_not_checked_is_checked_by_the_next_turn() {
    check(
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p1, 0, descr=<ArrayP 8>)
        i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
        guard_value(i4, 1, descr=<Guard0x0>) [p1]
        i5 = getfield_gc_i(p3, descr=<FieldS W::Int.x 16 pure>)
        p6 = getarrayitem_gc_r(p0, i5, descr=<ArrayP 8>)
        setarrayitem_gc(p1, 0, p6, descr=<ArrayP 8>)
        jump(p0, p1, i5, descr=TargetToken(0))",
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p1, 0, descr=<ArrayP 8>)
        i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
        guard_value(i4, 1, descr=<Guard0x0>) [p1]
        i5 = getfield_gc_i(p3, descr=<FieldS W::Int.x 16 pure>)
        p6 = getarrayitem_gc_r(p0, i5, descr=<ArrayP 8>)
        label(p0, p1, p6, descr=TargetToken(0))
        i7 = getfield_gc_i(p6, descr=<FieldS W.tag 8 pure>)
        setarrayitem_gc(p1, 0, p6, descr=<ArrayP 8>)
        guard_value(i7, 1, descr=<Guard0x1>) [p1]
        i8 = getfield_gc_i(p6, descr=<FieldS W::Int.x 16 pure>)
        p9 = getarrayitem_gc_r(p0, i8, descr=<ArrayP 8>)
        jump(p0, p1, p9, descr=TargetToken(0))",
    );
}

/// A trace keeping a value whose tag it does not know enters the preamble
/// (which checks the tag), its write done: the body would read the
/// variant's field unchecked.
#[test]
fn a_trace_keeping_a_value_of_unknown_tag_enters_the_preamble() {
    check_entering(
        LOOP_KEEPING_A_TAGGED_VALUE,
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p0, i2, descr=<ArrayP 8>)
        setarrayitem_gc(p1, 0, p3, descr=<ArrayP 8>)
        jump(p0, p1, i2, descr=TargetToken(1))",
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p0, i2, descr=<ArrayP 8>)
        setarrayitem_gc(p1, 0, p3, descr=<ArrayP 8>)
        jump(p0, p1, i2, descr=TargetToken(1))",
    );
}

/// A trace that checked the tag of the value it keeps enters the body,
/// the value passed to the label and the write left waiting.
#[test]
fn a_trace_keeping_a_value_of_known_tag_enters_the_body() {
    check_entering(
        LOOP_KEEPING_A_TAGGED_VALUE,
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p0, i2, descr=<ArrayP 8>)
        i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
        guard_value(i4, 1, descr=<Guard0x0>) [p1]
        setarrayitem_gc(p1, 0, p3, descr=<ArrayP 8>)
        jump(p0, p1, i2, descr=TargetToken(1))",
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p0, i2, descr=<ArrayP 8>)
        i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
        guard_value(i4, 1, descr=<Guard0x0>) [p1]
        jump(p0, p1, i2, p3, descr=TargetToken(1, label))",
    );
}

/// As `the_tag_of_a_value_kept_in_a_register_is_checked_once`, the tag
/// checked with a comparison (`tag == 1`, guarded true) rather than
/// `guard_value`: the tag stays a variable known to equal the constant,
/// and the next turn knows it all the same.
#[test]
fn a_tag_compared_equal_is_known_of_the_value_kept() {
    check(
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p1, 0, descr=<ArrayP 8>)
        i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
        i5 = int_eq(i4, 1)
        guard_true(i5, descr=<Guard0x0>) [p1]
        i6 = getfield_gc_i(p3, descr=<FieldS W::Int.x 16 pure>)
        p7 = getarrayitem_gc_r(p0, i6, descr=<ArrayP 8>)
        i8 = getfield_gc_i(p7, descr=<FieldS W.tag 8 pure>)
        i9 = int_eq(i8, 1)
        guard_true(i9, descr=<Guard0x1>) [p1]
        i10 = getfield_gc_i(p7, descr=<FieldS W::Int.x 16 pure>)
        i11 = int_add(i2, i10)
        setarrayitem_gc(p1, 0, p7, descr=<ArrayP 8>)
        jump(p0, p1, i11, descr=TargetToken(0))",
        "
        [p0, p1, i2]
        p3 = getarrayitem_gc_r(p1, 0, descr=<ArrayP 8>)
        i4 = getfield_gc_i(p3, descr=<FieldS W.tag 8 pure>)
        i5 = int_eq(i4, 1)
        guard_true(i5, descr=<Guard0x0>) [p1]
        i6 = getfield_gc_i(p3, descr=<FieldS W::Int.x 16 pure>)
        p7 = getarrayitem_gc_r(p0, i6, descr=<ArrayP 8>)
        i8 = getfield_gc_i(p7, descr=<FieldS W.tag 8 pure>)
        i9 = int_eq(i8, 1)
        guard_true(i9, descr=<Guard0x1>) [p1]
        i10 = getfield_gc_i(p7, descr=<FieldS W::Int.x 16 pure>)
        i11 = int_add(i2, i10)
        label(p0, p1, i11, p7, descr=TargetToken(0))
        i12 = getfield_gc_i(p7, descr=<FieldS W::Int.x 16 pure>)
        setarrayitem_gc(p1, 0, p7, descr=<ArrayP 8>)
        p13 = getarrayitem_gc_r(p0, i12, descr=<ArrayP 8>)
        i14 = getfield_gc_i(p13, descr=<FieldS W.tag 8 pure>)
        i15 = int_eq(i14, 1)
        guard_true(i15, descr=<Guard0x2>) [p1]
        i16 = getfield_gc_i(p13, descr=<FieldS W::Int.x 16 pure>)
        i17 = int_add(i11, i16)
        jump(p0, p1, i17, p13, descr=TargetToken(0))",
    );
}
