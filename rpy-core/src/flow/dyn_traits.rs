//! `dyn Trait` as RPython's class hierarchies, written out as source before
//! the module is built: a trait of the module used as `dyn Trait` becomes
//! an enum with one variant per implementing type (its payload the value),
//! plus an inherent method per object-safe method of the trait that
//! `match`es on the variant and calls that type's method.
//!
//! ```text
//! trait Node { fn eval(&self, env: &mut Env) -> i64; }
//! impl Node for Add { .. }   impl Node for Num { .. }
//! // becomes
//! enum __dyn_Node { Add(Add), Num(Num) }
//! impl __dyn_Node {
//!     fn eval(&self, __a0: &mut Env) -> i64 {
//!         match self { __dyn_Node::Add(__x) => __x.eval(__a0), __dyn_Node::Num(__x) => __x.eval(__a0) }
//!     }
//! }
//! ```
//!
//! The variant's tag is the class id: an enum with data is already a GC
//! object whose tag is immutable, a `match` on it is one switch, and the
//! JIT traces the switch as one `guard_value` on the tag and the call as a
//! direct call, which is RPython's `guard_class` and its direct call of the
//! method of a known class. `dyn Trait` (behind `Box`, `Rc`, `&` or `&mut`)
//! names the enum (`flow::scope`); `Box::new(x)`, `Rc::new(x)`, `&x` and
//! `&mut x` typed as one make the variant of `x`'s type (`typeck`'s
//! coercions).
//!
//! Architecture invariant: only this module knows how a trait's enum is
//! named (`enum_name`, `trait_of`).

use quote::format_ident;
use std::collections::BTreeSet;
use syn::visit::Visit;

/// The prefix of the name of a trait's enum.
const PREFIX: &str = "__dyn_";

/// The name of the enum that `dyn trait_name` is.
/// The binding of the object's value in a dispatch method's arms.
pub const DYN_PAYLOAD: &str = "__x";

pub fn enum_name(trait_name: &str) -> String {
    format!("{PREFIX}{trait_name}")
}

/// The trait whose objects the enum named `enum_name` holds, if it is one.
pub fn trait_of(enum_name: &str) -> Option<&str> {
    enum_name.strip_prefix(PREFIX)
}

/// The enums and their dispatching `impl`s for the module's traits that
/// `items` use as `dyn Trait`.
pub fn expand(items: &[syn::Item]) -> Vec<syn::Item> {
    let traits: Vec<&syn::ItemTrait> = items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Trait(t) => Some(t),
            _ => None,
        })
        .collect();
    let mut used = DynUses { names: BTreeSet::new() };
    items.iter().for_each(|i| used.visit_item(i));
    let mut out = Vec::new();
    for t in traits.into_iter().filter(|t| used.names.contains(&t.ident.to_string())) {
        let implementors = implementors(items, &t.ident);
        out.push(class_enum(t, &implementors));
        if !implementors.is_empty() {
            out.push(dispatch_impl(t, &implementors));
            out.extend(formatting_impls(t, &implementors));
        }
    }
    out
}

/// The names of the traits written as `dyn Trait`.
struct DynUses {
    names: BTreeSet<String>,
}

impl<'ast> Visit<'ast> for DynUses {
    fn visit_type_trait_object(&mut self, t: &'ast syn::TypeTraitObject) {
        if let Some(path) = trait_path(t) {
            if let Some(ident) = path.get_ident() {
                self.names.insert(ident.to_string());
            }
        }
        syn::visit::visit_type_trait_object(self, t);
    }
}

/// The trait a `dyn Trait` (`+ 'a` allowed) names: its only trait bound.
pub fn trait_path(t: &syn::TypeTraitObject) -> Option<&syn::Path> {
    let mut traits = t.bounds.iter().filter_map(|b| match b {
        syn::TypeParamBound::Trait(tb) => Some(&tb.path),
        _ => None,
    });
    let first = traits.next()?;
    traits.next().is_none().then_some(first)
}

/// The types of the module that implement trait `name`, by a non-generic
/// `impl name for Type`, in the order written.
fn implementors(items: &[syn::Item], name: &syn::Ident) -> Vec<syn::Ident> {
    items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Impl(imp) if imp.generics.type_params().next().is_none() => {
                let (_, path, _) = imp.trait_.as_ref()?;
                if !path.is_ident(name) {
                    return None;
                }
                match &*imp.self_ty {
                    syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident().cloned(),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect()
}

/// `enum __dyn_Trait { A(A), B(B) }`.
fn class_enum(t: &syn::ItemTrait, implementors: &[syn::Ident]) -> syn::Item {
    let name = format_ident!("{}", enum_name(&t.ident.to_string()), span = t.ident.span());
    syn::parse_quote_spanned!(t.ident.span()=> enum #name { #(#implementors(#implementors)),* })
}

/// The inherent methods of the trait's enum: each object-safe method of
/// the trait, calling the variant's.
fn dispatch_impl(t: &syn::ItemTrait, implementors: &[syn::Ident]) -> syn::Item {
    let name = format_ident!("{}", enum_name(&t.ident.to_string()), span = t.ident.span());
    let methods = t.items.iter().filter_map(|item| match item {
        syn::TraitItem::Fn(f) if object_safe(&f.sig) => Some(dispatch_method(&name, &f.sig, implementors)),
        _ => None,
    });
    syn::parse_quote_spanned!(t.ident.span()=> impl #name { #(#methods)* })
}

fn dispatch_method(enum_name: &syn::Ident, sig: &syn::Signature, implementors: &[syn::Ident]) -> syn::ImplItemFn {
    let mut sig = sig.clone();
    let mut args = Vec::new();
    for (i, input) in sig.inputs.iter_mut().enumerate() {
        if let syn::FnArg::Typed(pt) = input {
            let arg = format_ident!("__a{i}");
            *pt.pat = syn::parse_quote!(#arg);
            args.push(arg);
        }
    }
    let method = &sig.ident;
    // (At the implementing type's name: what rpy says of a call through
    // the object is said of that type's `impl`.)
    let arms = implementors.iter().map(|ty| {
        let x = format_ident!("{DYN_PAYLOAD}", span = ty.span());
        quote::quote_spanned!(ty.span()=> #enum_name::#ty(#x) => #x.#method(#(#args),*))
    });
    syn::parse_quote!(#sig { match self { #(#arms),* } })
}

/// `Debug` and `Display` of the trait's enum when the trait has them as
/// supertraits (`trait Node: fmt::Debug`): the object formats as its value
/// does (the enum's derived `Debug` would show the variant).
fn formatting_impls(t: &syn::ItemTrait, implementors: &[syn::Ident]) -> Vec<syn::Item> {
    let name = format_ident!("{}", enum_name(&t.ident.to_string()), span = t.ident.span());
    let supertraits: Vec<crate::lang_items::StdTrait> = t
        .supertraits
        .iter()
        .filter_map(|b| match b {
            syn::TypeParamBound::Trait(tb) => super::traits::std_trait(&tb.path),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (std_trait, spec) in
        [(crate::lang_items::StdTrait::Debug, "{:?}"), (crate::lang_items::StdTrait::Display, "{}")]
    {
        if !supertraits.contains(&std_trait) {
            continue;
        }
        let trait_name = format_ident!("{}", std_trait.path().1);
        let arms = implementors.iter().map(|ty| quote::quote!(#name::#ty(__x) => write!(f, #spec, __x)));
        out.push(syn::parse_quote_spanned!(t.ident.span()=>
            impl std::fmt::#trait_name for #name {
                fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    match self { #(#arms),* }
                }
            }
        ));
    }
    out
}

/// Whether a trait method can be called on a `dyn Trait`: it takes `&self`
/// or `&mut self` and names `Self` nowhere else (rustc's object safety,
/// for what the dialect has).
fn object_safe(sig: &syn::Signature) -> bool {
    let by_ref =
        matches!(sig.inputs.first(), Some(syn::FnArg::Receiver(r)) if r.reference.is_some() && r.colon_token.is_none());
    let mut names = NamesSelf(false);
    sig.inputs.iter().skip(1).for_each(|i| names.visit_fn_arg(i));
    names.visit_return_type(&sig.output);
    let sized = sig.generics.where_clause.as_ref().is_some_and(|w| {
        w.predicates.iter().any(|p| quote::ToTokens::to_token_stream(p).to_string().replace(' ', "") == "Self:Sized")
    });
    by_ref && !names.0 && !sized
}

/// Whether `Self` is named in what is visited.
struct NamesSelf(bool);

impl<'ast> Visit<'ast> for NamesSelf {
    fn visit_path(&mut self, p: &'ast syn::Path) {
        self.0 |= p.segments.first().is_some_and(|s| s.ident == "Self");
        syn::visit::visit_path(self, p);
    }
}
