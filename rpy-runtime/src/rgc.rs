//! The garbage collector as a translated program sees it, as RPython's
//! `rpython.rlib.rgc`. Untranslated the program's objects are Rust's, freed
//! by Rust, and there is no GC heap: `collect()` does nothing and
//! `heap_size()` is 0. Translated code calls the collector instead
//! (`rpy_gc_collect`, `rpy_gc_heap_size` in `gc`); `compute_unique_id` is
//! the operation `gc_id`.

use std::rc::Rc;

/// A full collection now (RPython's `rgc.collect()`).
pub fn collect() {}

/// The bytes of the objects in the GC heap: those that survived the last
/// collection and those allocated since (some may be dead already), as
/// Lua's `collectgarbage("count")` counts. 0 untranslated.
pub fn heap_size() -> usize {
    0
}

/// A number that identifies the object `x` refers to while it lives
/// (RPython's `objectmodel.compute_unique_id`): clones of one `Rc` have
/// the same, two objects alive at once different ones; a dead object's may
/// be reused. Its address, untranslated and translated (the GC does not
/// move objects). An `Rc` of a value (`Rc<i64>`) or of an enum has none in
/// a translated program, which refuses it: it is the value itself there.
pub fn compute_unique_id<T: ?Sized>(x: &Rc<T>) -> usize {
    Rc::as_ptr(x) as *const u8 as usize
}
