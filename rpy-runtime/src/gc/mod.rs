//! The garbage collector of translated programs.
//!
//! Precise heap tracing from per-type layout tables ([`TypeInfo`]); roots
//! found by scanning the native stack and the callee-saved registers
//! conservatively (a word that points anywhere inside an allocated object
//! keeps it alive); non-moving mark-sweep over size-class blocks, with bump
//! allocation inside runs of free slots; generational with sticky mark bits
//! and a write barrier. Translated code needs no shadow stack and no stack
//! maps: AOT and JIT code keep GC pointers wherever they like, and
//! everything they can reach from their frames stays alive.
//!
//! # Objects
//!
//! An object is 8-byte aligned and starts with a one-word header holding the
//! address of its type's static [`TypeInfo`], whose low three bits are
//! flags ([`HDR_FLAGS`]) and whose top two bytes are the program's (an
//! enum's variant: [`HDR_TYPEINFO`] masks them out; allocation writes them
//! zero). Mark bits live outside objects, so the header is
//! the only per-object overhead. Objects are zeroed on allocation. A field
//! holding a GC pointer holds null, the address of the start of an object
//! (interior pointers are allowed only on the stack, in registers and in
//! root slots) or a tagged word: an integer with bit 0 set
//! ([`TAGGED_WORD`]), which is no object. Prebuilt objects emitted as static data set bit 0 of their
//! header ([`HDR_PREBUILT`]) and are never freed. Bit 1 ([`HDR_TRACK`]) is
//! the write barrier's flag (below); generated code never sets it.
//!
//! # C ABI (called by symbol from generated code)
//!
//! | function | |
//! |---|---|
//! | `rpy_gc_malloc(ti) -> obj` | a zeroed object of fixed-size type `ti`, header set |
//! | `rpy_gc_malloc_varsize(ti, length) -> obj` | a zeroed varsize object, header and length set |
//! | `rpy_gc_write_barrier(obj)` | before storing a GC pointer into `obj` when its header has [`HDR_TRACK`] |
//! | `rpy_gc_collect()` | a full (major) collection now |
//! | `rpy_gc_heap_size() -> bytes` | bytes in objects: the survivors of the last collection and what was allocated since |
//! | `rpy_gc_enter(stack_base)` / `rpy_gc_leave()` | take / release the GIL around a translated entry point |
//! | `rpy_gc_add_root(slot)` / `rpy_gc_remove_root(slot)` | a word outside the stack that holds a GC pointer |
//! | `rpy_gc_add_prebuilt(obj)` | a prebuilt object whose GC pointers are roots |
//! | `rpy_gc_stats() -> GcStats` | statistics |
//! | `rpy_gc_jit_frames` (a word) | the innermost frame on the stack registered as scanned in part ([`frames`]) |
//!
//! All but `rpy_gc_enter` and `rpy_gc_stats` require the calling thread to be inside
//! `rpy_gc_enter`; otherwise they print an error and abort. Out of memory
//! prints Rust's `memory allocation of N bytes failed` and a line about the
//! heap to stderr, and aborts (SIGABRT).
//!
//! # Entering, the GIL and the stack base
//!
//! The safe wrapper around a translated entry point calls
//! `rpy_gc_enter(&local)` with the address of a local of its own frame, and
//! `rpy_gc_leave()` before returning. `enter` takes a global lock, reentrant
//! for nested enters of the same thread (translated code calling Rust calling
//! translated code); only the outermost enter records the stack base. A
//! collection scans the stack of the thread holding the lock from its stack
//! pointer up to that base, after storing the callee-saved registers on it.
//! So every GC pointer must live below the base: the wrapper must create GC
//! objects (such as converted arguments) only in functions it calls after
//! `enter`, not in its own frame. [`with_gc`] does exactly that for Rust
//! callers. Outside enter/leave a thread must not hold GC pointers anywhere
//! but in registered root slots: another thread may collect meanwhile. GC
//! pointers stored in memory the GC does not know (a `Vec`, a `Box`, a
//! static) are invisible to it unless registered with `rpy_gc_add_root`.
//!
//! # Allocation fast path
//!
//! [`rpy_gc_alloc_state`] is a global `#[repr(C)]` array of
//! [`NUM_SIZE_CLASSES`] runs, one per size class, each two words
//! `{ free, limit }` (run `c` at byte offset `16 * c`). `[free, limit)` is the
//! current free run of the class: consecutive free slots, all bytes zero.
//! For a fixed-size type `T` of `S = round_up_8(T.fixed_size) <= SMALL_MAX`
//! bytes, generated code computes `c = size_class(S)` and `C = class_size(c)`
//! at translation time and allocates with
//!
//! ```text
//! p = rpy_gc_alloc_state[c].free
//! if p + C <= rpy_gc_alloc_state[c].limit {     // unsigned compare
//!     rpy_gc_alloc_state[c].free = p + C
//!     *(p as *mut usize) = &T                   // the rest is already zero
//! } else {
//!     p = rpy_gc_malloc(&T)
//! }
//! ```
//!
//! It must bump by the slot size `C`, not by `S`: the GC finds objects by slot
//! index. A varsize object whose length `n` is known at translation time may
//! use the same path with `S = T.size_for_length(n)`, also storing `n` in the
//! length field; any other varsize allocation calls `rpy_gc_malloc_varsize`.
//! Runs are zeroed when they are handed out (not at sweep), so memory is
//! cleared just before it is used. Nothing may run between the bump and the
//! header store that could collect (there is no call in between). When
//! `RPY_GC_COLLECT_EVERY` is set, every `limit` is kept equal to `free`, so
//! every allocation takes the slow path and can be counted.
//!
//! The size classes are in [`sizeclass`]; the knobs (`RPY_GC_*`) in
//! [`mod@config`].
//!
//! # Write barrier
//!
//! Before storing a GC pointer into a field or an item of a GC object `obj`
//! (a heap object or a prebuilt one), generated code must run
//!
//! ```text
//! if *(obj as *const usize) & HDR_TRACK != 0 {   // rarely true
//!     rpy_gc_write_barrier(obj)
//! }
//! ```
//!
//! `obj` is the start of the object, as in its fields. The bit is set only on
//! old objects (survivors of a collection, registered prebuilt objects) that
//! are not remembered yet; `rpy_gc_write_barrier` clears it and adds the
//! object to the remembered set, which the next minor collection traces. It
//! neither allocates nor collects and never unwinds. One check may cover
//! several stores into `obj`, but no collection may come between the check
//! and the stores (none can without a call). Stores of non-pointers or of a constant null or
//! prebuilt object (which can't make an old object point to a young one:
//! [`never_young`]), stores into objects
//! allocated with no call since, and the initialization done by the
//! allocation itself need no barrier ([`write_barrier`] is the Rust-side
//! equivalent).
//!
//! # Collections
//!
//! A collection retires the current runs, marks from the roots with an
//! explicit mark stack, tracing objects precisely with their TypeInfo, then
//! sweeps: blocks with no live object are kept as spares or returned to the
//! system, dead objects in the others get their header zeroed, and dead
//! large objects are freed. Allocation then hands out runs of unmarked slots.
//!
//! Collections are *minor* or *major* (`collect.rs`). Marking is sticky: a
//! marked object is old, and a minor collection neither clears marks nor
//! traces old objects. It marks from the stack words, the root slots and the
//! remembered set only what was allocated since the last collection, and
//! sweeps only the blocks runs were handed out in since then (and the large
//! objects allocated since). A major collection clears the marks first and
//! marks from the stack, the root slots and the registered prebuilt objects.
//!
//! Policy: with `L` the live bytes after the last collection (the old
//! generation) and `M` those after the last major one, the next collection
//! happens when the bytes allocated since this one (the objects of the runs
//! handed out, counted when a run is refilled, and large objects; plus the
//! memory pressure added) and the next run would take the heap (`L` plus
//! those) over `max(RPY_GC_MIN, min(L + max(min(RPY_GC_NURSERY_SHARE * M,
//! RPY_GC_NURSERY), 2 blocks), G))`, with `G = max(RPY_GC_MIN,
//! RPY_GC_MAJOR_COLLECT * M, L + 2 blocks)`. It is major when the threshold
//! was `G` or `L > max(RPY_GC_MIN, RPY_GC_MAJOR_COLLECT * M)`, or when a
//! new block or large object would exceed `RPY_GC_MAX`; otherwise minor.
//! `rpy_gc_collect` is always major. Empty blocks are kept as spares up to
//! what the threshold allows to allocate or, if more, up to the most blocks
//! in use in either of the last two cycles between major collections; the
//! rest are returned to the system.
//!
//! Marking prefetches: a field's target is marked a few fields later
//! (`collect::PENDING`), and an object popped from the mark stack is
//! traced a few pops later, their cache lines fetched meanwhile.

mod block;
mod collect;
pub mod config;
pub mod frames;
mod heap;
mod roots;
pub mod sizeclass;
mod typeinfo;

pub use collect::Marking;

use std::cell::UnsafeCell;
use std::hint::black_box;
use std::io::Write;

pub use config::Config;
pub use sizeclass::{class_size, size_class, BLOCK_SIZE, CLASS_SIZES, LARGE_CLASS, NUM_SIZE_CLASSES, SMALL_MAX};
pub use typeinfo::{type_info_of, TypeInfo, HDR_FLAGS, HDR_PREBUILT, HDR_TRACK, HDR_TYPEINFO, TAGGED_WORD, TI_VARSIZE};

use heap::{Heap, Kind};

/// The current free run of one size class (see the module docs).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Run {
    /// Address of the next free slot.
    pub free: usize,
    /// End of the run: `free + class_size(c) <= limit` says a slot is free.
    pub limit: usize,
}

/// The allocation state generated code bumps inline:
/// `runs[c]` is at byte offset `16 * c`.
#[repr(C)]
pub struct AllocState {
    pub runs: [Run; NUM_SIZE_CLASSES],
}

/// [`AllocState`] in a cell, so it can be a mutable global with the same
/// layout.
#[repr(transparent)]
pub struct AllocStateCell(UnsafeCell<AllocState>);

// Only the thread holding the GIL touches it.
unsafe impl Sync for AllocStateCell {}

impl AllocStateCell {
    /// The state itself (for code emulating generated code).
    pub fn get(&self) -> *mut AllocState {
        self.0.get()
    }
}

/// The fast-path state, by symbol: `rpy_gc_alloc_state`.
#[no_mangle]
#[allow(non_upper_case_globals)]
pub static rpy_gc_alloc_state: AllocStateCell =
    AllocStateCell(UnsafeCell::new(AllocState { runs: [Run { free: 0, limit: 0 }; NUM_SIZE_CLASSES] }));

/// The address of size class `class`'s run, which the JIT's compiled code
/// bumps inline.
pub fn alloc_run(class: usize) -> *mut Run {
    assert!(class < NUM_SIZE_CLASSES);
    // SAFETY: in bounds of the array.
    unsafe { alloc_runs().add(class) }
}

#[inline]
fn alloc_runs() -> *mut Run {
    // SAFETY: only computes the address of the array.
    unsafe { (&raw mut (*rpy_gc_alloc_state.get()).runs) as *mut Run }
}

/// Statistics of one kind of collection.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CollectionStats {
    /// Number of collections so far.
    pub count: u64,
    /// Time spent in them, in nanoseconds.
    pub time_ns: u64,
    /// The longest one, in nanoseconds.
    pub max_pause_ns: u64,
}

/// GC statistics, as returned by `rpy_gc_stats()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GcStats {
    /// Number of collections so far, minor and major.
    pub collections: u64,
    pub minor: CollectionStats,
    pub major: CollectionStats,
    /// Calls to `rpy_gc_write_barrier` (objects remembered), not counting
    /// the registration of prebuilt objects.
    pub write_barrier_calls: u64,
    /// Bytes of objects (slot sizes) that survived the last collection: the
    /// old generation. After a minor collection this includes the old
    /// objects that died since the last major one.
    pub live_bytes: u64,
    /// Number of objects that survived the last collection (as `live_bytes`).
    pub live_objects: u64,
    /// Memory held from the system now: blocks (spare ones included) and
    /// large objects.
    pub heap_bytes: u64,
    /// The most `heap_bytes` has been (since the start or [`reset_peak_heap`]).
    pub peak_heap_bytes: u64,
    /// Bytes allocated since the start (slot sizes for small objects).
    pub total_allocated_bytes: u64,
    /// Runs of free slots handed to the allocation fast path: each is a
    /// call of the slow path (short runs, between survivors, cost calls).
    pub runs: u64,
    /// Blocks taken from the system since the start (each costs page faults
    /// and the kernel's zeroing; spare blocks are reused instead).
    pub blocks_mapped: u64,
}

struct HeapCell(UnsafeCell<Option<Heap>>);

// Only the thread holding the GIL touches it.
unsafe impl Sync for HeapCell {}

static HEAP: HeapCell = HeapCell(UnsafeCell::new(None));

/// Prints `rpy gc: <msg>` and aborts: for errors in the use of the GC, which
/// can't be recovered from.
pub(crate) fn fatal(msg: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "rpy gc: fatal error: {msg}");
    std::process::abort()
}

/// The heap, for a caller that must hold the GIL.
#[inline]
fn heap(caller: &str) -> &'static mut Heap {
    if !roots::holds_gil() {
        fatal(&format!("{caller} called by a thread that is not inside rpy_gc_enter"));
    }
    // SAFETY: the GIL is held, and `rpy_gc_enter` initialized the heap.
    unsafe { (*HEAP.0.get()).as_mut().unwrap_unchecked() }
}

extern "C" {
    // From the C library every Rust program on our targets links with.
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

extern "C" fn print_stats_at_exit() {
    if !roots::try_enter() {
        eprintln!("rpy gc: statistics unavailable: another thread is inside rpy_gc_enter");
        return;
    }
    let h = heap("print_stats_at_exit");
    let s = h.stats();
    let by_type = h.allocations_by_type();
    roots::leave();
    let ms = |ns: u64| ns as f64 / 1e6;
    let mut err = std::io::stderr().lock();
    for (kind, k) in [("minor", s.minor), ("major", s.major)] {
        let _ = writeln!(
            err,
            "rpy gc: {} {kind} collections, {:.3} ms in total, longest {:.3} ms",
            k.count,
            ms(k.time_ns),
            ms(k.max_pause_ns)
        );
    }
    let _ = writeln!(err, "rpy gc: {} objects remembered by the write barrier", s.write_barrier_calls);
    let _ =
        writeln!(err, "rpy gc: live after the last collection: {} bytes in {} objects", s.live_bytes, s.live_objects);
    let _ = writeln!(err, "rpy gc: heap: {} bytes now, {} bytes at peak", s.heap_bytes, s.peak_heap_bytes);
    let _ = writeln!(err, "rpy gc: total allocated: {} bytes", s.total_allocated_bytes);
    let _ = writeln!(
        err,
        "rpy gc: {} runs of free slots handed out, {} bytes each on average",
        s.runs,
        s.total_allocated_bytes / s.runs.max(1)
    );
    if !by_type.is_empty() {
        let _ = writeln!(err, "rpy gc: allocated by type (bytes, objects):");
        for (name, n, bytes) in by_type.iter().take(TYPES_SHOWN) {
            let _ = writeln!(err, "rpy gc: {bytes:>14} {n:>12}  {name}");
        }
    }
}

/// How many types `RPY_GC_STATS=2` lists.
const TYPES_SHOWN: usize = 20;

/// Takes the GIL for the calling thread (reentrantly). The outermost call
/// records `stack_base`, the address of a local in the caller's frame, as the
/// upper end of the stack range scanned for roots; it also initializes the GC
/// on first use, reading the `RPY_GC_*` environment variables.
///
/// # Safety
/// `stack_base` must be the address of a local in a frame that stays active
/// until the matching `rpy_gc_leave`.
#[no_mangle]
pub unsafe extern "C" fn rpy_gc_enter(stack_base: *const u8) {
    if !roots::enter() {
        return;
    }
    let slot = &mut *HEAP.0.get();
    if slot.is_none() {
        let cfg = Config::from_env();
        *slot = Some(Heap::new(cfg));
        if cfg.print_stats {
            atexit(print_stats_at_exit);
        }
    }
    slot.as_mut().unwrap_unchecked().stack_base = stack_base as usize;
}

/// Undoes one `rpy_gc_enter`; the outermost releases the GIL.
#[no_mangle]
pub extern "C" fn rpy_gc_leave() {
    match roots::depth() {
        0 => fatal("rpy_gc_leave without rpy_gc_enter"),
        // Forget the base before another thread can enter, for the sanity
        // check in `collect`.
        1 => heap("rpy_gc_leave").stack_base = 0,
        _ => {}
    }
    roots::leave();
}

/// Allocates a zeroed object of the fixed-size type `ti`, with its header
/// set (the slow path of the inline allocation).
///
/// # Safety
/// Inside `rpy_gc_enter`; `ti` points to a valid, static TypeInfo.
#[no_mangle]
pub unsafe extern "C" fn rpy_gc_malloc(ti: *const TypeInfo) -> *mut u8 {
    heap("rpy_gc_malloc").malloc(&*ti, 0)
}

/// Allocates a zeroed object of the varsize type `ti` with `length` items,
/// with its header and length field set.
///
/// # Safety
/// Inside `rpy_gc_enter`; `ti` points to a valid, static TypeInfo.
#[no_mangle]
pub unsafe extern "C" fn rpy_gc_malloc_varsize(ti: *const TypeInfo, length: usize) -> *mut u8 {
    heap("rpy_gc_malloc_varsize").malloc(&*ti, length)
}

/// A full (major) collection now.
#[no_mangle]
pub extern "C" fn rpy_gc_collect() {
    heap("rpy_gc_collect").collect_now(Kind::Major);
}

/// Bytes in objects now: those that survived the last collection and those
/// allocated since (`rpython::rgc::heap_size()` translated).
#[no_mangle]
pub extern "C" fn rpy_gc_heap_size() -> usize {
    heap("rpy_gc_heap_size").in_use_bytes()
}

/// The slow path of the write barrier (see the module docs): `obj`, whose
/// header has `HDR_TRACK`, is about to get a GC pointer stored into it.
///
/// # Safety
/// Inside `rpy_gc_enter`; `obj` is the start of a GC object whose header has
/// `HDR_TRACK`.
#[no_mangle]
pub unsafe extern "C" fn rpy_gc_write_barrier(obj: *mut u8) {
    heap("rpy_gc_write_barrier").remember(obj as usize);
}

/// Registers `slot`, a word outside the stack (a runtime static, say), as a
/// root: whatever object it points into at a collection stays alive.
///
/// # Safety
/// Inside `rpy_gc_enter`; `slot` stays valid until removed.
#[no_mangle]
pub unsafe extern "C" fn rpy_gc_add_root(slot: *mut *mut u8) {
    heap("rpy_gc_add_root").add_root(slot);
}

/// Unregisters a slot given to `rpy_gc_add_root` (once per registration).
///
/// # Safety
/// Inside `rpy_gc_enter`.
#[no_mangle]
pub unsafe extern "C" fn rpy_gc_remove_root(slot: *mut *mut u8) {
    heap("rpy_gc_remove_root").remove_root(slot);
}

/// Registers a prebuilt object (header bit 0 set, static data) whose GC
/// pointer fields may point into the heap: it is traced as a root at every
/// major collection, whatever its fields hold then. It counts as old: stores
/// into it must pass the write barrier, and a minor collection traces it only
/// if it was written to. The GC writes its header, so it must be writable.
///
/// # Safety
/// Inside `rpy_gc_enter`; `obj` is a prebuilt object that lives forever.
#[no_mangle]
pub unsafe extern "C" fn rpy_gc_add_prebuilt(obj: *mut u8) {
    if *(obj as *const usize) & HDR_PREBUILT == 0 {
        fatal("rpy_gc_add_prebuilt: the object's header does not have the prebuilt bit set");
    }
    heap("rpy_gc_add_prebuilt").add_prebuilt(obj);
}

/// The GC's statistics (zeros before its first use). May be called outside
/// `rpy_gc_enter`; it then waits for the GIL.
#[no_mangle]
pub extern "C" fn rpy_gc_stats() -> GcStats {
    let base = 0u8;
    // SAFETY: no GC pointer is involved; the base is only used by a
    // collection, which can't happen here.
    unsafe { rpy_gc_enter(&base) };
    let s = heap("rpy_gc_stats").stats();
    rpy_gc_leave();
    s
}

// ---- Rust API ---------------------------------------------------------------

/// Runs `f` inside `rpy_gc_enter`/`rpy_gc_leave`, as the wrapper around a
/// translated entry point does: the stack base is a local of this frame and
/// `f` runs in a frame below it, so everything `f` allocates is found. GC
/// pointers must not outlive the call (return plain data). Reentrant; the
/// GIL is released even if `f` panics.
#[inline(never)]
pub fn with_gc<R>(f: impl FnOnce() -> R) -> R {
    struct Leave;
    impl Drop for Leave {
        fn drop(&mut self) {
            rpy_gc_leave();
        }
    }
    let base = 0u8;
    // SAFETY: `base` lives in this frame until `rpy_gc_leave` (in `Leave`).
    unsafe { rpy_gc_enter(black_box(&base)) };
    let _leave = Leave;
    call_below(f)
}

/// Runs `f` holding the GIL (reentrantly) without entering the GC: for
/// work that must not overlap running translated or compiled code, such as
/// making a page of compiled code writable. `f` must not allocate.
pub fn holding_gil<R>(f: impl FnOnce() -> R) -> R {
    struct Leave;
    impl Drop for Leave {
        fn drop(&mut self) {
            roots::leave();
        }
    }
    roots::enter();
    let _leave = Leave;
    f()
}

#[inline(never)]
fn call_below<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// A full (major) collection (inside [`with_gc`]).
pub fn collect() {
    rpy_gc_collect();
}

/// A minor collection (inside [`with_gc`]): frees only unreachable objects
/// allocated since the last collection.
pub fn collect_minor() {
    heap("collect_minor").collect_now(Kind::Minor);
}

/// Has every collection call `hook` once the roots' objects are marked,
/// for an owner of references the collector cannot see (the JIT's memory
/// manager: compiled code refers to objects, and keeps them while it can
/// run): it marks what it keeps, asks what is alive, and releases memory
/// whose objects died (inside [`with_gc`]). There is one hook; setting it
/// again replaces it.
pub fn set_marking_hook(hook: fn(&mut Marking)) {
    heap("set_marking_hook").marking_hook = Some(hook);
}

/// `bytes` of memory outside the heap that objects keep alive (RPython's
/// `rgc.add_memory_pressure`; the JIT's compiled code): counted with the
/// objects by the collection policy, so the memory is bounded as the heap
/// is, until the hook's [`Marking::release`] gives it back (inside
/// [`with_gc`]).
pub fn add_memory_pressure(bytes: usize) {
    heap("add_memory_pressure").add_memory_pressure(bytes);
}

/// The GC's statistics.
pub fn stats() -> GcStats {
    rpy_gc_stats()
}

/// Starts measuring `peak_heap_bytes` again from the current heap size
/// (inside [`with_gc`]).
pub fn reset_peak_heap() {
    heap("reset_peak_heap").reset_peak();
}

/// The current configuration (inside [`with_gc`]).
pub fn config() -> Config {
    heap("config").cfg
}

/// Replaces the configuration read from the environment, returning the
/// previous one (inside [`with_gc`]). Tests use it to collect often, since
/// the environment is read only once per process.
pub fn set_config(cfg: Config) -> Config {
    let heap = heap("set_config");
    let old = heap.cfg;
    heap.set_config(cfg);
    old
}

/// Allocates an object of the fixed-size type `ti` exactly as generated code
/// does: bump allocation in the class's run, `rpy_gc_malloc` when it is
/// exhausted.
///
/// # Safety
/// Inside [`with_gc`]; `ti` is a valid fixed-size TypeInfo.
#[inline(always)]
pub unsafe fn malloc_inline(ti: &'static TypeInfo) -> *mut u8 {
    let class = size_class((ti.fixed_size + 7) & !7);
    if class < NUM_SIZE_CLASSES {
        let run = alloc_runs().add(class);
        let p = (*run).free;
        let size = CLASS_SIZES[class];
        if p + size <= (*run).limit {
            (*run).free = p + size;
            *(p as *mut usize) = ti as *const TypeInfo as usize;
            return p as *mut u8;
        }
    }
    rpy_gc_malloc(ti)
}

/// The write barrier exactly as generated code runs it before storing a GC
/// pointer into a field or item of `obj`: a test of the header, and
/// `rpy_gc_write_barrier` when the object is old and not remembered yet.
///
/// # Safety
/// Inside [`with_gc`]; `obj` is the start of a GC object.
#[inline(always)]
pub unsafe fn write_barrier(obj: *mut u8) {
    if *(obj as *const usize) & HDR_TRACK != 0 {
        rpy_gc_write_barrier(obj);
    }
}

/// Whether a store of the GC pointer `value` can do without the write
/// barrier, whatever object it goes into: null, a tagged word (no object),
/// or a prebuilt object, which is never young nor freed. (A JIT backend
/// asks of a trace's constants: Lua's traces store its prebuilt nil into
/// registers at every return.)
///
/// # Safety
/// `value` is null, a tagged word or the start of a live GC object (heap
/// or prebuilt).
pub unsafe fn never_young(value: usize) -> bool {
    value == 0 || value & TAGGED_WORD != 0 || *(value as *const usize) & HDR_PREBUILT != 0
}

/// Stores the GC pointer `value` into the field at `offset` of the object
/// `obj`: how the runtime itself writes pointers into GC objects, through
/// the write barrier as generated code does.
///
/// # Safety
/// Inside [`with_gc`]; `obj` is a live object with a pointer field at
/// `offset`; `value` is null or a live object.
pub unsafe fn write_pointer(obj: *mut u8, offset: usize, value: *mut u8) {
    write_barrier(obj);
    *(obj.add(offset) as *mut *mut u8) = value;
}
