//! Collections: marking from the roots, precise tracing with TypeInfos, and
//! sweeping, for both kinds of [`Kind`].
//!
//! Generations without moving: an object is old when its mark bit is set.
//! Marks are sticky, so a minor collection marks only what was allocated
//! since the last collection (old objects are already marked, and `mark`
//! stops at them) and sweeps only the blocks that may hold such objects. What
//! it marks is old afterwards. Old objects are traced in a minor collection
//! only if they are in the remembered set, where the write barrier puts every
//! old object that gets a GC pointer stored into it: every other old object
//! points only to old objects, since at the end of a collection there are no
//! young objects left.

use std::alloc::{dealloc, Layout};
use std::ptr;
use std::time::Instant;

use super::block::Block;
use super::heap::{Heap, Kind, LARGE_PREFIX};
use super::roots::with_registers_spilled;
use super::sizeclass::{BLOCK_SIZE, NUM_SIZE_CLASSES, SMALL_MAX};
use super::typeinfo::{type_info_of, TypeInfo, HDR_PREBUILT, HDR_TRACK, TAGGED_WORD};

/// Empty blocks kept for reuse after a sweep: at least this many, or as
/// many as the allocations until the next collection may need, if that is
/// more: the threshold minus the live bytes, or what the heap used at the
/// peak of the last cycle between two major collections (the next one likely
/// grows as much, and those blocks are part of its peak anyway; allocation
/// spreads over size classes, each filling blocks of its own, so a cycle
/// takes more blocks than its bytes fill). The rest go back to the system:
/// giving back blocks only to map them again before the next collection
/// would cost page faults and zeroing for nothing (Lua's json benchmark
/// mapped and unmapped 700 blocks, 10% of its time).
const MIN_SPARE_BLOCKS: usize = 8;

impl Heap {
    /// A collection of the kind the policy asks for; returns that kind.
    pub(super) fn collect_auto(&mut self) -> Kind {
        let kind = self.next_kind();
        self.collect_now(kind);
        kind
    }

    /// A collection of `kind`, with the callee-saved registers of the mutator
    /// on the stack.
    pub fn collect_now(&mut self, kind: Kind) {
        with_registers_spilled(&mut |sp| {
            // SAFETY: the caller holds the GIL; `sp` is in this thread's
            // stack below every frame of the mutator.
            unsafe { self.collect(sp, kind) }
        });
    }

    unsafe fn collect(&mut self, sp: usize, kind: Kind) {
        let start = Instant::now();
        let log_t0 = crate::jit::log::now();
        let heap_before = self.heap_bytes();
        // (Counted over every size class's run: only for the log.)
        let objects_before = if log_t0.is_some() { self.old_bytes() + self.allocated_since() } else { 0 };
        let base = self.stack_base;
        if base == 0 || sp > base {
            super::fatal(&format!(
                "collection with stack pointer {sp:#x} not below the stack base {base:#x} \
                 recorded by rpy_gc_enter (it must be the address of a local of the outermost wrapper)"
            ));
        }
        for c in 0..NUM_SIZE_CLASSES {
            self.retire_run(c);
            let cs = &mut self.classes[c];
            cs.block = ptr::null_mut();
            cs.cursor = 0;
            cs.avail.clear();
        }
        if kind == Kind::Major {
            self.objects.clear();
            for &b in &self.blocks {
                (*b).save_objects(&mut self.objects);
                (*b).clear_marks();
            }
            self.major_marking = true;
            for &obj in self.large.keys() {
                *((obj - 8) as *mut usize) = 0;
            }
        }

        // Roots: every word of the stack (whose callee-saved registers were
        // just stored into it) and the registered slots; then, for a major
        // collection, the registered prebuilt objects, and for a minor one
        // the remembered objects (registered prebuilt objects are among them
        // when they were written to).
        // (Less the parts of registered frames that hold no pointers:
        // `frames`.)
        let mut addr = sp & !7;
        let end = (base + 7) & !7;
        for (from, to) in super::frames::skipped(addr, end).into_iter().chain([(end, end)]) {
            while addr < from {
                self.mark_conservative(ptr::read_volatile(addr as *const usize));
                addr += 8;
            }
            addr = addr.max(to);
        }
        for i in 0..self.roots.len() {
            let slot = self.roots[i];
            self.mark_conservative(*slot as usize);
        }
        match kind {
            Kind::Major => {
                for i in 0..self.prebuilt.len() {
                    self.trace(self.prebuilt[i] as usize);
                }
            }
            Kind::Minor => {
                for i in 0..self.remembered.len() {
                    self.trace(self.remembered[i]);
                }
            }
        }
        self.drain();
        // What other owners keep alive while objects are (the JIT: the
        // references of compiled code that can still run).
        self.external += std::mem::take(&mut self.external_since);
        if let Some(hook) = self.marking_hook {
            hook(&mut Marking { heap: self, major: kind == Kind::Major });
        }
        // Everything live is old now; the remembered objects take the
        // barrier again. (Dead ones, possible in a major collection, are
        // swept next: a small one's slot is free whatever its header says,
        // a large one is freed.)
        for &obj in &self.remembered {
            *(obj as *mut usize) |= HDR_TRACK;
        }
        self.remembered.clear();
        self.major_marking = false;

        self.sweep(kind);
        self.allocated_at_collection = self.allocated_total;
        let ns = start.elapsed().as_nanos() as u64;
        if let Some(t0) = log_t0 {
            crate::jit::log::section_since(
                "gc-collect",
                t0,
                &format!(
                    "{kind:?}: heap {heap_before} -> {} bytes ({} blocks in use, {} spare), objects \
                     {objects_before} -> {} bytes, {} live in {} objects, next collection at {}, stack {} bytes\n",
                    self.heap_bytes(),
                    self.blocks.len(),
                    self.spare.len(),
                    self.old_bytes(),
                    self.live_bytes,
                    self.live_objects,
                    self.threshold,
                    base - sp
                ),
            );
        }
        let stats = if kind == Kind::Major { &mut self.major } else { &mut self.minor };
        stats.count += 1;
        stats.time_ns += ns;
        stats.max_pause_ns = stats.max_pause_ns.max(ns);
    }

    /// Traces the objects queued on the mark stack, and what they reach.
    /// An object popped is prefetched and traced `PENDING` pops later: the
    /// stack is depth-first, and an object pushed before a large subtree
    /// was out of the cache when its turn came (tracing waited for its
    /// first field, again half of the time of marking).
    unsafe fn drain(&mut self) {
        let mut ahead = [0usize; PENDING];
        let mut next = 0;
        loop {
            while let Some(obj) = self.mark_stack.pop() {
                // (Its header's line was read when it was marked; an
                // object of more than a line has fields in the next.)
                prefetch(obj + 64);
                let ready = std::mem::replace(&mut ahead[next], obj);
                next = (next + 1) % PENDING;
                if ready != 0 {
                    self.trace(ready);
                }
            }
            // What waits in either ring may queue more objects.
            for obj in std::mem::take(&mut ahead) {
                if obj != 0 {
                    self.trace(obj);
                }
            }
            for i in 0..PENDING {
                let child = std::mem::take(&mut self.pending[i]);
                self.mark(child);
            }
            if self.mark_stack.is_empty() {
                break;
            }
        }
    }

    /// Whether the object at `obj` (the start of an object, null, or an
    /// address outside the heap: a prebuilt object) is marked, i.e. alive
    /// after the marking done so far.
    unsafe fn is_marked(&self, obj: usize) -> bool {
        let Some(o) = self.find_object(obj) else { return true };
        let ti = type_info_of(*(o as *const usize));
        if ti.object_size(o as *const u8) <= SMALL_MAX {
            let block = &*((o & !(BLOCK_SIZE - 1)) as *const Block);
            block.is_marked(block.index_of_object(o))
        } else {
            *((o - 8) as *const usize) != 0
        }
    }

    /// The object containing address `addr` (an interior pointer counts), if
    /// there is one.
    pub fn find_object(&self, addr: usize) -> Option<usize> {
        if addr < self.heap_lo || addr >= self.heap_hi {
            return None;
        }
        let base = addr & !(BLOCK_SIZE - 1);
        if self.block_set.contains(&base) {
            // SAFETY: `base` is one of our blocks.
            let block = unsafe { &*(base as *const Block) };
            let index = block.slot_index(addr)?;
            let obj = block.slot_addr(index);
            // SAFETY: slots are mapped memory; a zero header is a free slot,
            // and so is a stale one (see `block`).
            let header = unsafe { *(obj as *const usize) };
            let held = match self.major_marking {
                true => block.held_object(index, &self.objects),
                false => block.may_hold_object(index),
            };
            return (header != 0 && held).then_some(obj);
        }
        let (&obj, &size) = self.large.range(..=addr).next_back()?;
        (addr < obj + size).then_some(obj)
    }

    unsafe fn mark_conservative(&mut self, word: usize) {
        if let Some(obj) = self.find_object(word) {
            self.mark(obj);
        }
    }

    /// Marks `obj` (the start of an object, or a prebuilt object, or null,
    /// or a tagged word, which is no object: its low bit is set) and queues
    /// it for tracing if it was not marked yet. An object marked
    /// is old from now on: if it can hold GC pointers, its header gets
    /// `HDR_TRACK`, so that stores into it pass the barrier's slow path.
    #[inline]
    unsafe fn mark(&mut self, obj: usize) {
        if obj == 0 || obj & TAGGED_WORD != 0 {
            return;
        }
        let header = *(obj as *const usize);
        if header & HDR_PREBUILT != 0 {
            return;
        }
        let ti = type_info_of(header);
        let first_time = if ti.object_size(obj as *const u8) <= SMALL_MAX {
            let block = &mut *((obj & !(BLOCK_SIZE - 1)) as *mut Block);
            block.mark(block.index_of_object(obj))
        } else {
            let mark = (obj - 8) as *mut usize;
            let unmarked = *mark == 0;
            *mark = 1;
            unmarked
        };
        if first_time && ti.has_pointers() {
            // Old objects have the bit already (unless remembered, when they
            // get it back at the end of the collection): don't dirty their
            // cache lines in a major collection.
            if header & HDR_TRACK == 0 {
                *(obj as *mut usize) = header | HDR_TRACK;
            }
            self.mark_stack.push(obj);
        }
    }

    /// Marks what the GC pointers of `obj` point to.
    unsafe fn trace(&mut self, obj: usize) {
        let ti = type_info_of(*(obj as *const usize));
        for &off in ti.ptr_offsets() {
            self.mark_field(obj, off as usize, ti);
        }
        if ti.is_varsize() && ti.item_ptr_count != 0 {
            let length = *((obj + ti.length_offset) as *const usize);
            let offsets = ti.item_ptr_offsets();
            let mut item = obj + ti.items_offset;
            for _ in 0..length {
                for &off in offsets {
                    self.mark_field(obj, item - obj + off as usize, ti);
                }
                item += ti.item_size;
            }
        }
    }

    /// Marks what a field points to, `PENDING` fields later: the object's
    /// header is prefetched now and read then. Decision: marking read each
    /// child's header as soon as its field was seen, and waited for it:
    /// half of the time of a major collection was that load (binary-trees
    /// with the JIT spent 44% of its time marking).
    #[inline]
    unsafe fn mark_field(&mut self, obj: usize, offset: usize, ti: &TypeInfo) {
        let child = *((obj + offset) as *const usize);
        #[cfg(debug_assertions)]
        self.check_field(obj, offset, ti, child);
        #[cfg(not(debug_assertions))]
        let _ = ti;
        if child == 0 || child & TAGGED_WORD != 0 {
            return;
        }
        prefetch(child);
        let slot = self.pending_next;
        self.pending_next = (slot + 1) % PENDING;
        let ready = std::mem::replace(&mut self.pending[slot], child);
        self.mark(ready);
    }

    /// Debug builds check that every traced pointer is null, a prebuilt
    /// object or the start of a live heap object, so that a wrong TypeInfo
    /// or a stray store is reported where it is found.
    #[cfg(debug_assertions)]
    unsafe fn check_field(&self, obj: usize, offset: usize, ti: &TypeInfo, child: usize) {
        match self.find_object(child) {
            _ if child == 0 || child & TAGGED_WORD != 0 => return,
            Some(obj) if obj == child => return,
            // Not in the heap: it must be a prebuilt object.
            None if child.is_multiple_of(8) && *(child as *const usize) & HDR_PREBUILT != 0 => return,
            _ => {}
        }
        super::fatal(&format!(
            "corrupt heap: the field at offset {offset} of `{}` object {obj:#x} holds {child:#x}, \
             which is not a GC object",
            ti.name()
        ));
    }

    /// Frees the unmarked objects: in every block and large object after a
    /// major collection, only in the young blocks and large objects after a
    /// minor one (elsewhere every object is old, so marked). Then updates the
    /// allocation state and the policy.
    unsafe fn sweep(&mut self, kind: Kind) {
        let swept = match kind {
            Kind::Major => &self.blocks,
            Kind::Minor => &self.young_blocks,
        };
        let mut any_empty = false;
        for &b in swept {
            any_empty |= (*b).sweep() == 0;
        }
        self.young_blocks.clear();
        let mut empty = Vec::new();
        if any_empty {
            self.blocks.retain(|&b| {
                let keep = (*b).live != 0;
                if !keep {
                    empty.push(b);
                }
                keep
            });
        }

        let mut live_bytes = 0;
        let mut live_objects = 0;
        for &b in &self.blocks {
            let block = &*b;
            live_bytes += block.live as usize * block.slot as usize;
            live_objects += block.live as usize;
            if block.worth_allocating_in(self.cfg.min_run) {
                self.classes[block.class as usize].avail.push(b);
            }
        }
        // Allocate from the lowest addresses first (avail is used as a stack).
        for cs in &mut self.classes {
            cs.avail.reverse();
        }

        match kind {
            Kind::Major => {
                let mut freed = 0;
                self.large.retain(|&obj, &mut size| {
                    let live = *((obj - 8) as *const usize) != 0;
                    if !live {
                        freed += free_large(obj, size);
                    }
                    live
                });
                self.large_bytes -= freed;
            }
            Kind::Minor => {
                for &obj in &self.young_large {
                    if *((obj - 8) as *const usize) == 0 {
                        let size = self.large.remove(&obj).expect("a young large object is in the map");
                        self.large_bytes -= free_large(obj, size);
                    }
                }
            }
        }
        self.young_large.clear();
        live_bytes += self.large.values().sum::<usize>();
        live_objects += self.large.len();

        self.heap_lo = usize::MAX;
        self.heap_hi = 0;
        for &b in &self.blocks {
            self.heap_lo = self.heap_lo.min(b as usize);
            self.heap_hi = self.heap_hi.max(b as usize + BLOCK_SIZE);
        }
        if let (Some((&first, _)), Some((&last, &size))) = (self.large.first_key_value(), self.large.last_key_value()) {
            self.heap_lo = self.heap_lo.min(first);
            self.heap_hi = self.heap_hi.max(last + size);
        }
        self.live_bytes = live_bytes;
        self.live_objects = live_objects;
        if kind == Kind::Major {
            self.live_after_major = self.old_bytes();
        }
        self.set_threshold();

        let budget = (self.threshold - self.old_bytes()).div_ceil(BLOCK_SIZE);
        if kind == Kind::Major {
            let peak = std::mem::replace(&mut self.cycle_peak_blocks, self.blocks.len());
            self.spare_goal = peak.max(std::mem::replace(&mut self.last_cycle_peak, peak));
        }
        let keep_spare = MIN_SPARE_BLOCKS.max(budget).max(self.spare_goal.saturating_sub(self.blocks.len()));
        for b in empty {
            self.block_set.remove(&(b as usize));
            if self.spare.len() < keep_spare {
                self.spare.push(b);
            } else {
                Block::release(b);
            }
        }
    }
}

/// How many fields wait to be marked while their objects' headers are
/// fetched (`Heap::mark_field`): about as many loads as a core keeps in
/// flight.
pub(super) const PENDING: usize = 8;

/// Asks for the cache line at `addr` (any address: a prefetch never faults).
#[inline(always)]
fn prefetch(addr: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch has no effect but on the caches.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(addr as *const i8)
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above.
    unsafe {
        std::arch::asm!("prfm pldl1keep, [{0}]", in(reg) addr, options(nostack, preserves_flags, readonly))
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = addr;
}

/// Returns the large object `obj` of `size` bytes to the system; returns the
/// memory it held.
unsafe fn free_large(obj: usize, size: usize) -> usize {
    let total = size + LARGE_PREFIX;
    dealloc((obj - LARGE_PREFIX) as *mut u8, Layout::from_size_align_unchecked(total, 16));
    total
}

/// A collection's marking, as the JIT's memory manager sees it: it adds
/// roots, asks what is alive so far, and has what it marked traced.
pub struct Marking<'a> {
    heap: &'a mut Heap,
    /// A major collection (every unmarked object dies), else a minor one
    /// (only young unmarked objects die; old ones are marked).
    pub major: bool,
}

impl Marking<'_> {
    /// Keeps alive the object `addr` points into (any word: a non-pointer
    /// is ignored).
    pub fn mark(&mut self, addr: usize) {
        // SAFETY: a collection is running, under the GIL.
        unsafe { self.heap.mark_conservative(addr) }
    }

    /// Whether the object `obj` is alive so far (null and prebuilt objects
    /// are). Only meaningful after `drain`.
    pub fn is_live(&self, obj: usize) -> bool {
        // SAFETY: as `mark`; `find_object` checks that `obj` is in the heap.
        unsafe { self.heap.is_marked(obj) }
    }

    /// Marks everything reachable from what was marked.
    pub fn drain(&mut self) {
        // SAFETY: as `mark`.
        unsafe { self.heap.drain() }
    }

    /// `bytes` of the memory outside the heap added by
    /// `add_memory_pressure` are freed: their objects died.
    pub fn release(&mut self, bytes: usize) {
        self.heap.external = self.heap.external.saturating_sub(bytes);
    }
}
