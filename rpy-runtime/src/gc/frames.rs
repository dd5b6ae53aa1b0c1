//! Frames on the machine stack that the collector scans only in part.
//!
//! The conservative scan takes every word of the stack for a possible
//! pointer. A frame the JIT reserves for compiled code (`call_assembler`'s,
//! 2 KB) mostly holds words its code never wrote: what earlier, deeper calls
//! left there, pointers to objects long dead, which the scan would keep
//! alive (Lua's ackermann: 6.5 MB live after a collection instead of 1.4 MB,
//! and a minor collection's time three times what it needs).
//!
//! So such a frame can be registered: it ends in a header of
//! [`HEADER_WORDS`] words, and [`rpy_gc_jit_frames`] holds the address of
//! the innermost registered header (0: none). A header is
//! - word 0: the address of the next outer registered header (or 0);
//! - word 1: the frame's extent, what the code running in it (or suspended
//!   in a call) may hold pointers in: bits 0-9 `a`, 10-19 `b`, 20-29 `c`;
//!   the words `[0, a)` and `[b, c)` of the frame are scanned, the others
//!   are not (`a == n` scans it all);
//! - word 2: `n`, the number of words of the frame, which are the `n` words
//!   below the header.
//!
//! Registering is strictly last in, first out (the code that pushes a
//! header pops it before returning; nothing unwinds across compiled code),
//! and the outermost `rpy_gc_enter` starts with an empty chain. The
//! collector walks the chain only while it stays on the scanned stack,
//! each header further out than the one before, and scans the frames it
//! did not reach in full.

/// The innermost registered header (see the module docs).
#[no_mangle]
pub static mut rpy_gc_jit_frames: usize = 0;

/// The words of a header.
pub const HEADER_WORDS: usize = 4;

/// An extent word: scan the frame's words `[0, a)` and `[b, c)`.
pub const fn extent(a: usize, b: usize, c: usize) -> u64 {
    assert!(a < 1024 && b < 1024 && c < 1024);
    (a | (b << 10) | (c << 20)) as u64
}

/// Forgets the chain (the outermost enter: no compiled code is running).
pub(super) fn reset() {
    // SAFETY: only the GIL holder touches the chain.
    unsafe { rpy_gc_jit_frames = 0 }
}

/// The ranges `[from, to)` of the stack `[sp, base)` that registered
/// frames say hold no pointers, lowest first.
///
/// # Safety
/// `[sp, base)` is the current thread's stack, which holds the chain.
pub(super) unsafe fn skipped(sp: usize, base: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut h = rpy_gc_jit_frames;
    let mut floor = sp;
    while h != 0 && h % 8 == 0 && h >= floor && h + 8 * HEADER_WORDS <= base {
        let words = h as *const u64;
        let ext = *words.add(1) as usize;
        let n = *words.add(2) as usize;
        let (a, b, c) = (ext & 1023, (ext >> 10) & 1023, (ext >> 20) & 1023);
        let Some(frame) = h.checked_sub(8 * n) else { break };
        if frame < floor || a > b || b > c || c > n {
            break;
        }
        if a < b {
            out.push((frame + 8 * a, frame + 8 * b));
        }
        if c < n {
            out.push((frame + 8 * c, h));
        }
        floor = h + 8 * HEADER_WORDS;
        h = *words as usize;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stack of two registered frames of 8 words (innermost at word 0,
    /// its header at 8; the outer one at 12, its header at 20), the
    /// chain's head the inner header: the words each extent leaves out.
    #[test]
    fn registered_frames_leave_out_what_their_extent_does() {
        let mut stack = [0u64; 32];
        let at = |i: usize, s: &[u64; 32]| s.as_ptr() as usize + 8 * i;
        stack[8] = at(20, &stack) as u64;
        stack[9] = extent(2, 5, 7);
        stack[10] = 8;
        stack[20] = 0;
        stack[21] = extent(8, 8, 8);
        stack[22] = 8;
        let (sp, base) = (at(0, &stack), at(32, &stack));
        let skipped = with_chain(at(8, &stack), sp, base);
        assert_eq!(skipped, vec![(at(2, &stack), at(5, &stack)), (at(7, &stack), at(8, &stack))]);
        // A chain whose head is not on the scanned stack is not followed.
        assert_eq!(with_chain(at(8, &stack), at(9, &stack), base), vec![]);
        // Nor past a header that is not further out than the one before.
        stack[8] = at(8, &stack) as u64;
        assert_eq!(
            with_chain(at(8, &stack), sp, base),
            vec![(at(2, &stack), at(5, &stack)), (at(7, &stack), at(8, &stack))]
        );
    }

    /// `skipped(sp, base)` with the chain's head `head`, holding the GIL
    /// (no compiled code runs meanwhile; the outermost enter starts with
    /// an empty chain, which is left so).
    fn with_chain(head: usize, sp: usize, base: usize) -> Vec<(usize, usize)> {
        crate::gc::holding_gil(|| {
            // SAFETY: the test's chain is in `[sp, base)` or not followed.
            unsafe {
                rpy_gc_jit_frames = head;
                let r = skipped(sp, base);
                rpy_gc_jit_frames = 0;
                r
            }
        })
    }
}
