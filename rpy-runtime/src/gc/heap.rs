//! The heap: its state, the allocation slow paths and the collection
//! policy (marking and sweeping are in `collect.rs`). One `Heap` exists per
//! process, owned by whoever holds the GIL.

use std::alloc::{alloc_zeroed, Layout};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::ptr;

use super::block::Block;
use super::config::Config;
use super::sizeclass::{size_class, BLOCK_SIZE, CLASS_SIZES, NUM_SIZE_CLASSES, SMALL_MAX};
use super::typeinfo::{TypeInfo, HDR_TRACK};
use super::{alloc_runs, CollectionStats, GcStats};

/// Bytes in front of a large object: its size, then its mark word.
pub(super) const LARGE_PREFIX: usize = 16;

/// With `RPY_GC_COLLECT_EVERY`, every this many forced collections one is
/// major (the others are minor unless the policy asks for a major one), so
/// that stress tests exercise both kinds and the barrier between them.
const FORCED_MAJOR_EVERY: u64 = 4;

/// What a collection marks and sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Only the objects allocated since the last collection: marks from the
    /// roots and the remembered set without clearing the (sticky) marks of
    /// old objects, sweeps only the blocks and large objects that may hold
    /// young ones.
    Minor,
    /// Everything: clears every mark, marks from the roots and the
    /// registered prebuilt objects, sweeps every block.
    Major,
}

/// Allocation state of one size class beyond what generated code sees.
pub(super) struct ClassState {
    /// End of the part of the current run cleared so far (runs of a block
    /// not known to be zero are cleared `ZERO_CHUNK` bytes at a time, as
    /// allocation reaches them). The public `limit` equals it, except when
    /// every allocation must take the slow path (`Config::slow_path_only`),
    /// where the public one is kept at `free`.
    pub limit: usize,
    /// End of the current run.
    pub run_end: usize,
    /// Start of the current run, to account for the bytes used in it.
    pub run_start: usize,
    /// The block the current run came from (null if none), and the slot
    /// index where the search for the next run resumes.
    pub block: *mut Block,
    pub cursor: usize,
    /// Blocks with free slots after the last sweep, not yet visited.
    pub avail: Vec<*mut Block>,
}

/// How many bytes of a run allocation clears at a time (when its block is
/// not known to be zero): a few pages, written just before they are used.
const ZERO_CHUNK: usize = 32 << 10;

/// Hashes block addresses (multiples of `BLOCK_SIZE`) for the block set.
#[derive(Default)]
pub(super) struct AddrHasher(u64);

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
    pub(super) classes: Vec<ClassState>,
    /// Every block holding objects, and the same as a set of addresses for
    /// the conservative lookup.
    pub(super) blocks: Vec<*mut Block>,
    pub(super) block_set: HashSet<usize, BuildHasherDefault<AddrHasher>>,
    /// Blocks in which runs were handed out since the last collection
    /// (`Block::young`): the only ones that can hold young objects.
    pub(super) young_blocks: Vec<*mut Block>,
    /// Empty blocks kept for reuse (not in `blocks`).
    pub(super) spare: Vec<*mut Block>,
    /// The most blocks in use since the last major collection; and what the
    /// next cycle will likely use again (`spare_goal`: collections keep
    /// spares up to that): the larger peak of the last two cycles (cycles
    /// of a program often alternate between larger and smaller ones).
    pub(super) cycle_peak_blocks: usize,
    pub(super) last_cycle_peak: usize,
    pub(super) spare_goal: usize,
    /// Large objects: address of the object (after its prefix) -> its size.
    pub(super) large: BTreeMap<usize, usize>,
    /// Large objects allocated since the last collection.
    pub(super) young_large: Vec<usize>,
    /// System memory held for large objects, prefixes included.
    pub(super) large_bytes: usize,
    /// Addresses outside `[heap_lo, heap_hi)` are not in the heap: a quick
    /// filter for the conservative scan.
    pub(super) heap_lo: usize,
    pub(super) heap_hi: usize,
    /// Slots outside the stack that hold GC pointers (`rpy_gc_add_root`).
    pub(super) roots: Vec<*mut *mut u8>,
    /// Prebuilt objects traced as roots (`rpy_gc_add_prebuilt`).
    pub(super) prebuilt: Vec<*mut u8>,
    /// Old objects that may point to young ones: those the write barrier
    /// saw a GC pointer being stored into since the last collection, whose
    /// `HDR_TRACK` bit is clear meanwhile.
    pub(super) remembered: Vec<usize>,
    /// Stack base recorded by the outermost `rpy_gc_enter`; 0 outside.
    pub stack_base: usize,
    pub(super) mark_stack: Vec<usize>,
    /// Fields read but not marked yet, a ring (`Heap::mark_field`); 0 in
    /// the free slots.
    pub(super) pending: [usize; super::collect::PENDING],
    pub(super) pending_next: usize,
    /// Bytes of objects that survived the last collection (slot sizes): the
    /// old generation.
    pub(super) live_bytes: usize,
    pub(super) live_objects: usize,
    /// `live_bytes` after the last major collection.
    pub(super) live_after_major: usize,
    /// Collect when `old_bytes() + allocated_since()` would exceed this.
    pub(super) threshold: usize,
    /// The threshold is the major limit: the collection it brings is major.
    major_due: bool,
    /// Allocations that went through the slow path.
    slow_allocations: u64,
    /// While a major collection marks: every mark was cleared, and a slot
    /// with a non-zero header holds an object if `objects` says it may.
    pub(super) major_marking: bool,
    /// The blocks' maps of the slots that may hold an object when the major
    /// collection under way began (`Block::save_objects`).
    pub(super) objects: Vec<u64>,
    /// With `RPY_GC_STATS=2`: objects and bytes allocated, by TypeInfo address.
    by_type: HashMap<usize, (u64, u64)>,
    /// Collections forced by `RPY_GC_COLLECT_EVERY`.
    forced_collections: u64,
    /// Bytes used in runs already retired, plus large objects.
    pub(super) allocated_total: u64,
    /// `allocated_total` at the end of the last collection (when every run
    /// had just been retired).
    pub(super) allocated_at_collection: u64,
    /// The bytes of the current runs, used or not: with `allocated_total`,
    /// a bound on the bytes allocated that costs no walk over the classes
    /// (`over_threshold`).
    runs_room: usize,
    pub(super) minor: CollectionStats,
    pub(super) major: CollectionStats,
    pub(super) write_barrier_calls: u64,
    /// Runs installed by `refill` (`GcStats::runs`).
    runs: u64,
    blocks_mapped: u64,
    peak_heap: usize,
    /// Memory outside the heap that live objects keep (the JIT's compiled
    /// code): bytes as of the last collection, and added since.
    pub(super) external: usize,
    pub(super) external_since: usize,
    /// Marks what the roots do not reach but other owners keep alive while
    /// objects are (`set_marking_hook`).
    pub(super) marking_hook: Option<fn(&mut super::Marking)>,
}

impl Heap {
    pub fn new(cfg: Config) -> Heap {
        let classes = (0..NUM_SIZE_CLASSES)
            .map(|_| ClassState {
                limit: 0,
                run_end: 0,
                run_start: 0,
                block: ptr::null_mut(),
                cursor: 0,
                avail: Vec::new(),
            })
            .collect();
        let mut heap = Heap {
            cfg,
            classes,
            blocks: Vec::new(),
            block_set: HashSet::default(),
            young_blocks: Vec::new(),
            spare: Vec::new(),
            cycle_peak_blocks: 0,
            last_cycle_peak: 0,
            spare_goal: 0,
            large: BTreeMap::new(),
            young_large: Vec::new(),
            large_bytes: 0,
            heap_lo: usize::MAX,
            heap_hi: 0,
            roots: Vec::new(),
            prebuilt: Vec::new(),
            remembered: Vec::new(),
            stack_base: 0,
            mark_stack: Vec::new(),
            pending: [0; super::collect::PENDING],
            pending_next: 0,
            live_bytes: 0,
            live_objects: 0,
            live_after_major: 0,
            threshold: 0,
            major_due: false,
            slow_allocations: 0,
            major_marking: false,
            objects: Vec::new(),
            by_type: HashMap::new(),
            forced_collections: 0,
            allocated_total: 0,
            allocated_at_collection: 0,
            runs_room: 0,
            minor: CollectionStats::default(),
            major: CollectionStats::default(),
            write_barrier_calls: 0,
            runs: 0,
            blocks_mapped: 0,
            peak_heap: 0,
            external: 0,
            external_since: 0,
            marking_hook: None,
        };
        heap.set_threshold();
        heap
    }

    /// Changes the configuration, applying a change of `slow_path_only` to
    /// the runs generated code sees.
    pub fn set_config(&mut self, cfg: Config) {
        self.cfg = cfg;
        for c in 0..NUM_SIZE_CLASSES {
            // SAFETY: the caller holds the GIL, which owns the alloc state.
            unsafe {
                let run = alloc_runs().add(c);
                (*run).limit = if cfg.slow_path_only() { (*run).free } else { self.classes[c].limit };
            }
        }
        self.set_threshold();
    }

    /// When the next collection comes: once the heap would exceed
    /// `RPY_GC_MIN`, and once `RPY_GC_NURSERY_SHARE` times what survived
    /// the last major collection was allocated since this one, or earlier
    /// if the heap would reach `RPY_GC_MAJOR_COLLECT` times that (then the
    /// collection is major). Sizing the nursery by the live data (rather
    /// than fixing it) keeps minor collections rare for large heaps, so
    /// that fewer objects that are about to die are made old; sizing it by
    /// the last major collection (rather than the last one) keeps the
    /// garbage made old meanwhile from inflating it. Decision: the major
    /// limit caps the old generation and the nursery together: when it
    /// capped the old generation alone, the collection after the minor one
    /// that crossed it came a whole nursery later, and binary-trees peaked
    /// at three times its live data.
    pub(super) fn set_threshold(&mut self) {
        let mut nursery = (self.live_after_major as f64 * self.cfg.nursery_share) as usize;
        if self.cfg.max_nursery != 0 {
            nursery = nursery.min(self.cfg.max_nursery);
        }
        // Leave room for at least a couple of blocks, or a tiny RPY_GC_MIN
        // would collect at every run handed out.
        let old = self.old_bytes();
        let minor_at = old + nursery.max(2 * BLOCK_SIZE);
        let major_at = self.major_limit().max(old + 2 * BLOCK_SIZE);
        self.major_due = major_at <= minor_at;
        self.threshold = self.cfg.min_heap.max(minor_at.min(major_at));
    }

    /// The heap size (old generation and nursery) at which a major
    /// collection comes: `RPY_GC_MAJOR_COLLECT` times what survived the last
    /// one, and at least `RPY_GC_MIN`.
    fn major_limit(&self) -> usize {
        ((self.live_after_major as f64 * self.cfg.major_collect) as usize).max(self.cfg.min_heap)
    }

    /// The old generation: objects that survived the last collection and
    /// the memory outside the heap they kept.
    pub(super) fn old_bytes(&self) -> usize {
        self.live_bytes + self.external
    }

    /// `bytes` more memory outside the heap kept by live objects: counted
    /// as allocated, so it brings the next collection closer.
    pub fn add_memory_pressure(&mut self, bytes: usize) {
        self.external_since += bytes;
    }

    /// Bytes allocated since the last collection: objects (the used part
    /// of the current runs included) and memory outside the heap. Decision:
    /// the used part, not the whole runs handed out: after a collection
    /// each size class in use takes a run, up to a block (256 KB), and the
    /// runs counted whole brought the next collection after a fraction of
    /// the nursery (Lua's json: 960 minor collections, one per 490 KB
    /// allocated, with a nursery of 2.7 MB).
    pub(super) fn allocated_since(&self) -> usize {
        (self.allocated_total_now() - self.allocated_at_collection) as usize + self.external_since
    }

    /// The kind of the next automatic collection: major when the threshold
    /// is the major limit (`set_threshold`) or the old generation is over
    /// it, else minor.
    pub(super) fn next_kind(&self) -> Kind {
        if self.major_due || self.old_bytes() > self.major_limit() {
            Kind::Major
        } else {
            Kind::Minor
        }
    }

    /// Memory held from the system: blocks (spares included) and large
    /// objects.
    pub fn heap_bytes(&self) -> usize {
        (self.blocks.len() + self.spare.len()) * BLOCK_SIZE + self.large_bytes
    }

    /// Bytes allocated since the start, the used part of the current runs
    /// included.
    fn allocated_total_now(&self) -> u64 {
        let mut in_runs = 0;
        for (c, cs) in self.classes.iter().enumerate() {
            if cs.run_start != 0 {
                // SAFETY: the caller holds the GIL.
                in_runs += unsafe { (*alloc_runs().add(c)).free } - cs.run_start;
            }
        }
        self.allocated_total + in_runs as u64
    }

    /// Bytes in objects now: those that survived the last collection and
    /// those allocated since (some of which may be dead already).
    pub fn in_use_bytes(&self) -> usize {
        self.live_bytes + (self.allocated_total_now() - self.allocated_at_collection) as usize
    }

    pub fn stats(&self) -> GcStats {
        GcStats {
            collections: self.minor.count + self.major.count,
            minor: self.minor,
            major: self.major,
            write_barrier_calls: self.write_barrier_calls,
            live_bytes: self.live_bytes as u64,
            live_objects: self.live_objects as u64,
            heap_bytes: self.heap_bytes() as u64,
            peak_heap_bytes: self.peak_heap as u64,
            total_allocated_bytes: self.allocated_total_now(),
            runs: self.runs,
            blocks_mapped: self.blocks_mapped,
        }
    }

    /// With `RPY_GC_STATS=2`: the types allocated, as (name, objects,
    /// bytes), most bytes first.
    pub fn allocations_by_type(&self) -> Vec<(String, u64, u64)> {
        let mut v: Vec<(String, u64, u64)> = self
            .by_type
            .iter()
            .map(|(&ti, &(n, bytes))| {
                // SAFETY: the keys are TypeInfos objects were allocated with.
                let name = unsafe { &*(ti as *const TypeInfo) }.name();
                (if name.is_empty() { format!("type {ti:#x}") } else { name.to_string() }, n, bytes)
            })
            .collect();
        v.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
        v
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

    /// Registers a prebuilt object as a root of major collections. It counts
    /// as old from now on, and starts out remembered (`HDR_TRACK` clear until
    /// the next collection) because the stores into it so far passed no
    /// barrier.
    ///
    /// # Safety
    /// `obj` is a prebuilt object.
    pub unsafe fn add_prebuilt(&mut self, obj: *mut u8) {
        self.prebuilt.push(obj);
        *(obj as *mut usize) &= !HDR_TRACK;
        self.remembered.push(obj as usize);
    }

    /// The slow path of the write barrier: `obj` has `HDR_TRACK` set and is
    /// about to get a GC pointer stored into it. Clears the bit, so that
    /// further stores take the fast path, and remembers `obj` for the next
    /// minor collection, which sets the bit again.
    ///
    /// # Safety
    /// `obj` is the start of an old or a prebuilt object.
    pub unsafe fn remember(&mut self, obj: usize) {
        let header = obj as *mut usize;
        if *header & HDR_TRACK == 0 {
            super::fatal(&format!(
                "rpy_gc_write_barrier({obj:#x}): the object's header {:#x} has no HDR_TRACK bit",
                *header
            ));
        }
        *header &= !HDR_TRACK;
        self.remembered.push(obj);
        self.write_barrier_calls += 1;
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
            self.forced_collections += 1;
            let kind =
                if self.forced_collections.is_multiple_of(FORCED_MAJOR_EVERY) { Kind::Major } else { self.next_kind() };
            self.collect_now(kind);
        }
        if self.cfg.profile_types {
            let slot = if size <= SMALL_MAX { CLASS_SIZES[size_class(size)] } else { size };
            let entry = self.by_type.entry(ti as *const TypeInfo as usize).or_default();
            entry.0 += 1;
            entry.1 += slot as u64;
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
                (*run).limit = if self.cfg.slow_path_only() { p + size } else { limit };
                return p;
            }
            if p != 0 && limit < self.classes[c].run_end {
                self.clear_more(c);
                continue;
            }
            self.refill(c);
        }
    }

    /// Retires the current run of class `c`, accounting for what was used.
    pub(super) unsafe fn retire_run(&mut self, c: usize) {
        let run = alloc_runs().add(c);
        let cs = &mut self.classes[c];
        if cs.run_start != 0 {
            self.allocated_total += ((*run).free - cs.run_start) as u64;
            self.runs_room -= cs.run_end - cs.run_start;
        }
        (*run).free = 0;
        (*run).limit = 0;
        cs.limit = 0;
        cs.run_end = 0;
        cs.run_start = 0;
    }

    /// Clears the next `ZERO_CHUNK` bytes of the current run of class `c`
    /// (whose cleared part is used up, or none yet) and lets allocation go
    /// on into them.
    /// Clearing a whole run when it is handed out (up to a block, 256 KB)
    /// wrote memory long before its objects were made there, out of the
    /// caches by then; PyPy clears its nursery ahead of allocation the same
    /// way (`nursery_cleanup`).
    unsafe fn clear_more(&mut self, c: usize) {
        let size = CLASS_SIZES[c];
        let cs = &mut self.classes[c];
        let slots = (ZERO_CHUNK / size).max(1);
        let (from, to) = (cs.limit, cs.run_end.min(cs.limit + slots * size));
        ptr::write_bytes(from as *mut u8, 0, to - from);
        let block = &mut *cs.block;
        block.alloc_end = block.slot_index(to - size).expect("a run is in its block") as u32 + 1;
        cs.limit = to;
        let run = alloc_runs().add(c);
        if !self.cfg.slow_path_only() {
            (*run).limit = to;
        }
    }

    /// Installs a new free run for class `c`: the next run of free slots in
    /// the current block, else in the next block with free slots, else in an
    /// empty block. Collects first if the run would take the heap over the
    /// threshold, and with a major collection if a new block would take it
    /// over `RPY_GC_MAX`.
    unsafe fn refill(&mut self, c: usize) {
        self.retire_run(c);
        let size = CLASS_SIZES[c];
        let mut collected = None;
        loop {
            let cs = &mut self.classes[c];
            if !cs.block.is_null() {
                let b = cs.block;
                let block = &mut *b;
                if let Some((first, end)) = block.next_free_run(cs.cursor) {
                    let bytes = (end - first) * size;
                    if collected.is_none() && self.over_threshold(bytes) {
                        collected = Some(self.collect_auto());
                        continue;
                    }
                    let start = block.slot_addr(first);
                    if !block.young {
                        block.young = true;
                        self.young_blocks.push(b);
                    }
                    // The slots handed out are the run's cleared part: all
                    // of it in a block known to be zero, else chunk by chunk
                    // (`clear_more`), from none.
                    let zeroed = block.zeroed;
                    block.alloc_end = if zeroed { end } else { first } as u32;
                    let cs = &mut self.classes[c];
                    cs.cursor = end;
                    cs.run_start = start;
                    cs.limit = if zeroed { start + bytes } else { start };
                    cs.run_end = start + bytes;
                    self.runs_room += bytes;
                    let run = alloc_runs().add(c);
                    (*run).free = start;
                    (*run).limit = if self.cfg.slow_path_only() { start } else { cs.limit };
                    self.runs += 1;
                    if !zeroed {
                        self.clear_more(c);
                    }
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
            if grows && collected != Some(Kind::Major) {
                self.collect_now(Kind::Major);
                collected = Some(Kind::Major);
                continue;
            }
            if collected.is_none() && self.over_threshold(BLOCK_SIZE) {
                collected = Some(self.collect_auto());
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
                    self.blocks_mapped += 1;
                    Block::init(b, c, true);
                    b
                }
            };
            self.blocks.push(b);
            self.block_set.insert(b as usize);
            self.cycle_peak_blocks = self.cycle_peak_blocks.max(self.blocks.len());
            // Young from now on even if a collection comes before its first
            // run: a minor collection must see it to release it if empty.
            (*b).young = true;
            self.young_blocks.push(b);
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
        let mut collected = None;
        if self.over_threshold(size) {
            collected = Some(self.collect_auto());
        }
        if self.over_max(total) && collected != Some(Kind::Major) {
            self.collect_now(Kind::Major);
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
        self.young_large.push(obj);
        self.large_bytes += total;
        self.allocated_total += size as u64;
        self.heap_lo = self.heap_lo.min(obj);
        self.heap_hi = self.heap_hi.max(obj + size);
        self.note_heap_size();
        obj
    }

    fn over_threshold(&self, bytes: usize) -> bool {
        // (First with the current runs counted whole, a bound that takes no
        // walk over the classes: a fragmented heap hands out a run every
        // few allocations, and asks each time.)
        debug_assert!(self.allocated_total + self.runs_room as u64 >= self.allocated_total_now());
        let bound = (self.allocated_total + self.runs_room as u64 - self.allocated_at_collection) as usize;
        let under = self.old_bytes() + bound + self.external_since + bytes <= self.threshold;
        !under && self.old_bytes() + self.allocated_since() + bytes > self.threshold
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
}
