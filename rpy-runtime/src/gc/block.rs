//! Blocks: `BLOCK_SIZE`-aligned chunks of memory holding the objects of one
//! size class, with their mark bitmap in the block itself.
//!
//! ```text
//! base + 0            Block (this struct)
//! base + BLOCK_HEADER mark bitmap: layout.mark_words u64s, bit i = slot i
//! base + data_start   slot 0, slot 1, ... (layout.nslots slots of layout.slot bytes)
//! ```
//!
//! Invariant between collections (and during minor marking): a slot holds
//! an object exactly when its first word (the header) is non-zero and the
//! slot is marked (it survived the last sweep) or below `alloc_end` (it was
//! handed out in a run since: runs are cleared as allocation reaches them,
//! and `alloc_end` follows the clearing). So the
//! conservative root finder can tell objects from free slots, and sweeping
//! writes nothing into the dead objects: their memory is zeroed once, when
//! a run hands it out again. A major collection, which clears the marks,
//! first copies which slots may hold an object (`save_objects`: the marks
//! and the slots below `alloc_end`) into a bitmap of the heap's, which its
//! root finder reads instead of the marks (dead objects' headers stay as
//! they are: zeroing them read every free slot of the heap, a cache miss
//! each). After a sweep the mark bitmap doubles as the map of what is free:
//! the allocator hands out runs of consecutive unmarked slots, moving a
//! cursor forward through the block.
//!
//! Mark bits are sticky: a minor collection does not clear them, so the
//! objects that survived earlier collections (the old ones) stay marked and
//! are neither traced nor swept, and the objects allocated since (young,
//! unmarked) are marked if reachable. Only a major collection clears them.

use super::sizeclass::{ClassLayout, BLOCK_HEADER, BLOCK_SIZE, LAYOUTS};

#[repr(C)]
pub(crate) struct Block {
    pub class: u32,
    pub slot: u32,
    pub nslots: u32,
    pub data_start: u32,
    pub mark_words: u32,
    pub recip: u32,
    /// True when every free slot (unmarked, zero header) is zero throughout,
    /// so handing out a run needs no clearing. Cleared when a sweep frees an
    /// object in the block.
    pub zeroed: bool,
    /// True when a run was handed out in the block since the last
    /// collection, so it may hold young objects: the blocks a minor
    /// collection sweeps.
    pub young: bool,
    /// Marked (live) slots after the last sweep of the block.
    pub live: u32,
    /// The slots below this index that are not marked were handed out in
    /// runs since the last sweep (zero, or objects allocated since); those
    /// at or above it hold nothing but, perhaps, the stale header of an
    /// object found dead by a sweep.
    pub alloc_end: u32,
    /// The runs of free slots after the last sweep of the block.
    pub free_runs: u32,
    /// During a major collection's marking: where the block's map of the
    /// slots that may hold an object starts in the heap's `objects` bitmap
    /// (`save_objects`).
    pub objects_at: u32,
}

const _: () = assert!(std::mem::size_of::<Block>() <= BLOCK_HEADER);

impl Block {
    /// A fresh zeroed block from the system, not yet assigned a class; null
    /// if the system is out of memory.
    ///
    /// Mapped directly: the kernel's pages are zero and are only faulted in
    /// as runs reach them. (`std::alloc::alloc_zeroed` with the block's
    /// alignment writes zeros over all of it: every page of every new block
    /// faulted at once, 1,300 page faults and most of an empty Lua
    /// program's start-up.) Twice the size is mapped and the unaligned ends
    /// are given back.
    pub fn allocate() -> *mut Block {
        // SAFETY: an anonymous private mapping; only its own pages are unmapped.
        unsafe {
            let len = 2 * BLOCK_SIZE;
            let prot = libc::PROT_READ | libc::PROT_WRITE;
            let p = libc::mmap(std::ptr::null_mut(), len, prot, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0);
            if p == libc::MAP_FAILED {
                return std::ptr::null_mut();
            }
            let start = p as usize;
            let base = (start + BLOCK_SIZE - 1) & !(BLOCK_SIZE - 1);
            if base > start {
                libc::munmap(p, base - start);
            }
            if start + len > base + BLOCK_SIZE {
                libc::munmap((base + BLOCK_SIZE) as *mut libc::c_void, start + len - (base + BLOCK_SIZE));
            }
            base as *mut Block
        }
    }

    /// Returns a block to the system.
    ///
    /// # Safety
    /// `b` came from `allocate` and is no longer used.
    pub unsafe fn release(b: *mut Block) {
        libc::munmap(b as *mut libc::c_void, BLOCK_SIZE);
    }

    /// Makes `b` a block of `class` with every slot free. `zeroed` says the
    /// whole block is known to be zero (fresh from the system); otherwise
    /// only its mark bitmap is cleared: with no slot marked or handed out,
    /// no slot holds an object whatever its header (the invariant above),
    /// and runs are cleared when handed out.
    ///
    /// # Safety
    /// `b` is a block owned by the GC and not in use.
    pub unsafe fn init(b: *mut Block, class: usize, zeroed: bool) {
        let l: ClassLayout = LAYOUTS[class];
        b.write(Block {
            class: class as u32,
            slot: l.slot,
            nslots: l.nslots,
            data_start: l.data_start,
            mark_words: l.mark_words,
            recip: l.recip,
            zeroed,
            young: false,
            live: 0,
            alloc_end: 0,
            free_runs: 1,
            objects_at: 0,
        });
        if !zeroed {
            (*b).marks().fill(0);
        }
    }

    #[inline]
    pub fn base(&self) -> usize {
        self as *const Block as usize
    }

    #[inline]
    pub fn marks(&mut self) -> &mut [u64] {
        // SAFETY: the bitmap follows the header inside the block.
        unsafe { std::slice::from_raw_parts_mut((self.base() + BLOCK_HEADER) as *mut u64, self.mark_words as usize) }
    }

    #[inline]
    pub fn slot_addr(&self, index: usize) -> usize {
        self.base() + self.data_start as usize + index * self.slot as usize
    }

    /// The index of the slot containing `addr`, if `addr` is inside a slot
    /// (not in the header, the bitmap or the unused tail).
    #[inline]
    pub fn slot_index(&self, addr: usize) -> Option<usize> {
        let off = addr.wrapping_sub(self.base() + self.data_start as usize);
        if off >= self.nslots as usize * self.slot as usize {
            return None;
        }
        Some(((off as u64 * self.recip as u64) >> 32) as usize)
    }

    /// The index of the slot that starts at `obj` (a precise pointer).
    #[inline]
    pub fn index_of_object(&self, obj: usize) -> usize {
        let off = obj - (self.base() + self.data_start as usize);
        ((off as u64 * self.recip as u64) >> 32) as usize
    }

    /// Sets the mark bit of slot `index`; returns false if it was set.
    #[inline]
    pub fn mark(&mut self, index: usize) -> bool {
        let word = &mut self.marks()[index / 64];
        let bit = 1u64 << (index % 64);
        if *word & bit != 0 {
            return false;
        }
        *word |= bit;
        true
    }

    /// Whether slot `index` is marked.
    #[inline]
    pub fn is_marked(&self, index: usize) -> bool {
        // SAFETY: the bitmap follows the header inside the block.
        let word = unsafe { *((self.base() + BLOCK_HEADER) as *const u64).add(index / 64) };
        word & (1 << (index % 64)) != 0
    }

    pub fn clear_marks(&mut self) {
        self.marks().fill(0);
    }

    /// The next run of free (unmarked) slots at or after `from`, as
    /// `(first, end)` slot indices.
    pub fn next_free_run(&mut self, from: usize) -> Option<(usize, usize)> {
        let n = self.nslots as usize;
        let marks = self.marks();
        let start = scan(marks, from, n, true);
        if start >= n {
            return None;
        }
        Some((start, scan(marks, start, n, false)))
    }

    /// Whether slot `index`, if its header is non-zero, holds an object
    /// (outside a major collection's marking: see the invariant above).
    #[inline]
    pub fn may_hold_object(&self, index: usize) -> bool {
        index < self.alloc_end as usize || self.is_marked(index)
    }

    /// Sweeps after marking: records and returns the number of live
    /// (marked) slots; the unmarked ones are free from now on. Dead objects
    /// are left as they are (see the invariant above). A block with no live
    /// slot is left untouched; the caller releases it.
    pub fn sweep(&mut self) -> usize {
        let n = self.nslots as usize;
        let words = self.mark_words as usize;
        let (mut live, mut runs, mut free_before) = (0, 0, false);
        for w in 0..words {
            let marks = self.marks()[w];
            // (Only the bits of slots: the bitmap may have more.)
            let slots = n.saturating_sub(w * 64).min(64);
            let free = if slots == 64 { !marks } else { !marks & ((1u64 << slots) - 1) };
            live += marks.count_ones() as usize;
            // A run starts at a free slot after a live one (or the start).
            runs += (free & !((free << 1) | free_before as u64)).count_ones();
            free_before = free >> 63 != 0;
        }
        self.live = live as u32;
        self.free_runs = runs;
        self.young = false;
        self.alloc_end = 0;
        if live < self.nslots as usize {
            // Objects may have died: their slots are free and not zero.
            self.zeroed = false;
        }
        live
    }

    /// Whether allocation should use the block's free slots: its runs hold
    /// `min_run` bytes on average (`RPY_GC_MIN_RUN`). A block whose holes
    /// between survivors are short is left as if full until a collection
    /// frees more of it: each run costs a call of the allocation's slow
    /// path (a run, a clearing), more than a new block's slots do.
    pub fn worth_allocating_in(&self, min_run: usize) -> bool {
        let free = (self.nslots - self.live) as usize;
        free > 0 && free * self.slot as usize >= min_run * self.free_runs as usize
    }

    /// Before a major collection clears the marks: appends to `objects` a
    /// bitmap of the slots that may hold an object (`may_hold_object`: the
    /// marked ones and those handed out since the last sweep), which the
    /// collection's root finder reads while the marks are rebuilt
    /// (`held_object`).
    pub fn save_objects(&mut self, objects: &mut Vec<u64>) {
        self.objects_at = objects.len() as u32;
        let from = objects.len();
        objects.extend_from_slice(self.marks());
        let end = self.alloc_end as usize;
        let saved = &mut objects[from..];
        for (w, word) in saved.iter_mut().enumerate().take(end.div_ceil(64)) {
            let below = end - w * 64;
            *word |= if below >= 64 { !0 } else { (1u64 << below) - 1 };
        }
    }

    /// Whether slot `index`, if its header is non-zero, held an object when
    /// the major collection under way began (`save_objects`).
    #[inline]
    pub fn held_object(&self, index: usize, objects: &[u64]) -> bool {
        objects[self.objects_at as usize + index / 64] & (1 << (index % 64)) != 0
    }
}

/// The first index `>= from` (and `< n`, else `n`) whose mark bit is clear
/// (`want_clear`) or set (`!want_clear`).
fn scan(marks: &[u64], mut from: usize, n: usize, want_clear: bool) -> usize {
    while from < n {
        let word = marks[from / 64];
        let bits = (if want_clear { !word } else { word }) >> (from % 64);
        if bits != 0 {
            return (from + bits.trailing_zeros() as usize).min(n);
        }
        from = (from / 64 + 1) * 64;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pages of `b` the process has in memory.
    fn resident_pages(b: *mut Block) -> usize {
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
        let mut resident = vec![0u8; BLOCK_SIZE / page];
        let r = unsafe { libc::mincore(b as *mut libc::c_void, BLOCK_SIZE, resident.as_mut_ptr()) };
        assert_eq!(r, 0);
        resident.iter().filter(|&&r| r & 1 != 0).count()
    }

    #[test]
    fn a_new_block_is_aligned_zero_and_not_faulted_in() {
        let b = Block::allocate();
        assert!(!b.is_null());
        assert_eq!(b as usize % BLOCK_SIZE, 0);
        unsafe {
            Block::init(b, 3, true);
            // The header and the mark bitmap are written; the slots are
            // not touched until runs reach them.
            assert!(resident_pages(b) <= 2, "{} pages resident", resident_pages(b));
            let data = std::slice::from_raw_parts((b as *const u8).add((*b).data_start as usize), 4096);
            assert!(data.iter().all(|&x| x == 0));
            Block::release(b);
        }
    }
}
