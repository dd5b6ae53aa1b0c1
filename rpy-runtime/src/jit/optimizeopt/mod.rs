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
mod dense;
mod facts;
mod guards;
mod intbounds;
mod optimizer;
mod unroll;

use crate::jit::trace::{ResOp, Trace, Value};
pub use optimizer::Env;
use optimizer::Optimizer;
use rpy_jitcode::{Descr, Effect, JitModule, Op};
pub use unroll::ShortPreamble;

/// The optimizations that run (RPython's `enable_opts` and
/// `disable_unrolling`). Each switch turns its optimization off where it
/// starts (nothing known, nothing kept waiting), so that any combination
/// optimizes correctly, if less. Always on: substituting what guards
/// make known, dropping guards on known values, and removing what nothing
/// uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opts {
    /// Ranges of integers: comparisons they decide fold, guards of
    /// consecutive steps fuse into one range check.
    pub intbounds: bool,
    /// Constant folding, identities (`x + 0`), chains of steps made one.
    pub rewrite: bool,
    /// Allocation removal.
    pub virtualize: bool,
    /// Pure operations and elidable calls computed once per operands.
    pub pure: bool,
    /// The heap cache and lazy writes.
    pub heap: bool,
    /// Loop unrolling: a preamble, and a body knowing what it knew.
    pub unroll: bool,
    /// Loops of more operations than this once optimized (without
    /// unrolling) are not unrolled.
    pub unroll_limit: usize,
}

impl Opts {
    /// Everything on, loops of any length unrolled.
    pub const ALL: Opts = Opts {
        intbounds: true,
        rewrite: true,
        virtualize: true,
        pure: true,
        heap: true,
        unroll: true,
        unroll_limit: usize::MAX,
    };

    /// The optimizations named in `enabled` (RPython's names, as
    /// `enable_opts` gives them), unrolling loops of at most
    /// `disable_unrolling` operations once optimized. (`string` and
    /// `earlyforce` have no switch: nothing of rpy's optimizer is theirs.)
    pub fn new(enabled: &[&str], disable_unrolling: u32) -> Opts {
        let on = |name: &str| enabled.contains(&name);
        Opts {
            intbounds: on("intbounds"),
            rewrite: on("rewrite"),
            virtualize: on("virtualize"),
            pure: on("pure"),
            heap: on("heap"),
            unroll: on("unroll"),
            unroll_limit: disable_unrolling as usize,
        }
    }
}

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
    if closes_loop && env.opts.unroll {
        // A loop is not unrolled when its preamble, the loop optimized
        // once, is longer than `disable_unrolling` (RPython's test: a
        // preamble that long makes a body as long again). Optimizing
        // keeps at most the operations recorded: a loop recorded short
        // enough needs no trial.
        let once = (trace.ops.len() > env.opts.unroll_limit)
            .then(|| {
                let mut once = trace.clone();
                optimize_once(&mut once, env, short_of);
                once.ops = remove_unused(env.module, once.ops);
                once
            })
            .filter(|once| once.ops.len() > env.opts.unroll_limit);
        match once {
            Some(once) => *trace = once,
            None => short = unroll::unroll(trace, env),
        }
    } else {
        // A loop not unrolled is optimized once, as any trace: its jump
        // (no descr) goes back to its start, with no short preamble.
        optimize_once(trace, env, short_of);
    }
    // (Range checks: integer bounds' reasoning.)
    if env.opts.intbounds {
        guards::fuse_equalities(trace);
    }
    if env.opts.rewrite {
        guards::strengthen(trace);
    }
    guards::known_at_failure(trace);
    trace.ops = remove_unused(env.module, std::mem::take(&mut trace.ops));
    short
}

/// Optimizes `trace` with one optimizer, without unrolling: a final jump
/// to other code enters it at its label when `short_of` says how and the
/// trace knows enough.
fn optimize_once<'s>(trace: &mut Trace, env: Env, short_of: &dyn Fn(u32) -> Option<&'s ShortPreamble>) {
    let mut ops = std::mem::take(&mut trace.ops);
    let jump = ops.pop_if(|op| op.op == Op::Jump);
    let mut opt = Optimizer::new(env);
    opt.reserve(ops.len());
    opt.set_virtualizable(trace.vable.flatten());
    // (A bridge's facts name only its inputs and names of its own.)
    opt.know_at_start(&trace.known, trace.ninputs);
    // (A trace cut where it got too long ends in a guard: its snapshot
    // makes the lazy arrays when it fails.)
    let cut = ops.last().is_some_and(|op| op.op == Op::GuardAlwaysFails);
    for op in ops {
        opt.emit(op);
    }
    if !cut {
        opt.force_arrays();
    }
    if let Some(mut jump) = jump {
        // Into the other loop's body when this trace knows enough.
        for v in &jump.args {
            opt.force_value(*v);
        }
        let args: Vec<Value> = jump.args.iter().map(|v| opt.resolve(*v)).collect();
        let target = jump.descr.and_then(short_of);
        if let Some(label) = target.and_then(|sp| unroll::label_args(sp, &mut opt, trace, &args)) {
            jump.args = label.into();
            trace.enters_label = true;
        }
        opt.emit(jump);
    }
    trace.ops = opt.out;
}

/// Drops pure operations and reads whose results nothing uses (backward),
/// and objects the trace allocates that nothing reads, with the writes
/// into them (a virtual made at the label only to pass a field on, a copy
/// of a string made before a call that might have changed its source).
fn remove_unused(m: &JitModule, mut ops: Vec<ResOp>) -> Vec<ResOp> {
    let vars = ops.iter().filter_map(|op| op.result).max().map_or(0, |n| n as usize + 1);
    let is_dead_allocation = |op: &ResOp, dead: &VarSet| is_dead_allocation(m, op, dead);
    let dead = dead_allocations(&ops, vars, &is_dead_allocation);
    let mut used = VarSet::new(vars);
    let mut keep = vec![true; ops.len()];
    for (i, op) in ops.iter().enumerate().rev() {
        let removable = op.op.is_pure() || op.op.is_heap_read();
        if (removable && op.result.is_some_and(|r| !used.contains(r))) || is_dead_allocation(op, &dead) {
            keep[i] = false;
            continue;
        }
        for_each_read(op, |n| used.insert(n));
    }
    let mut keep = keep.into_iter();
    ops.retain(|_| keep.next().expect("one flag per operation"));
    ops
}

/// Calls `f` with each variable `op` reads: its arguments', and its
/// snapshot's fail arguments (`ResOp::uses`, each as often as it is
/// there). (Loops, not `Snapshot::values`' chain of iterators: every
/// guard's every value goes through here twice.)
fn for_each_read(op: &ResOp, mut f: impl FnMut(u32)) {
    for v in &op.args {
        if let Value::Var(n) = *v {
            f(n);
        }
    }
    let Some(s) = &op.snapshot else { return };
    let makes_none = s.virtuals.is_empty() && s.arrays.is_empty();
    let mut read = |v: &Value| {
        if let Value::Var(n) = *v {
            if makes_none || !s.makes(n) {
                f(n);
            }
        }
    };
    s.frames.iter().for_each(|frame| frame.live.iter().for_each(|(_, v)| read(v)));
    s.virtuals.iter().for_each(|o| o.fields.iter().for_each(|(_, v)| read(v)));
    s.arrays.iter().for_each(|a| a.values().for_each(&mut read));
    s.pending.iter().for_each(|w| w.values().for_each(&mut read));
}

/// A set of a trace's variables (numbered from 0, fewer than its
/// capacity).
struct VarSet(Vec<bool>);

impl VarSet {
    fn new(vars: usize) -> VarSet {
        VarSet(vec![false; vars])
    }

    fn contains(&self, n: u32) -> bool {
        self.0.get(n as usize).copied().unwrap_or(false)
    }

    fn insert(&mut self, n: u32) {
        // (A variable no operation defines: an input argument.)
        if n as usize >= self.0.len() {
            self.0.resize(n as usize + 1, false);
        }
        self.0[n as usize] = true;
    }

    fn remove(&mut self, n: u32) {
        if let Some(b) = self.0.get_mut(n as usize) {
            *b = false;
        }
    }
}

/// The objects allocated by `ops` that nothing uses but writes into them
/// (which are dead too).
fn dead_allocations(ops: &[ResOp], vars: usize, is_dead_allocation: &dyn Fn(&ResOp, &VarSet) -> bool) -> VarSet {
    let allocations: Vec<u32> = ops
        .iter()
        .filter(|op| matches!(op.op, Op::New | Op::NewArray | Op::NewTagged))
        .filter_map(|op| op.result)
        .collect();
    let mut dead = VarSet::new(vars);
    if allocations.is_empty() {
        return dead;
    }
    allocations.iter().for_each(|n| dead.insert(*n));
    // What the other operations read; those on objects still thought dead
    // wait. Objects found used are not dead, which makes more operations
    // read: the dead only shrink, what is read only grows (each operation
    // read once, not once a round).
    let mut used = VarSet::new(vars);
    let mut waiting: Vec<&ResOp> = Vec::new();
    for op in ops.iter().filter(|op| !matches!(op.op, Op::New | Op::NewArray | Op::NewTagged)) {
        if is_dead_allocation(op, &dead) {
            waiting.push(op);
        } else {
            for_each_read(op, |n| used.insert(n));
        }
    }
    loop {
        let newly_used: Vec<u32> =
            allocations.iter().copied().filter(|n| dead.contains(*n) && used.contains(*n)).collect();
        if newly_used.is_empty() {
            return dead;
        }
        newly_used.into_iter().for_each(|n| dead.remove(n));
        waiting.retain(|op| {
            let still = is_dead_allocation(op, &dead);
            if !still {
                for_each_read(op, |n| used.insert(n));
            }
            still
        });
    }
}

/// Whether `op` allocates one of `dead` or writes into one (an
/// `arraycopy` writes into its second argument).
fn is_dead_allocation(m: &JitModule, op: &ResOp, dead: &VarSet) -> bool {
    let copies = op.op == Op::CallN
        && matches!(op.descr.map(|d| &m.descrs[d as usize]), Some(Descr::Call { effect: Effect::Arraycopy, .. }));
    if copies {
        return matches!(op.args[1], Value::Var(n) if dead.contains(n));
    }
    let writes = matches!(op.op, Op::SetfieldGc | Op::SetarrayitemGc | Op::SetinteriorfieldGc);
    match (writes, op.args.first(), op.result) {
        (true, Some(Value::Var(n)), _) => dead.contains(*n),
        (false, _, Some(r)) if matches!(op.op, Op::New | Op::NewArray | Op::NewTagged) => dead.contains(r),
        _ => false,
    }
}

#[cfg(test)]
mod tests;
