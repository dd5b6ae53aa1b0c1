//! Quasi-immutable fields (RPython's `quasiimmut.py`): a field declared
//! `#[rpython::jit::quasi_immutable]` is written rarely, so a trace that
//! reads it on a constant object takes its value as a constant, guarded by
//! `guard_not_invalidated`, and the code compiled from the trace depends
//! on the field's memory (its address: the GC does not move objects).
//! Writing the field invalidates that code: its invalidation word is set,
//! which its `guard_not_invalidated`s test, and its green key's cell is
//! dropped (`memory::invalidate`), so the key is traced again.
//!
//! Translated code tells the runtime of a write (`rpy_jit_quasi_write`)
//! once some trace has read such a field (`rpy_jit_quasi_watched`); the
//! JIT's interpreters do the same. A trace recorded while such a field was
//! written may hold its old value: it is not compiled (`writes`).
//!
//! Architecture invariant: only the thread holding the GIL touches this
//! state (translated code, the JIT), and nothing here allocates GC
//! objects.

use super::memory;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Mutex;

/// Set once a trace has read a quasi-immutable field: from then on,
/// translated code calls `rpy_jit_quasi_write` after writing one.
#[unsafe(no_mangle)]
pub static rpy_jit_quasi_watched: AtomicU8 = AtomicU8::new(0);

/// The writes of quasi-immutable fields told so far.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// A code that took the value of a field as a constant.
struct Dependent {
    module: u32,
    code: u32,
    /// Its invalidation word (`CompiledLoop::invalidated`), alive until
    /// the code is freed, which first calls `forget`.
    word: usize,
}

/// The dependent codes by the address of the field they read.
static DEPENDENTS: Mutex<BTreeMap<u64, Vec<Dependent>>> = Mutex::new(BTreeMap::new());

/// A trace reads a quasi-immutable field: writes are told from now on.
/// The count of writes so far, to compare with `writes` when the trace is
/// compiled.
pub fn watch() -> u64 {
    rpy_jit_quasi_watched.store(1, Ordering::Relaxed);
    WRITES.load(Ordering::Relaxed)
}

/// The count of writes so far.
pub fn writes() -> u64 {
    WRITES.load(Ordering::Relaxed)
}

/// Code `code` of `module`, whose invalidation word is at `word`, took
/// the fields at `addresses` as constants.
pub fn depend(module: u32, code: u32, word: usize, addresses: &[u64]) {
    let mut deps = DEPENDENTS.lock().unwrap_or_else(|e| e.into_inner());
    for &a in addresses {
        deps.entry(a).or_default().push(Dependent { module, code, word });
    }
}

/// Code `code` of `module` is freed: it depends on nothing any more.
pub fn forget(module: u32, code: u32, addresses: &[u64]) {
    let mut deps = DEPENDENTS.lock().unwrap_or_else(|e| e.into_inner());
    for a in addresses {
        if let Some(list) = deps.get_mut(a) {
            list.retain(|d| (d.module, d.code) != (module, code));
            if list.is_empty() {
                deps.remove(a);
            }
        }
    }
}

/// The `size` bytes at `address`, a quasi-immutable field, were written:
/// the code that depends on them is invalidated.
///
/// # Safety
/// Called by translated code and the JIT's interpreters, holding the GIL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rpy_jit_quasi_write(address: u64, size: u64) {
    WRITES.fetch_add(1, Ordering::Relaxed);
    let mut deps = DEPENDENTS.lock().unwrap_or_else(|e| e.into_inner());
    let written: Vec<u64> = deps.range(address..address + size.max(1)).map(|(a, _)| *a).collect();
    for a in written {
        for d in deps.remove(&a).unwrap_or_default() {
            // SAFETY: the code is alive (`forget` runs before it is freed).
            (*(d.word as *const AtomicU64)).store(1, Ordering::Relaxed);
            memory::invalidate(d.module, d.code);
        }
    }
}
