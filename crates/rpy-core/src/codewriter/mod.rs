//! The codewriter (RPython's `rpython/jit/codewriter/`): at translation
//! time, the final low-level graphs the JIT may trace become jitcodes, the
//! register programs its tracer and blackhole interpreter run: the portal
//! and what it calls that the JIT traces into (`policy`), each flattened
//! (`flatten`). Descrs with layouts and effects, by-value structs, and
//! embedding the jitcodes in the binary come next (issue 4).

pub mod flatten;
pub mod jitcode;
pub mod liveness;
pub mod policy;

use crate::flow::GraphId;
use crate::translator::Translator;

/// The jitcodes of the portal `portal` and of the graphs it reaches that
/// the JIT traces into, the portal's first.
pub fn make_jitcodes(t: &Translator, portal: GraphId) -> Result<Vec<JitCode>, String> {
    let graphs = policy::find_all_graphs(t, portal);
    let inlined = graphs.iter().copied().collect();
    graphs.iter().map(|&g| flatten(t, &t.graphs[g], &inlined)).collect()
}

pub use flatten::flatten;
pub use jitcode::{Insn, JitCode, Kind, Label, Operand, Reg};
