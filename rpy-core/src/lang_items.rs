//! The language's items the compiler relies on beyond the module: the
//! kinds of derived instances the prelude provides, and the prelude's
//! functions that operations call by name.
//!
//! Architecture invariant: the IRs (`flow::model`, `ty`) are all this
//! module knows; every stage may use it.

use crate::flow::{ConstValue, Constant, Value};
use crate::ty::{IntTy, Ty};

/// A derived trait whose instances for a type the prelude generates
/// (`prelude::instances`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstanceKind {
    Eq,
    /// `<`, `<=`, `>`, `>=` (derived `PartialOrd`: lexicographic).
    Ord,
    Clone,
    Debug,
}

/// The operands of `generic_call` of the prelude's `__parse_int` for
/// integer type `it` parsing `s`.
pub fn parse_int_args(it: IntTy, s: Value) -> Vec<Value> {
    let (min, max) = it.min_max();
    let min = Value::Const(Constant::int(min.max(i64::MIN as i128), IntTy::I64));
    let max = Value::Const(Constant::int(max, IntTy::U64));
    let signed = Value::Const(Constant::new(ConstValue::Bool(it.signed()), Ty::Bool));
    vec![Value::Const(Constant::meta(ConstValue::Str("__parse_int".into()))), s, min, max, signed]
}
