//! The codewriter on low-level graphs built by hand (`llbuild`), for what
//! the front end does not make: multi-way switches (the backend's
//! `merge_if_blocks` makes them from chains of `int_eq` tests).

use super::{flatten, liveness, module::ModuleBuilder};
use crate::flow::{ConstValue, FunctionGraph};
use crate::llbuild::*;
use crate::lltype::{LlType, SIGNED};
use crate::translator::Translator;

/// The text of the jitcode of `graph` (liveness filled).
fn jitcode(graph: FunctionGraph) -> Result<String, String> {
    let mut t = Translator::default();
    let g = t.graphs.push(graph);
    let mut m = ModuleBuilder::new(&t, &[g], &[]);
    let mut code = flatten::flatten(&mut m, g)?;
    liveness::fill_live(&mut code);
    m.data.module.jitcodes.push(code);
    Ok(m.data.module.text(0))
}

fn default() -> ConstValue {
    ConstValue::Str("default".into())
}

#[test]
fn switch_with_default() {
    // match x { 3 => 30, -5 => x, 1 => y, _ => 0 }, the case 1 through a
    // block of its own.
    let mut b = LlGraphBuilder::new("classify", &[SIGNED, SIGNED], SIGNED);
    let [x, y] = b.params()[..] else { unreachable!() };
    let start = b.start();
    let ret = b.returnblock();
    let (one, args) = b.block(&[SIGNED]);
    b.goto(one, ret, vec![args[0].into()]);
    b.switch(
        start,
        x.into(),
        vec![
            (ConstValue::Int(3), ret, vec![c_int(30, SIGNED)]),
            (ConstValue::Int(-5), ret, vec![x.into()]),
            (ConstValue::Int(1), one, vec![y.into()]),
            (default(), ret, vec![c_int(0, SIGNED)]),
        ],
    );
    let text = jitcode(b.finish()).unwrap();
    let expected = "\
jitcode classify(%i0, %i1)
    -live- [%i0, %i1]
    switch %i0, $-5, L4, $1, L6, $3, L8
    int_copy $0 -> %i2
    goto L10
L4:
    int_copy %i0 -> %i2
    goto L10
L6:
    int_copy %i1 -> %i3
    goto L11
L8:
    int_copy $30 -> %i2
    goto L10
L10:
    int_return %i2
L11:
    int_copy %i3 -> %i2
    goto L10
";
    assert_eq!(text, expected);
}

#[test]
fn switch_without_default_on_narrow_types() {
    // A `u8` switch with the case 255 given as -1, and a `char` switch.
    let u8_ = LlType::Int { bits: 8, signed: false };
    let mut b = LlGraphBuilder::new("bytes", &[u8_.clone(), LlType::UniChar], SIGNED);
    let [x, c] = b.params()[..] else { unreachable!() };
    let start = b.start();
    let ret = b.returnblock();
    let (chars, args) = b.block(&[LlType::UniChar]);
    b.switch(
        start,
        x.into(),
        vec![(ConstValue::Int(-1), ret, vec![c_int(1, SIGNED)]), (ConstValue::Int(0), chars, vec![c.into()])],
    );
    b.switch(
        chars,
        args[0].into(),
        vec![
            (ConstValue::Char('b'), ret, vec![c_int(2, SIGNED)]),
            (ConstValue::Char('a'), ret, vec![c_int(3, SIGNED)]),
        ],
    );
    let text = jitcode(b.finish()).unwrap();
    let expected = "\
jitcode bytes(%i0, %i1)
    -live- [%i0, %i1]
    switch %i0, $0, L3, $255, L5
    unreachable
L3:
    int_copy %i1 -> %i3
    goto L8
L5:
    int_copy $1 -> %i2
    goto L7
L7:
    int_return %i2
L8:
    -live- [%i3]
    switch %i3, $97, L11, $98, L13
    unreachable
L11:
    int_copy $3 -> %i2
    goto L7
L13:
    int_copy $2 -> %i2
    goto L7
";
    assert_eq!(text, expected);
}

#[test]
fn bool_exitswitches_stay_goto_if_not() {
    let mut b = LlGraphBuilder::new("pick", &[LlType::Bool], SIGNED);
    let x = b.params()[0];
    let start = b.start();
    let ret = b.returnblock();
    b.branch(start, x.into(), (ret, vec![c_int(1, SIGNED)]), (ret, vec![c_int(2, SIGNED)]));
    let text = jitcode(b.finish()).unwrap();
    assert!(text.contains("goto_if_not %i0, L"), "{text}");
    assert!(!text.contains("switch"), "{text}");
}

#[test]
fn bad_switches_are_errors() {
    let build = |cases: Vec<ConstValue>| {
        let mut b = LlGraphBuilder::new("bad", &[SIGNED], SIGNED);
        let x = b.params()[0];
        let start = b.start();
        let ret = b.returnblock();
        b.switch(start, x.into(), cases.into_iter().map(|c| (c, ret, vec![c_int(0, SIGNED)])).collect());
        jitcode(b.finish()).unwrap_err()
    };
    let e = build(vec![ConstValue::Int(1), ConstValue::Int(1 + (1 << 64))]);
    assert!(e.contains("two exits for the case 1"), "{e}");
    let e = build(vec![ConstValue::Int(1), default(), default()]);
    assert!(e.contains("two default exits"), "{e}");
    let e = build(vec![ConstValue::Int(1), ConstValue::Str("other".into())]);
    assert!(e.contains("has an exit with the case"), "{e}");
}

#[test]
fn keys_are_normalized_as_registers_hold_them() {
    // An `i8` case given as 255 is -1; a `Bool` switch with a default is a
    // switch too.
    let i8_ = LlType::Int { bits: 8, signed: true };
    let mut b = LlGraphBuilder::new("narrow", &[i8_, LlType::Bool], SIGNED);
    let [x, flag] = b.params()[..] else { unreachable!() };
    let start = b.start();
    let ret = b.returnblock();
    let (next, args) = b.block(&[LlType::Bool]);
    b.switch(
        start,
        x.into(),
        vec![(ConstValue::Int(255), next, vec![flag.into()]), (default(), ret, vec![c_int(0, SIGNED)])],
    );
    b.switch(
        next,
        args[0].into(),
        vec![(ConstValue::Bool(true), ret, vec![c_int(1, SIGNED)]), (default(), ret, vec![c_int(2, SIGNED)])],
    );
    let text = jitcode(b.finish()).unwrap();
    assert!(text.contains("switch %i0, $-1, L"), "{text}");
    assert!(text.contains("goto_if_not %i2, L"), "{text}");
}
