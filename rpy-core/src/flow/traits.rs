//! The module's traits, for static dispatch: a trait is a set of method
//! signatures, some with a default body, and of associated constants, some
//! with a default value. `impl Trait for Type` gives `Type` the methods and
//! constants of its block plus the trait's defaults it does not override,
//! each a method of `Type` as an inherent one would be (RPython specializes
//! per class the same way): a call on a value of a known type calls that
//! type's method, and a generic function bounded by the trait is
//! instantiated per type argument.
//!
//! Of std's traits, the arithmetic operators (`std::ops::Add` and the
//! like) may be implemented for a type with itself as the other operand
//! and the result: `a + b` on that type calls its `add`. The traits whose
//! uses are hidden (`{}` uses `Display`, `==` `PartialEq`) are
//! `StdTrait`s: the implementation is recorded (`Translator::std_impls`)
//! for the operations using it (`prelude::instances`).
//!
//! An implementation's associated types are what `Self::Item` means in its
//! methods and in the trait's defaults it takes.
//!
//! `impl Trait` in a free function's parameter (`fn area(s: &impl Shape)`)
//! is an anonymous type parameter, as rustc reads it: the function is
//! rewritten generic (`impl_trait_params`) before the module is built.
//!
//! Architecture invariant: a trait is never a type here. `dyn Trait` is
//! the enum of its implementing types that `flow::dyn_traits` writes out.

use super::error::{unsupported, Section, R};
use crate::lang_items::StdTrait;
use std::collections::HashMap;

/// A trait of the module: its items by name, borrowed from the source.
pub struct TraitDef<'a> {
    pub fns: Vec<&'a syn::TraitItemFn>,
    pub consts: Vec<&'a syn::TraitItemConst>,
}

/// Whether an item's generics are lifetimes only (`struct Lexer<'a>`):
/// lifetimes mean nothing to the translation.
pub(super) fn lifetimes_only(g: &syn::Generics) -> bool {
    g.params.iter().all(|p| matches!(p, syn::GenericParam::Lifetime(_)))
}

impl<'a> TraitDef<'a> {
    /// The trait `t`, or why it is outside the dialect.
    pub fn of(t: &'a syn::ItemTrait) -> R<TraitDef<'a>> {
        if !lifetimes_only(&t.generics) {
            return Err(unsupported(
                &t.generics,
                Section::Traits,
                "a generic trait",
                "generics are not translated yet",
                "",
            ));
        }
        if let Some(u) = &t.unsafety {
            return Err(unsupported(u, Section::Traits, "an `unsafe trait`", "the dialect has no `unsafe`", ""));
        }
        let mut def = TraitDef { fns: Vec::new(), consts: Vec::new() };
        for item in &t.items {
            match item {
                syn::TraitItem::Fn(f) => {
                    if !lifetimes_only(&f.sig.generics) {
                        return Err(unsupported(
                            &f.sig.generics,
                            Section::Traits,
                            "a generic trait method",
                            "generics are not translated yet",
                            "",
                        ));
                    }
                    def.fns.push(f);
                }
                syn::TraitItem::Const(c) => def.consts.push(c),
                // (Each implementation gives it; `Self::Item` is that type.)
                syn::TraitItem::Type(ty) if lifetimes_only(&ty.generics) => {}
                syn::TraitItem::Type(ty) => {
                    return Err(unsupported(
                        &ty.generics,
                        Section::Traits,
                        "a generic associated type",
                        "generics are not translated yet",
                        "",
                    ))
                }
                other => {
                    return Err(unsupported(other, Section::Traits, "this trait item", "it is outside the dialect", ""))
                }
            }
        }
        Ok(def)
    }
}

/// The module's traits by name (`None` for one outside the dialect, whose
/// implementations say nothing more), and the errors of those.
pub fn collect(items: &[syn::Item]) -> (HashMap<String, Option<TraitDef<'_>>>, Vec<syn::Error>) {
    let (mut traits, mut errors) = (HashMap::new(), Vec::new());
    for item in items {
        if let syn::Item::Trait(t) = item {
            let def = TraitDef::of(t).map_err(|e| errors.push(e)).ok();
            traits.insert(t.ident.to_string(), def);
        }
    }
    (traits, errors)
}

/// std's arithmetic operator traits the dialect translates: the trait,
/// its method, and the flow operation the method implements.
const OPERATORS: &[(&str, &str, &str)] = &[
    ("Add", "add", "add"),
    ("Sub", "sub", "sub"),
    ("Mul", "mul", "mul"),
    ("Div", "div", "div"),
    ("Rem", "rem", "mod"),
    ("Neg", "neg", "neg"),
    ("Not", "not", "invert"),
    ("BitAnd", "bitand", "and_"),
    ("BitOr", "bitor", "or_"),
    ("BitXor", "bitxor", "xor"),
];

/// The name `path` gives an item of std's module `module` (`Add` for
/// `Add`, `ops::Add` and `std::ops::Add` in `ops`), if it names one.
pub(super) fn in_std_module(path: &syn::Path, module: &str) -> Option<String> {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let (last, prefix) = names.split_last()?;
    let in_module = match prefix {
        [] => true,
        [m] => m == module,
        [root, m] => (root == "std" || root == "core") && m == module,
        _ => false,
    };
    in_module.then(|| last.clone())
}

/// Whether `path` names one of `OPERATORS`; the trait's generic arguments
/// are the caller's to check.
pub fn is_std_operator(path: &syn::Path) -> bool {
    in_std_module(path, "ops").is_some_and(|name| OPERATORS.iter().any(|(t, ..)| *t == name))
}

/// The std trait with hidden uses (`StdTrait`) that `path` names
/// (`Display`, `fmt::Display`, `std::fmt::Display`).
pub fn std_trait(path: &syn::Path) -> Option<StdTrait> {
    StdTrait::ALL.iter().copied().find(|t| {
        let (module, name) = t.path();
        in_std_module(path, module).is_some_and(|n| n == name)
    })
}

/// The method implementing the flow operation `opname` on a type that
/// implements the operator's trait (`add` for `add`, `rem` for `mod`).
pub fn operator_method(opname: &str) -> Option<&'static str> {
    OPERATORS.iter().find(|(.., op)| *op == opname).map(|(_, m, _)| *m)
}

/// The module's items with each free function's `impl Trait` parameters
/// (not `impl Fn..`: closures are not types here) made type parameters of
/// the function: `fn f(s: &impl Shape)` is `fn f<__Impl0: Shape>(s: &__Impl0)`.
pub fn impl_trait_params(items: &[syn::Item]) -> Vec<syn::Item> {
    items
        .iter()
        .map(|item| match item {
            syn::Item::Fn(f) => {
                let mut f = f.clone();
                let mut n = 0;
                for input in f.sig.inputs.iter_mut() {
                    let syn::FnArg::Typed(pt) = input else { continue };
                    let ty = match &mut *pt.ty {
                        syn::Type::Reference(r) => &mut *r.elem,
                        other => other,
                    };
                    let syn::Type::ImplTrait(it) = ty else { continue };
                    let closure = it
                        .bounds
                        .iter()
                        .any(|b| matches!(b, syn::TypeParamBound::Trait(t) if is_closure_trait(&t.path)));
                    if closure {
                        continue;
                    }
                    let name = syn::Ident::new(&format!("__Impl{n}"), proc_macro2::Span::call_site());
                    n += 1;
                    let bounds = &it.bounds;
                    f.sig.generics.params.push(syn::parse_quote!(#name: #bounds));
                    *ty = syn::parse_quote!(#name);
                }
                syn::Item::Fn(f)
            }
            other => other.clone(),
        })
        .collect()
}

/// Whether `path` names one of the closure traits (`Fn`, `FnMut`, `FnOnce`).
pub fn is_closure_trait(path: &syn::Path) -> bool {
    path.segments.last().is_some_and(|s| ["Fn", "FnMut", "FnOnce"].contains(&s.ident.to_string().as_str()))
}
