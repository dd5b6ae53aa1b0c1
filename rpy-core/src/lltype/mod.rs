//! Low-level types (seed 002), the `concretetype` of every rtyped value.
//!
//! Integers keep RPython's names: `Signed`/`Unsigned` are the machine word
//! (`i64`/`isize` and `u64`/`usize`), and the sub-word types carry the
//! `rffi` names (`rffi.INT` is `i32`, `rffi.UCHAR` is `u8`, ...).
//!
//! `Struct` here is a struct *by value*: the rtyper uses it for tuples,
//! `Copy` structs and `Option`s of scalars, which live in registers (RPython
//! would allocate a GcStruct and let malloc removal take it away again).
//!
//! Heap objects are `Ptr`s to *containers* (`GcStruct`, `GcArray`), kept in
//! the translator's `containers` arena so that types can be recursive (a
//! list node pointing to the next one). `layout` computes where each field
//! lives in memory; the backend and the GC's type table both use it.

pub mod layout;

use crate::entity;
use std::fmt;

entity!(
    /// A container type (a `GcStruct` or `GcArray`) of the translator.
    ContainerId,
    "T"
);

/// A type of objects in the GC heap. Every object starts with a one-word
/// header (the address of its type's GC info).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Container {
    /// Fields in order; optionally ending with an inline array of `varsize`
    /// items whose length is fixed at allocation (RPython's `STR` is
    /// `GcStruct('rpy_string', ('hash', Signed), ('chars', Array(Char)))`).
    GcStruct { name: String, fields: Vec<(String, LlType)>, varsize: Option<LlType> },
    /// An array of `item`s, its length fixed at allocation.
    GcArray { item: LlType },
}

impl Container {
    pub fn name(&self) -> String {
        match self {
            Container::GcStruct { name, .. } => name.clone(),
            Container::GcArray { item } => format!("GcArray({item})"),
        }
    }

    pub fn field(&self, name: &str) -> Option<(usize, &LlType)> {
        match self {
            Container::GcStruct { fields, .. } => {
                fields.iter().enumerate().find(|(_, (n, _))| n == name).map(|(i, (_, t))| (i, t))
            }
            Container::GcArray { .. } => None,
        }
    }

    /// The item type of the variable-sized part, if any.
    pub fn item(&self) -> Option<&LlType> {
        match self {
            Container::GcStruct { varsize, .. } => varsize.as_ref(),
            Container::GcArray { item } => Some(item),
        }
    }
}

/// An enum whose variant of one `Signed` field is a *tagged word* when
/// the integer fits in 63 bits (RPython's tagged pointers): `(x << 1) | 1`
/// instead of a pointer to an object. Objects are 8-byte aligned, so a
/// pointer's low bit is 0 and the word says which it is. An integer that
/// does not fit is an object of the variant as usual: both forms are valid
/// values of the variant, and the code reading one accepts either.
///
/// Only three operations see the difference, and every backend implements
/// them: `new_tagged` makes the value; `getfield` of the base's tag gives
/// `tag` for a tagged word; `getfield` of the variant's field gives the
/// integer back (`x >> 1`, arithmetic). Everything else moves the word as
/// a pointer: it is never null, and the GC skips words with the low bit set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaggedInt {
    /// The container of the enum's base (what values of the enum point to).
    pub base: ContainerId,
    /// The container of the variant's payload.
    pub variant: ContainerId,
    /// The variant's tag.
    pub tag: u16,
    /// The name of its one field.
    pub field: String,
}

impl TaggedInt {
    /// Whether `x` fits in a tagged word.
    pub fn fits(x: i64) -> bool {
        (x << 1) >> 1 == x
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LlType {
    Void,
    Bool,
    /// A signed or unsigned integer of 8, 16, 32 or 64 bits. 64-bit ones
    /// print as `Signed` and `Unsigned`.
    Int {
        bits: u32,
        signed: bool,
    },
    Float,
    /// A byte, the item of strings.
    Char,
    /// A Unicode scalar value (Rust's `char`), 32 bits.
    UniChar,
    Struct(Vec<LlType>),
    /// A GC pointer to an object of a container type; may be null.
    Ptr(ContainerId),
    /// A pointer to a function (a graph) with these parameter and result
    /// types (`Void` ones left out, as graphs have none).
    FuncPtr(Vec<LlType>, Box<LlType>),
}

pub const SIGNED: LlType = LlType::Int { bits: 64, signed: true };
pub const UNSIGNED: LlType = LlType::Int { bits: 64, signed: false };
/// `u32`: the type of shift counts, exponents and bit counts in Rust's API.
pub const UINT: LlType = LlType::Int { bits: 32, signed: false };
pub const INT: LlType = LlType::Int { bits: 32, signed: true };

impl LlType {
    /// The width in bits of an integer-like type (integers, `Bool`, `Char`,
    /// `UniChar`), which the `int_*`/`uint_*` operations accept.
    pub fn int_bits(&self) -> Option<u32> {
        match self {
            LlType::Int { bits, .. } => Some(*bits),
            LlType::Bool => Some(1),
            LlType::Char => Some(8),
            LlType::UniChar => Some(32),
            _ => None,
        }
    }

    /// Whether `cast_primitive` from this type sign-extends.
    pub fn is_signed(&self) -> bool {
        matches!(self, LlType::Int { signed: true, .. })
    }

    /// The bounds of an integer-like type.
    pub fn int_range(&self) -> Option<(i128, i128)> {
        let bits = self.int_bits()?;
        Some(if self.is_signed() {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        })
    }

    /// Reduces `v` into this integer type's range, wrapping.
    pub fn wrap(&self, v: i128) -> i128 {
        let bits = self.int_bits().expect("wrap on a non-integer lltype");
        let u = v & ((1i128 << bits) - 1);
        if self.is_signed() && u >= (1i128 << (bits - 1)) {
            u - (1i128 << bits)
        } else {
            u
        }
    }
}

impl fmt::Display for LlType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LlType::Void => f.write_str("Void"),
            LlType::Bool => f.write_str("Bool"),
            LlType::Int { bits: 64, signed: true } => f.write_str("Signed"),
            LlType::Int { bits: 64, signed: false } => f.write_str("Unsigned"),
            LlType::Int { bits: 32, signed: true } => f.write_str("rffi.INT"),
            LlType::Int { bits: 32, signed: false } => f.write_str("rffi.UINT"),
            LlType::Int { bits: 16, signed: true } => f.write_str("rffi.SHORT"),
            LlType::Int { bits: 16, signed: false } => f.write_str("rffi.USHORT"),
            LlType::Int { bits: 8, signed: true } => f.write_str("rffi.SIGNEDCHAR"),
            LlType::Int { bits: 8, signed: false } => f.write_str("rffi.UCHAR"),
            LlType::Int { bits, signed } => write!(f, "Int{}{bits}", if *signed { "S" } else { "U" }),
            LlType::Float => f.write_str("Float"),
            LlType::Char => f.write_str("Char"),
            LlType::UniChar => f.write_str("UniChar"),
            LlType::Ptr(c) => write!(f, "Ptr({c})"),
            LlType::FuncPtr(params, ret) => {
                let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
                write!(f, "Ptr(FuncType([{}], {ret}))", params.join(", "))
            }
            LlType::Struct(fields) => {
                f.write_str("Struct(")?;
                for (i, t) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(")")
            }
        }
    }
}
