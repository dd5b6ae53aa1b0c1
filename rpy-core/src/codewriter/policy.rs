//! Which graphs the JIT traces into (RPython's `JitPolicy` and
//! `CallControl.find_all_graphs`): from the portal, every graph called
//! directly, except `#[elidable]` and `#[dont_look_inside]` ones and those
//! with a loop not marked `#[unroll_safe]` (tracing into a loop unrolls
//! it). Calls of the others stay residual calls in the traces.

use crate::flow::{BlockId, ConstValue, FunctionGraph, GraphId};
use crate::translator::Translator;
use std::collections::HashSet;

/// Whether the JIT may trace into `g`.
pub fn look_inside(g: &FunctionGraph) -> bool {
    !g.hints.elidable && !g.hints.dont_look_inside && (g.hints.unroll_safe || !has_loop(g))
}

/// Whether a link of `g` goes back to a block on the path to it.
pub fn has_loop(g: &FunctionGraph) -> bool {
    fn visit(g: &FunctionGraph, b: BlockId, on_path: &mut HashSet<BlockId>, done: &mut HashSet<BlockId>) -> bool {
        if !on_path.insert(b) {
            return true;
        }
        for link in &g.blocks[b].exits {
            if !done.contains(&link.target) && visit(g, link.target, on_path, done) {
                return true;
            }
        }
        on_path.remove(&b);
        done.insert(b);
        false
    }
    visit(g, g.startblock, &mut HashSet::new(), &mut HashSet::new())
}

/// The graphs with jitcodes: the portal and the graphs it reaches through
/// calls the JIT traces into (not those in `never`), in discovery order.
pub fn find_all_graphs(t: &Translator, portal: GraphId, never: &[Option<GraphId>]) -> Vec<GraphId> {
    let mut out = vec![portal];
    let mut i = 0;
    while i < out.len() {
        let g = &t.graphs[out[i]];
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                if op.opname != "direct_call" {
                    continue;
                }
                if let Some(ConstValue::Func(f)) = op.args[0].constant().map(|c| &c.value) {
                    if !out.contains(f) && look_inside(&t.graphs[*f]) && !never.contains(&Some(*f)) {
                        out.push(*f);
                    }
                }
            }
        }
        i += 1;
    }
    out
}
