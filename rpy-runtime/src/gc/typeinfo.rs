//! `TypeInfo`: the per-type layout the GC traces objects with.
//!
//! Generated code emits one `TypeInfo` per GC type as static data and stores
//! its address in the header word of every object of that type, so the GC
//! needs no registration step and several translated modules can each bring
//! their own tables.

use std::fmt;

/// `TypeInfo::flags` bit: the object ends in an inline array whose length is
/// a `usize` at `length_offset` (a `GcArray`, or a `GcStruct` whose last field
/// is an `Array`, such as a string).
pub const TI_VARSIZE: usize = 1;

/// Header bit 0 of a *prebuilt* object: one that generated code emits as
/// static data instead of allocating it. The header is then
/// `(&TYPE_INFO as usize) | HDR_PREBUILT`, which is `&TYPE_INFO + 1` since a
/// TypeInfo is 8-aligned (a relocation with an addend, so a static
/// initializer can express it). The GC never marks or frees such an
/// object and does not trace it when it meets a pointer to it; the heap
/// pointers it holds are found only if it was registered with
/// `rpy_gc_add_prebuilt` (or its fields with `rpy_gc_add_root`).
pub const HDR_PREBUILT: usize = 1;

/// Header bit 1: the object is *old* (it survived a collection, or it is a
/// registered prebuilt object) and not in the remembered set. Before
/// generated code stores a GC pointer into a field or item of an object whose
/// header has this bit, it must call `rpy_gc_write_barrier(obj)`, which
/// clears the bit and remembers the object: a minor collection traces old
/// objects only if they are remembered. Young objects never have the bit, so
/// the common case costs a load and a test.
pub const HDR_TRACK: usize = 2;

/// The bit of a word that says it is a tagged word (an integer `x` as
/// `(x << 1) | 1`, which a translated program keeps where its enum's values
/// are pointers), not a pointer: objects are 8-byte aligned.
pub const TAGGED_WORD: usize = 1;

/// The header bits that are not part of the TypeInfo address (which is
/// 8-aligned). Bit 2 is reserved and always 0.
pub const HDR_FLAGS: usize = 7;

/// The header bits of the TypeInfo address. The top two bytes (bits 48 to
/// 63; addresses of static data are below 2^48 on both targets) hold the
/// variant of an enum's object: generated code writes and reads them as a
/// 16-bit field at offset 6 (`rpy_core::lltype::layout::TAG`); the GC only
/// keeps them.
pub const HDR_TYPEINFO: usize = 0x0000_FFFF_FFFF_FFF8;

/// The TypeInfo of the object whose header word is `header`.
///
/// # Safety
/// `header` is the header word of a live object or a prebuilt one.
pub unsafe fn type_info_of(header: usize) -> &'static TypeInfo {
    &*((header & HDR_TYPEINFO) as *const TypeInfo)
}

/// The layout of one GC type. This is an ABI: generated code emits it as
/// static data, eleven 8-byte words in this order, on both 64-bit targets.
///
/// Every object starts with a one-word header holding `&TypeInfo`, with the
/// flags [`HDR_PREBUILT`] and [`HDR_TRACK`] in its low bits. Objects are
/// 8-byte aligned and their size is a multiple of 8.
///
/// The size of an object is `round_up_8(fixed_size)` for a fixed-size type
/// and `round_up_8(max(fixed_size, items_offset + length * item_size))` for a
/// varsize one. The GC reads the length field whenever it needs the size, so
/// generated code must never change it after allocation.
#[repr(C)]
pub struct TypeInfo {
    /// Size in bytes of the fixed part, the 8-byte header included.
    pub fixed_size: usize,
    /// [`TI_VARSIZE`], or 0. Other bits are reserved and must be 0.
    pub flags: usize,
    /// Varsize only: byte offset of the `usize` length field (the number of
    /// items), inside the fixed part. 0 for fixed-size types.
    pub length_offset: usize,
    /// Varsize only: byte offset of item 0 from the start of the object.
    /// Usually `fixed_size`. 0 for fixed-size types.
    pub items_offset: usize,
    /// Varsize only: bytes from one item to the next (0 for `Void` items).
    pub item_size: usize,
    /// Byte offsets, from the start of the object, of the GC pointer fields
    /// of the fixed part (`ptr_count` `u32`s; may be null when the count is 0).
    /// Each field holds null, a pointer to the start of a GC object, or a
    /// pointer to a prebuilt object.
    pub ptr_offsets: *const u32,
    /// Number of entries in `ptr_offsets`.
    pub ptr_count: usize,
    /// Varsize only: byte offsets, from the start of each item, of the GC
    /// pointers inside one item (`item_ptr_count` `u32`s). An array of GC
    /// pointers has `[0]`; an array of structs lists each pointer field.
    pub item_ptr_offsets: *const u32,
    /// Number of entries in `item_ptr_offsets`.
    pub item_ptr_count: usize,
    /// The type's name, UTF-8 (`name_len` bytes, no terminator; may be null
    /// when the length is 0), for error messages and heap statistics.
    pub name: *const u8,
    /// Length of `name` in bytes.
    pub name_len: usize,
}

// TypeInfos are immutable static data; the raw pointers only point to other
// immutable static data.
unsafe impl Sync for TypeInfo {}
unsafe impl Send for TypeInfo {}

impl TypeInfo {
    /// A fixed-size type: `size` bytes including the header, with GC pointers
    /// at the byte offsets `ptrs`.
    pub const fn fixed(name: &'static str, size: usize, ptrs: &'static [u32]) -> TypeInfo {
        TypeInfo {
            fixed_size: size,
            flags: 0,
            length_offset: 0,
            items_offset: 0,
            item_size: 0,
            ptr_offsets: ptrs.as_ptr(),
            ptr_count: ptrs.len(),
            item_ptr_offsets: std::ptr::null(),
            item_ptr_count: 0,
            name: name.as_ptr(),
            name_len: name.len(),
        }
    }

    /// A varsize type: a fixed part of `fixed_size` bytes (header included)
    /// with GC pointers at `ptrs`, its length at `length_offset`, followed at
    /// `items_offset` by items of `item_size` bytes with GC pointers at
    /// `item_ptrs` inside each item.
    pub const fn varsize(
        name: &'static str,
        fixed_size: usize,
        ptrs: &'static [u32],
        length_offset: usize,
        items_offset: usize,
        item_size: usize,
        item_ptrs: &'static [u32],
    ) -> TypeInfo {
        TypeInfo {
            fixed_size,
            flags: TI_VARSIZE,
            length_offset,
            items_offset,
            item_size,
            ptr_offsets: ptrs.as_ptr(),
            ptr_count: ptrs.len(),
            item_ptr_offsets: item_ptrs.as_ptr(),
            item_ptr_count: item_ptrs.len(),
            name: name.as_ptr(),
            name_len: name.len(),
        }
    }

    #[inline]
    pub fn is_varsize(&self) -> bool {
        self.flags & TI_VARSIZE != 0
    }

    /// True if objects of this type can hold GC pointers (the marker skips
    /// tracing the others).
    #[inline]
    pub fn has_pointers(&self) -> bool {
        self.ptr_count != 0 || (self.is_varsize() && self.item_ptr_count != 0 && self.item_size != 0)
    }

    /// The object size in bytes for a fixed-size type (the `length` argument
    /// is ignored) or for a varsize type with `length` items; `None` if it
    /// overflows.
    #[inline]
    pub fn size_for_length(&self, length: usize) -> Option<usize> {
        let mut size = self.fixed_size;
        if self.is_varsize() {
            let end = length.checked_mul(self.item_size)?.checked_add(self.items_offset)?;
            size = size.max(end);
        }
        Some(size.checked_add(7)? & !7)
    }

    /// The size of `obj`, an object of this type (reads its length field).
    ///
    /// # Safety
    /// `obj` must point to an object of this type.
    #[inline]
    pub unsafe fn object_size(&self, obj: *const u8) -> usize {
        let mut size = self.fixed_size;
        if self.is_varsize() {
            let length = *(obj.add(self.length_offset) as *const usize);
            size = size.max(self.items_offset + length * self.item_size);
        }
        (size + 7) & !7
    }

    /// The offsets of the GC pointers of the fixed part.
    #[inline]
    pub fn ptr_offsets(&self) -> &[u32] {
        if self.ptr_count == 0 {
            &[]
        } else {
            // SAFETY: a TypeInfo's tables are static data of the stated length.
            unsafe { std::slice::from_raw_parts(self.ptr_offsets, self.ptr_count) }
        }
    }

    /// The offsets of the GC pointers inside one item.
    #[inline]
    pub fn item_ptr_offsets(&self) -> &[u32] {
        if self.item_ptr_count == 0 {
            &[]
        } else {
            // SAFETY: as for `ptr_offsets`.
            unsafe { std::slice::from_raw_parts(self.item_ptr_offsets, self.item_ptr_count) }
        }
    }

    /// The type's name (`"?"` if it is not valid UTF-8).
    pub fn name(&self) -> &str {
        if self.name_len == 0 {
            return "";
        }
        // SAFETY: the name is static data of the stated length.
        let bytes = unsafe { std::slice::from_raw_parts(self.name, self.name_len) };
        std::str::from_utf8(bytes).unwrap_or("?")
    }

    /// Checks the invariants the GC relies on, so that a wrong table emitted
    /// by a backend is reported instead of corrupting the heap. Debug builds
    /// check every type that reaches the allocation slow path.
    pub fn validate(&self) -> Result<(), String> {
        let fail = |what: String| Err(format!("invalid TypeInfo for `{}`: {what}", self.name()));
        if self.flags & !TI_VARSIZE != 0 {
            return fail(format!("unknown flags {:#x}", self.flags));
        }
        if self.fixed_size < 8 {
            return fail(format!("fixed_size {} does not include the 8-byte header", self.fixed_size));
        }
        for &off in self.ptr_offsets() {
            let off = off as usize;
            if off < 8 || !off.is_multiple_of(8) || off + 8 > self.fixed_size {
                return fail(format!("pointer offset {off} is not an aligned field of the fixed part"));
            }
        }
        if self.is_varsize() {
            let lo = self.length_offset;
            if lo < 8 || !lo.is_multiple_of(8) || lo + 8 > self.fixed_size {
                return fail(format!("length offset {lo} is not an aligned field of the fixed part"));
            }
            if self.items_offset < 8 {
                return fail(format!("items offset {} overlaps the header", self.items_offset));
            }
            for &off in self.item_ptr_offsets() {
                let off = off as usize;
                if off + 8 > self.item_size
                    || !(self.items_offset + off).is_multiple_of(8)
                    || !self.item_size.is_multiple_of(8)
                {
                    return fail(format!("item pointer offset {off} is not an aligned field of an item"));
                }
            }
        } else if self.item_ptr_count != 0 {
            return fail("item pointers in a fixed-size type".to_string());
        }
        Ok(())
    }
}

impl fmt::Debug for TypeInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("TypeInfo");
        d.field("name", &self.name()).field("fixed_size", &self.fixed_size).field("ptrs", &self.ptr_offsets());
        if self.is_varsize() {
            d.field("length_offset", &self.length_offset)
                .field("items_offset", &self.items_offset)
                .field("item_size", &self.item_size)
                .field("item_ptrs", &self.item_ptr_offsets());
        }
        d.finish()
    }
}
