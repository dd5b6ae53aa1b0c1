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

// ---- regalloc: a jitcode in, the coloured jitcode out ----

mod regalloc {
    use crate::codewriter::{liveness, regalloc};
    use rpy_jitcode::{Arg, Insn, JitCode, JitModule, Kind, Op, Reg};

    fn i(n: u32) -> Reg {
        Reg { kind: Kind::Int, index: n }
    }

    fn r(n: u32) -> Reg {
        Reg { kind: Kind::Ref, index: n }
    }

    fn insn(op: Op, args: Vec<Arg>, results: Vec<Reg>) -> Insn {
        Insn { op, args, results }
    }

    fn copy(src: Reg, dst: Reg) -> Insn {
        let op = if src.kind == Kind::Int { Op::IntCopy } else { Op::RefCopy };
        insn(op, vec![Arg::Reg(src)], vec![dst])
    }

    fn add(a: Arg, b: Arg, res: Reg) -> Insn {
        insn(Op::IntAdd, vec![a, b], vec![res])
    }

    fn ret(a: Reg) -> Insn {
        insn(Op::IntReturn, vec![Arg::Reg(a)], vec![])
    }

    /// The text of the code after `regalloc` and `liveness`, and the new
    /// index of each old instruction.
    fn allocate(params: Vec<Reg>, insns: Vec<Insn>) -> (String, Vec<u32>) {
        let mut num_regs = [0u32; 3];
        for reg in insns.iter().flat_map(|i| i.results.iter()).chain(&params) {
            let n = &mut num_regs[reg.kind as usize];
            *n = (*n).max(reg.index + 1);
        }
        let mut code = JitCode { name: "f".into(), params, num_regs, insns };
        let new_pc = regalloc::allocate(&mut code);
        liveness::fill_live(&mut code);
        let module = JitModule { jitcodes: vec![code], ..Default::default() };
        (module.text(0), new_pc)
    }

    #[test]
    fn a_copy_into_a_register_that_does_not_interfere_disappears() {
        let (text, new_pc) =
            allocate(vec![i(0)], vec![copy(i(0), i(1)), add(Arg::Reg(i(1)), Arg::Int(1), i(2)), ret(i(2))]);
        assert_eq!(text, "jitcode f(%i0)\n    int_add %i0, $1 -> %i0\n    int_return %i0\n");
        assert_eq!(new_pc, vec![0, 0, 1, 2]);
    }

    #[test]
    fn a_value_read_after_a_write_keeps_its_own_register() {
        // %i1 = %i0 + 1; return %i0 + %i1: %i1 is written while %i0 is live.
        let (text, _) = allocate(
            vec![i(0)],
            vec![add(Arg::Reg(i(0)), Arg::Int(1), i(1)), add(Arg::Reg(i(0)), Arg::Reg(i(1)), i(2)), ret(i(2))],
        );
        assert_eq!(
            text,
            "jitcode f(%i0)\n    int_add %i0, $1 -> %i1\n    int_add %i0, %i1 -> %i0\n    int_return %i0\n"
        );
    }

    #[test]
    fn a_copy_and_its_source_share_a_register_while_both_are_read() {
        // They hold the same value: the copy is not a write that clobbers.
        let (text, _) =
            allocate(vec![i(0)], vec![copy(i(0), i(1)), add(Arg::Reg(i(0)), Arg::Reg(i(1)), i(2)), ret(i(2))]);
        assert_eq!(text, "jitcode f(%i0)\n    int_add %i0, %i0 -> %i0\n    int_return %i0\n");
    }

    #[test]
    fn parameters_never_share_a_register_even_unread() {
        let (text, _) = allocate(vec![i(0), i(1), r(0)], vec![ret(i(1))]);
        assert_eq!(text, "jitcode f(%i0, %i1, %r0)\n    int_return %i1\n");
    }

    #[test]
    fn registers_of_each_kind_are_numbered_apart() {
        // A ref and an int live together both get number 0.
        let (text, _) = allocate(
            vec![r(3)],
            vec![
                insn(Op::PtrNonzero, vec![Arg::Reg(r(3))], vec![i(5)]),
                insn(Op::Live, vec![Arg::Regs(vec![])], vec![]),
                insn(Op::GotoIfNot, vec![Arg::Reg(i(5)), Arg::Label(4)], vec![]),
                ret(i(5)),
                insn(Op::RefReturn, vec![Arg::Reg(r(3))], vec![]),
            ],
        );
        assert_eq!(
            text,
            "jitcode f(%r0)\n    ptr_nonzero %r0 -> %i0\n    -live- [%i0, %r0]\n    goto_if_not %i0, L4\n    \
             int_return %i0\nL4:\n    ref_return %r0\n"
        );
    }

    #[test]
    fn a_swap_in_a_loop_goes_through_a_temporary() {
        // loop { (a, b) = (b, a + b) } as flatten makes it: the parallel
        // copy's temporaries interfere with the values they save.
        let (text, _) = allocate(
            vec![i(0), i(1)],
            vec![
                add(Arg::Reg(i(0)), Arg::Reg(i(1)), i(2)),
                copy(i(1), i(3)),
                copy(i(2), i(4)),
                copy(i(3), i(0)),
                copy(i(4), i(1)),
                insn(Op::Goto, vec![Arg::Label(0)], vec![]),
            ],
        );
        assert_eq!(
            text,
            "jitcode f(%i0, %i1)\nL0:\n    int_add %i0, %i1 -> %i2\n    int_copy %i1 -> %i0\n    \
             int_copy %i2 -> %i1\n    goto L0\n"
        );
    }

    #[test]
    fn jumps_to_gotos_are_threaded_and_code_no_jump_reaches_dropped() {
        // 0: goto_if_not %i0, L3; 1: goto L4; 2: (unreached) 3: goto L5;
        // 4: return %i0; 5: return 1 — after: the first jump goes to the
        // second return, the goto L4 to the next instruction is dropped.
        let (text, new_pc) = allocate(
            vec![i(0)],
            vec![
                insn(Op::GotoIfNot, vec![Arg::Reg(i(0)), Arg::Label(3)], vec![]),
                insn(Op::Goto, vec![Arg::Label(4)], vec![]),
                add(Arg::Reg(i(0)), Arg::Int(1), i(1)),
                insn(Op::Goto, vec![Arg::Label(5)], vec![]),
                ret(i(0)),
                insn(Op::IntReturn, vec![Arg::Int(1)], vec![]),
            ],
        );
        assert_eq!(text, "jitcode f(%i0)\n    goto_if_not %i0, L2\n    int_return %i0\nL2:\n    int_return $1\n");
        assert_eq!(new_pc, vec![0, 1, 1, 1, 1, 2, 3]);
    }
}
