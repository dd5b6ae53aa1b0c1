//! Passes over an optimized trace's guards, before the backend:
//!
//! - `fuse_equalities`: guards that `y + k != n` for a run of consecutive
//!   constants `k` (a tape's growth check `pos + k == len` at each step
//!   to the right) become one range check, `n - y - kmin >u kmax - kmin`,
//!   at the first one's place and with its snapshot. When the range check
//!   fails, one of them would have failed (`n - y` is one of the `k`), or
//!   an operation between them would have exited the trace first: either
//!   way resuming at the first guard is right, as nothing the trace did
//!   since it is done yet (the check is where the first guard was). So
//!   the first guard's snapshot keeps the real value of its comparison.
//! - `strengthen`: a guard that a variable is a constant `C`
//!   (`guard_value(x, C)`, or a `guard_true` of `x == C`) makes the
//!   guards before it on `x` that this implies (`x != k` for another
//!   constant `k`, `x` not null) redundant: the first of them becomes
//!   the guard that `x` is `C`, with its snapshot, and the others and the
//!   guard itself go (RPython's guard strengthening, `replace_guard`).
//!   Resuming at the first is right whichever would have failed, for the
//!   reason above. A `match` tests an enum's tag against each variant in
//!   turn before the one it is, and a pointer is tested for null before
//!   it is promoted.
//! - `known_at_failure`: where a guard fails its operand is known, 0 for
//!   `guard_true`, 1 for `guard_false` on a comparison; its snapshot has
//!   the constant (a bridge starts from it instead of checking it again).

use super::facts::{mirror, step};
use crate::jit::trace::{ResOp, Trace, Value};
use rpy_jitcode::{Kind, Op};
use rustc_hash::FxHashMap as HashMap;
use smallvec::smallvec;

/// A guard that `y + k != n`: at operation `at`, with `y`'s base `base`.
struct Inequality {
    at: usize,
    base: Value,
    n: Value,
    k: i64,
}

pub fn fuse_equalities(trace: &mut Trace) {
    // Each variable that is a variable plus a constant (as the optimizer
    // leaves them: one step from a variable that is not itself a step).
    let mut steps: HashMap<u32, (Value, i64)> = HashMap::default();
    let mut equalities: HashMap<u32, (Op, Value, Value)> = HashMap::default();
    // The inequalities of each stretch of the trace (a label starts one:
    // the body's variables are not the preamble's).
    let mut stretches: Vec<Vec<Inequality>> = vec![Vec::new()];
    for (at, op) in trace.ops.iter().enumerate() {
        if let (Some(form), Some(r)) = (step(op.op, &op.args), op.result) {
            steps.insert(r, form);
            continue;
        }
        match (op.op, op.args.as_slice(), op.result) {
            (Op::IntEq | Op::IntNe, [a, b], Some(r)) => {
                equalities.insert(r, (op.op, *a, *b));
            }
            (Op::Label, ..) => stretches.push(Vec::new()),
            (Op::GuardFalse | Op::GuardTrue, [Value::Var(g)], _) => {
                let Some(&(cmp, a, b)) = equalities.get(g) else { continue };
                if (cmp == Op::IntEq) != (op.op == Op::GuardFalse) {
                    continue; // a guard that they are equal
                }
                let form = |v: Value| match v {
                    Value::Var(n) => steps.get(&n).copied(),
                    Value::Const(..) => None,
                };
                let (base, k, n) = match (form(a), form(b)) {
                    (Some((y, k)), _) => (y, k, b),
                    (None, Some((y, k))) => (y, k, a),
                    (None, None) => (a, 0, b),
                };
                stretches.last_mut().expect("a stretch").push(Inequality { at, base, n, k });
            }
            _ => {}
        }
    }
    // Runs of consecutive constants on the same variable and bound: the
    // first guard of each becomes the range check, the others go.
    let mut replace: HashMap<usize, (Value, Value, i64, i64)> = HashMap::default();
    let mut drop = vec![false; trace.ops.len()];
    for stretch in &stretches {
        let mut groups: HashMap<(Value, Value), Vec<&Inequality>> = HashMap::default();
        for q in stretch {
            groups.entry((q.base, q.n)).or_default().push(q);
        }
        for ((base, n), mut qs) in groups {
            qs.sort_by_key(|q| (q.k, q.at));
            for run in qs.chunk_by(|a, b| b.k.wrapping_sub(a.k) <= 1) {
                let (kmin, kmax) = (run[0].k, run[run.len() - 1].k);
                if kmin == kmax {
                    continue;
                }
                let first = run.iter().map(|q| q.at).min().expect("a run");
                replace.insert(first, (base, n, kmin, kmax));
                for q in run.iter().filter(|q| q.at != first) {
                    drop[q.at] = true;
                }
            }
        }
    }
    if replace.is_empty() {
        return;
    }
    let int = |x: i64| Value::Const(x as u64, Kind::Int);
    let ops = std::mem::take(&mut trace.ops);
    for (at, mut op) in ops.into_iter().enumerate() {
        if drop[at] {
            continue;
        }
        if let Some(&(base, n, kmin, kmax)) = replace.get(&at) {
            let value = |trace: &mut Trace, op: Op, args: Vec<Value>| {
                let r = trace.new_var(Kind::Int);
                trace.ops.push(ResOp { op, args: args.into(), descr: None, result: Some(r), snapshot: None });
                Value::Var(r)
            };
            let distance = value(trace, Op::IntSub, vec![n, base]);
            let from_min = if kmin == 0 { distance } else { value(trace, Op::IntSub, vec![distance, int(kmin)]) };
            let outside = value(trace, Op::UintGt, vec![from_min, int(kmax.wrapping_sub(kmin))]);
            op.op = Op::GuardTrue;
            op.args = smallvec![outside];
        }
        trace.ops.push(op);
    }
}

/// What a guard checks of a variable, for `strengthen`: that it is, or is
/// not, the constant of these bits.
#[derive(Clone, Copy)]
enum Check {
    Is(u64),
    IsNot(u64),
}

impl Check {
    fn negated(self) -> Check {
        match self {
            Check::Is(c) => Check::IsNot(c),
            Check::IsNot(c) => Check::Is(c),
        }
    }
}

/// See the module's comment.
pub fn strengthen(trace: &mut Trace) {
    // The comparisons of a variable with a constant and the null tests, by
    // their result: the variable, and what the result being true says.
    let mut tests: HashMap<u32, (Value, Check)> = HashMap::default();
    // Per variable, the guards that it is not some constant since the
    // last label: where, and the constant.
    let mut nots: HashMap<Value, Vec<(usize, u64)>> = HashMap::default();
    let mut drop = vec![false; trace.ops.len()];
    // The guards that become `guard_value(x, c)`: where, `x`'s number, `c`.
    let mut replace: Vec<(usize, u32, u64)> = Vec::new();
    for (at, op) in trace.ops.iter().enumerate() {
        let test = match (op.op, op.args.as_slice()) {
            (Op::IntEq, [x, Value::Const(c, _)] | [Value::Const(c, _), x]) => Some((*x, Check::Is(*c))),
            (Op::IntNe, [x, Value::Const(c, _)] | [Value::Const(c, _), x]) => Some((*x, Check::IsNot(*c))),
            (Op::PtrNonzero, [x]) => Some((*x, Check::IsNot(0))),
            (Op::PtrIszero, [x]) => Some((*x, Check::Is(0))),
            _ => None,
        };
        if let (Some(test), Some(r)) = (test, op.result) {
            tests.insert(r, test);
            continue;
        }
        let guarded = match (op.op, op.args.as_slice()) {
            (Op::Label, _) => {
                nots.clear();
                continue;
            }
            (Op::GuardValue, [x, Value::Const(c, _)]) => Some((*x, Check::Is(*c))),
            (Op::GuardTrue, [Value::Var(t)]) => tests.get(t).copied(),
            (Op::GuardFalse, [Value::Var(t)]) => tests.get(t).map(|&(x, check)| (x, check.negated())),
            _ => None,
        };
        match guarded {
            Some((x @ Value::Var(_), Check::IsNot(k))) => nots.entry(x).or_default().push((at, k)),
            Some((x @ Value::Var(n), Check::Is(c))) => {
                // (After a guard that `x` is not `c` this one always fails:
                // it stays where it is.)
                let Some(before) = nots.remove(&x).filter(|b| b.iter().all(|&(_, k)| k != c)) else { continue };
                // The first guard's snapshot may keep what it tested (the
                // instruction it resumes at reads it): a constant where that
                // guard failed, it is then computed for the snapshot (a
                // comparison in place of a guard and its snapshot).
                replace.push((before[0].0, n, c));
                for &(p, _) in &before[1..] {
                    drop[p] = true;
                }
                drop[at] = true;
            }
            _ => {}
        }
    }
    for (first, x, c) in replace {
        let op = &mut trace.ops[first];
        op.op = Op::GuardValue;
        op.args = smallvec![Value::Var(x), Value::Const(c, trace.kinds[x as usize])];
    }
    let ops = std::mem::take(&mut trace.ops);
    trace.ops = ops.into_iter().zip(drop).filter(|(_, d)| !d).map(|(op, _)| op).collect();
}

/// See the module's comment.
pub fn known_at_failure(trace: &mut Trace) {
    let mut comparisons = rustc_hash::FxHashSet::default();
    for op in &mut trace.ops {
        if let (true, Some(r)) = (mirror(op.op).is_some(), op.result) {
            comparisons.insert(r);
        }
        let failing = match (op.op, op.args.first()) {
            (Op::GuardTrue, Some(Value::Var(n))) => Some((*n, 0)),
            (Op::GuardFalse, Some(Value::Var(n))) if comparisons.contains(n) => Some((*n, 1)),
            _ => None,
        };
        if let (Some((n, x)), Some(s)) = (failing, &mut op.snapshot) {
            // (Frames shared with other snapshots are copied only when
            // they hold `n`.)
            s.map_values(|v| if v == Value::Var(n) { Value::Const(x, Kind::Int) } else { v });
            s.known.ranges.retain(|(v, ..)| matches!(v, Value::Var(_)));
        }
    }
}
