//! Optimizations of the low-level graphs between the rtyper and the
//! backends (RPython's `translator/backendopt/`): what they do changes
//! neither the program's behaviour nor any graph's signature, so the
//! LLInterpreter runs the graphs the same before and after. Beside them,
//! analyses of the whole program whose results the backends read
//! (`immutable`: the fields never written once their object is built).
//!
//! Architecture invariant: a pass takes rtyped graphs and leaves rtyped
//! graphs that `checkgraph` accepts; it knows the rtyper's representations
//! (the tag field of enums) and nothing of the codewriter or the backends.
//! `merge_point_copy` runs after the codewriter (`driver`), for the
//! backends only, and knows the JIT's markers.

pub mod immutable;
pub mod merge_if_blocks;
pub mod merge_point_copy;
pub mod redundant_writes;
pub mod shared_clones;
pub mod writeanalyze;

use crate::diagnostic::Diagnostic;
use crate::flow::{checkgraph, Link, Value, VarId};
use crate::translator::Translator;
use std::collections::HashMap;

/// Runs every pass on every graph of `t`, checking each graph a pass
/// changed, then the analyses whose results the backends read; the errors
/// of the hints they check (`immutable`).
pub fn run(t: &mut Translator) -> Result<(), Vec<Diagnostic>> {
    for (_, g) in t.graphs.iter_mut() {
        let mut changed = redundant_writes::remove_redundant_writes(g);
        changed |= merge_if_blocks::merge_if_blocks(g);
        if changed {
            checkgraph(g, true);
        }
    }
    let errors;
    (t.immutable_fields, t.immutable_items, errors) = immutable::immutable(t);
    // (After the analysis: which enums qualify depends on it, and sharing
    // a clone writes nothing.)
    shared_clones::share_clones(t);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// `v` with the variables of `scope` replaced by their values.
fn subst(v: &Value, scope: &HashMap<VarId, Value>) -> Value {
    match v {
        Value::Var(x) => scope.get(x).cloned().unwrap_or_else(|| v.clone()),
        c => c.clone(),
    }
}

/// `link` with its arguments in `scope` (`subst`).
fn rename(link: &Link, scope: &HashMap<VarId, Value>) -> Link {
    Link { args: link.args.iter().map(|a| subst(a, scope)).collect(), ..link.clone() }
}
