//! A portal's merge point and dispatch, copied without the merge point's
//! test of the JIT for the paths that cannot need it.
//!
//! The merge point of a driver with a `can_enter_jit!` tests the runtime's
//! byte `rpy_jit_entering` and, when it is set, calls the JIT with the
//! greens and reds (rpy-llvm's `codegen/jit.rs`). Only the portal's entry
//! and a `can_enter_jit!` set the byte, and the merge point they go on to
//! clears it: on every other path to the merge point (an interpreter's
//! instructions but its backward jumps) the test always fails. Those paths
//! go to a copy of the blocks from the merge point to the interpreter's
//! dispatch (the first switch of more than two ways) without the marker.
//! The copy has no test and no join with the values the JIT gives back,
//! and it is a second dispatch: the CPU predicts the indirect jump after
//! a backward jump apart from the one after any other instruction. Lua
//! without the JIT: 2.5-8% fewer instructions, 2% faster in geometric
//! mean.
//!
//! Runs after the codewriter, for the backends only: the JIT must see the
//! merge point at each instruction, to find where loops close. Drivers
//! without a `can_enter_jit!` call the JIT at every merge point; their
//! portals are left alone.
//!
//! Architecture invariant: the graphs come out equivalent to what came in
//! (the LLInterpreter runs either); only where the JIT may be called
//! changes, never on a path where it would have been.

use super::{rename, subst};
use crate::flow::{checkgraph, BlockId, FunctionGraph, Link, SpaceOperation, Value, VarId};
use crate::jit::marker_kind;
use crate::translator::Translator;
use std::collections::{HashMap, HashSet};

/// Copies the merge point of every portal whose driver counts its loops
/// at a `can_enter_jit!`; how many portals got a copy.
pub fn copy_merge_points(t: &mut Translator) -> usize {
    let counting = crate::jit::counts_at_can_enter_jit(t);
    let mut copied = 0;
    for (driver, portals) in crate::jit::portals(t).into_iter().enumerate() {
        if !counting.get(driver).copied().unwrap_or(false) {
            continue;
        }
        for g in portals {
            copied += usize::from(copy_in(&mut t.graphs[g]));
            checkgraph(&t.graphs[g], true);
        }
    }
    copied
}

fn has_marker(g: &FunctionGraph, b: BlockId, kind: &str) -> bool {
    g.blocks[b].operations.iter().any(|op| marker_kind(op) == Some(kind))
}

/// Whether `g` got a copy (its links may change anyway: `bypass_forwarders`).
fn copy_in(g: &mut FunctionGraph) -> bool {
    // The merge point: the first operation of its block (as the flow
    // builder makes it; a block with operations before it is left alone).
    let Some(merge) = g.iterblocks().into_iter().find(|&b| has_marker(g, b, "jit_merge_point")) else {
        return false;
    };
    if g.blocks[merge].operations.first().and_then(marker_kind) != Some("jit_merge_point") {
        return false;
    }
    bypass_forwarders(g, merge);
    let entering = after_can_enter_jit(g, merge);
    let sites: Vec<(BlockId, usize)> = (g.iterblocks().into_iter())
        .filter(|&b| b != merge && b != g.startblock && !entering.contains(&b))
        .flat_map(|b| {
            let exits = &g.blocks[b].exits;
            (0..exits.len()).filter(move |&i| exits[i].target == merge).map(move |i| (b, i))
        })
        .collect();
    if sites.is_empty() {
        return false;
    }
    let region = dispatch_region(g, merge).unwrap_or_else(|| vec![merge]);
    let copy = copy_region(g, &region, merge);
    for (b, i) in sites {
        g.blocks[b].exits[i].target = copy;
    }
    true
}

/// Links into empty blocks that only go on to the merge point (the ends
/// of a `match`, of an `if`, one in another) go to the merge point
/// themselves: which of them follow a `can_enter_jit!` differs.
fn bypass_forwarders(g: &mut FunctionGraph, merge: BlockId) {
    let empty = |g: &FunctionGraph, b: BlockId| {
        let block = &g.blocks[b];
        b != merge
            && b != g.startblock
            && block.operations.is_empty()
            && block.exitswitch.is_none()
            && block.exits.len() == 1
    };
    for b in g.iterblocks() {
        for i in 0..g.blocks[b].exits.len() {
            let mut link = g.blocks[b].exits[i].clone();
            let mut seen = vec![b];
            while empty(g, link.target) && !seen.contains(&link.target) {
                seen.push(link.target);
                let inner = &g.blocks[link.target];
                let scope: HashMap<VarId, Value> = inner.inputargs.iter().copied().zip(link.args).collect();
                let next = &inner.exits[0];
                link = rename(next, &scope);
            }
            if link.target == merge {
                let exit = &mut g.blocks[b].exits[i];
                (exit.args, exit.target) = (link.args, merge);
            }
        }
    }
}

/// The blocks on a path from a `can_enter_jit!` to the merge point.
fn after_can_enter_jit(g: &FunctionGraph, merge: BlockId) -> HashSet<BlockId> {
    let mut seen = HashSet::new();
    let mut stack: Vec<BlockId> = g.iterblocks().into_iter().filter(|&b| has_marker(g, b, "can_enter_jit")).collect();
    while let Some(b) = stack.pop() {
        if b == merge || !seen.insert(b) {
            continue;
        }
        stack.extend(g.blocks[b].exits.iter().map(|l| l.target));
    }
    seen
}

/// A switch of at least this many ways is the interpreter's dispatch.
const MIN_WAYS: usize = 3;
/// The most blocks and operations the copy from the merge point to the
/// dispatch may have (a fetch: a few of each).
const MAX_BLOCKS: usize = 8;
const MAX_OPS: usize = 40;

/// The blocks from the merge point to the dispatch, the merge point first:
/// entered only from each other (but the merge point), the dispatch the
/// only one leaving them. `None` when the portal's loop is not shaped so
/// or they are too many to copy.
fn dispatch_region(g: &FunctionGraph, merge: BlockId) -> Option<Vec<BlockId>> {
    let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::new();
    for b in g.iterblocks() {
        for link in &g.blocks[b].exits {
            preds.entry(link.target).or_default().push(b);
        }
    }
    let mut region = vec![merge];
    let mut dispatch = None;
    let mut k = 0;
    while k < region.len() && region.len() <= MAX_BLOCKS {
        let b = region[k];
        k += 1;
        if g.blocks[b].exits.len() >= MIN_WAYS {
            if dispatch.replace(b).is_some() {
                return None;
            }
            continue;
        }
        for link in &g.blocks[b].exits {
            let next = link.target;
            if g.is_final(next) || next == merge {
                return None;
            }
            // Taken once all its entries are (the join of a diamond).
            if !region.contains(&next) && preds[&next].iter().all(|p| region.contains(p)) {
                region.push(next);
            }
        }
    }
    let leaves_early =
        |b: BlockId| Some(b) != dispatch && g.blocks[b].exits.iter().any(|l| !region.contains(&l.target));
    let ops: usize = region.iter().map(|&b| g.blocks[b].operations.len()).sum();
    let fits = region.len() <= MAX_BLOCKS && ops <= MAX_OPS;
    (dispatch.is_some() && fits && !region.iter().any(|&b| leaves_early(b))).then_some(region)
}

/// A copy of `region` with variables of its own, its links between its
/// blocks going to their copies, without the merge point's marker; the
/// copy of the merge point.
fn copy_region(g: &mut FunctionGraph, region: &[BlockId], merge: BlockId) -> BlockId {
    fn fresh(g: &mut FunctionGraph, scope: &mut HashMap<VarId, Value>, v: VarId) -> VarId {
        let new = g.vars.push(g.vars[v].clone());
        scope.insert(v, Value::Var(new));
        new
    }
    let copies: HashMap<BlockId, BlockId> = region.iter().map(|&b| (b, g.new_block(Vec::new()))).collect();
    for &b in region {
        let mut scope: HashMap<VarId, Value> = HashMap::new();
        let block = g.blocks[b].clone();
        let inputargs = block.inputargs.iter().map(|&v| fresh(g, &mut scope, v)).collect();
        let mut operations = Vec::new();
        for op in &block.operations {
            if b == merge && marker_kind(op) == Some("jit_merge_point") {
                continue;
            }
            let args = op.args.iter().map(|a| subst(a, &scope)).collect();
            let result = fresh(g, &mut scope, op.result);
            operations.push(SpaceOperation { args, result, ..op.clone() });
        }
        let exitswitch = block.exitswitch.as_ref().map(|v| subst(v, &scope));
        let exits = (block.exits.iter())
            .map(|l| Link { target: copies.get(&l.target).copied().unwrap_or(l.target), ..rename(l, &scope) })
            .collect();
        let copy = &mut g.blocks[copies[&b]];
        (copy.inputargs, copy.operations, copy.exitswitch, copy.exits) = (inputargs, operations, exitswitch, exits);
    }
    copies[&merge]
}
