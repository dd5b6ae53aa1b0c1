//! rpy-llvm: the backend. Lowers final low-level graphs to LLVM IR (with
//! inkwell, against the system's LLVM 14), optimizes them with the new pass
//! manager, and emits assembly text for `x86_64-unknown-linux-gnu` and
//! `aarch64-unknown-linux-gnu`, ready to be embedded by the proc macro in
//! `core::arch::global_asm!(..., options(raw))` (plus `att_syntax` on
//! x86-64).
//!
//! - `codegen`: graphs to an LLVM module (one function per graph, one
//!   exported wrapper per export, declarations of the runtime's functions);
//! - `gc`: what the code must know of the runtime's GC: its functions, the
//!   `TypeInfo` of each type, the size classes of the inline allocation;
//! - `asm`: makes LLVM's assembly output safe to paste into `global_asm!`
//!   next to other translated modules (private labels renamed with the
//!   module's prefix, directives that belong to a whole object file dropped).
//!
//! # The exported ABI
//!
//! Each [`Export`] becomes a function named exactly `symbol`, global with
//! hidden visibility, with a C calling convention that the proc macro
//! mirrors in `extern "C"` declarations:
//! - parameters are flattened into scalar leaves (a `Struct` parameter
//!   recursively, in field order; `Void` leaves vanish); every integer-like
//!   leaf (`Int`, `Bool`, `Char`, `UniChar`) is passed as an `i64` that the
//!   callee truncates, every `Float` leaf as a `double`;
//! - a `Void` result returns nothing; an integer-like result returns an
//!   `i64`, sign-extended if its lltype is signed and zero-extended
//!   otherwise (`Bool` as 0/1); a `Float` returns a `double`;
//! - a `Struct` result makes the wrapper take an extra *first* parameter, a
//!   pointer to a buffer of 8-byte slots, one per leaf in order (integers
//!   extended to 64 bits as above, floats as `double`); it returns nothing.
//!
//! A `Ptr` leaf (a GC object) is its address, as an `i64`, both ways. Such
//! values may only cross the boundary inside `rpy_gc_enter`/`rpy_gc_leave`,
//! and the caller must keep them where the GC finds them (its stack).

mod asm;
mod codegen;
pub mod gc;

use inkwell::context::Context;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::OptimizationLevel;
use rpy_core::codewriter::JitData;
use rpy_core::flow::GraphId;
use rpy_core::translator::Translator;
use std::sync::Once;

pub use asm::Arch;

/// A graph to export under a symbol name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    pub graph: GraphId,
    pub symbol: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// 0 to 3, as `-O`; 2 by default.
    pub opt_level: u32,
    /// Prepended to the name of every internal function and private label,
    /// so two translated modules linked into one crate never collide.
    pub symbol_prefix: String,
}

impl Default for Options {
    fn default() -> Options {
        Options { opt_level: 2, symbol_prefix: "__rpy_".to_string() }
    }
}

/// The assembly text of one translated module, per target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembly {
    pub x86_64: String,
    pub aarch64: String,
}

/// Compiles every graph reachable from `exports` and returns the assembly
/// for both targets.
pub fn compile(t: &Translator, jit: Option<&JitData>, exports: &[Export], opts: &Options) -> Result<Assembly, String> {
    Ok(Assembly {
        x86_64: compile_for(t, jit, exports, opts, Arch::X86_64)?,
        aarch64: compile_for(t, jit, exports, opts, Arch::Aarch64)?,
    })
}

/// The textual LLVM IR of the module before optimization, without a target
/// (for dumps and tests).
pub fn compile_llvm_ir(
    t: &Translator,
    jit: Option<&JitData>,
    exports: &[Export],
    opts: &Options,
) -> Result<String, String> {
    let ctx = Context::create();
    let module = codegen::build_module(&ctx, t, jit, exports, opts)?;
    Ok(module.print_to_string().to_string())
}

/// Compiles every graph reachable from `exports` and returns the assembly
/// for one target.
pub fn compile_for(
    t: &Translator,
    jit: Option<&JitData>,
    exports: &[Export],
    opts: &Options,
    arch: Arch,
) -> Result<String, String> {
    if opts.opt_level > 3 {
        return Err(format!("opt_level {} is not in 0..=3", opts.opt_level));
    }
    let tm = target_machine(arch, opts.opt_level)?;
    let ctx = Context::create();
    let module = codegen::build_module(&ctx, t, jit, exports, opts)?;
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    module
        .run_passes(&format!("default<O{}>", opts.opt_level), &tm, PassBuilderOptions::create())
        .map_err(|e| format!("LLVM optimization failed: {e}"))?;
    let buf = tm
        .write_to_memory_buffer(&module, FileType::Assembly)
        .map_err(|e| format!("LLVM code generation failed: {e}"))?;
    let text = std::str::from_utf8(buf.as_slice()).map_err(|e| format!("LLVM printed non-UTF-8 assembly: {e}"))?;
    Ok(asm::postprocess(text, &opts.symbol_prefix, arch))
}

fn target_machine(arch: Arch, opt_level: u32) -> Result<TargetMachine, String> {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        let config = InitializationConfig::default();
        Target::initialize_x86(&config);
        Target::initialize_aarch64(&config);
    });
    let level = match opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let (triple, cpu) = match arch {
        Arch::X86_64 => ("x86_64-unknown-linux-gnu", "x86-64"),
        Arch::Aarch64 => ("aarch64-unknown-linux-gnu", "generic"),
    };
    let triple = TargetTriple::create(triple);
    let target = Target::from_triple(&triple).map_err(|e| format!("LLVM has no target {triple}: {e}"))?;
    target
        .create_target_machine(&triple, cpu, "", level, RelocMode::PIC, CodeModel::Default)
        .ok_or_else(|| format!("LLVM could not create a target machine for {triple}"))
}

#[cfg(test)]
mod tests;
