//! The trace optimizer (RPython's `optimizeopt`): the optimizer's forward
//! pass (`optimizer`), loop unrolling for a trace that closes its own loop
//! (`unroll`: the trace optimized once as a preamble and again as the
//! loop's body, which starts from what the preamble knew), the passes on
//! guards (`guards`), then one backward pass removing pure operations and
//! reads nothing uses.
//!
//! Architecture invariant: the passes know traces and the module's descrs,
//! nothing of how traces are recorded, compiled or run.

mod carry;
mod facts;
mod guards;
mod intbounds;
mod optimizer;
mod unroll;

use crate::jit::trace::{ResOp, Trace, Value};
pub use optimizer::Env;
use optimizer::Optimizer;
use rpy_jitcode::Op;
use rustc_hash::FxHashSet as HashSet;
pub use unroll::ShortPreamble;

/// Optimizes `trace` in `env`; `short_of` tells how to enter the code a jump goes
/// to at its label. Returns how to enter `trace` itself so, when it is an
/// unrolled loop.
pub fn optimize<'s>(
    trace: &mut Trace,
    env: Env,
    short_of: &dyn Fn(u32) -> Option<&'s ShortPreamble>,
) -> Option<ShortPreamble> {
    let closes_loop = trace.ops.last().is_some_and(|op| op.op == Op::Jump && op.descr.is_none());
    let mut short = None;
    if closes_loop {
        short = unroll::unroll(trace, env);
    } else {
        let mut ops = std::mem::take(&mut trace.ops);
        let jump = ops.pop_if(|op| op.op == Op::Jump);
        let mut opt = Optimizer::new(env);
        for op in ops {
            opt.emit(op);
        }
        if let Some(mut jump) = jump {
            // Into the other loop's body when this trace knows enough.
            for v in &jump.args {
                opt.force_value(*v);
            }
            let args: Vec<Value> = jump.args.iter().map(|v| opt.resolve(*v)).collect();
            let target = jump.descr.and_then(short_of);
            if let Some(label) = target.and_then(|sp| unroll::label_args(sp, &mut opt, trace, &args)) {
                jump.args = label;
                trace.enters_label = true;
            }
            opt.emit(jump);
        }
        trace.ops = opt.out;
    }
    guards::fuse_equalities(trace);
    guards::known_at_failure(trace);
    trace.ops = remove_unused(std::mem::take(&mut trace.ops));
    short
}

/// Drops pure operations and reads whose results nothing uses (backward),
/// and objects the trace allocates that nothing reads, with the writes
/// into them (a virtual made at the label only to pass a field on).
fn remove_unused(ops: Vec<ResOp>) -> Vec<ResOp> {
    let dead = dead_allocations(&ops);
    let mut used: HashSet<u32> = HashSet::default();
    let mut keep = vec![true; ops.len()];
    for (i, op) in ops.iter().enumerate().rev() {
        let removable = op.op.is_pure() || op.op.is_heap_read();
        if (removable && op.result.is_some_and(|r| !used.contains(&r))) || is_dead_allocation(op, &dead) {
            keep[i] = false;
            continue;
        }
        used.extend(op.uses());
    }
    ops.into_iter().zip(keep).filter(|(_, k)| *k).map(|(o, _)| o).collect()
}

/// The objects allocated by `ops` that nothing uses but writes into them
/// (which are dead too).
fn dead_allocations(ops: &[ResOp]) -> HashSet<u32> {
    let mut dead: HashSet<u32> =
        ops.iter().filter(|op| matches!(op.op, Op::New | Op::NewArray)).filter_map(|op| op.result).collect();
    loop {
        let used: HashSet<u32> = (ops.iter())
            .filter(|op| !is_dead_allocation(op, &dead) && !matches!(op.op, Op::New | Op::NewArray))
            .flat_map(|op| op.uses())
            .collect();
        let before = dead.len();
        dead.retain(|n| !used.contains(n));
        if dead.len() == before {
            return dead;
        }
    }
}

/// Whether `op` allocates one of `dead` or writes into one.
fn is_dead_allocation(op: &ResOp, dead: &HashSet<u32>) -> bool {
    let writes = matches!(op.op, Op::SetfieldGc | Op::SetarrayitemGc | Op::SetinteriorfieldGc);
    match (writes, op.args.first(), op.result) {
        (true, Some(Value::Var(n)), _) => dead.contains(n),
        (false, _, Some(r)) if matches!(op.op, Op::New | Op::NewArray) => dead.contains(&r),
        _ => false,
    }
}

#[cfg(test)]
mod tests;
