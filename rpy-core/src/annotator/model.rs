//! The annotation lattice (RPython's `annotator/model.py`), restricted to
//! what the dialect has so far.

use crate::flow::ConstValue;
use crate::ty::{EnumId, IntTy, StructId, Ty};
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum SomeValue {
    /// No value reaches here (yet): the bottom of the lattice.
    Impossible,
    Integer {
        knowntype: IntTy,
        nonneg: bool,
        constant: Option<i128>,
    },
    Bool {
        constant: Option<bool>,
    },
    Float {
        constant: Option<f64>,
    },
    Char {
        constant: Option<char>,
    },
    Unit,
    Tuple(Vec<SomeValue>),
    /// `Option<T>`: `can_be_none`, like RPython's nullable annotations.
    Option {
        inner: Box<SomeValue>,
        can_be_none: bool,
    },
    /// A `Copy` struct value.
    Struct(StructId),
    /// A value of a field-less enum.
    Enum(EnumId),
    /// A list (RPython's `SomeList`; the item type is in the knowntype).
    List,
    /// A string (RPython's `SomeString`).
    Str,
    /// A dict (RPython's `SomeDict`).
    Dict,
    /// A `Cell` or `RefCell` (an instance of its data struct).
    Cell,
    /// An iterator (RPython's `SomeIterator`; the item type is in the
    /// knowntype).
    Iterator,
    /// A function pointer (RPython's `SomePBC` of functions; which ones is
    /// not tracked).
    Func,
}

impl SomeValue {
    /// The most general annotation of a type.
    pub fn of_type(ty: &Ty) -> SomeValue {
        match ty {
            Ty::Int(i) => SomeValue::Integer { knowntype: *i, nonneg: !i.signed(), constant: None },
            Ty::Bool => SomeValue::Bool { constant: None },
            Ty::F64 => SomeValue::Float { constant: None },
            Ty::Char => SomeValue::Char { constant: None },
            Ty::Unit => SomeValue::Unit,
            Ty::Tuple(items) => SomeValue::Tuple(items.iter().map(SomeValue::of_type).collect()),
            Ty::Option(t) => SomeValue::Option { inner: Box::new(SomeValue::of_type(t)), can_be_none: true },
            Ty::Struct(s) => SomeValue::Struct(*s),
            Ty::Enum(e) => SomeValue::Enum(*e),
            Ty::List(_) | Ty::Array(_) => SomeValue::List,
            Ty::Str => SomeValue::Str,
            Ty::Dict(..) => SomeValue::Dict,
            Ty::Cell(..) => SomeValue::Cell,
            Ty::Iter(_) => SomeValue::Iterator,
            Ty::Rc(t) => SomeValue::of_type(t),
            Ty::Fn(..) => SomeValue::Func,
            Ty::Infer => unreachable!("`_` is filled by type inference"),
            Ty::Generic(..) => unreachable!("a generic type has its instance after type inference"),
            Ty::Result(t, e) => {
                SomeValue::Tuple(vec![SomeValue::Bool { constant: None }, SomeValue::of_type(t), SomeValue::of_type(e)])
            }
        }
    }

    /// The annotation of a constant of type `ty`.
    pub fn of_const(value: &ConstValue, ty: &Ty) -> SomeValue {
        match (value, ty) {
            (ConstValue::Int(v), Ty::Int(i)) => {
                SomeValue::Integer { knowntype: *i, nonneg: *v >= 0, constant: Some(*v) }
            }
            (ConstValue::Bool(b), _) => SomeValue::Bool { constant: Some(*b) },
            (ConstValue::Float(f), _) => SomeValue::Float { constant: Some(*f) },
            (ConstValue::Char(c), _) => SomeValue::Char { constant: Some(*c) },
            (ConstValue::None, Ty::Option(t)) => {
                SomeValue::Option { inner: Box::new(SomeValue::Impossible.or_type(t)), can_be_none: true }
            }
            _ => SomeValue::of_type(ty),
        }
    }

    /// Itself, unless impossible: then the general annotation of `ty`.
    fn or_type(self, ty: &Ty) -> SomeValue {
        match self {
            SomeValue::Impossible => SomeValue::of_type(ty),
            s => s,
        }
    }

    /// The least upper bound (RPython's `unionof`). Both sides have the same
    /// type: typeck guarantees it.
    pub fn union(&self, other: &SomeValue) -> SomeValue {
        use SomeValue::*;
        match (self, other) {
            (Impossible, x) | (x, Impossible) => x.clone(),
            (Integer { knowntype, nonneg: n1, constant: c1 }, Integer { nonneg: n2, constant: c2, .. }) => {
                Integer { knowntype: *knowntype, nonneg: *n1 && *n2, constant: if c1 == c2 { *c1 } else { None } }
            }
            (Bool { constant: c1 }, Bool { constant: c2 }) => Bool { constant: if c1 == c2 { *c1 } else { None } },
            (Float { constant: c1 }, Float { constant: c2 }) => {
                let same = matches!((c1, c2), (Some(a), Some(b)) if a.to_bits() == b.to_bits());
                Float { constant: if same { *c1 } else { None } }
            }
            (Char { constant: c1 }, Char { constant: c2 }) => Char { constant: if c1 == c2 { *c1 } else { None } },
            (Tuple(a), Tuple(b)) => Tuple(a.iter().zip(b).map(|(x, y)| x.union(y)).collect()),
            (Option { inner: a, can_be_none: n1 }, Option { inner: b, can_be_none: n2 }) => {
                Option { inner: Box::new(a.union(b)), can_be_none: *n1 || *n2 }
            }
            (a, _) => a.clone(),
        }
    }

    /// The constant a boolean annotation stands for, if any.
    pub fn bool_constant(&self) -> Option<bool> {
        match self {
            SomeValue::Bool { constant } => *constant,
            _ => None,
        }
    }
}

impl fmt::Display for SomeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SomeValue::Impossible => write!(f, "SomeImpossibleValue()"),
            SomeValue::Func => write!(f, "SomePBC()"),
            SomeValue::Integer { knowntype, nonneg, constant } => {
                write!(
                    f,
                    "SomeInteger(knowntype={}, nonneg={}",
                    knowntype.name(),
                    if *nonneg { "True" } else { "False" }
                )?;
                if let Some(c) = constant {
                    write!(f, ", const={c}")?;
                }
                write!(f, ")")
            }
            SomeValue::Bool { constant } => match constant {
                Some(c) => write!(f, "SomeBool(const={})", if *c { "True" } else { "False" }),
                None => write!(f, "SomeBool()"),
            },
            SomeValue::Float { constant } => match constant {
                Some(c) => write!(f, "SomeFloat(const={c:?})"),
                None => write!(f, "SomeFloat()"),
            },
            SomeValue::Char { constant } => match constant {
                Some(c) => write!(f, "SomeUnicodeCodePoint(const={c:?})"),
                None => write!(f, "SomeUnicodeCodePoint()"),
            },
            SomeValue::Unit => write!(f, "SomeNone()"),
            SomeValue::Tuple(items) => {
                write!(f, "SomeTuple(")?;
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{x}")?;
                }
                write!(f, ")")
            }
            SomeValue::Option { inner, can_be_none } => write!(f, "SomeOption({inner}, can_be_none={can_be_none})"),
            SomeValue::Struct(s) => write!(f, "SomeStruct({s})"),
            SomeValue::Enum(e) => write!(f, "SomeEnum({e})"),
            SomeValue::List => write!(f, "SomeList()"),
            SomeValue::Str => write!(f, "SomeString()"),
            SomeValue::Dict => write!(f, "SomeDict()"),
            SomeValue::Cell => write!(f, "SomeCell()"),
            SomeValue::Iterator => write!(f, "SomeIterator()"),
        }
    }
}
