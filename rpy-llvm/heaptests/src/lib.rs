//! rpy-llvm's heap operations with rpy-runtime's garbage collector.
//!
//! `build.rs` compiles the heap programs of [`programs`] with rpy-llvm; the
//! assembly is embedded here with `global_asm!`, as the proc macro embeds a
//! translated module, so the programs link with the runtime exactly as user
//! programs do. `tests/gc.rs` runs them with the GC collecting while they
//! run and between calls, and compares every result with the
//! LLInterpreter's. For AArch64: `scripts/aarch64-run.sh test -p
//! rpy-llvm-heaptests`.

pub mod programs;

pub use rpython::gc;

// The assembly calls the runtime by symbol; as in a translated module,
// referring to this keeps the runtime's symbols linked.
#[used]
static KEEP_LINKED: &rpython::rt::KeepLinked = &rpython::rt::KEEP_LINKED;

#[cfg(target_arch = "x86_64")]
core::arch::global_asm!(include_str!(concat!(env!("OUT_DIR"), "/heap_x86_64.s")), options(raw, att_syntax));
#[cfg(target_arch = "aarch64")]
core::arch::global_asm!(include_str!(concat!(env!("OUT_DIR"), "/heap_aarch64.s")), options(raw));

include!(concat!(env!("OUT_DIR"), "/calls.rs"));
