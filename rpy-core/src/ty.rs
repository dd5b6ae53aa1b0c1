//! Rust-level types of the dialect, as written in signatures and inferred by
//! the annotator's type inference (`annotator::typeck`).
//!
//! These are the "knowntype" of RPython's annotations: the annotator attaches
//! extra facts (non-negative, constant) on top of them.

use crate::entity;
use std::fmt;

entity!(
    /// A `struct` of the module.
    StructId,
    "struct"
);

/// A `struct` of the module. Structs that are `Copy` are values, like
/// tuples (unboxed when not stored); the others are instances in
/// the GC heap (RPython's classes), passed by reference.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    pub name: String,
    pub copy: bool,
    /// In declaration order; a tuple struct's fields are named `0`, `1`, ...
    pub fields: Vec<(String, Ty)>,
    /// The fields that own what they hold: declared `Vec<_>`, `String` or
    /// `Box<_>` (not a reference, not an `Rc`). Two of them never hold the
    /// same object unless one was moved out of.
    pub owned: Vec<String>,
    /// The fields declared shared references (`&T`): a copy or a clone of
    /// the struct holds the same object (Rust copies the reference).
    pub shared: Vec<String>,
    /// The fields declared `#[rpython::jit::immutable]`: the translator
    /// checks that nothing assigns them once their object is built.
    pub declared_immutable: Vec<String>,
    /// The fields declared `#[rpython::jit::quasi_immutable]`.
    pub quasi_immutable: Vec<String>,
    /// For the payload of a variant of an enum with data: the enum and the
    /// variant's index (its tag).
    pub variant: Option<(EnumId, usize)>,
}

entity!(
    /// An `enum` of the module.
    EnumId,
    "enum"
);

/// An `enum`. A field-less one is an integer, the variants'
/// discriminants. An enum with data is a class hierarchy (RPython's
/// instances): the enum is the base class, a GC object whose only field is
/// the variant's tag, and each variant a subclass whose fields are the
/// variant's payload, a struct of `payloads`.
#[derive(Clone, Debug, PartialEq)]
pub struct EnumDef {
    pub name: String,
    /// Names and discriminants (for an enum with data, the index).
    pub variants: Vec<(String, i128)>,
    pub data: Option<EnumData>,
}

/// The structs of an enum with data: `base` has no fields of its own (the
/// rtyper gives it and every payload the tag as first field).
#[derive(Clone, Debug, PartialEq)]
pub struct EnumData {
    pub base: StructId,
    /// The payload struct of each variant, in order.
    pub payloads: Vec<StructId>,
}

impl StructDef {
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|(n, _)| n == name)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTy {
    I8,
    I16,
    I32,
    I64,
    Isize,
    U8,
    U16,
    U32,
    U64,
    Usize,
}

impl IntTy {
    pub const ALL: [IntTy; 10] = [
        IntTy::I8,
        IntTy::I16,
        IntTy::I32,
        IntTy::I64,
        IntTy::Isize,
        IntTy::U8,
        IntTy::U16,
        IntTy::U32,
        IntTy::U64,
        IntTy::Usize,
    ];

    pub fn bits(self) -> u32 {
        match self {
            IntTy::I8 | IntTy::U8 => 8,
            IntTy::I16 | IntTy::U16 => 16,
            IntTy::I32 | IntTy::U32 => 32,
            IntTy::I64 | IntTy::U64 | IntTy::Isize | IntTy::Usize => 64,
        }
    }

    pub fn signed(self) -> bool {
        matches!(self, IntTy::I8 | IntTy::I16 | IntTy::I32 | IntTy::I64 | IntTy::Isize)
    }

    pub fn name(self) -> &'static str {
        match self {
            IntTy::I8 => "i8",
            IntTy::I16 => "i16",
            IntTy::I32 => "i32",
            IntTy::I64 => "i64",
            IntTy::Isize => "isize",
            IntTy::U8 => "u8",
            IntTy::U16 => "u16",
            IntTy::U32 => "u32",
            IntTy::U64 => "u64",
            IntTy::Usize => "usize",
        }
    }

    pub fn from_name(s: &str) -> Option<IntTy> {
        IntTy::ALL.iter().copied().find(|t| t.name() == s)
    }

    /// The smallest and largest value, as i128 so both signednesses fit.
    pub fn min_max(self) -> (i128, i128) {
        let bits = self.bits();
        if self.signed() {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        }
    }

    /// Reduces `v` modulo 2^bits and returns it in this type's range, as
    /// Rust's `as` does.
    pub fn wrap(self, v: i128) -> i128 {
        let bits = self.bits();
        let mask = (1i128 << bits) - 1;
        let u = v & mask;
        if self.signed() && u >= (1i128 << (bits - 1)) {
            u - (1i128 << bits)
        } else {
            u
        }
    }
}

/// A type of the dialect.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Int(IntTy),
    Bool,
    F64,
    Char,
    /// `()`, also the type of statements.
    Unit,
    Tuple(Vec<Ty>),
    /// `Option<T>`, produced by `checked_*` and consumed by patterns.
    Option(Box<Ty>),
    /// A struct of the module: a value if it is `Copy`, else a GC object.
    Struct(StructId),
    /// An enum of the module: an integer if it is field-less, else a GC
    /// object (the base of its variants' payloads).
    Enum(EnumId),
    /// `Vec<T>`, `&[T]`, `&mut [T]`, `[T; N]`: RPython's resizable list, a
    /// GC object.
    List(Box<Ty>),
    /// `String`, `&str`, `str`: RPython's str. Its bytes are UTF-8; it is
    /// represented exactly like a `Vec<u8>` (a GC object), so the string
    /// methods of the prelude are written over the list of its bytes.
    Str,
    /// `HashMap<K, V>`, and `HashSet<K>` as a map to `()`: RPython's
    /// ordered dict, implemented by an instance of the prelude's dict
    /// template for `(K, V)`.
    Dict(Box<Ty>, Box<Ty>),
    /// `Result<T, E>`: a flagged value `(is_ok, ok, err)`, like `Option`
    /// of a value. `std::io::Error` is the string of its `Display`.
    Result(Box<Ty>, Box<Ty>),
    /// `fn(A, B) -> R`: a pointer to one of the module's functions of that
    /// signature (RPython's `SomePBC` of functions, lowered to a function
    /// pointer).
    Fn(Vec<Ty>, Box<Ty>),
    /// `Cell<T>` and `RefCell<T>`: a GC object holding one `T`, the data
    /// struct of an instance of the prelude's cell template (as dicts are).
    Cell(CellKind, Box<Ty>),
    /// `Rc<T>`: the value of `T` itself (a GC object is already shared;
    /// other values are immutable behind an `Rc`), but `.clone()` shares
    /// rather than clones. Only type inference sees the difference: the
    /// low-level type is `T`'s.
    Rc(Box<Ty>),
    /// An iterator yielding `T` (RPython's `SomeIterator`): `s.chars()`,
    /// `v.iter()`, `Peekable<Chars>`, ... held in a variable or a field
    /// and advanced with `next()`. A GC object, the data struct of an
    /// instance of the prelude's iterator template: a cursor over a list
    /// of the items (`prelude/iter.rs`). `for` loops over `v.iter()` and
    /// ranges need none: they index the list directly.
    Iter(Box<Ty>),
    /// A list never resized (RPython's fixed-size list): a bare `GcArray`.
    /// Only `annotator::listdef` makes these, from `List`s, after type
    /// inference; the stages before it see `List`s only.
    Array(Box<Ty>),
    /// `_` in the type of a `let` or a turbofish: a hole that type
    /// inference fills. It never outlives the builder's ascriptions, so no
    /// later stage sees it.
    Infer,
    /// `Stack<i64>` before the instance of the generic type `Stack` for
    /// `i64` exists: the prototype (`Translator::generic_types`) and the
    /// type arguments. The driver's rebuild loop adds the instance, a
    /// struct or enum of its own, which every later build names instead,
    /// so no stage after type inference sees it.
    Generic(Box<Ty>, Vec<Ty>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    Cell,
    RefCell,
}

impl Ty {
    /// Whether values of the type are instances of a prelude template (a
    /// dict, a cell, an iterator): GC objects of a data struct per type.
    pub fn is_template(&self) -> bool {
        matches!(self, Ty::Dict(..) | Ty::Cell(..) | Ty::Iter(_))
    }

    /// Calls `f` on the type and on every type in it, outer ones first.
    pub fn walk(&self, f: &mut dyn FnMut(&Ty)) {
        f(self);
        match self {
            Ty::Tuple(items) => items.iter().for_each(|i| i.walk(f)),
            Ty::Generic(_, items) => items.iter().for_each(|i| i.walk(f)),
            Ty::Option(t) | Ty::List(t) | Ty::Array(t) | Ty::Cell(_, t) | Ty::Rc(t) | Ty::Iter(t) => t.walk(f),
            Ty::Dict(a, b) | Ty::Result(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Ty::Fn(params, ret) => {
                params.iter().for_each(|p| p.walk(f));
                ret.walk(f);
            }
            Ty::Int(_)
            | Ty::Bool
            | Ty::F64
            | Ty::Char
            | Ty::Unit
            | Ty::Struct(_)
            | Ty::Enum(_)
            | Ty::Str
            | Ty::Infer => {}
        }
    }

    /// Whether a generic type without its instance yet is somewhere in
    /// the type.
    pub fn has_generic(&self) -> bool {
        let mut found = false;
        self.walk(&mut |t| found |= matches!(t, Ty::Generic(..)));
        found
    }

    /// Whether a `_` is somewhere in the type.
    pub fn has_infer(&self) -> bool {
        match self {
            Ty::Infer => true,
            Ty::Tuple(items) => items.iter().any(Ty::has_infer),
            Ty::Option(t) | Ty::List(t) | Ty::Array(t) | Ty::Cell(_, t) | Ty::Rc(t) | Ty::Iter(t) => t.has_infer(),
            Ty::Dict(a, b) | Ty::Result(a, b) => a.has_infer() || b.has_infer(),
            Ty::Fn(params, ret) => params.iter().any(Ty::has_infer) || ret.has_infer(),
            Ty::Generic(_, args) => args.iter().any(Ty::has_infer),
            Ty::Int(_) | Ty::Bool | Ty::F64 | Ty::Char | Ty::Unit | Ty::Struct(_) | Ty::Enum(_) | Ty::Str => false,
        }
    }
}

impl CellKind {
    pub fn name(self) -> &'static str {
        match self {
            CellKind::Cell => "Cell",
            CellKind::RefCell => "RefCell",
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Int(i) => f.write_str(i.name()),
            Ty::Bool => f.write_str("bool"),
            Ty::F64 => f.write_str("f64"),
            Ty::Char => f.write_str("char"),
            Ty::Unit => f.write_str("()"),
            Ty::Tuple(items) => {
                f.write_str("(")?;
                for (i, t) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                if items.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
            Ty::Option(t) => write!(f, "Option<{t}>"),
            Ty::Struct(s) => write!(f, "{s}"),
            Ty::Enum(e) => write!(f, "{e}"),
            Ty::List(t) => write!(f, "Vec<{t}>"),
            Ty::Array(t) => write!(f, "[{t}]"),
            Ty::Str => f.write_str("String"),
            Ty::Dict(k, v) => write!(f, "HashMap<{k}, {v}>"),
            Ty::Cell(kind, t) => write!(f, "{}<{t}>", kind.name()),
            Ty::Rc(t) => write!(f, "Rc<{t}>"),
            Ty::Iter(t) => write!(f, "impl Iterator<Item = {t}>"),
            Ty::Infer => f.write_str("_"),
            Ty::Generic(proto, args) => {
                let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                write!(f, "{proto}<{}>", args.join(", "))
            }
            Ty::Result(t, e) => write!(f, "Result<{t}, {e}>"),
            Ty::Fn(params, ret) => {
                let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
                write!(f, "fn({}) -> {ret}", params.join(", "))
            }
        }
    }
}

/// A type in the signature of a generic function: `Param(i)` is its `i`-th
/// type parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum GenericTy {
    Param(usize),
    Concrete(Ty),
    Tuple(Vec<GenericTy>),
    Option(Box<GenericTy>),
    List(Box<GenericTy>),
    Result(Box<GenericTy>, Box<GenericTy>),
    /// `HashMap<K, V>` (`HashSet<K>`: a map to `()`).
    Dict(Box<GenericTy>, Box<GenericTy>),
    /// The prelude's `__Iter<T>`.
    Iter(Box<GenericTy>),
    Rc(Box<GenericTy>),
    Cell(CellKind, Box<GenericTy>),
    Fn(Vec<GenericTy>, Box<GenericTy>),
    /// A generic type of the module (its prototype) applied to arguments.
    Adt(Box<Ty>, Vec<GenericTy>),
}

/// A generic struct or enum of the module. Its prototype is declared as a
/// struct or enum without field types (the builder names its fields and
/// variants); its fields' types are `Translator::generic_fields`, and each
/// list of type arguments gets an instance, a struct or enum of its own.
#[derive(Clone, Debug, PartialEq)]
pub struct GenericType {
    pub name: String,
    pub params: Vec<String>,
}

/// The signature of a generic function, which is instantiated per list of
/// type arguments (RPython specializes per argument annotation).
#[derive(Clone, Debug, PartialEq)]
pub struct GenericSig {
    pub type_params: Vec<String>,
    pub params: Vec<GenericTy>,
    pub ret: GenericTy,
    /// For a method of a generic type (`Stack::push`): the type's
    /// prototype, whose instances hold the method's instances.
    pub owner: Option<Ty>,
}

impl GenericTy {
    /// Binds the type parameters so that this is `ty`; false on mismatch.
    /// `generic_of` gives the prototype and arguments of an instance of a
    /// generic type.
    pub fn bind(&self, ty: &Ty, out: &mut Vec<Option<Ty>>, generic_of: &dyn Fn(&Ty) -> Option<(Ty, Vec<Ty>)>) -> bool {
        match (self, ty) {
            (GenericTy::Param(i), _) => match &out[*i] {
                Some(prev) => prev == ty,
                None => {
                    out[*i] = Some(ty.clone());
                    true
                }
            },
            (GenericTy::Concrete(c), _) => c == ty,
            (GenericTy::Tuple(gs), Ty::Tuple(ts)) => {
                gs.len() == ts.len() && gs.iter().zip(ts).all(|(g, t)| g.bind(t, out, generic_of))
            }
            (GenericTy::Option(g), Ty::Option(t))
            | (GenericTy::List(g), Ty::List(t))
            | (GenericTy::Iter(g), Ty::Iter(t))
            | (GenericTy::Rc(g), Ty::Rc(t)) => g.bind(t, out, generic_of),
            (GenericTy::Result(g, h), Ty::Result(t, e)) | (GenericTy::Dict(g, h), Ty::Dict(t, e)) => {
                g.bind(t, out, generic_of) && h.bind(e, out, generic_of)
            }
            (GenericTy::Cell(k, g), Ty::Cell(l, t)) if k == l => g.bind(t, out, generic_of),
            (GenericTy::Fn(gs, g), Ty::Fn(ts, t)) => {
                gs.len() == ts.len()
                    && gs.iter().zip(ts).all(|(g, t)| g.bind(t, out, generic_of))
                    && g.bind(t, out, generic_of)
            }
            (GenericTy::Adt(proto, gs), ty) => match generic_of(ty) {
                Some((p, ts)) if p == **proto && ts.len() == gs.len() => {
                    gs.iter().zip(&ts).all(|(g, t)| g.bind(t, out, generic_of))
                }
                _ => false,
            },
            _ => false,
        }
    }
}
