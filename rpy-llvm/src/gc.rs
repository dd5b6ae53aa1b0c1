//! What generated code must know of rpy-runtime's garbage collector: the
//! `TypeInfo` it emits per GC type, the symbols it calls, the size classes
//! of the inline allocation fast path, and the header bit the inline write
//! barrier tests (`rpython::gc`'s module docs define the contract).
//!
//! rpy-llvm runs inside the proc macro and cannot depend on the runtime
//! (the runtime depends on the macro), so the size-class rule is mirrored
//! here, in this one place; `rpy-llvm/heaptests` checks that it
//! agrees with `rpython::gc::size_class` for every object size, that the
//! `TypeInfo`s emitted for its programs are what the runtime expects
//! (`TypeInfo::validate`, which debug builds of the runtime also run on
//! every type reaching its allocation slow path), and that the header bits
//! and symbols here are the runtime's.

use rpy_core::entity::Arena;
use rpy_core::lltype::layout::layout;
use rpy_core::lltype::{Container, ContainerId};

/// `rpy_gc_malloc(ti: *const TypeInfo) -> *mut u8`: a zeroed object of a
/// fixed-size type, header set (the slow path of the inline allocation).
pub const MALLOC: &str = "rpy_gc_malloc";
/// `rpy_gc_malloc_varsize(ti: *const TypeInfo, length: usize) -> *mut u8`:
/// a zeroed object of a variable-sized type, header and length set.
pub const MALLOC_VARSIZE: &str = "rpy_gc_malloc_varsize";
/// The allocation state: `NUM_SIZE_CLASSES` runs `{ free, limit }` of two
/// words each, run `c` at byte offset `16 * c`.
pub const ALLOC_STATE: &str = "rpy_gc_alloc_state";
/// `rpy_gc_write_barrier(obj: *mut u8)`: called before a GC pointer is
/// stored into `obj` when its header has [`HDR_TRACK`] (an old object not
/// remembered yet). Clears the bit; never collects, never unwinds, touches
/// only `obj`'s header and memory private to the GC.
pub const WRITE_BARRIER: &str = "rpy_gc_write_barrier";

/// The header bit of an object the write barrier must be called for (the
/// header word is the TypeInfo's address, 8-aligned, with flags in its low
/// bits).
pub const HDR_TRACK: u64 = 2;

/// Number of size classes.
pub const NUM_SIZE_CLASSES: usize = 64;
/// The largest object allocated in a size class (and so inline).
pub const SMALL_MAX: u64 = 8192;
/// The largest variable-sized object of a length known only at run time
/// allocated inline (its class from a table by eighths of its size).
pub const INLINE_VARSIZE_MAX: u64 = 1024;

/// `TypeInfo::flags` of a type whose objects end in a variable number of
/// items.
pub const TI_VARSIZE: u64 = 1;

/// The size class of an object of `size <= SMALL_MAX` bytes: classes of 8
/// bytes up to 128, then eight classes per power of two.
pub fn size_class(size: u64) -> usize {
    assert!(size <= SMALL_MAX, "no size class for {size} bytes");
    if size <= 128 {
        return (size.max(1).div_ceil(8) - 1) as usize;
    }
    let k = 63 - (size - 1).leading_zeros() as u64;
    (16 + (k - 7) * 8 + (((size - 1) - (1 << k)) >> (k - 3))) as usize
}

/// The slot size of `class`: what the fast path bumps the free pointer by.
pub fn class_size(class: usize) -> u64 {
    assert!(class < NUM_SIZE_CLASSES, "no size class {class}");
    let class = class as u64;
    if class < 16 {
        (class + 1) * 8
    } else {
        let k = (class - 16) / 8 + 7;
        (1 << k) + ((class - 16) % 8 + 1) * (1 << (k - 3))
    }
}

/// The contents of one `TypeInfo`: eleven 8-byte words, in this order, with
/// the two offset tables (`u32`s) and the name as separate static data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeInfo {
    pub fixed_size: u64,
    pub flags: u64,
    pub length_offset: u64,
    pub items_offset: u64,
    pub item_size: u64,
    pub ptr_offsets: Vec<u32>,
    pub item_ptr_offsets: Vec<u32>,
    pub name: String,
}

impl TypeInfo {
    /// The `TypeInfo` of container `id`, from its `layout`.
    pub fn of(containers: &Arena<ContainerId, Container>, id: ContainerId) -> TypeInfo {
        let l = layout(containers, id);
        let offsets = |v: &[u64]| v.iter().map(|&o| u32::try_from(o).expect("object larger than 4 GiB")).collect();
        let mut ti = TypeInfo {
            fixed_size: l.size,
            flags: 0,
            length_offset: 0,
            items_offset: 0,
            item_size: 0,
            ptr_offsets: offsets(&l.gc_ptrs),
            item_ptr_offsets: vec![],
            name: containers[id].name(),
        };
        if let Some(v) = &l.varsize {
            ti.flags = TI_VARSIZE;
            ti.length_offset = v.length_offset;
            ti.items_offset = v.items_offset;
            ti.item_size = v.item_size;
            ti.item_ptr_offsets = offsets(&v.item_gc_ptrs);
        }
        ti
    }

    /// The size of an object with `length` items (ignored for a fixed-size
    /// type), as the GC computes it: rounded up to 8 bytes.
    pub fn size_for_length(&self, length: u64) -> Option<u64> {
        let mut size = self.fixed_size;
        if self.flags & TI_VARSIZE != 0 {
            size = size.max(length.checked_mul(self.item_size)?.checked_add(self.items_offset)?);
        }
        Some(size.checked_add(7)? & !7)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_classes_are_tight() {
        for size in (8..=SMALL_MAX).step_by(8) {
            let c = size_class(size);
            assert!(class_size(c) >= size);
            assert!(c == 0 || class_size(c - 1) < size, "{size}");
        }
        assert_eq!((size_class(8), size_class(128), size_class(136), size_class(SMALL_MAX)), (0, 15, 16, 63));
        assert_eq!((class_size(16), class_size(24), class_size(63)), (144, 288, 8192));
    }
}
