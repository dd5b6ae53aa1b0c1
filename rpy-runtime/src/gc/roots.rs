//! The global interpreter lock and the conservative root finder's access to
//! the machine: spilling callee-saved registers and finding the stack
//! pointer.
//!
//! Translated code runs in one thread at a time: the wrappers around entry
//! points take the GIL (`rpy_gc_enter`), so the GC can keep its state in
//! globals and a collection only has to scan the stack of the thread that
//! holds the lock, from its current stack pointer up to the base recorded by
//! the outermost `rpy_gc_enter`.

use std::cell::Cell;
use std::hint::black_box;
use std::sync::{Condvar, Mutex, MutexGuard};

/// True while some thread holds the GIL.
static GIL: Mutex<bool> = Mutex::new(false);
static GIL_RELEASED: Condvar = Condvar::new();

thread_local! {
    /// How many `rpy_gc_enter`s of this thread are not yet left.
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

fn lock() -> MutexGuard<'static, bool> {
    // Nothing panics while holding the inner mutex, but don't let a poisoned
    // lock take the whole runtime down with it.
    GIL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether the current thread holds the GIL.
#[inline]
pub(crate) fn holds_gil() -> bool {
    depth() != 0
}

/// Takes the GIL (reentrantly); returns true for the outermost enter.
pub(crate) fn enter() -> bool {
    let depth = depth();
    if depth == 0 {
        let mut held = lock();
        while *held {
            held = GIL_RELEASED.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held = true;
        super::frames::reset();
    }
    DEPTH.with(|d| d.set(depth + 1));
    depth == 0
}

/// How many enters of the current thread are not left yet.
#[inline]
pub(crate) fn depth() -> usize {
    DEPTH.with(|d| d.get())
}

/// Undoes one `enter` (the caller checked there is one); the outermost
/// releases the GIL.
pub(crate) fn leave() {
    let depth = depth();
    DEPTH.with(|d| d.set(depth - 1));
    if depth == 1 {
        *lock() = false;
        GIL_RELEASED.notify_one();
    }
}

/// Takes the GIL only if it is free, for readers that must not block (the
/// statistics printed at exit). Returns whether it was taken; the caller
/// then calls `leave`.
pub(crate) fn try_enter() -> bool {
    if holds_gil() {
        DEPTH.with(|d| d.set(d.get() + 1));
        return true;
    }
    let mut held = lock();
    if *held {
        return false;
    }
    *held = true;
    DEPTH.with(|d| d.set(1));
    true
}

/// Calls `f` with the current stack pointer after storing every
/// callee-saved register into this function's frame, so that a GC pointer
/// the mutator keeps only in a register lies in the stack range
/// `[sp, stack base)` that `f` scans. Caller-saved registers hold nothing
/// live across the call that led here, by the calling convention.
#[inline(never)]
pub(crate) fn with_registers_spilled(f: &mut dyn FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    let mut regs = [0usize; 6];
    #[cfg(target_arch = "aarch64")]
    let mut regs = [0usize; 20];
    let sp: usize;
    // SAFETY: the asm only stores registers into `regs` and reads the stack
    // pointer. `rbx`/`x19` and the frame pointer can't be asm operands but
    // may be read.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::asm!(
            "mov qword ptr [{r}], rbx",
            "mov qword ptr [{r} + 8], rbp",
            "mov qword ptr [{r} + 16], r12",
            "mov qword ptr [{r} + 24], r13",
            "mov qword ptr [{r} + 32], r14",
            "mov qword ptr [{r} + 40], r15",
            "mov {sp}, rsp",
            r = in(reg) regs.as_mut_ptr(),
            sp = lateout(reg) sp,
            options(nostack, preserves_flags),
        );
    }
    // AAPCS64: x19-x28, the frame pointer x29 and the link register x30, and
    // the low halves of v8-v15 (d8-d15) are callee-saved. A pointer in a
    // floating-point register is unlikely but legal for LLVM's register
    // allocator, so those are stored too.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        std::arch::asm!(
            "stp x19, x20, [{r}]",
            "stp x21, x22, [{r}, #16]",
            "stp x23, x24, [{r}, #32]",
            "stp x25, x26, [{r}, #48]",
            "stp x27, x28, [{r}, #64]",
            "stp x29, x30, [{r}, #80]",
            "stp d8, d9, [{r}, #96]",
            "stp d10, d11, [{r}, #112]",
            "stp d12, d13, [{r}, #128]",
            "stp d14, d15, [{r}, #144]",
            "mov {sp}, sp",
            r = in(reg) regs.as_mut_ptr(),
            sp = lateout(reg) sp,
            options(nostack, preserves_flags),
        );
    }
    f(sp);
    // Keeps `regs` alive (and in memory) until the scan is over.
    black_box(&mut regs);
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
compile_error!("rpy's GC finds roots in registers with inline assembly for x86_64 and aarch64 only");
