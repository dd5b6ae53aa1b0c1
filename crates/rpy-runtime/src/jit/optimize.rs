//! The optimizer (RPython's `optimizeopt`, its first passes): one forward
//! pass over a trace with
//! - *guards as facts*: after `guard_true(x)` x is 1, after
//!   `guard_false(x)` 0, after `guard_value(x, c)` c: later uses of x see
//!   the constant, and a guard on a known value goes away;
//! - *CSE of pure operations* (RPython's `pure`): the same operation on the
//!   same operands is computed once;
//! - *heap caching* (`heap`): a field or item read again, or read after a
//!   write, without a write that may alias it in between, is the value
//!   known; a residual call forgets everything (it may write anything);
//!
//! then one backward pass removing pure operations nothing uses. Guards'
//! snapshots and the final `jump` see the same substitutions, so a guard
//! failing still resumes with the right values.

use super::trace::{ResOp, Trace, Value};
use rpy_jitcode::{Descr, JitModule, Kind, Op};
use std::collections::{HashMap, HashSet};

/// Where a heap read or write goes: the object, the index for items, and
/// the bytes (offset from the object or the item, size). Different
/// descriptions of the same bytes (a field read through a base and a
/// derived struct type) are the same location.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Loc {
    obj: Value,
    index: Option<Value>,
    offset: u32,
    size: u8,
    signed: bool,
}

/// The location of a heap access `op` (`None` for other operations).
fn location(m: &JitModule, op: &ResOp) -> Option<Loc> {
    use Op::*;
    let field = matches!(op.op, GetfieldGcI | GetfieldGcR | GetfieldGcF | SetfieldGc);
    let items = (op.op.is_heap_read() && !field) || matches!(op.op, SetarrayitemGc | SetinteriorfieldGc);
    if !items && !field {
        return None;
    }
    let d = &m.descrs[op.descr? as usize];
    let (index, leaf, base) = match d {
        Descr::Field { leaf, .. } if field => (None, *leaf, 0),
        Descr::Array { item: Some(leaf), items_offset, .. } if items => (Some(op.args[1]), *leaf, *items_offset),
        Descr::Interior { array, leaf } if items => match &m.descrs[*array as usize] {
            Descr::Array { items_offset, .. } => (Some(op.args[1]), *leaf, *items_offset),
            _ => return None,
        },
        _ => return None,
    };
    Some(Loc { obj: op.args[0], index, offset: base + leaf.offset, size: leaf.size, signed: leaf.signed })
}

pub fn optimize(trace: &mut Trace, m: &JitModule) {
    let mut subst: HashMap<u32, Value> = HashMap::new();
    let mut pure: HashMap<(Op, Vec<Value>, Option<u32>), Value> = HashMap::new();
    let mut heap: HashMap<Loc, Value> = HashMap::new();
    let resolve = |subst: &HashMap<u32, Value>, v: Value| match v {
        Value::Var(n) => subst.get(&n).copied().unwrap_or(v),
        c => c,
    };
    let ops = std::mem::take(&mut trace.ops);
    let mut out = Vec::with_capacity(ops.len());
    for mut op in ops {
        for a in &mut op.args {
            *a = resolve(&subst, *a);
        }
        if let Some(s) = &mut op.snapshot {
            for f in &mut s.frames {
                for (_, v) in &mut f.live {
                    *v = resolve(&subst, *v);
                }
            }
        }
        match op.op {
            Op::GuardTrue | Op::GuardFalse | Op::GuardValue => {
                let want = match op.op {
                    Op::GuardTrue => Value::Const(1, Kind::Int),
                    Op::GuardFalse => Value::Const(0, Kind::Int),
                    _ => op.args[1],
                };
                match op.args[0] {
                    // A guard on a known value: always true, or always false
                    // (kept: it fails every time, as it must).
                    Value::Const(x, _) if matches!(want, Value::Const(y, _) if y == x) => continue,
                    Value::Var(n) => {
                        out.push(op);
                        subst.insert(n, want);
                        continue;
                    }
                    Value::Const(..) => {}
                }
            }
            Op::CallI | Op::CallR | Op::CallF | Op::CallN => heap.clear(),
            _ => {}
        }
        if let Some(loc) = location(m, &op) {
            let is_write = matches!(op.op, Op::SetfieldGc | Op::SetarrayitemGc | Op::SetinteriorfieldGc);
            if is_write {
                let value = op.args[op.args.len() - 1];
                if heap.get(&loc) == Some(&value) {
                    continue; // writes what is there
                }
                // Any other object (or index) may be the same memory.
                heap.retain(|l, _| l.offset != loc.offset);
                heap.insert(loc, value);
            } else if let Some(&v) = heap.get(&loc) {
                subst.insert(op.result.expect("a read has a result"), v);
                continue;
            } else {
                heap.insert(loc, Value::Var(op.result.expect("a read has a result")));
            }
        } else if op.op.is_pure() {
            if let Some(r) = op.result {
                let key = (op.op, op.args.clone(), op.descr);
                if let Some(&v) = pure.get(&key) {
                    subst.insert(r, v);
                    continue;
                }
                pure.insert(key, Value::Var(r));
            }
        }
        out.push(op);
    }
    trace.ops = remove_unused(out);
}

/// Drops pure operations and reads whose results nothing uses (backward).
fn remove_unused(ops: Vec<ResOp>) -> Vec<ResOp> {
    let mut used: HashSet<u32> = HashSet::new();
    let mut keep = vec![true; ops.len()];
    let uses = |op: &ResOp, used: &mut HashSet<u32>| {
        let snapshot = op.snapshot.iter().flat_map(|s| s.frames.iter().flat_map(|f| f.live.iter().map(|(_, v)| v)));
        for v in op.args.iter().chain(snapshot) {
            if let Value::Var(n) = v {
                used.insert(*n);
            }
        }
    };
    for (i, op) in ops.iter().enumerate().rev() {
        let removable = op.op.is_pure() || op.op.is_heap_read();
        if removable && op.result.is_some_and(|r| !used.contains(&r)) {
            keep[i] = false;
            continue;
        }
        uses(op, &mut used);
    }
    ops.into_iter().zip(keep).filter(|(_, k)| *k).map(|(o, _)| o).collect()
}
