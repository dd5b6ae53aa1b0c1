//! The prelude: library code of the dialect written in the dialect itself,
//! as RPython writes its ll helpers in RPython. The translator builds it
//! together with the user's module (names start with `__` or are methods of
//! `str` and `HashMap`, so they cannot clash with the user's).
//!
//! - `str.rs`: the methods of `String`/`&str`, over the string's bytes.
//! - `list.rs`: the methods of `Vec<T>` and slices that the rtyper does not
//!   lower, as generic functions (`lang_items::vec_fn`).
//! - `dict.rs`: a template of the ordered dict, instantiated per key and
//!   value type (`template_items`) once type inference has found the
//!   `HashMap<K, V>`s the program uses.
//! - `cmp.rs`: `std::cmp::Ordering` and the comparisons giving it.
//! - `cell.rs`: a template of `Cell<T>` and `RefCell<T>`, instantiated the
//!   same way per cell type; `cell_struct.rs` the one of a `RefCell` of a
//!   struct, which is the struct's own object (`cell_struct`).
//!
//! The stages call some of its functions and methods by name: the lang
//! items (`lang_items::LangItem`). `check_lang_items` checks, when the
//! prelude is loaded, that it defines each of them.

pub mod instances;

use crate::lang_items::{self, data_struct_name, LangItem, Place, Template};
use crate::translator::Translator;
use crate::ty::{CellKind, IntTy, StructId, Ty};

const STR_SRC: &str = include_str!("str.rs");
const LIST_SRC: &str = include_str!("list.rs");
const DICT_SRC: &str = include_str!("dict.rs");
const CELL_SRC: &str = include_str!("cell.rs");
const CELL_STRUCT_SRC: &str = include_str!("cell_struct.rs");
const ITER_SRC: &str = include_str!("iter.rs");
const CHAR_SRC: &str = include_str!("char.rs");
const NUM_SRC: &str = include_str!("num.rs");
const FLOAT_SRC: &str = include_str!("float.rs");
const CMP_SRC: &str = include_str!("cmp.rs");
const COLLECTIONS_SRC: &str = include_str!("collections.rs");

/// The items of a source of rpy's own, marked `#[rpy_internal]`: their code
/// relies on the dialect's sharing of objects (a method returning a field
/// returns the object, as a `&mut` would), so the builder does not copy the
/// places they use by value (see `FnBuilder::copied`).
pub(crate) fn parse(src: &str, what: &str) -> Vec<syn::Item> {
    let mut items = match syn::parse_file(src) {
        Ok(f) => f.items,
        Err(e) => panic!("rpy: the prelude's {what} does not parse: {e}"),
    };
    for item in &mut items {
        match item {
            syn::Item::Fn(f) => f.attrs.push(syn::parse_quote!(#[rpy_internal])),
            syn::Item::Impl(i) => i.attrs.push(syn::parse_quote!(#[rpy_internal])),
            _ => {}
        }
    }
    items
}

/// Whether an item comes from `parse`.
pub fn is_internal(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("rpy_internal"))
}

/// The items every translation includes.
pub fn items() -> Vec<syn::Item> {
    let mut items = parse(STR_SRC, "str.rs");
    items.extend(parse(LIST_SRC, "list.rs"));
    items.extend(parse(CHAR_SRC, "char.rs"));
    items.extend(parse(FLOAT_SRC, "float.rs"));
    items.extend(parse(CMP_SRC, "cmp.rs"));
    items.extend(parse(COLLECTIONS_SRC, "collections.rs"));
    for it in crate::ty::IntTy::ALL {
        let unsigned = match it.name().strip_prefix('i') {
            Some(bits) => crate::ty::IntTy::from_name(&format!("u{bits}")).unwrap(),
            None => it,
        };
        let src = keep_blocks(&keep_blocks(NUM_SRC, "$SIGNED", it.signed()), "$UNSIGNED", !it.signed());
        items.extend(parse(&src.replace("$T", it.name()).replace("$U", unsigned.name()), "num.rs"));
    }
    items
}

/// The instance of the dict template for `HashMap<k, v>` or of the cell
/// template for a cell type `ty`, as the `n`-th instance. Errors name a key
/// type that cannot be hashed.
pub fn template_items(t: &Translator, ty: &Ty, n: usize) -> Result<Vec<syn::Item>, String> {
    match ty {
        Ty::Dict(k, v) => {
            let hash = hash_expr(t, k, "(*k)")?;
            let src = if **v == Ty::Unit { DICT_SRC } else { DICT_SRC.split("// @set-only").next().unwrap() };
            let src = src
                .replace("$DATA", &data_struct_name(n))
                .replace("$K", &source_of(t, k))
                .replace("$V", &source_of(t, v))
                .replace("$HASH", &hash);
            Ok(parse(&src, "dict.rs instance"))
        }
        Ty::Cell(_, inner) if let Some(s) = cell_struct(t, ty) => {
            let def = &t.structs[s];
            let copy_in: String = def.fields.iter().map(|(f, _)| format!("self.{f} = value.{f};")).collect();
            let fields: Vec<String> = def.fields.iter().map(|(f, _)| format!("{f}: self.{f}")).collect();
            let src = CELL_STRUCT_SRC
                .replace("$COPY_IN", &copy_in)
                .replace("$COPY_OUT", &format!("$T {{ {} }}", fields.join(", ")))
                .replace("$T", &source_of(t, inner));
            Ok(parse(&src, "cell_struct.rs instance"))
        }
        Ty::Cell(kind, inner) => {
            let src = keep_blocks(CELL_SRC, "$REFCELL", *kind == CellKind::RefCell)
                .replace("$DATA", &data_struct_name(n))
                .replace("$CELL", kind.name())
                .replace("$T", &source_of(t, inner))
                // `Cell::get` of an array (or a value holding one) copies it.
                .replace("$GET", if instances::holds_array(t, inner) { "self.value.clone()" } else { "self.value" });
            Ok(parse(&src, "cell.rs instance"))
        }
        Ty::Iter(item) => {
            let src = ITER_SRC.replace("$DATA", &data_struct_name(n)).replace("$T", &source_of(t, item));
            Ok(parse(&src, "iter.rs instance"))
        }
        other => unreachable!("no template for {other}"),
    }
}

/// The struct that is its own cell when `ty` is a `RefCell` of it: a struct
/// that is a GC object (not `Copy`, not a variant of an enum). Its object
/// holds the cell's borrow count (`rtyper::BORROWS`); a `Cell` of it, whose
/// `get` would copy, keeps a cell of its own.
pub fn cell_struct(t: &Translator, ty: &Ty) -> Option<StructId> {
    match ty {
        Ty::Cell(CellKind::RefCell, inner) => match **inner {
            Ty::Struct(s) if !t.structs[s].copy && t.structs[s].variant.is_none() => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// Checks, once the prelude is built into `t` (with no template
/// instantiated yet), that it defines every lang item the compiler relies
/// on where the table says (`lang_items::check`); the templates' methods
/// are those of their source. `Err` names each missing item.
pub fn check_lang_items(t: &Translator) -> Result<(), String> {
    check_lang_items_with(t, |template| template_methods(t, template))
}

/// `check_lang_items`, with the methods of each template's instances
/// given by `template_methods`.
fn check_lang_items_with(t: &Translator, template_methods: impl Fn(Template) -> Vec<String>) -> Result<(), String> {
    let templates: Vec<(Template, Vec<String>)> =
        Template::ALL.into_iter().map(|tp| (tp, template_methods(tp))).collect();
    let struct_named = |name: &str| t.structs.iter().find(|(_, d)| d.name == name).map(|(id, _)| id);
    lang_items::check(|item, place| {
        let name = item.name();
        match place {
            Place::Fn => t.graph_by_name(name).is_some(),
            Place::GenericFn => t.generic_fns.contains_key(name),
            Place::VecFn => t.generic_fns.contains_key(&lang_items::vec_fn(name)),
            Place::StrMethod => t.methods.contains_key(&(Ty::Str, name.to_string())),
            Place::MethodOf(s) => {
                struct_named(s.name()).is_some_and(|s| t.methods.contains_key(&(Ty::Struct(s), name.to_string())))
            }
            Place::TemplateMethod(tp) => templates.iter().any(|(x, ms)| *x == tp && ms.iter().any(|m| m == name)),
            Place::Struct => struct_named(name).is_some(),
            Place::Enum => t.enums.iter().any(|(_, d)| d.name == name),
        }
    })
}

/// The methods of every instance of `template`: those of its source,
/// instantiated for `i64` (the dict's as a set, its whole source; the
/// cell's as a `RefCell`, its whole source), the struct cell's for a struct
/// `S` without fields.
fn template_methods(t: &Translator, template: Template) -> Vec<String> {
    let i64_ = || Box::new(Ty::Int(IntTy::I64));
    let ty = match template {
        Template::Dict => Ty::Dict(i64_(), Box::new(Ty::Unit)),
        Template::Cell => Ty::Cell(CellKind::RefCell, i64_()),
        Template::CellStruct => {
            let src = CELL_STRUCT_SRC.replace("$COPY_IN", "").replace("$COPY_OUT", "S {}").replace("$T", "S");
            return methods_of(&parse(&src, "cell_struct.rs instance"));
        }
        Template::Iter => Ty::Iter(i64_()),
    };
    methods_of(&template_items(t, &ty, 0).expect("`i64` is a key"))
}

/// The names of the methods of the `impl` blocks among `items`.
fn methods_of(items: &[syn::Item]) -> Vec<String> {
    let impls = items.iter().filter_map(|i| match i {
        syn::Item::Impl(imp) => Some(imp),
        _ => None,
    });
    let fns = impls.flat_map(|imp| imp.items.iter()).filter_map(|i| match i {
        syn::ImplItem::Fn(f) => Some(f.sig.ident.to_string()),
        _ => None,
    });
    fns.collect()
}

/// The Rust source naming `ty`.
pub fn source_of(t: &Translator, ty: &Ty) -> String {
    match ty {
        Ty::Int(i) => i.name().to_string(),
        Ty::Bool => "bool".into(),
        Ty::F64 => "f64".into(),
        Ty::Char => "char".into(),
        Ty::Unit => "()".into(),
        Ty::Str => "String".into(),
        Ty::Tuple(items) => {
            let items: Vec<String> = items.iter().map(|i| source_of(t, i)).collect();
            format!("({},)", items.join(", "))
        }
        Ty::Option(inner) => format!("Option<{}>", source_of(t, inner)),
        Ty::Struct(s) => t.structs[*s].name.clone(),
        Ty::Enum(e) => t.enums[*e].name.clone(),
        Ty::List(item) | Ty::Array(item) => format!("Vec<{}>", source_of(t, item)),
        Ty::Dict(k, v) => format!("HashMap<{}, {}>", source_of(t, k), source_of(t, v)),
        Ty::Cell(kind, inner) => format!("{}<{}>", kind.name(), source_of(t, inner)),
        Ty::Iter(item) => format!("{}<{}>", LangItem::IterType.name(), source_of(t, item)),
        Ty::Rc(inner) => format!("Rc<{}>", source_of(t, inner)),
        Ty::Infer => "_".into(),
        Ty::Generic(proto, args) => {
            let args: Vec<String> = args.iter().map(|a| source_of(t, a)).collect();
            format!("{}<{}>", source_of(t, proto), args.join(", "))
        }
        Ty::Result(ok, err) => format!("Result<{}, {}>", source_of(t, ok), source_of(t, err)),
        Ty::Fn(params, ret) => {
            let params: Vec<String> = params.iter().map(|p| source_of(t, p)).collect();
            format!("fn({}) -> {}", params.join(", "), source_of(t, ret))
        }
    }
}

/// An expression of type `u64` hashing `e`, a value of type `ty`: the
/// derived `Hash` (a user's own `impl Hash` is not translated), so equal
/// values under the derived `==` hash equally. The dict compares keys with
/// `==`.
fn hash_expr(t: &Translator, ty: &Ty, e: &str) -> Result<String, String> {
    hash_at(t, ty, e, 0)
}

/// `hash_expr` at nesting `depth`, which names its locals apart.
fn hash_at(t: &Translator, ty: &Ty, e: &str, depth: usize) -> Result<String, String> {
    const MIX: &str = "0x9E3779B97F4A7C15";
    // The hash of parts, in order, mixed into one.
    let mix = |parts: Vec<String>| {
        parts
            .into_iter()
            .fold("0u64".to_string(), |h, part| format!("(({h}).rotate_left(7) ^ {part}).wrapping_mul({MIX})"))
    };
    let int = |e: &str| format!("(({e} as i64 as u64).wrapping_mul({MIX}) ^ (({e} as i64 as u64) >> 29))");
    let data_enum = matches!(ty, Ty::Enum(en) if t.enums[*en].data.is_some());
    Ok(match ty {
        Ty::Int(_) | Ty::Bool | Ty::Char => int(e),
        Ty::Enum(_) if !data_enum => int(e),
        Ty::Str => format!("{e}.{}()", LangItem::StrHash.name()),
        Ty::Unit => "0".into(),
        Ty::Rc(inner) => hash_at(t, inner, e, depth)?,
        Ty::Tuple(items) => {
            mix(items.iter().enumerate().map(|(i, item)| hash_at(t, item, &format!("{e}.{i}"), depth)).collect::<Result<_, _>>()?)
        }
        Ty::Struct(s) => mix(
            t.structs[*s]
                .fields
                .iter()
                .map(|(name, fty)| hash_at(t, fty, &format!("{e}.{name}"), depth))
                .collect::<Result<_, _>>()?,
        ),
        // The variant's index, then its fields.
        Ty::Enum(en) => {
            let def = &t.enums[*en];
            let payloads = &def.data.as_ref().expect("an enum with data").payloads;
            let mut arms = Vec::new();
            for (i, ((variant, _), &p)) in def.variants.iter().zip(payloads).enumerate() {
                let fields = &t.structs[p].fields;
                let names: Vec<String> = (0..fields.len()).map(|k| format!("__f{depth}_{k}")).collect();
                let tuple = fields.first().is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()));
                let pattern = match (fields.is_empty(), tuple) {
                    (true, _) => String::new(),
                    (false, true) => format!("({})", names.join(", ")),
                    (false, false) => {
                        let binds: Vec<String> = fields.iter().zip(&names).map(|((f, _), n)| format!("{f}: {n}")).collect();
                        format!(" {{ {} }}", binds.join(", "))
                    }
                };
                let mut parts = vec![int(&i.to_string())];
                for ((_, fty), n) in fields.iter().zip(&names) {
                    parts.push(hash_at(t, fty, n, depth + 1)?);
                }
                arms.push(format!("{}::{variant}{pattern} => {},", def.name, mix(parts)));
            }
            format!("(match {e} {{ {} }})", arms.join(" "))
        }
        Ty::List(item) | Ty::Array(item) => {
            let (h, x) = (format!("__h{depth}"), format!("__x{depth}"));
            let part = hash_at(t, item, &x, depth + 1)?;
            format!("{{ let mut {h}: u64 = {}; for {x} in {e}.iter() {{ {h} = (({h}).rotate_left(7) ^ {part}).wrapping_mul({MIX}); }} {h} }}", int(&format!("{e}.len()")))
        }
        Ty::Option(inner) => {
            let x = format!("__x{depth}");
            format!("(match {e} {{ Some({x}) => {}, None => 0u64 }})", mix(vec![int("1"), hash_at(t, inner, &x, depth + 1)?]))
        }
        other => return Err(format!("`{other}` cannot be a `HashMap` key: keys are integers, `bool`, `char`, strings, the module's structs and enums, and tuples, `Vec`s and `Option`s of them ({})", crate::diagnostic::Section::Maps.see())),
    })
}

/// `src` with its `marker ... $END` blocks kept (the markers removed) or
/// removed whole.
fn keep_blocks(src: &str, marker: &str, keep: bool) -> String {
    let mut out = String::new();
    let mut rest = src;
    while let Some(start) = rest.find(marker) {
        out.push_str(&rest[..start]);
        let after = &rest[start + marker.len()..];
        let end = after.find("$END").expect("a `$END` closes every block");
        if keep {
            out.push_str(&after[..end]);
        }
        rest = &after[end + "$END".len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The prelude's items, with the function or method `name` renamed,
    /// built into a program.
    fn prelude_renaming(name: &str) -> Translator {
        let mut items = items();
        let renamed = syn::Ident::new(&format!("{name}_renamed"), proc_macro2::Span::call_site());
        for item in &mut items {
            match item {
                syn::Item::Fn(f) if f.sig.ident == name => f.sig.ident = renamed.clone(),
                syn::Item::Impl(imp) => {
                    for i in &mut imp.items {
                        if let syn::ImplItem::Fn(f) = i {
                            if f.sig.ident == name {
                                f.sig.ident = renamed.clone();
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        crate::flow::items::build_module(&items, "prelude.rs", &Default::default()).expect("the prelude builds")
    }

    #[test]
    fn the_prelude_defines_every_lang_item() {
        assert_eq!(check_lang_items(&prelude_renaming("__nothing")), Ok(()));
    }

    /// A prelude function, generic function, method or template method
    /// renamed is reported by its name.
    #[test]
    fn a_renamed_lang_item_is_reported() {
        for item in [LangItem::CollectChars, LangItem::ToString, LangItem::ParseF64, LangItem::Display] {
            let err = check_lang_items(&prelude_renaming(item.name())).expect_err("a renamed item is missing");
            assert!(err.contains(&format!("`{}` ({item:?}", item.name())), "{err}");
        }
        let t = prelude_renaming("__nothing");
        let without_set = |tp| {
            let mut ms = template_methods(&t, tp);
            if tp == Template::CellStruct {
                ms.retain(|m| m != LangItem::CellSet.name());
            }
            ms
        };
        let err = check_lang_items_with(&t, without_set).expect_err("`__set` is missing");
        assert_eq!(
            err,
            "the prelude lacks lang items the compiler relies on: `__set` (CellSet, TemplateMethod(CellStruct))"
        );
    }
}
