//! The interpreter on jitcodes written by hand: `switch` in the blackhole,
//! in the tracer and on resuming from its guards (the codewriter makes
//! `switch` from the multi-way exitswitches `backendopt::merge_if_blocks`
//! makes of test chains), and traces stopped in the middle of an iteration.

use super::*;
use rpy_jitcode::{Driver, Insn, JitCode};

fn i(index: u32) -> Reg {
    Reg { kind: Kind::Int, index }
}

fn insn(op: Op, args: Vec<Arg>, results: Vec<Reg>) -> Insn {
    Insn { op, args, results }
}

/// A portal looping on `x` (`%i1`, red) with a green `%i0`:
///
/// ```text
/// 0: jit_merge_point $0, [%i0], [%i1]
/// 1: -live- [%i0, %i1]
/// 2: switch %i<on>, $1, L5, $2, L7, $5, L9
/// 3: int_add %i1, $100 -> %i1       (the default path, or `unreachable`)
/// 4: goto L0
/// 5: int_mul %i1, $11 -> %i1        (and so at 7 and 9)
/// ```
fn module(on: u32, default: bool) -> JitModule {
    let mut insns = vec![
        insn(Op::JitMergePoint, vec![Arg::Int(0), Arg::Regs(vec![i(0)]), Arg::Regs(vec![i(1)])], vec![]),
        insn(Op::Live, vec![Arg::Regs(vec![i(0), i(1)])], vec![]),
        insn(
            Op::Switch,
            vec![Arg::Reg(i(on)), Arg::Int(1), Arg::Label(5), Arg::Int(2), Arg::Label(7), Arg::Int(5), Arg::Label(9)],
            vec![],
        ),
        match default {
            true => insn(Op::IntAdd, vec![Arg::Reg(i(1)), Arg::Int(100)], vec![i(1)]),
            false => insn(Op::Unreachable, vec![], vec![]),
        },
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
    ];
    for _ in 0..3 {
        insns.push(insn(Op::IntMul, vec![Arg::Reg(i(1)), Arg::Int(11)], vec![i(1)]));
        insns.push(insn(Op::Goto, vec![Arg::Label(0)], vec![]));
    }
    JitModule {
        jitcodes: vec![JitCode { name: "portal".into(), params: vec![i(0), i(1)], num_regs: [2, 0, 0], insns }],
        descrs: vec![],
        drivers: vec![Driver {
            name: "d".into(),
            portal: 0,
            merge_point: 0,
            greens: vec![Kind::Int],
            reds: vec![Kind::Int],
            result: vec![Kind::Int],
            printable_location: None,
            call: 0,
            virtualizable: None,
        }],
    }
}

const TABLES: Tables<'static> = Tables { calls: &[], typeinfos: &[], prebuilt: &[] };

/// One iteration in the blackhole from green `g` and `x`: the new `x`.
fn blackhole(m: &JitModule, g: u64, x: i64) -> i64 {
    let mut buf = [g, x as u64];
    // SAFETY: the module has no references, calls or allocations.
    let outcome = unsafe { run_from_merge_point(m, &TABLES, 0, buf.as_mut_ptr()) };
    assert_eq!(outcome, Outcome::MergePoint);
    assert_eq!(buf[0], g);
    buf[1] as i64
}

/// Traces one iteration from green `g` and `x`: the closed trace (and the
/// new `x`, as the blackhole computes it).
fn trace(m: &JitModule, g: u64, x: i64, limit: usize) -> (Option<Trace>, Option<Abort>, i64) {
    let mut buf = [g, x as u64];
    let mut interp = Interp::new(m, &TABLES);
    // SAFETY: as `blackhole`.
    let outcome = unsafe { interp.trace(0, buf.as_mut_ptr(), limit) };
    assert_eq!(outcome, Outcome::MergePoint);
    (interp.closed, interp.aborted, buf[1] as i64)
}

/// The portal callback of tests whose snapshots have no recursive frames.
fn no_portal(_: usize, _: *mut u64) {
    unreachable!("these tests do not resume inside a recursive call")
}

fn text(m: &JitModule, t: &Trace) -> String {
    t.text(m, &[], &|_, _| None)
}

#[test]
fn blackhole_jumps_to_the_case_or_falls_through() {
    let m = module(1, true);
    assert_eq!(blackhole(&m, 0, 1), 11);
    assert_eq!(blackhole(&m, 0, 2), 22);
    assert_eq!(blackhole(&m, 0, 5), 55);
    for x in [0, 3, 4, 6, -1, i64::MIN] {
        assert_eq!(blackhole(&m, 0, x), x.wrapping_add(100), "{x}");
    }
}

#[test]
fn a_case_promotes_the_value() {
    let m = module(1, true);
    let (t, aborted, x) = trace(&m, 0, 2, 100);
    assert_eq!((aborted, x), (None, 22));
    let t = t.expect("a closed loop");
    // The case's operation folds: the value is the constant 2 after the
    // guard.
    assert_eq!(
        text(&m, &t),
        "[i0]\ndebug_merge_point(0, 0, '0')\nguard_value(i0, 2, descr=<Guard0x0>) [i0]\njump(22, descr=TargetToken(0))\n"
    );
    // The guard resumes at the switch, with the registers of the `-live-`
    // before it.
    let s = t.ops[1].snapshot.as_deref().unwrap();
    assert_eq!(s.frames.len(), 1);
    assert_eq!(s.frames[0].pc, 2);
    assert_eq!(s.frames[0].live, vec![(i(0), Value::Const(0, Kind::Int)), (i(1), Value::Var(0))]);
}

#[test]
fn the_default_path_guards_against_every_key() {
    let m = module(1, true);
    let (t, aborted, x) = trace(&m, 0, 3, 100);
    assert_eq!((aborted, x), (None, 103));
    let t = t.expect("a closed loop");
    assert_eq!(
        text(&m, &t),
        "[i0]
debug_merge_point(0, 0, '0')
i1 = int_eq(i0, 1)
guard_false(i1, descr=<Guard0x0>) [i0]
i2 = int_eq(i0, 2)
guard_false(i2, descr=<Guard0x1>) [i0]
i3 = int_eq(i0, 5)
guard_false(i3, descr=<Guard0x2>) [i0]
i4 = int_add(i0, 100)
jump(i4, descr=TargetToken(0))
"
    );
    for op in t.ops.iter().filter(|op| op.op == Op::GuardFalse) {
        assert_eq!(op.snapshot.as_deref().unwrap().frames[0].pc, 2);
    }
}

#[test]
fn a_constant_value_is_not_guarded() {
    // The switch is on the green: a constant of the trace.
    let m = module(0, true);
    let (t, _, x) = trace(&m, 5, 3, 100);
    assert_eq!(x, 33);
    assert_eq!(
        text(&m, &t.unwrap()),
        "[i0]\ndebug_merge_point(0, 0, '5')\ni1 = int_mul(i0, 11)\njump(i1, descr=TargetToken(0))\n"
    );
    let (t, _, x) = trace(&m, 4, 3, 100);
    assert_eq!(x, 103);
    assert_eq!(
        text(&m, &t.unwrap()),
        "[i0]\ndebug_merge_point(0, 0, '4')\ni1 = int_add(i0, 100)\njump(i1, descr=TargetToken(0))\n"
    );
}

#[test]
fn a_trace_too_long_in_the_default_path_stops_and_the_run_goes_on() {
    let m = module(1, true);
    let (t, aborted, x) = trace(&m, 0, 3, 2);
    assert_eq!((t, aborted, x), (None, Some(Abort::TooLong), 103));
}

#[test]
fn guards_of_a_switch_resume_at_it() {
    // The guard that `x` is 2 fails with `x` 5: the blackhole runs the
    // switch again and takes case 5.
    let m = module(1, true);
    let t = trace(&m, 0, 2, 100).0.unwrap();
    let s = GuardState::new(t.ops[1].snapshot.as_deref().unwrap(), &t.kinds);
    let mut buf = [0u64; 2];
    // SAFETY: as `blackhole`.
    let outcome = unsafe { resume(&m, &TABLES, &s, &[5], buf.as_mut_ptr(), &no_portal) };
    assert_eq!((outcome, buf), (Outcome::MergePoint, [0, 55]));
    // The default path's first guard fails with `x` 1.
    let t = trace(&m, 0, 3, 100).0.unwrap();
    let s = GuardState::new(t.ops[2].snapshot.as_deref().unwrap(), &t.kinds);
    let outcome = unsafe { resume(&m, &TABLES, &s, &[1], buf.as_mut_ptr(), &no_portal) };
    assert_eq!((outcome, buf), (Outcome::MergePoint, [0, 11]));
}

#[test]
#[should_panic(expected = "`unreachable` reached in the jitcode of portal at 3")]
fn a_switch_without_default_on_another_value_fails_loudly() {
    let m = module(1, false);
    assert_eq!(blackhole(&m, 0, 5), 55);
    blackhole(&m, 0, 3);
}

/// A trace that gets too long at the guard of a merge point's first green
/// stops there; the guards of the other greens record nothing (the trace's
/// boxes are gone) and the run goes on to the merge point.
#[test]
fn a_trace_too_long_at_a_merge_point_stops_there() {
    // 0: jit_merge_point $0, [%i0, %i1], [%i2]
    // 1: int_add %i2, $1 -> %i0; 2: int_add %i2, $2 -> %i1; 3: goto L0
    let insns = vec![
        insn(Op::JitMergePoint, vec![Arg::Int(0), Arg::Regs(vec![i(0), i(1)]), Arg::Regs(vec![i(2)])], vec![]),
        insn(Op::IntAdd, vec![Arg::Reg(i(2)), Arg::Int(1)], vec![i(0)]),
        insn(Op::IntAdd, vec![Arg::Reg(i(2)), Arg::Int(2)], vec![i(1)]),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
    ];
    let m = JitModule {
        jitcodes: vec![JitCode { name: "portal".into(), params: vec![i(0), i(1), i(2)], num_regs: [3, 0, 0], insns }],
        descrs: vec![],
        drivers: vec![Driver {
            name: "d".into(),
            portal: 0,
            merge_point: 0,
            greens: vec![Kind::Int, Kind::Int],
            reds: vec![Kind::Int],
            result: vec![Kind::Int],
            printable_location: None,
            call: 0,
            virtualizable: None,
        }],
    };
    // Every limit up to the whole iteration: stopping at each operation.
    for limit in 0..5 {
        let mut buf = [0u64, 0, 7];
        let mut interp = Interp::new(&m, &TABLES);
        // SAFETY: the module has no references, calls or allocations.
        let outcome = unsafe { interp.trace(0, buf.as_mut_ptr(), limit) };
        assert_eq!(outcome, Outcome::MergePoint);
        assert_eq!((interp.closed.is_none(), interp.aborted), (true, Some(Abort::TooLong)), "{limit}");
        assert_eq!(buf, [8, 9, 7]);
    }
}

/// A portal whose green `pc` (`%i0`) goes 0, 1, 2, 1, 2, ...: 1 adds 1 to
/// the red `x` (`%i1`), then goes to 2; 2 goes back to 1.
fn inner_loop_module() -> JitModule {
    let mut m = module(0, false);
    let set_pc = |pc| insn(Op::IntCopy, vec![Arg::Int(pc)], vec![i(0)]);
    m.jitcodes[0].insns = vec![
        insn(Op::JitMergePoint, vec![Arg::Int(0), Arg::Regs(vec![i(0)]), Arg::Regs(vec![i(1)])], vec![]),
        insn(Op::Live, vec![Arg::Regs(vec![i(0), i(1)])], vec![]),
        insn(
            Op::Switch,
            vec![Arg::Reg(i(0)), Arg::Int(0), Arg::Label(4), Arg::Int(1), Arg::Label(6), Arg::Int(2), Arg::Label(9)],
            vec![],
        ),
        insn(Op::Unreachable, vec![], vec![]),
        set_pc(1),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
        insn(Op::IntAdd, vec![Arg::Reg(i(1)), Arg::Int(1)], vec![i(1)]),
        set_pc(2),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
        set_pc(1),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
    ];
    m
}

/// A trace from a key that is not in the loop (0) closes when it comes back
/// to a key it went through (1): the loop is that key's, from there on
/// (RPython's `reached_loop_header`); its inputs are the reds there.
#[test]
fn a_trace_back_at_another_key_closes_that_keys_loop() {
    let m = inner_loop_module();
    let mut buf = [0u64, 5];
    let mut interp = Interp::new(&m, &TABLES);
    // SAFETY: as `blackhole`.
    let outcome = unsafe { interp.trace(0, buf.as_mut_ptr(), 100) };
    assert_eq!(outcome, Outcome::MergePoint);
    assert_eq!((interp.aborted, interp.closed_at.as_deref()), (None, Some(&[1u64][..])));
    assert_eq!(buf, [1, 6]);
    let t = interp.closed.expect("a closed loop");
    assert_eq!(
        text(&m, &t),
        "[i0]\ndebug_merge_point(0, 0, '1')\ni1 = int_add(i0, 1)\ndebug_merge_point(0, 0, '2')\njump(i1, descr=TargetToken(0))\n"
    );
}

/// A red that is a constant at a merge point is a variable from there on
/// (a `same_as` the optimizer sees through), so the loop cut there takes
/// it as an input instead of assuming the constant.
#[test]
fn a_constant_red_is_a_variable_after_a_merge_point() {
    let mut m = inner_loop_module();
    // 0 sets x to 7.
    m.jitcodes[0].insns[4] = insn(Op::IntCopy, vec![Arg::Int(7)], vec![i(1)]);
    m.jitcodes[0].insns.insert(5, insn(Op::IntCopy, vec![Arg::Int(1)], vec![i(0)]));
    for insn in &mut m.jitcodes[0].insns {
        for a in &mut insn.args {
            if let Arg::Label(l) = a {
                *l += (*l > 4) as u32;
            }
        }
    }
    let mut buf = [0u64, 5];
    let mut interp = Interp::new(&m, &TABLES);
    // SAFETY: as `blackhole`.
    unsafe { interp.trace(0, buf.as_mut_ptr(), 100) };
    let t = interp.closed.expect("a closed loop");
    assert_eq!(buf, [1, 8]);
    assert_eq!(
        text(&m, &t),
        "[i0]\ndebug_merge_point(0, 0, '1')\ni1 = int_add(i0, 1)\ndebug_merge_point(0, 0, '2')\njump(i1, descr=TargetToken(0))\n"
    );
}

/// A portal whose green `%i0` counts up, the red `%i1` with it: no key
/// comes back, so no trace closes.
///
/// ```text
/// 0: jit_merge_point $0, [%i0], [%i1]
/// 1: int_add %i1, $1 -> %i1
/// 2: int_add %i0, $1 -> %i0
/// 3: goto L0
/// ```
fn counting_module() -> JitModule {
    let mut m = module(0, false);
    m.jitcodes[0].insns = vec![
        insn(Op::JitMergePoint, vec![Arg::Int(0), Arg::Regs(vec![i(0)]), Arg::Regs(vec![i(1)])], vec![]),
        insn(Op::IntAdd, vec![Arg::Reg(i(1)), Arg::Int(1)], vec![i(1)]),
        insn(Op::IntAdd, vec![Arg::Reg(i(0)), Arg::Int(1)], vec![i(0)]),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
    ];
    m
}

/// A trace too long with no recursive call to blame ends at the last merge
/// point it went through, in a guard that always fails (RPython's segmented
/// traces): failing, it resumes at that merge point.
#[test]
fn a_trace_too_long_is_cut_at_its_last_merge_point() {
    let m = counting_module();
    let (t, aborted, x) = trace(&m, 0, 5, 5);
    assert_eq!((aborted, x), (None, 8));
    let t = t.expect("a cut trace");
    assert_eq!(
        text(&m, &t),
        "[i0]
debug_merge_point(0, 0, '0')
i1 = int_add(i0, 1)
debug_merge_point(0, 0, '1')
i2 = int_add(i1, 1)
guard_always_fails(descr=<Guard0x0>) [i2]
"
    );
    let s = t.ops[4].snapshot.as_deref().unwrap();
    assert_eq!((s.frames.len(), s.frames[0].pc), (1, 0));
    let mut buf = [0u64; 2];
    // SAFETY: as `blackhole`.
    let s = GuardState::new(s, &t.kinds);
    let outcome = unsafe { resume(&m, &TABLES, &s, &[7], buf.as_mut_ptr(), &no_portal) };
    assert_eq!((outcome, buf), (Outcome::MergePoint, [2, 7]));
}

/// The bridge of a cut trace's end starts at the merge point the trace
/// was cut at, and is cut, when too long, only at a merge point after it
/// (never empty: else its own end's bridge would start there again). The
/// run goes on to the merge point after where tracing stopped.
#[test]
fn the_bridge_of_a_cut_trace_is_cut_after_its_start() {
    let m = counting_module();
    let t = trace(&m, 0, 5, 5).0.expect("a cut trace");
    let s = GuardState::new(t.ops[4].snapshot.as_deref().unwrap(), &t.kinds);
    let bridge = |limit| {
        let mut buf = [0u64; 2];
        let mut interp = Interp::new(&m, &TABLES);
        // SAFETY: as `blackhole`.
        let outcome = unsafe { interp.trace_bridge(0, &s, &[7], buf.as_mut_ptr(), limit) };
        assert_eq!(outcome, Outcome::MergePoint);
        (interp.closed, interp.aborted, buf)
    };
    assert_eq!(bridge(1), (None, Some(Abort::TooLong), [3, 8]));
    let (cut, aborted, buf) = bridge(3);
    assert_eq!((aborted, buf), (None, [4, 9]));
    assert_eq!(
        text(&m, &cut.expect("a cut bridge")),
        "[i0]
debug_merge_point(0, 0, '2')
i1 = int_add(i0, 1)
guard_always_fails(descr=<Guard0x0>) [i1]
"
    );
}

/// The guards recorded inside a call share the caller's part of their
/// snapshots (it waits for the call and does not change); the call's
/// return ends the sharing.
#[test]
fn guards_inside_a_call_share_the_callers_part() {
    let mut m = module(0, false);
    // The portal calls `check` (twice a switch on its argument) on `x`,
    // then again after the first call returned.
    let call = || {
        insn(Op::InlineCall, vec![Arg::Descr(0), Arg::Regs(vec![i(1)]), Arg::Regs(vec![]), Arg::Regs(vec![])], vec![])
    };
    m.jitcodes[0].insns = vec![
        insn(Op::JitMergePoint, vec![Arg::Int(0), Arg::Regs(vec![i(0)]), Arg::Regs(vec![i(1)])], vec![]),
        insn(Op::Live, vec![Arg::Regs(vec![i(0), i(1)])], vec![]),
        call(),
        insn(Op::Live, vec![Arg::Regs(vec![i(0), i(1)])], vec![]),
        call(),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
    ];
    let switch = |next| insn(Op::Switch, vec![Arg::Reg(i(0)), Arg::Int(7), Arg::Label(next)], vec![]);
    let live = || insn(Op::Live, vec![Arg::Regs(vec![i(0)])], vec![]);
    let insns = vec![live(), switch(2), live(), switch(4), insn(Op::VoidReturn, vec![], vec![])];
    m.jitcodes.push(JitCode { name: "check".into(), params: vec![i(0)], num_regs: [1, 0, 0], insns });
    m.descrs.push(Descr::JitCode { name: "check".into(), index: 1 });
    let (t, aborted, _) = trace(&m, 0, 5, 100);
    assert_eq!(aborted, None);
    let t = t.expect("a closed loop");
    let guards: Vec<&Snapshot> = t.ops.iter().filter_map(|op| op.snapshot.as_deref()).collect();
    assert_eq!(guards.len(), 4, "{}", text(&m, &t));
    assert!(guards.iter().all(|s| s.frames.len() == 2));
    let caller = |g: usize| &guards[g].frames[0];
    assert!(Rc::ptr_eq(caller(0), caller(1)) && Rc::ptr_eq(caller(2), caller(3)));
    assert!(!Rc::ptr_eq(caller(1), caller(2)));
    assert_eq!((caller(0).pc, caller(2).pc), (2, 4));
}

/// A portal testing `x < 100` twice before counting it up (an
/// interpreter checking a bound at two instructions):
///
/// ```text
/// 0: jit_merge_point $0, [%i0], [%i1]
/// 1: -live- [%i0, %i1]
/// 2: int_lt %i1, $100 -> %i2
/// 3: goto_if_not %i2, L8
/// 4: int_lt %i1, $100 -> %i3
/// 5: goto_if_not %i3, L8
/// 6: int_add %i1, $1 -> %i1
/// 7: goto L0
/// 8: int_sub %i1, $1 -> %i1; goto L0
/// ```
fn twice_tested_module() -> JitModule {
    let lt = |r| insn(Op::IntLt, vec![Arg::Reg(i(1)), Arg::Int(100)], vec![i(r)]);
    let insns = vec![
        insn(Op::JitMergePoint, vec![Arg::Int(0), Arg::Regs(vec![i(0)]), Arg::Regs(vec![i(1)])], vec![]),
        insn(Op::Live, vec![Arg::Regs(vec![i(0), i(1)])], vec![]),
        lt(2),
        insn(Op::GotoIfNot, vec![Arg::Reg(i(2)), Arg::Label(8)], vec![]),
        lt(3),
        insn(Op::GotoIfNot, vec![Arg::Reg(i(3)), Arg::Label(8)], vec![]),
        insn(Op::IntAdd, vec![Arg::Reg(i(1)), Arg::Int(1)], vec![i(1)]),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
        insn(Op::IntSub, vec![Arg::Reg(i(1)), Arg::Int(1)], vec![i(1)]),
        insn(Op::Goto, vec![Arg::Label(0)], vec![]),
    ];
    let mut m = module(0, true);
    m.jitcodes[0].insns = insns;
    m.jitcodes[0].num_regs = [4, 0, 0];
    m
}

#[test]
fn a_pure_operation_computed_again_is_recorded_once_and_guarded_once() {
    let m = twice_tested_module();
    let (t, aborted, x) = trace(&m, 0, 5, 100);
    assert_eq!((aborted, x), (None, 6));
    // (The second `int_lt` is the first's result, which its guard proved
    // is 1: the second `goto_if_not` records nothing.)
    let text = text(&m, &t.expect("a closed loop"));
    assert_eq!(text.matches("int_lt").count(), 1, "{text}");
    assert_eq!(text.matches("guard_").count(), 1, "{text}");
}

/// What the tracer knows of the heap: a write forgets the places of its
/// descr that may be the same memory (another object's, an item at an
/// unknown index), not those of other descrs, items at other constant
/// indexes, or places that never change; a call forgets all but those.
#[test]
fn a_write_forgets_only_what_may_be_the_same_memory() {
    let (obj, other) = (Value::Var(1), Value::Var(2));
    let int = |n: u64| Value::Const(n, Kind::Int);
    let mut k = Known::default();
    k.insert((3, other, None), Value::Var(10), false);
    k.insert((5, other, None), Value::Var(11), false);
    k.insert((7, other, None), Value::Var(12), true);
    k.insert((9, other, Some(int(0))), Value::Var(13), false);
    k.insert((9, other, Some(Value::Var(4))), Value::Var(14), false);
    k.write((3, obj, None), Value::Var(20), false);
    k.write((7, obj, None), Value::Var(21), true);
    k.write((9, obj, Some(int(1))), Value::Var(22), false);
    assert_eq!(k.get(&(3, other, None)), None);
    assert_eq!(k.get(&(3, obj, None)), Some(Value::Var(20)));
    assert_eq!(k.get(&(5, other, None)), Some(Value::Var(11)));
    assert_eq!(k.get(&(7, other, None)), Some(Value::Var(12)));
    assert_eq!(k.get(&(9, other, Some(int(0)))), Some(Value::Var(13)));
    assert_eq!(k.get(&(9, other, Some(Value::Var(4)))), None);
    k.forget_heap();
    assert_eq!(k.get(&(3, obj, None)), None);
    assert_eq!(k.get(&(5, other, None)), None);
    assert_eq!((k.get(&(7, other, None)), k.get(&(7, obj, None))), (Some(Value::Var(12)), Some(Value::Var(21))));
}
