//! The garbage collector as a translated program sees it, as RPython's
//! `rpython.rlib.rgc`. Untranslated the program's objects are Rust's, freed
//! by Rust, and there is no GC heap: `collect()` does nothing and
//! `heap_size()` is 0. Translated code calls the collector instead
//! (`rpy_gc_collect`, `rpy_gc_heap_size` in `gc`).

/// A full collection now (RPython's `rgc.collect()`).
pub fn collect() {}

/// The bytes of the objects in the GC heap: those that survived the last
/// collection and those allocated since (some may be dead already), as
/// Lua's `collectgarbage("count")` counts. 0 untranslated.
pub fn heap_size() -> usize {
    0
}
