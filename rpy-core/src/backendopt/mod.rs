//! Optimizations of the low-level graphs between the rtyper and the
//! backends (RPython's `translator/backendopt/`): what they do changes
//! neither the program's behaviour nor any graph's signature, so the
//! LLInterpreter runs the graphs the same before and after.
//!
//! Architecture invariant: a pass takes rtyped graphs and leaves rtyped
//! graphs that `checkgraph` accepts; it knows the rtyper's representations
//! (the tag field of enums) and nothing of the codewriter or the backends.

pub mod merge_if_blocks;

use crate::flow::checkgraph;
use crate::translator::Translator;

/// Runs every pass on every graph of `t`, checking each graph a pass
/// changed.
pub fn run(t: &mut Translator) {
    for (_, g) in t.graphs.iter_mut() {
        if merge_if_blocks::merge_if_blocks(g) {
            checkgraph(g, true);
        }
    }
}
