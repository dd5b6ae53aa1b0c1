//! The check of `#[elidable]` functions, once the annotator knows what
//! every operation works on.

use crate::annotator::Annotations;
use crate::diagnostic::Diagnostic;
use crate::flow::{ConstValue, Value, VarId};
use crate::lang_items::{self, LangItem};
use crate::translator::Translator;
use std::collections::HashSet;

/// The methods of lists and of the prelude's dicts and cells that change
/// their receiver.
const MUTATORS: &[&str] = &[
    "push",
    "pop",
    "clear",
    "truncate",
    "swap",
    "reverse",
    "insert",
    "remove",
    "swap_remove",
    "extend",
    "extend_from_slice",
    "resize",
    "fill",
    "sort",
    "sort_unstable",
    "dedup",
    "set_insert",
    "set_remove",
    "get_or",
    "set",
    LangItem::CellSet.name(),
    "replace",
    "push_str",
];

/// An `#[elidable]` function must not change what its caller can see: a
/// call with the same arguments is replaced by the first one's result. The
/// check is RPython's: no write to an object reached from the arguments,
/// in the function itself (a write made by a function it calls is not
/// seen).
pub fn check_elidable(t: &Translator, ann: &Annotations) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for &gid in &ann.reached {
        let g = &t.graphs[gid];
        if !g.hints.elidable {
            continue;
        }
        let ty = |v: &Value| match v {
            Value::Var(x) => ann.ty(gid, *x).clone(),
            Value::Const(_) => crate::ty::Ty::Unit,
        };
        // The objects reached from the arguments, to a fixpoint over the links.
        let mut shared: HashSet<VarId> = g.blocks[g.startblock].inputargs.iter().copied().collect();
        loop {
            let before = shared.len();
            for b in g.iterblocks() {
                let block = &g.blocks[b];
                for op in &block.operations {
                    let reads = matches!(
                        op.opname.as_str(),
                        "getattr" | "getitem" | "same_as" | "iter_list" | "some_payload" | "ok_payload" | "hint"
                    ) || op.opname.starts_with("simple_call");
                    if reads && op.args.iter().any(|a| a.var().is_some_and(|v| shared.contains(&v))) {
                        shared.insert(op.result);
                    }
                }
                for link in &block.exits {
                    for (a, t) in link.args.iter().zip(&g.blocks[link.target].inputargs) {
                        if a.var().is_some_and(|v| shared.contains(&v)) {
                            shared.insert(*t);
                        }
                    }
                }
            }
            if shared.len() == before {
                break;
            }
        }
        let is_shared = |v: &Value| v.var().is_some_and(|v| shared.contains(&v));
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                let target = match op.opname.as_str() {
                    // A `Copy` struct's field update makes a new value.
                    "setattr"
                        if crate::ty::Ty::is_template(&ty(&op.args[0])) || !t.is_value_aggregate(&ty(&op.args[0])) =>
                    {
                        Some(&op.args[0])
                    }
                    "setitem" => Some(&op.args[0]),
                    "call_method"
                        if op.args[0].constant().and_then(|c| c.as_str()).is_some_and(|m| MUTATORS.contains(&m)) =>
                    {
                        Some(&op.args[1])
                    }
                    _ if op.opname.starts_with("simple_call") => match op.args[0].constant().map(|c| &c.value) {
                        Some(ConstValue::Func(f)) if mutator_name(&t.graphs[*f].name) => op.args.get(1),
                        _ => None,
                    },
                    _ => None,
                };
                if target.is_some_and(is_shared) {
                    errors.push(Diagnostic::annotation(&g.name, op.pos, format!("`{}` is `#[elidable]` but changes an object its caller passed in: a trace replaces a call with constant arguments by the first call's result, so the change would be lost; remove `#[elidable]`, or return the new value instead", g.name)));
                }
            }
        }
    }
    errors
}

/// Whether a graph is a prelude method or function that changes its first
/// argument (`HashMap::insert`, `__vec_sort__0`, ...).
fn mutator_name(graph: &str) -> bool {
    let method = graph.rsplit("::").next().unwrap_or(graph);
    let method = lang_items::vec_fn_method(method).map(|m| m.split("__").next().unwrap_or(m)).unwrap_or(method);
    let method = method.split('@').next().unwrap_or(method);
    MUTATORS.contains(&method)
}
