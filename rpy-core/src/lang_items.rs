//! The language's items the compiler relies on beyond the module, in one
//! typed table (rustc's `lang_items.rs`): the prelude's functions, methods
//! and structs that the stages call or name, the intrinsics the prelude
//! calls and the front end provides, the names the front end gives a
//! meaning to; beside it, the families of names built from a method's name
//! or an instance's number (`vec_fn`, `iter_fn`, `char_pattern_method`,
//! `data_struct_name`, `InstanceKind::fn_names`). A stage names an item by
//! its variant, never by its string: the names are spelled here and in the
//! prelude's source that defines them. `check` finds the items the prelude
//! lacks; the driver runs it when the prelude is loaded
//! (`prelude::check_lang_items`).
//!
//! Architecture invariant: the IRs (`flow::model`, `ty`) are all this
//! module knows; every stage may use it.

use crate::flow::{ConstValue, Constant, Value};
use crate::ty::{IntTy, Ty};

/// What a lang item is, and where the prelude defines it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Defined by the prelude in each of these places, where the load-time
    /// check looks for it.
    Prelude(&'static [Place]),
    /// Provided by the front end: a call of it with `arity` arguments (in
    /// the prelude's source, or in source the compiler writes) is the
    /// operation `op`.
    Intrinsic { op: &'static str, arity: usize },
    /// A name the front end gives its meaning to; nothing defines it.
    Builtin,
}

/// A place of the prelude where an item is defined.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A free function: a graph of the item's name.
    Fn,
    /// A generic function (`Translator::generic_fns`).
    GenericFn,
    /// A method of lists: the generic function `vec_fn(name)` of `list.rs`.
    VecFn,
    /// A method of `String`/`str` (`str.rs`).
    StrMethod,
    /// A method of the prelude's struct that is the given item.
    MethodOf(LangItem),
    /// A method of every instance of a template.
    TemplateMethod(Template),
    /// A struct.
    Struct,
    /// An enum.
    Enum,
}

/// The prelude's templates, instantiated per type (`prelude::template_items`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Template {
    /// `dict.rs`: `HashMap<K, V>` (and `HashSet<K>`, a map to `()`).
    Dict,
    /// `cell.rs`: `Cell<T>` and `RefCell<T>`.
    Cell,
    /// `cell_struct.rs`: `RefCell<S>` of a struct, the struct's own object.
    CellStruct,
    /// `iter.rs`: the iterator of `T`s (`Ty::Iter`).
    Iter,
}

impl Template {
    pub const ALL: [Template; 4] = [Template::Dict, Template::Cell, Template::CellStruct, Template::Iter];
}

macro_rules! lang_items {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $kind:expr;)*) => {
        /// A name the compiler relies on beyond the module. Each item's
        /// comment says which stage relies on it and for what.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum LangItem {
            $($(#[$doc])* $variant,)*
        }

        impl LangItem {
            /// Every item, in the table's order.
            pub const ALL: &'static [LangItem] = &[$(LangItem::$variant,)*];

            /// The item's name, as the prelude's source and the graphs spell it.
            pub const fn name(self) -> &'static str {
                match self { $(LangItem::$variant => $name,)* }
            }

            /// What the item is, and where the prelude defines it.
            pub const fn kind(self) -> Kind {
                match self { $(LangItem::$variant => $kind,)* }
            }

            /// The item named `name`, if one is.
            pub fn from_name(name: &str) -> Option<LangItem> {
                match name { $($name => Some(LangItem::$variant),)* _ => None }
            }
        }
    };
}

lang_items! {
    // The prelude's functions.

    /// Type inference (write-back, `lower_collect`): `collect()` of an
    /// iterator of `char`s into a `String` is a call of it.
    CollectChars = "__collect_chars", Kind::Prelude(&[Place::Fn]);
    /// Type inference (write-back, `lower_collect`): `collect()` of an
    /// iterator of strings into a `String` is a call of it.
    CollectStrs = "__collect_strs", Kind::Prelude(&[Place::Fn]);
    /// Type inference (`resolve_method`): `x.to_string()` of a number, a
    /// `bool` or a `char` is `format!("{}", x)`, a call of it.
    ToString = "__to_string", Kind::Prelude(&[Place::GenericFn]);
    /// The front end (`flow::items`, `flow::scope`): `std::cmp::Ordering`,
    /// which the module calls `Ordering` unless it has its own.
    Ordering = "__Ordering", Kind::Prelude(&[Place::Enum]);
    /// Type inference (`resolve_method`): `a.cmp(&b)` of a type without a
    /// `cmp` of its own is a call of it.
    Cmp = "__cmp", Kind::Prelude(&[Place::GenericFn]);
    /// The same for `a.partial_cmp(&b)`.
    PartialCmp = "__partial_cmp", Kind::Prelude(&[Place::GenericFn]);
    /// Type inference (`resolve_method`): `opt.cloned()` is a call of it.
    OptionCloned = "__option_cloned", Kind::Prelude(&[Place::GenericFn]);
    /// The front end (`s.parse::<i32>()`) and type inference (write-back,
    /// `lower_parse`: `s.parse()` once its type is known): the parser of
    /// every integer type, called with `parse_int_args`.
    ParseInt = "__parse_int", Kind::Prelude(&[Place::GenericFn]);
    /// Type inference (write-back, `lower_newlist_repeat`): `vec![x; n]` of
    /// objects, each slot its own clone.
    VecFromElem = "__vec_from_elem", Kind::Prelude(&[Place::GenericFn]);
    /// The front end (`iterator_consumer`): `(a..b).collect()`, without an
    /// iterator.
    RangeCollect = "__range_collect", Kind::Prelude(&[Place::GenericFn]);
    /// Type inference (write-back, `lower_collect`): `collect()` of an
    /// iterator of pairs into a `HashMap`, of keys into a `HashSet`.
    CollectMap = "__collect_map", Kind::Prelude(&[Place::GenericFn]);
    CollectSet = "__collect_set", Kind::Prelude(&[Place::GenericFn]);
    /// The front end (`iterator_consumer`): `(a..b).sum()`, without an
    /// iterator.
    RangeSum = "__range_sum", Kind::Prelude(&[Place::GenericFn]);
    /// The front end (`iterator_consumer`): `v.iter().sum()` is this method
    /// of the list, which type inference calls as `vec_fn` of it; of an
    /// iterator, the generic function (`iter_fn("sum")`).
    IterSum = "__iter_sum", Kind::Prelude(&[Place::VecFn, Place::GenericFn]);
    /// As `IterSum`, for `max`.
    IterMax = "__iter_max", Kind::Prelude(&[Place::VecFn, Place::GenericFn]);
    /// As `IterSum`, for `min`.
    IterMin = "__iter_min", Kind::Prelude(&[Place::VecFn, Place::GenericFn]);

    // The prelude's methods of strings.

    /// The front end (`s.parse::<f64>()`) and type inference (write-back,
    /// `lower_parse`): the parser of `f64`.
    ParseF64 = "__parse_f64", Kind::Prelude(&[Place::StrMethod]);
    /// The front end (`x[a..b]`): the slice of a string, or of a list (as
    /// `vec_fn` of it).
    Slice = "__slice", Kind::Prelude(&[Place::StrMethod, Place::VecFn]);
    /// The front end (`x[a..b] == ..`, `v.extend_from_slice(&x[a..b])`):
    /// the checks of a slice of a string or a list, without the copy.
    CheckRange = "__check_range", Kind::Prelude(&[Place::StrMethod, Place::VecFn]);
    /// The front end (`x[a..b] == y[c..d]`): the comparison of the parts of
    /// two strings or lists in place, after their `CheckRange`.
    SliceEq = "__slice_eq", Kind::Prelude(&[Place::StrMethod, Place::VecFn]);
    /// The front end (`v.extend_from_slice(&w[a..b])`): the items of `w`
    /// appended in place, after its `CheckRange` (as `vec_fn` of `v`).
    ExtendRange = "__extend_range", Kind::Prelude(&[Place::VecFn]);
    /// The prelude (`prelude::hash_expr`): the hash of a `String` key in the
    /// dict template.
    StrHash = "__hash", Kind::Prelude(&[Place::StrMethod]);
    /// Type inference (write-back, `prelude_method`): `==` of strings
    /// (`str_operator`).
    StrEq = "__eq", Kind::Prelude(&[Place::StrMethod]);
    /// As `StrEq`, for `!=`.
    StrNe = "__ne", Kind::Prelude(&[Place::StrMethod]);
    /// As `StrEq`, for `<`.
    StrLt = "__lt", Kind::Prelude(&[Place::StrMethod]);
    /// As `StrEq`, for `<=`.
    StrLe = "__le", Kind::Prelude(&[Place::StrMethod]);
    /// As `StrEq`, for `>`.
    StrGt = "__gt", Kind::Prelude(&[Place::StrMethod]);
    /// As `StrEq`, for `>=`.
    StrGe = "__ge", Kind::Prelude(&[Place::StrMethod]);
    /// As `StrEq`, for `+`.
    StrAdd = "__add", Kind::Prelude(&[Place::StrMethod]);

    // The prelude's std types.

    /// The front end (the type of `s.parse::<i32>()`) and type inference
    /// (`parse_rule`): the error of parsing an integer.
    ParseIntError = "ParseIntError", Kind::Prelude(&[Place::Struct]);
    /// Type inference (`parse_rule`): the error of parsing an `f64`.
    ParseFloatError = "ParseFloatError", Kind::Prelude(&[Place::Struct]);
    /// Type inference (write-back, `lower_format_arg`): `{}` of a std error
    /// type is a call of its `Display`.
    Display = "__display",
        Kind::Prelude(&[Place::MethodOf(LangItem::ParseIntError), Place::MethodOf(LangItem::ParseFloatError)]);

    // The methods of the templates' instances.

    /// Type inference (write-back, `prelude_method`): `HashMap::new()`,
    /// `Cell::new(x)`, and `v.iter()` (a new iterator over the list `v`).
    New = "__new",
        Kind::Prelude(&[
            Place::TemplateMethod(Template::Dict),
            Place::TemplateMethod(Template::Cell),
            Place::TemplateMethod(Template::CellStruct),
            Place::TemplateMethod(Template::Iter),
        ]);
    /// Type inference (write-back, `prelude_method`, and `methods::iter_method_sig`):
    /// the items a `for` loop over a dict or an iterator walks (`iter_list`).
    Items = "__items", Kind::Prelude(&[Place::TemplateMethod(Template::Dict), Place::TemplateMethod(Template::Iter)]);
    /// Type inference (write-back, `lower_collect`, and
    /// `methods::iter_method_sig`): `collect()` of an iterator into a `Vec`.
    Collect = "__collect", Kind::Prelude(&[Place::TemplateMethod(Template::Iter)]);
    /// The front end (assigning to a `RefCell`'s guard, `*c.borrow_mut() = v`):
    /// the store into a cell; type inference types it and the check of
    /// `#[elidable]` counts it as a change (`methods::CELL_METHODS`).
    CellSet = "__set",
        Kind::Prelude(&[Place::TemplateMethod(Template::Cell), Place::TemplateMethod(Template::CellStruct)]);
    /// The front end (reading a `RefCell`'s guard): the cell's value,
    /// without borrowing it again.
    CellValue = "__value",
        Kind::Prelude(&[Place::TemplateMethod(Template::Cell), Place::TemplateMethod(Template::CellStruct)]);
    /// Type inference (write-back of `release_borrow`): the end of a
    /// `RefCell`'s borrow.
    CellRelease = "__release",
        Kind::Prelude(&[Place::TemplateMethod(Template::Cell), Place::TemplateMethod(Template::CellStruct)]);

    // The intrinsics: the prelude calls them, the front end makes them operations.

    /// The prelude's view of a string as its bytes (`Vec<u8>`, the same object).
    StrBytes = "__str_bytes", Kind::Intrinsic { op: "str_bytes", arity: 1 };
    /// The prelude's view of bytes (`Vec<u8>`) as a string, the same object.
    StrFromBytes = "__str_from_bytes", Kind::Intrinsic { op: "str_from_bytes", arity: 1 };
    /// The prelude's copy of a list's items (`__list_extend(v, src, start,
    /// end)` appends `src[start..end]`, in bounds, to `v`): one `memmove`.
    ListExtend = "__list_extend", Kind::Intrinsic { op: "list_extend", arity: 4 };
    /// The prelude's move of items within a list (`__list_move(v, from, to,
    /// n)` copies `v[from..from + n]`, in bounds, to `v[to..to + n]`, the two
    /// ranges may overlap): one `memmove`, for `insert` and `remove`.
    ListMove = "__list_move", Kind::Intrinsic { op: "list_move", arity: 4 };
    /// Rust's own `f64::from_str`, run by the runtime: 0 for a number, 1
    /// for an empty string, 2 for anything else.
    StrParseF64Status = "__str_parse_f64_status", Kind::Intrinsic { op: "parse_f64_status", arity: 1 };
    /// Rust's own `f64::from_str`, run by the runtime: its value.
    StrParseF64 = "__str_parse_f64", Kind::Intrinsic { op: "parse_f64", arity: 1 };
    /// std's Unicode case conversions, run by the runtime: 0 for
    /// `to_uppercase`, 1 for `to_lowercase`.
    StrConvert = "__str_convert", Kind::Intrinsic { op: "str_convert", arity: 2 };
    /// std's Unicode classes of a char, run by the runtime (see
    /// `prelude/char.rs` for the kinds).
    CharClass = "__char_class", Kind::Intrinsic { op: "char_class", arity: 2 };
    /// The value behind an `Rc`; the derived instances
    /// (`prelude::instances`) compare and format through it.
    RcInner = "__rc_inner", Kind::Intrinsic { op: "rc_inner", arity: 1 };
    /// The template of a `RefCell` holding a struct (`prelude/cell_struct.rs`),
    /// whose cell is the struct's own object: the struct as its cell and the
    /// cell as its struct (the same object), the cell's borrow count (a
    /// field of the struct's object that only the rtyper adds: `rtyper::BORROWS`)
    /// and its update, and whether a struct is the cell's own object.
    CellOf = "__cell_of", Kind::Intrinsic { op: "cell_of", arity: 1 };
    CellInner = "__cell_inner", Kind::Intrinsic { op: "cell_inner", arity: 1 };
    CellBorrows = "__cell_borrows", Kind::Intrinsic { op: "cell_borrows", arity: 1 };
    CellSetBorrows = "__cell_set_borrows", Kind::Intrinsic { op: "cell_set_borrows", arity: 2 };
    CellIs = "__cell_is", Kind::Intrinsic { op: "cell_is", arity: 2 };
    /// The methods of both `Option` and `Result` that take a closure
    /// (`map`, `and_then`, ...), rewritten by the front end
    /// (`flow::builder::closures`) before types are known: whether the
    /// value is `Some`/`Ok`, its payload, its error (`""` for an
    /// `Option`), a `Some`/`Ok` of another payload like it, and a
    /// `None`/`Err` of its error like it; type inference tells which.
    UnwrapTest = "__unwrap_test", Kind::Intrinsic { op: "unwrap_test", arity: 1 };
    UnwrapPayload = "__unwrap_payload", Kind::Intrinsic { op: "unwrap_payload", arity: 1 };
    UnwrapErr = "__unwrap_err", Kind::Intrinsic { op: "unwrap_err", arity: 1 };
    Rewrap = "__rewrap", Kind::Intrinsic { op: "unwrap_rewrap", arity: 2 };
    Absent = "__absent", Kind::Intrinsic { op: "unwrap_absent", arity: 2 };

    // The names the front end gives a meaning to.

    /// The type of the iterator template (`Ty::Iter`): the prelude's
    /// signatures name it, the front end parses it and `prelude::source_of`
    /// writes it.
    IterType = "__Iter", Kind::Builtin;
    /// The front end (`jit_hints`): the condition, false where anything
    /// runs, of the call of a driver's `get_printable_location` it writes at
    /// a `jit_merge_point!`; the `printable_location` hint.
    PrintableLocationWanted = "__rpy_printable_location_wanted", Kind::Builtin;
}

impl LangItem {
    /// The method of strings implementing operation `opname` (`eq`, ...,
    /// `add`) on them.
    pub fn str_operator(opname: &str) -> Option<LangItem> {
        Some(match opname {
            "eq" => LangItem::StrEq,
            "ne" => LangItem::StrNe,
            "lt" => LangItem::StrLt,
            "le" => LangItem::StrLe,
            "gt" => LangItem::StrGt,
            "ge" => LangItem::StrGe,
            "add" => LangItem::StrAdd,
            _ => return None,
        })
    }

    /// The operation that a call of intrinsic `name` with `nargs` arguments
    /// is, if `name` is an intrinsic taking that many.
    pub fn intrinsic_op(name: &str, nargs: usize) -> Option<&'static str> {
        match LangItem::from_name(name)?.kind() {
            Kind::Intrinsic { op, arity } if arity == nargs => Some(op),
            _ => None,
        }
    }
}

/// The items the prelude lacks, given whether it defines an item in a
/// place: `Err` names each, with the place it was looked for in.
/// Intrinsics and builtin names are not the prelude's.
pub fn check(defines: impl Fn(LangItem, Place) -> bool) -> Result<(), String> {
    let mut missing = Vec::new();
    for &item in LangItem::ALL {
        let Kind::Prelude(places) = item.kind() else { continue };
        for &p in places.iter().filter(|&&p| !defines(item, p)) {
            missing.push(format!("`{}` ({item:?}, {p:?})", item.name()));
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("the prelude lacks lang items the compiler relies on: {}", missing.join(", ")))
    }
}

// The families of names, built from a method's name or a number.

/// The generic function of the prelude (`list.rs`) implementing method
/// `method` of lists that the rtyper does not lower (`methods::list_method_sig`):
/// `__vec_<method>`, the leading `_`s of `method` dropped (`__slice` is
/// `__vec_slice`). The front end accepts a method of lists that has one;
/// type inference calls it.
pub fn vec_fn(method: &str) -> String {
    format!("__vec_{}", method.trim_start_matches('_'))
}

/// The method of lists whose function (`vec_fn`) is named `name`, if it is
/// one: the check of `#[elidable]` knows the mutators by their method.
pub fn vec_fn_method(name: &str) -> Option<&str> {
    name.strip_prefix("__vec_")
}

/// The generic function of the prelude (`list.rs`) implementing method
/// `method` of iterators that the iterator template does not
/// (`methods::iter_method_sig`): `__iter_<method>`. Type inference calls it.
pub fn iter_fn(method: &str) -> String {
    format!("__iter_{method}")
}

/// The method of strings (`str.rs`) taking a `char` pattern instead of a
/// string: `__<method>_char` (`s.find(',')` is `__find_char`). Type
/// inference calls it when the argument is a `char` and it exists.
pub fn char_pattern_method(method: &str) -> String {
    format!("__{method}_char")
}

/// The name of the struct holding the fields of the `n`-th template
/// instance (a dict, a cell or an iterator): the prelude writes it into the
/// template (`$DATA`), the front end finds the instance's data by it.
pub fn data_struct_name(n: usize) -> String {
    format!("__Data{n}")
}

/// A std trait with hidden uses that a type of the module may implement
/// by hand (`flow::traits`): `{}` uses `Display`, `==` `PartialEq`. The
/// instances of `prelude::instances` call the implementation's methods
/// where the type has one (`Translator::std_impls`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StdTrait {
    Display,
    Debug,
    PartialEq,
    PartialOrd,
    Ord,
    Clone,
    Default,
    /// `From<S>`, one implementation per source type `S`
    /// (`Translator::conversions`); `x.into()` uses it too.
    From,
    /// `next()` and its `Item`: a `for` loop over the type calls it
    /// (`ModuleScope::iterator_loops`).
    Iterator,
}

impl StdTrait {
    pub const ALL: &'static [StdTrait] = &[
        StdTrait::Display,
        StdTrait::Debug,
        StdTrait::PartialEq,
        StdTrait::PartialOrd,
        StdTrait::Ord,
        StdTrait::Clone,
        StdTrait::Default,
        StdTrait::From,
        StdTrait::Iterator,
    ];

    /// The std module the trait is in, and its name there.
    pub const fn path(self) -> (&'static str, &'static str) {
        match self {
            StdTrait::Display => ("fmt", "Display"),
            StdTrait::Debug => ("fmt", "Debug"),
            StdTrait::PartialEq => ("cmp", "PartialEq"),
            StdTrait::PartialOrd => ("cmp", "PartialOrd"),
            StdTrait::Ord => ("cmp", "Ord"),
            StdTrait::Clone => ("clone", "Clone"),
            StdTrait::Default => ("default", "Default"),
            StdTrait::From => ("convert", "From"),
            StdTrait::Iterator => ("iter", "Iterator"),
        }
    }

    /// The name the implementing type's method `method` gets: `Display`'s
    /// and `Debug`'s `fmt` are told apart (`__fmt_display`, `__fmt_debug`);
    /// the others keep theirs (`x.eq(&y)`, `x.cmp(&y)`, `T::default()`).
    pub fn method_name(self, method: &str) -> String {
        match self {
            StdTrait::Display => "__fmt_display".into(),
            StdTrait::Debug => "__fmt_debug".into(),
            _ => method.into(),
        }
    }
}

/// A derived trait whose instances for a type the prelude generates
/// (`prelude::instances`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstanceKind {
    Eq,
    /// `<`, `<=`, `>`, `>=` (derived `PartialOrd`: lexicographic).
    Ord,
    Clone,
    Debug,
    /// `{}` and `.to_string()` of a type implementing `fmt::Display`.
    Display,
}

impl InstanceKind {
    /// What each function of an instance does, in their order: the
    /// comparison operations (`eq`, `ne`; `lt`, `le`, `gt`, `ge`), `clone`
    /// or `debug`.
    pub const fn ops(self) -> &'static [&'static str] {
        match self {
            InstanceKind::Eq => &["eq", "ne"],
            InstanceKind::Ord => &["lt", "le", "gt", "ge"],
            InstanceKind::Clone => &["clone"],
            InstanceKind::Debug => &["debug"],
            InstanceKind::Display => &["display", "to_string"],
        }
    }

    /// The names of the functions of the `n`-th instance, one per `ops`:
    /// `__<op><n>` (`__eq3`, `__ne3`). The prelude defines them
    /// (`instances::source`); the front end links them
    /// (`Translator::instances`), which type inference calls.
    pub fn fn_names(self, n: usize) -> Vec<String> {
        self.ops().iter().map(|op| format!("__{op}{n}")).collect()
    }
}

/// The operands of `generic_call` of the prelude's `__parse_int` for
/// integer type `it` parsing `s`.
pub fn parse_int_args(it: IntTy, s: Value) -> Vec<Value> {
    let (min, max) = it.min_max();
    let min = Value::Const(Constant::int(min.max(i64::MIN as i128), IntTy::I64));
    let max = Value::Const(Constant::int(max, IntTy::U64));
    let signed = Value::Const(Constant::new(ConstValue::Bool(it.signed()), Ty::Bool));
    vec![Value::Const(Constant::meta(ConstValue::Str(LangItem::ParseInt.name().into()))), s, min, max, signed]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// A prelude defining every item where the table says, as (place, name).
    fn full_prelude() -> HashSet<(Place, String)> {
        let mut defined = HashSet::new();
        for &item in LangItem::ALL {
            if let Kind::Prelude(places) = item.kind() {
                defined.extend(places.iter().map(|&p| (p, item.name().to_string())));
            }
        }
        defined
    }

    fn check_against(defined: &HashSet<(Place, String)>) -> Result<(), String> {
        check(|item, place| defined.contains(&(place, item.name().to_string())))
    }

    #[test]
    fn names_are_unique_and_found_back() {
        let names: HashSet<&str> = LangItem::ALL.iter().map(|i| i.name()).collect();
        assert_eq!(names.len(), LangItem::ALL.len());
        for &item in LangItem::ALL {
            assert_eq!(LangItem::from_name(item.name()), Some(item));
        }
        assert_eq!(LangItem::from_name("__nothing"), None);
    }

    #[test]
    fn a_complete_prelude_passes() {
        assert_eq!(check_against(&full_prelude()), Ok(()));
    }

    /// Removing any one item from a place, or renaming it, is reported with
    /// its name.
    #[test]
    fn a_missing_or_renamed_item_is_reported() {
        let full = full_prelude();
        for entry in &full {
            let mut lacking = full.clone();
            lacking.remove(entry);
            let err = check_against(&lacking).expect_err("a missing item is an error");
            assert!(err.contains(&format!("`{}`", entry.1)), "{err}");
            lacking.insert((entry.0, format!("{}_renamed", entry.1)));
            assert!(check_against(&lacking).is_err());
        }
        let mut lacking = full;
        lacking.remove(&(Place::Fn, "__collect_chars".to_string()));
        assert_eq!(
            check_against(&lacking),
            Err("the prelude lacks lang items the compiler relies on: `__collect_chars` (CollectChars, Fn)".into())
        );
    }

    #[test]
    fn intrinsics_by_name_and_arity() {
        assert_eq!(LangItem::intrinsic_op("__str_bytes", 1), Some("str_bytes"));
        assert_eq!(LangItem::intrinsic_op("__str_bytes", 2), None);
        assert_eq!(LangItem::intrinsic_op("__collect_chars", 1), None);
        assert_eq!(LangItem::str_operator("add"), Some(LangItem::StrAdd));
        assert_eq!(InstanceKind::Ord.fn_names(2), ["__lt2", "__le2", "__gt2", "__ge2"]);
        assert_eq!(vec_fn("__iter_sum"), "__vec_iter_sum");
        assert_eq!(vec_fn_method(&vec_fn("sort")), Some("sort"));
    }
}
