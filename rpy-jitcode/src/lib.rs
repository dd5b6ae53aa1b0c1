//! rpy-jitcode: what the translator (rpy-core's codewriter) and the JIT
//! (rpy-runtime) share: jitcodes and descrs as data (`code`), their
//! instructions (`ops`), their binary form embedded in translated binaries
//! (`encode`), and the semantics of the width-dependent integer operations
//! (`intops`), which the LLInterpreter and the JIT both run.

pub mod code;
pub mod encode;
pub mod intops;
pub mod ops;

pub use code::*;
pub use encode::{decode, encode, green_counts};
pub use ops::Op;
