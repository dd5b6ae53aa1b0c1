//! The heap: allocation slow paths, marking, sweeping and the collection
//! policy. One `Heap` exists per process, owned by whoever holds the GIL.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::collections::{BTreeMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::ptr;
use std::time::Instant;

use super::block::Block;
use super::config::Config;
use super::roots::with_registers_spilled;
use super::sizeclass::{size_class, BLOCK_SIZE, CLASS_SIZES, NUM_SIZE_CLASSES, SMALL_MAX};
use super::typeinfo::{TypeInfo, HDR_PREBUILT};
use super::{alloc_runs, GcStats};

/// Bytes in front of a large object: its size, then its mark word.
const LARGE_PREFIX: usize = 16;

/// Empty blocks kept for reuse after a sweep: at least this many, or as
/// many as the allocations until the next collection may need (the
/// threshold minus the live bytes), if that is more. The rest go back to the
/// system: giving back blocks only to map them again before the next
/// collection would cost page faults and zeroing for nothing.
const MIN_SPARE_BLOCKS: usize = 8;

/// Allocation state of one size class beyond what generated code sees.
struct ClassState {
    /// End of the current run. The public `limit` equals it, except in
    /// `collect_every` mode, where the public one is kept at `free` so that
    /// every allocation takes the slow path.
    limit: usize,
    /// Start of the current run, to account for the bytes used in it.
    run_start: usize,
    /// The block the current run came from (null if none), and the slot
    /// index where the search for the next run resumes.
    block: *mut Block,
    cursor: usize,
    /// Blocks with free slots after the last sweep, not yet visited.
    avail: Vec<*mut Block>,
}

/// Hashes block addresses (multiples of `BLOCK_SIZE`) for the block set.
#[derive(Default)]
struct AddrHasher(u64);

impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100000001b3);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = ((n / BLOCK_SIZE) as u64).wrapping_mul(0x9e3779b97f4a7c15);
    }
}

pub(crate) struct Heap {
    pub cfg: Config,
    classes: Vec<ClassState>,
    /// Every block holding objects, and the same as a set of addresses for
    /// the conservative lookup.
    blocks: Vec<*mut Block>,
    block_set: HashSet<usize, BuildHasherDefault<AddrHasher>>,
    /// Empty blocks kept for reuse (not in `blocks`).
    spare: Vec<*mut Block>,
    /// Large objects: address of the object (after its prefix) -> its size.
    large: BTreeMap<usize, usize>,
    /// System memory held for large objects, prefixes included.
    large_bytes: usize,
    /// Addresses outside `[heap_lo, heap_hi)` are not in the heap: a quick
    /// filter for the conservative scan.
    heap_lo: usize,
    heap_hi: usize,
    /// Slots outside the stack that hold GC pointers (`rpy_gc_add_root`).
    roots: Vec<*mut *mut u8>,
    /// Prebuilt objects traced as roots (`rpy_gc_add_prebuilt`).
    prebuilt: Vec<*mut u8>,
    /// Stack base recorded by the outermost `rpy_gc_enter`; 0 outside.
    pub stack_base: usize,
    mark_stack: Vec<usize>,
    /// Bytes of objects that survived the last collection (slot sizes).
    live_bytes: usize,
    live_objects: usize,
    /// Bytes handed out since the last collection (whole runs, counted when
    /// handed out, and large objects).
    allocated_since: usize,
    /// Collect when `live_bytes + allocated_since` would exceed this.
    threshold: usize,
    /// Allocations that went through the slow path.
    slow_allocations: u64,
    /// Bytes used in runs already retired, plus large objects.
    allocated_total: u64,
    collections: u64,
    collect_time_ns: u64,
    max_pause_ns: u64,
    peak_heap: usize,
}

impl Heap {
    pub fn new(cfg: Config) -> Heap {
        let classes = (0..NUM_SIZE_CLASSES)
            .map(|_| ClassState { limit: 0, run_start: 0, block: ptr::null_mut(), cursor: 0, avail: Vec::new() })
            .collect();
        let mut heap = Heap {
            cfg,
            classes,
            blocks: Vec::new(),
            block_set: HashSet::default(),
            spare: Vec::new(),
            large: BTreeMap::new(),
            large_bytes: 0,
            heap_lo: usize::MAX,
            heap_hi: 0,
            roots: Vec::new(),
            prebuilt: Vec::new(),
            stack_base: 0,
            mark_stack: Vec::new(),
            live_bytes: 0,
            live_objects: 0,
            allocated_since: 0,
            threshold: 0,
            slow_allocations: 0,
            allocated_total: 0,
            collections: 0,
            collect_time_ns: 0,
            max_pause_ns: 0,
            peak_heap: 0,
        };
        heap.set_threshold();
        heap
    }

    /// Changes the configuration, applying a change of `collect_every` to
    /// the runs generated code sees.
    pub fn set_config(&mut self, cfg: Config) {
        self.cfg = cfg;
        for c in 0..NUM_SIZE_CLASSES {
            // SAFETY: the caller holds the GIL, which owns the alloc state.
            unsafe {
                let run = alloc_runs().add(c);
                (*run).limit = if cfg.collect_every != 0 { (*run).free } else { self.classes[c].limit };
            }
        }
        self.set_threshold();
    }

    fn set_threshold(&mut self) {
        let grown = (self.live_bytes as f64 * self.cfg.major_collect) as usize;
        // Leave room for at least a couple of blocks, or a tiny RPY_GC_MIN
        // would collect at every run handed out.
        self.threshold = self.cfg.min_heap.max(grown).max(self.live_bytes + 2 * BLOCK_SIZE);
    }

    /// Memory held from the system: blocks (spares included) and large
    /// objects.
    pub fn heap_bytes(&self) -> usize {
        (self.blocks.len() + self.spare.len()) * BLOCK_SIZE + self.large_bytes
    }

    pub fn stats(&self) -> GcStats {
        let mut in_runs = 0;
        for (c, cs) in self.classes.iter().enumerate() {
            if cs.run_start != 0 {
                // SAFETY: the caller holds the GIL.
                in_runs += unsafe { (*alloc_runs().add(c)).free } - cs.run_start;
            }
        }
        GcStats {
            collections: self.collections,
            collect_time_ns: self.collect_time_ns,
            max_pause_ns: self.max_pause_ns,
            live_bytes: self.live_bytes as u64,
            live_objects: self.live_objects as u64,
            heap_bytes: self.heap_bytes() as u64,
            peak_heap_bytes: self.peak_heap as u64,
            total_allocated_bytes: self.allocated_total + in_runs as u64,
        }
    }

    pub fn reset_peak(&mut self) {
        self.peak_heap = self.heap_bytes();
    }

    pub fn add_root(&mut self, slot: *mut *mut u8) {
        self.roots.push(slot);
    }

    pub fn remove_root(&mut self, slot: *mut *mut u8) {
        if let Some(i) = self.roots.iter().rposition(|&s| s == slot) {
            self.roots.swap_remove(i);
        }
    }

    pub fn add_prebuilt(&mut self, obj: *mut u8) {
        self.prebuilt.push(obj);
    }

    // ---- allocation --------------------------------------------------------

    /// The slow path of `rpy_gc_malloc(_varsize)`: a zeroed object of type
    /// `ti` with `length` items (ignored for fixed-size types), header and
    /// length set.
    ///
    /// # Safety
    /// The caller holds the GIL; `ti` is a valid TypeInfo.
    pub unsafe fn malloc(&mut self, ti: &TypeInfo, length: usize) -> *mut u8 {
        #[cfg(debug_assertions)]
        if let Err(e) = ti.validate() {
            super::fatal(&e);
        }
        let size = match ti.size_for_length(length) {
            Some(size) => size,
            None => self.out_of_memory(usize::MAX),
        };
        self.slow_allocations += 1;
        if self.cfg.collect_every != 0 && self.slow_allocations.is_multiple_of(self.cfg.collect_every) {
            self.collect_now();
        }
        let obj = if size <= SMALL_MAX { self.alloc_small(size_class(size)) } else { self.alloc_large(size) };
        *(obj as *mut usize) = ti as *const TypeInfo as usize;
        if ti.is_varsize() {
            *((obj + ti.length_offset) as *mut usize) = length;
        }
        obj as *mut u8
    }

    /// A zeroed slot of class `c` (header not set).
    unsafe fn alloc_small(&mut self, c: usize) -> usize {
        let size = CLASS_SIZES[c];
        loop {
            let run = alloc_runs().add(c);
            let p = (*run).free;
            let limit = self.classes[c].limit;
            if p != 0 && p + size <= limit {
                (*run).free = p + size;
                (*run).limit = if self.cfg.collect_every != 0 { p + size } else { limit };
                return p;
            }
            self.refill(c);
        }
    }

    /// Retires the current run of class `c`, accounting for what was used.
    unsafe fn retire_run(&mut self, c: usize) {
        let run = alloc_runs().add(c);
        let cs = &mut self.classes[c];
        if cs.run_start != 0 {
            self.allocated_total += ((*run).free - cs.run_start) as u64;
        }
        (*run).free = 0;
        (*run).limit = 0;
        cs.limit = 0;
        cs.run_start = 0;
    }

    /// Installs a new free run for class `c`: the next run of free slots in
    /// the current block, else in the next block with free slots, else in an
    /// empty block. Collects first if the run would take the heap over the
    /// threshold.
    unsafe fn refill(&mut self, c: usize) {
        self.retire_run(c);
        let size = CLASS_SIZES[c];
        let mut collected = false;
        loop {
            let cs = &mut self.classes[c];
            if !cs.block.is_null() {
                let block = &mut *cs.block;
                if let Some((first, end)) = block.next_free_run(cs.cursor) {
                    let bytes = (end - first) * size;
                    if !collected && self.over_threshold(bytes) {
                        self.collect_now();
                        collected = true;
                        continue;
                    }
                    let start = block.slot_addr(first);
                    if !block.zeroed {
                        ptr::write_bytes(start as *mut u8, 0, bytes);
                    }
                    let cs = &mut self.classes[c];
                    cs.cursor = end;
                    cs.run_start = start;
                    cs.limit = start + bytes;
                    let run = alloc_runs().add(c);
                    (*run).free = start;
                    (*run).limit = if self.cfg.collect_every != 0 { start } else { start + bytes };
                    self.allocated_since += bytes;
                    return;
                }
                cs.block = ptr::null_mut();
            }
            if let Some(b) = cs.avail.pop() {
                cs.block = b;
                cs.cursor = 0;
                continue;
            }
            // Every block of the class is full: take an empty one, a spare
            // or a new one from the system.
            let grows = self.spare.is_empty() && self.over_max(BLOCK_SIZE);
            if !collected && (self.over_threshold(BLOCK_SIZE) || grows) {
                self.collect_now();
                collected = true;
                continue;
            }
            if grows {
                self.out_of_memory(size);
            }
            let b = match self.spare.pop() {
                Some(b) => {
                    Block::init(b, c, false);
                    b
                }
                None => {
                    let b = Block::allocate();
                    if b.is_null() {
                        self.out_of_memory(BLOCK_SIZE);
                    }
                    Block::init(b, c, true);
                    b
                }
            };
            self.blocks.push(b);
            self.block_set.insert(b as usize);
            self.heap_lo = self.heap_lo.min(b as usize);
            self.heap_hi = self.heap_hi.max(b as usize + BLOCK_SIZE);
            self.note_heap_size();
            let cs = &mut self.classes[c];
            cs.block = b;
            cs.cursor = 0;
        }
    }

    /// A zeroed large object of `size` bytes (header not set).
    unsafe fn alloc_large(&mut self, size: usize) -> usize {
        let total = size.checked_add(LARGE_PREFIX).unwrap_or_else(|| self.out_of_memory(size));
        if self.over_threshold(size) || self.over_max(total) {
            self.collect_now();
        }
        if self.over_max(total) {
            // Spare blocks count against RPY_GC_MAX too.
            for b in self.spare.drain(..) {
                Block::release(b);
            }
            if self.over_max(total) {
                self.out_of_memory(size);
            }
        }
        let layout = Layout::from_size_align(total, 16).unwrap_or_else(|_| self.out_of_memory(size));
        let base = alloc_zeroed(layout) as usize;
        if base == 0 {
            self.out_of_memory(size);
        }
        *(base as *mut usize) = size;
        let obj = base + LARGE_PREFIX;
        self.large.insert(obj, size);
        self.large_bytes += total;
        self.allocated_since += size;
        self.allocated_total += size as u64;
        self.heap_lo = self.heap_lo.min(obj);
        self.heap_hi = self.heap_hi.max(obj + size);
        self.note_heap_size();
        obj
    }

    fn over_threshold(&self, bytes: usize) -> bool {
        self.live_bytes + self.allocated_since + bytes > self.threshold
    }

    fn over_max(&self, bytes: usize) -> bool {
        self.cfg.max_heap != 0 && self.heap_bytes() + bytes > self.cfg.max_heap
    }

    fn note_heap_size(&mut self) {
        self.peak_heap = self.peak_heap.max(self.heap_bytes());
    }

    fn out_of_memory(&self, size: usize) -> ! {
        // Rust's own message for a failed allocation, then why.
        if size == usize::MAX {
            eprintln!("memory allocation failed: object size overflows");
        } else {
            eprintln!("memory allocation of {size} bytes failed");
        }
        if self.cfg.max_heap != 0 {
            eprintln!(
                "rpy gc: out of memory: the heap holds {} bytes, RPY_GC_MAX={}",
                self.heap_bytes(),
                self.cfg.max_heap
            );
        } else {
            eprintln!("rpy gc: out of memory: the heap holds {} bytes", self.heap_bytes());
        }
        std::process::abort()
    }

    // ---- collection ------------------------------------------------------

    /// A full collection, with the callee-saved registers of the mutator on
    /// the stack.
    pub fn collect_now(&mut self) {
        with_registers_spilled(&mut |sp| {
            // SAFETY: the caller holds the GIL; `sp` is in this thread's
            // stack below every frame of the mutator.
            unsafe { self.collect(sp) }
        });
    }

    unsafe fn collect(&mut self, sp: usize) {
        let start = Instant::now();
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
        for &b in &self.blocks {
            (*b).clear_marks();
        }
        for &obj in self.large.keys() {
            *((obj - 8) as *mut usize) = 0;
        }

        // Roots: every word of the stack (whose callee-saved registers were
        // just stored into it), the registered slots and prebuilt objects.
        let mut addr = sp & !7;
        let end = (base + 7) & !7;
        while addr < end {
            self.mark_conservative(ptr::read_volatile(addr as *const usize));
            addr += 8;
        }
        for i in 0..self.roots.len() {
            let slot = self.roots[i];
            self.mark_conservative(*slot as usize);
        }
        for i in 0..self.prebuilt.len() {
            self.trace(self.prebuilt[i] as usize);
        }
        while let Some(obj) = self.mark_stack.pop() {
            self.trace(obj);
        }

        self.sweep();
        self.allocated_since = 0;
        let ns = start.elapsed().as_nanos() as u64;
        self.collections += 1;
        self.collect_time_ns += ns;
        self.max_pause_ns = self.max_pause_ns.max(ns);
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
            let obj = block.slot_addr(block.slot_index(addr)?);
            // SAFETY: slots are mapped memory; a zero header is a free slot.
            return (unsafe { *(obj as *const usize) } != 0).then_some(obj);
        }
        let (&obj, &size) = self.large.range(..=addr).next_back()?;
        (addr < obj + size).then_some(obj)
    }

    unsafe fn mark_conservative(&mut self, word: usize) {
        if let Some(obj) = self.find_object(word) {
            self.mark(obj);
        }
    }

    /// Marks `obj` (the start of an object, or a prebuilt object, or null)
    /// and queues it for tracing if it was not marked yet.
    #[inline]
    unsafe fn mark(&mut self, obj: usize) {
        if obj == 0 {
            return;
        }
        let header = *(obj as *const usize);
        if header & HDR_PREBUILT != 0 {
            return;
        }
        let ti = &*(header as *const TypeInfo);
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
            self.mark_stack.push(obj);
        }
    }

    /// Marks what the GC pointers of `obj` point to.
    unsafe fn trace(&mut self, obj: usize) {
        let ti = &*((*(obj as *const usize) & !HDR_PREBUILT) as *const TypeInfo);
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

    #[inline]
    unsafe fn mark_field(&mut self, obj: usize, offset: usize, ti: &TypeInfo) {
        let child = *((obj + offset) as *const usize);
        #[cfg(debug_assertions)]
        self.check_field(obj, offset, ti, child);
        #[cfg(not(debug_assertions))]
        let _ = ti;
        self.mark(child);
    }

    /// Debug builds check that every traced pointer is null, a prebuilt
    /// object or the start of a live heap object, so that a wrong TypeInfo
    /// or a stray store is reported where it is found.
    #[cfg(debug_assertions)]
    unsafe fn check_field(&self, obj: usize, offset: usize, ti: &TypeInfo, child: usize) {
        match self.find_object(child) {
            _ if child == 0 => return,
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

    unsafe fn sweep(&mut self) {
        let mut live_bytes = 0;
        let mut live_objects = 0;
        let mut kept = Vec::with_capacity(self.blocks.len());
        let mut empty = Vec::new();
        for &b in &self.blocks {
            let block = &mut *b;
            let live = block.sweep();
            if live == 0 {
                empty.push(b);
                continue;
            }
            live_bytes += live * block.slot as usize;
            live_objects += live;
            if live < block.nslots as usize {
                self.classes[block.class as usize].avail.push(b);
            }
            kept.push(b);
        }
        self.blocks = kept;
        // Allocate from the lowest addresses first (avail is used as a stack).
        for cs in &mut self.classes {
            cs.avail.reverse();
        }

        let mut freed_large = 0;
        self.large.retain(|&obj, &mut size| {
            if *((obj - 8) as *const usize) != 0 {
                live_bytes += size;
                live_objects += 1;
                true
            } else {
                let total = size + LARGE_PREFIX;
                dealloc((obj - LARGE_PREFIX) as *mut u8, Layout::from_size_align_unchecked(total, 16));
                freed_large += total;
                false
            }
        });
        self.large_bytes -= freed_large;

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
        self.set_threshold();

        let keep_spare = MIN_SPARE_BLOCKS.max((self.threshold - self.live_bytes).div_ceil(BLOCK_SIZE));
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
