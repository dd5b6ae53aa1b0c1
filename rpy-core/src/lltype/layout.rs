//! Memory layout of heap objects and of structs by value stored in them,
//! for the 64-bit targets (x86-64 and AArch64 agree: LP64, C alignment).
//!
//! An object is: the header word (its GC type info), then the fields in
//! order, each at its natural alignment; a variable-sized object then has
//! its length (a `usize`) and the items. A `GcArray` is header, length,
//! items. `Bool` takes a byte in memory; `Void` takes nothing.

use super::{Container, ContainerId, LlType};
use crate::entity::Arena;

/// Bytes of the object header.
pub const HEADER: u64 = 8;

/// The field of an enum's objects (its base's and its payloads') holding
/// the variant's index (not a Rust identifier, so it cannot clash with a
/// named field). It is a 16-bit field in the header word, at `TAG_OFFSET`:
/// the GC's type info address there is below 2^48, so its top two bytes
/// are free (both targets are little-endian), and a variant's object is
/// its fields only, as RPython's instances are with the class in the
/// header.
pub const TAG: &str = "#tag";

/// Where the tag is: bytes 6 and 7 of the header word.
pub const TAG_OFFSET: u64 = 6;

/// The low-level type of the tag.
pub const TAG_TYPE: LlType = LlType::Int { bits: 16, signed: false };

/// Where things are in one container type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Size of the fixed part, header included (for a `GcArray`: up to the
    /// first item).
    pub size: u64,
    /// Offset of each field of a `GcStruct`, in order.
    pub fields: Vec<u64>,
    /// For variable-sized containers: offset of the length, offset of the
    /// first item, and the size of an item (a multiple of its alignment).
    pub varsize: Option<VarsizeLayout>,
    /// Offsets of the GC pointers in the fixed part.
    pub gc_ptrs: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarsizeLayout {
    pub length_offset: u64,
    pub items_offset: u64,
    pub item_size: u64,
    /// Offsets of the GC pointers inside one item.
    pub item_gc_ptrs: Vec<u64>,
}

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

/// Size and alignment of a value of type `t` stored in memory.
pub fn size_align(t: &LlType) -> (u64, u64) {
    match t {
        LlType::Void => (0, 1),
        LlType::Bool | LlType::Char => (1, 1),
        LlType::UniChar => (4, 4),
        LlType::Int { bits, .. } => ((*bits as u64) / 8, (*bits as u64) / 8),
        LlType::Float | LlType::Ptr(_) | LlType::FuncPtr(..) => (8, 8),
        LlType::Struct(fields) => {
            let (offsets, size, align) = struct_offsets(fields);
            let _ = offsets;
            (size, align)
        }
    }
}

/// Offsets of the fields of a struct by value, its size (padded to its
/// alignment) and its alignment: C's rules.
pub fn struct_offsets(fields: &[LlType]) -> (Vec<u64>, u64, u64) {
    let mut offset = 0;
    let mut align = 1;
    let mut offsets = Vec::with_capacity(fields.len());
    for f in fields {
        let (s, a) = size_align(f);
        offset = align_up(offset, a);
        offsets.push(offset);
        offset += s;
        align = align.max(a);
    }
    (offsets, align_up(offset, align), align)
}

/// Offsets of the GC pointers inside a value of type `t` stored at 0.
pub fn gc_ptr_offsets(t: &LlType) -> Vec<u64> {
    match t {
        LlType::Ptr(_) => vec![0],
        LlType::Struct(fields) => {
            let (offsets, _, _) = struct_offsets(fields);
            fields.iter().zip(offsets).flat_map(|(f, o)| gc_ptr_offsets(f).into_iter().map(move |p| p + o)).collect()
        }
        _ => vec![],
    }
}

/// The layout of container `id`.
pub fn layout(containers: &Arena<ContainerId, Container>, id: ContainerId) -> Layout {
    match &containers[id] {
        Container::GcStruct { fields, varsize, .. } => {
            let mut offset = HEADER;
            let mut offsets = Vec::with_capacity(fields.len());
            let mut gc_ptrs = Vec::new();
            for (name, f) in fields {
                if name == TAG {
                    debug_assert_eq!(*f, TAG_TYPE);
                    offsets.push(TAG_OFFSET);
                    continue;
                }
                let (s, a) = size_align(f);
                offset = align_up(offset, a);
                offsets.push(offset);
                gc_ptrs.extend(gc_ptr_offsets(f).into_iter().map(|p| p + offset));
                offset += s;
            }
            let varsize = varsize.as_ref().map(|item| {
                let length_offset = align_up(offset, 8);
                let (item_size, item_align) = size_align(item);
                let items_offset = align_up(length_offset + 8, item_align);
                offset = items_offset;
                VarsizeLayout {
                    length_offset,
                    items_offset,
                    item_size: align_up(item_size, item_align),
                    item_gc_ptrs: gc_ptr_offsets(item),
                }
            });
            Layout { size: align_up(offset, 8), fields: offsets, varsize, gc_ptrs }
        }
        Container::GcArray { item } => {
            let (item_size, item_align) = size_align(item);
            let items_offset = align_up(HEADER + 8, item_align);
            Layout {
                size: items_offset,
                fields: vec![],
                varsize: Some(VarsizeLayout {
                    length_offset: HEADER,
                    items_offset,
                    item_size: align_up(item_size, item_align),
                    item_gc_ptrs: gc_ptr_offsets(item),
                }),
                gc_ptrs: vec![],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lltype::{SIGNED, UINT};

    #[test]
    fn struct_fields_are_naturally_aligned() {
        let mut c = Arena::new();
        let node = c.push(Container::GcStruct { name: "node".into(), fields: vec![], varsize: None });
        c[node] = Container::GcStruct {
            name: "node".into(),
            fields: vec![("flag".into(), LlType::Bool), ("value".into(), SIGNED), ("next".into(), LlType::Ptr(node))],
            varsize: None,
        };
        let l = layout(&c, node);
        assert_eq!(l.fields, vec![8, 16, 24]);
        assert_eq!(l.size, 32);
        assert_eq!(l.gc_ptrs, vec![24]);
        assert_eq!(l.varsize, None);
    }

    #[test]
    fn an_enums_tag_is_in_the_header() {
        let mut c = Arena::new();
        let v = c.push(Container::GcStruct {
            name: "Value::Int".into(),
            fields: vec![(TAG.into(), TAG_TYPE), ("0".into(), SIGNED)],
            varsize: None,
        });
        let l = layout(&c, v);
        assert_eq!(l.fields, vec![6, 8]);
        assert_eq!(l.size, 16);
    }

    #[test]
    fn strings_end_in_their_bytes() {
        let mut c = Arena::new();
        let s = c.push(Container::GcStruct {
            name: "rpy_string".into(),
            fields: vec![("hash".into(), SIGNED)],
            varsize: Some(LlType::Char),
        });
        let l = layout(&c, s);
        assert_eq!(l.fields, vec![8]);
        let v = l.varsize.unwrap();
        assert_eq!((v.length_offset, v.items_offset, v.item_size), (16, 24, 1));
    }

    #[test]
    fn arrays_of_inline_structs() {
        let mut c = Arena::new();
        let obj = c.push(Container::GcArray { item: SIGNED });
        let a = c.push(Container::GcArray { item: LlType::Struct(vec![UINT, LlType::Ptr(obj), LlType::Bool]) });
        let l = layout(&c, a);
        let v = l.varsize.unwrap();
        assert_eq!((v.length_offset, v.items_offset, v.item_size), (8, 16, 24));
        assert_eq!(v.item_gc_ptrs, vec![8]);
    }
}
