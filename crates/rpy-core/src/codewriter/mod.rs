//! The codewriter (RPython's `rpython/jit/codewriter/`): at translation
//! time, the final low-level graphs the JIT may trace become jitcodes, the
//! register programs its tracer and blackhole interpreter run. So far it
//! writes the jitcode of one graph (`flatten`), with every call residual;
//! choosing the graphs (the portal and what it may inline), descrs with
//! layouts and effects, by-value structs, and embedding the jitcodes in
//! the binary come next (issue 4).

pub mod flatten;
pub mod jitcode;
pub mod liveness;

pub use flatten::flatten;
pub use jitcode::{Insn, JitCode, Kind, Label, Operand, Reg};
