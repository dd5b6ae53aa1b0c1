//! The codewriter (RPython's `rpython/jit/codewriter/`): at translation
//! time, the final low-level graphs the JIT may trace become jitcodes, the
//! register programs its tracer and blackhole interpreter run. The
//! pipeline (`make_jit`):
//!
//! - `policy` picks the graphs: the portal of each `JitDriver` and what it
//!   calls that the JIT traces into;
//! - `jtransform` rewrites each low-level operation of a graph into the
//!   JIT's instructions, with their descrs (`getfield_gc_i`,
//!   `inline_call_*` or `residual_call_*`, `int_guard_value` for
//!   `promote`, the normalization of narrow integers);
//! - `flatten` linearizes the graph: registers per variable, a label per
//!   block, links as copies and jumps; it calls jtransform on each
//!   operation as it reaches it (one walk of the graph: `jtransform` says
//!   why);
//! - `regalloc` colours its registers (coalescing most copies away);
//! - `liveness` fills the `-live-` markers of the jitcode.
//!
//! `module` holds what the jitcodes share: the descrs for the heap and the
//! calls, and the stub graphs of calls that are not calls of a graph. The
//! result is an `rpy_jitcode::JitModule`, which the backend embeds in the
//! binary with the tables of addresses it refers to.

pub mod flatten;
pub mod jtransform;
pub mod liveness;
pub mod module;
pub mod policy;
pub mod regalloc;
#[cfg(test)]
mod tests;

use crate::flow::GraphId;
use crate::translator::Translator;
use module::{ModuleBuilder, Target};
use rpy_jitcode::JitModule;

pub use rpy_jitcode::{Arg, Descr, Insn, JitCode, Kind, Op, Reg};

/// The JIT's view of a translated module: the jitcodes and descrs, and
/// the tables the backend emits the addresses of, in the order the descrs
/// index them.
#[derive(Clone, Debug, Default)]
pub struct JitData {
    pub module: JitModule,
    /// The functions the JIT calls (residual calls, panic stubs); the
    /// backend gives each a wrapper taking its argument leaves from an
    /// array of 8-byte slots and writing its result leaves to another.
    pub calls: Vec<GraphId>,
    /// The containers whose `TypeInfo` the JIT allocates with.
    pub typeinfos: Vec<crate::lltype::ContainerId>,
    /// The prebuilt objects the jitcodes use as constants (`RefConst::
    /// Prebuilt` indexes them): string literals and variants without data.
    pub prebuilt: Vec<crate::flow::ConstValue>,
}

/// The jitcodes of every driver's portal and of the graphs the JIT traces
/// into from it; `None` when the module has no driver. Adds the stub
/// graphs of the calls to `t` (see `module`).
pub fn make_jit(t: &mut Translator) -> Result<Option<JitData>, String> {
    if t.jitdrivers.is_empty() {
        return Ok(None);
    }
    let portals: Vec<GraphId> = crate::jit::portals(t).into_iter().map(|p| p[0]).collect();
    // The drivers' `get_printable_location` functions: called by the JIT
    // for its logs, never traced into.
    let printable: Vec<Option<GraphId>> = t.jitdrivers.iter().map(|d| d.printable_graph).collect();
    let mut graphs: Vec<GraphId> = Vec::new();
    for &p in &portals {
        for g in policy::find_all_graphs(t, p, &printable) {
            if !graphs.contains(&g) {
                graphs.push(g);
            }
        }
    }
    let mut m = ModuleBuilder::new(t, &graphs, &portals);
    for &g in &graphs {
        // jtransform and flatten.
        let mut code = flatten::flatten(&mut m, g)?;
        let new_pc = regalloc::allocate(&mut code);
        m.code_moved(m.jitcode_of[&g], &new_pc);
        liveness::fill_live(&mut code);
        m.data.module.jitcodes.push(code);
    }
    for (d, def) in t.jitdrivers.iter().enumerate() {
        m.driver(d, def, portals[d], printable[d])?;
    }
    let (mut data, targets) = m.finish();
    data.calls = targets
        .into_iter()
        .map(|target| match target {
            Target::Graph(g) => g,
            Target::Stub(stub) => t.graphs.push(stub.graph()),
        })
        .collect();
    Ok(Some(data))
}
