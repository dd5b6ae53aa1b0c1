//! The methods of primitive types the dialect supports, with their
//! signatures. The flow space rejects other names early (with the user's
//! tokens); type inference and the rtyper consult the same table.

use crate::lang_items::LangItem;
use crate::ty::{IntTy, Ty};

/// Which receivers a method exists on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Recv {
    Int,
    Float,
    /// Integers and floats (`abs`, `min`, `max`).
    Number,
}

/// The type of an argument or of the result, relative to the receiver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rel {
    SelfTy,
    OptionSelf,
    Fixed(Ty),
}

#[derive(Clone, Debug)]
pub struct MethodSig {
    pub recv: Recv,
    pub args: Vec<Rel>,
    pub ret: Rel,
}

pub fn method_sig(name: &str) -> Option<MethodSig> {
    use Rel::*;
    let u32_ = || Fixed(Ty::Int(IntTy::U32));
    let (recv, args, ret) = match name {
        "min" | "max" => (Recv::Number, vec![SelfTy], SelfTy),
        "abs" => (Recv::Number, vec![], SelfTy),
        "wrapping_add" | "wrapping_sub" | "wrapping_mul" | "saturating_add" | "saturating_sub" | "saturating_mul" => {
            (Recv::Int, vec![SelfTy], SelfTy)
        }
        "wrapping_neg" => (Recv::Int, vec![], SelfTy),
        "checked_add" | "checked_sub" | "checked_mul" | "checked_div" | "checked_rem" => {
            (Recv::Int, vec![SelfTy], OptionSelf)
        }
        "checked_neg" => (Recv::Int, vec![], OptionSelf),
        "checked_shl" | "checked_pow" => (Recv::Int, vec![u32_()], OptionSelf),
        "wrapping_shl" | "wrapping_shr" | "wrapping_pow" => (Recv::Int, vec![u32_()], SelfTy),
        "pow" | "rotate_left" | "rotate_right" => (Recv::Int, vec![u32_()], SelfTy),
        "leading_zeros" | "trailing_zeros" | "count_ones" | "count_zeros" => (Recv::Int, vec![], u32_()),
        "is_positive" | "is_negative" => (Recv::Int, vec![], Fixed(Ty::Bool)),
        "sqrt" | "floor" | "ceil" | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "exp" | "ln" | "log10"
        | "log2" => (Recv::Float, vec![], SelfTy),
        "powi" => (Recv::Float, vec![Fixed(Ty::Int(IntTy::I32))], SelfTy),
        "powf" | "atan2" => (Recv::Float, vec![SelfTy], SelfTy),
        "is_nan" => (Recv::Float, vec![], Fixed(Ty::Bool)),
        "to_bits" => (Recv::Float, vec![], Fixed(Ty::Int(IntTy::U64))),
        _ => return None,
    };
    Some(MethodSig { recv, args, ret })
}

/// The type of an argument or result of a list or iterator method,
/// relative to the item type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListRel {
    Item,
    OptionItem,
    /// A list of the items.
    List,
    /// An iterator of the items.
    Iter,
    Fixed(Ty),
}

/// The methods of `Vec<T>` the rtyper lowers: (arguments, result). The
/// others are generic functions of the prelude (`lang_items::vec_fn`).
pub fn list_method_sig(name: &str) -> Option<(Vec<ListRel>, ListRel)> {
    use ListRel::*;
    let usize_ = || Fixed(Ty::Int(IntTy::Usize));
    Some(match name {
        "len" => (vec![], usize_()),
        "is_empty" => (vec![], Fixed(Ty::Bool)),
        "push" => (vec![Item], Fixed(Ty::Unit)),
        "pop" | "last" => (vec![], OptionItem),
        "clear" | "reverse" => (vec![], Fixed(Ty::Unit)),
        "swap" => (vec![usize_(), usize_()], Fixed(Ty::Unit)),
        "truncate" => (vec![usize_()], Fixed(Ty::Unit)),
        // A list of its own (`annotator::listdef`): never resized when
        // nothing resizes it, whatever resized the `Vec`.
        "into_boxed_slice" => (vec![], List),
        _ => return None,
    })
}

/// The methods of iterators, for messages and for the flow space, which
/// rejects other method names before anything is typed.
pub const ITER_METHODS_TEXT: &str = "`next`, `peek`, `next_back`, `nth`, `last`, `count`, `len`, `rev`, `skip`, `take`, `step_by`, `enumerate`, `copied`, `cloned`, `peekable`, `by_ref`, `next_if_eq`, `sum`, `max`, `min` and `collect`";

/// Whether `name` is a method of iterators (`ITER_METHODS_TEXT`).
pub fn is_iter_method(name: &str) -> bool {
    ITER_METHODS_TEXT.split('`').skip(1).step_by(2).any(|m| m == name)
}

/// The methods of iterators that the prelude's iterator template
/// implements (`prelude/iter.rs`): (arguments, result). Those of `list.rs`
/// named `__iter_<method>` are the others.
pub fn iter_method_sig(name: &str) -> Option<(Vec<ListRel>, ListRel)> {
    use ListRel::*;
    let usize_ = || Fixed(Ty::Int(IntTy::Usize));
    if matches!(LangItem::from_name(name), Some(LangItem::Items | LangItem::Collect)) {
        return Some((vec![], List));
    }
    Some(match name {
        "next" | "next_back" | "peek" | "last" => (vec![], OptionItem),
        "nth" => (vec![usize_()], OptionItem),
        "count" | "len" => (vec![], usize_()),
        "clone" | "peekable" | "by_ref" | "copied" | "into_iter" | "rev" => (vec![], Iter),
        "skip" | "take" | "step_by" => (vec![usize_()], Iter),
        _ => return None,
    })
}

/// The type of an argument or result of a dict method, relative to the
/// dict's key and value types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DictRel {
    Key,
    Value,
    OptionValue,
    /// A list of the keys, in insertion order (`keys()`).
    Keys,
    Values,
    Fixed(Ty),
}

/// The comparisons of every ordered type giving a `std::cmp::Ordering`
/// (the prelude's `cmp.rs`, unless the type has its own).
pub const ORD_METHODS: &[&str] = &["cmp", "partial_cmp"];

/// The methods of `std::fmt::Formatter` beyond `write_str`/`write_char`,
/// which a `Display` or `Debug` implementation cannot call (its formatter
/// is a `String`): named in their error.
pub const FORMATTER_METHODS: &[&str] = &[
    "pad",
    "pad_integral",
    "width",
    "precision",
    "fill",
    "align",
    "alternate",
    "sign_plus",
    "sign_minus",
    "sign_aware_zero_pad",
    "write_fmt",
    "debug_struct",
    "debug_tuple",
    "debug_list",
    "debug_set",
    "debug_map",
];

/// The methods of `Cell<T>` and `RefCell<T>` (the prelude's `cell.rs`).
pub const CELL_METHODS: &[&str] = &[
    "get",
    "set",
    "replace",
    "swap",
    "into_inner",
    "borrow",
    "borrow_mut",
    LangItem::CellSet.name(),
    LangItem::CellValue.name(),
];

/// The methods of `HashMap` (and of `HashSet`, a map to `()`: `insert` and
/// `contains` with one argument). The prelude's dict template implements
/// each of them, under the same name.
pub fn dict_method_sig(name: &str) -> Option<(Vec<DictRel>, DictRel)> {
    use DictRel::*;
    let bool_ = || Fixed(Ty::Bool);
    Some(match name {
        "len" => (vec![], Fixed(Ty::Int(IntTy::Usize))),
        "is_empty" => (vec![], bool_()),
        "insert" => (vec![Key, Value], OptionValue),
        "get" | "get_mut" | "remove" => (vec![Key], OptionValue),
        "contains_key" => (vec![Key], bool_()),
        "clear" => (vec![], Fixed(Ty::Unit)),
        "keys" => (vec![], Keys),
        "values" => (vec![], Values),
        // `HashSet<K>` is `HashMap<K, ()>`.
        "set_insert" => (vec![Key], bool_()),
        "set_remove" => (vec![Key], bool_()),
        // `*m.entry(k).or_insert(d)`, read: the value, `d` when absent.
        "get_or" => (vec![Key, Value], Value),
        _ => return None,
    })
}
