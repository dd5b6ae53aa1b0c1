//! Generic structs and enums as source: the instance of `Stack<T>` for
//! `i64` is the struct `Stack__n` with `i64` written for `T`, and every
//! `impl<T> ... Stack<T>` block written again for it (RPython specializes
//! per annotation the same way; rustc monomorphizes). The driver adds an
//! instance once type inference finds the type used
//! (`Ty::Generic`), as it adds the instances of generic functions.
//!
//! Until its instance exists, a generic type is typed from its prototype:
//! the struct or enum declared under its own name without field types
//! (`items`), whose fields are `Translator::generic_fields` and whose
//! methods are generic functions named `Stack::push`.

use std::collections::HashMap;
use syn::visit_mut::VisitMut;

/// The name of the `n`-th instance of the generic type `name` (or of the
/// generic function `name`).
pub fn instance_name(name: &str, n: usize) -> String {
    format!("{name}__{n}")
}

/// The type parameters of `g`, in order.
pub fn type_params(g: &syn::Generics) -> Vec<String> {
    g.type_params().map(|p| p.ident.to_string()).collect()
}

/// For a generic `impl` of a generic type (`impl<T> Stack<T>`, `impl<T>
/// Trait for Stack<T>`): the type's name and, in the order of the type's
/// parameters, the `impl`'s parameters its arguments name. `None` if the
/// arguments are not the `impl`'s parameters themselves.
pub fn impl_target(imp: &syn::ItemImpl) -> Option<(String, Vec<String>)> {
    let syn::Type::Path(p) = &*imp.self_ty else { return None };
    let seg = p.path.segments.last().filter(|_| p.qself.is_none() && p.path.segments.len() == 1)?;
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else { return None };
    let params = type_params(&imp.generics);
    let mut order = Vec::new();
    for arg in &a.args {
        match arg {
            syn::GenericArgument::Lifetime(_) => {}
            syn::GenericArgument::Type(syn::Type::Path(t)) => {
                let name = t.path.get_ident()?.to_string();
                if !params.contains(&name) || order.contains(&name) {
                    return None;
                }
                order.push(name);
            }
            _ => return None,
        }
    }
    (order.len() == params.len()).then(|| (seg.ident.to_string(), order))
}

/// Writes `sources[i]` for each use of the type parameter `names[i]`.
pub struct Subst<'a>(pub HashMap<String, &'a String>);

impl VisitMut for Subst<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Path(p) = ty {
            if let Some(src) = p.path.get_ident().and_then(|i| self.0.get(&i.to_string())) {
                let span = p.path.segments[0].ident.span();
                *ty = syn::parse_str(src).expect("a type's source parses");
                // Errors about the type point at the parameter's use.
                if let syn::Type::Path(p) = ty {
                    p.path.segments.iter_mut().for_each(|s| s.ident.set_span(span));
                }
                return;
            }
            // `T::Item`: the associated type of the type argument
            // (`Circle::Item`), when it is a plain name.
            if let (Some(first), true) = (p.path.segments.first_mut(), p.qself.is_none()) {
                let arg = self.0.get(&first.ident.to_string()).and_then(|src| syn::parse_str::<syn::Ident>(src).ok());
                if let (Some(arg), syn::PathArguments::None) = (arg, &first.arguments) {
                    first.ident = syn::Ident::new(&arg.to_string(), first.ident.span());
                    return;
                }
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }

    /// In a macro's tokens (`vec![T::default(); n]`): each parameter
    /// written as a plain name is replaced by its argument's name.
    fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
        m.tokens = self.substitute_tokens(m.tokens.clone());
    }

    fn visit_expr_path_mut(&mut self, e: &mut syn::ExprPath) {
        if e.qself.is_none() {
            self.substitute_path_head(&mut e.path);
        }
        syn::visit_mut::visit_expr_path_mut(self, e);
    }
}

impl Subst<'_> {
    fn substitute_tokens(&self, tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
        use proc_macro2::{Group, TokenTree};
        tokens
            .into_iter()
            .map(|tt| match tt {
                TokenTree::Ident(i) => {
                    match self.0.get(&i.to_string()).and_then(|s| syn::parse_str::<syn::Ident>(s).ok()) {
                        Some(arg) => TokenTree::Ident(syn::Ident::new(&arg.to_string(), i.span())),
                        None => TokenTree::Ident(i),
                    }
                }
                TokenTree::Group(g) => {
                    let mut new = Group::new(g.delimiter(), self.substitute_tokens(g.stream()));
                    new.set_span(g.span());
                    TokenTree::Group(new)
                }
                other => other,
            })
            .collect()
    }

    /// `T::default()`, `T::new(..)`: the type argument's function, when the
    /// argument is written as a plain name (`i64`, `Point`).
    fn substitute_path_head(&self, path: &mut syn::Path) {
        if path.segments.len() < 2 {
            return;
        }
        let first = &mut path.segments[0];
        let arg = self.0.get(&first.ident.to_string()).and_then(|src| syn::parse_str::<syn::Ident>(src).ok());
        if let (Some(arg), syn::PathArguments::None) = (arg, &first.arguments) {
            first.ident = syn::Ident::new(&arg.to_string(), first.ident.span());
        }
    }
}

/// Keeps only the lifetime parameters of `g` (its type parameters are
/// written out).
pub fn strip_type_params(g: &mut syn::Generics) {
    g.params = g.params.iter().filter(|p| matches!(p, syn::GenericParam::Lifetime(_))).cloned().collect();
    g.where_clause = None;
}

/// The `n`-th instance of the generic type `name` for the type arguments
/// `sources` (as source): the type, renamed, and its `impl` blocks, for
/// the instance's name.
pub fn instantiate(items: &[syn::Item], name: &str, sources: &[String], n: usize) -> Vec<syn::Item> {
    let inst = syn::Ident::new(&instance_name(name, n), proc_macro2::Span::call_site());
    let mut out = Vec::new();
    for item in items {
        match item {
            syn::Item::Struct(syn::ItemStruct { ident, generics, .. })
            | syn::Item::Enum(syn::ItemEnum { ident, generics, .. })
                if ident == name =>
            {
                let mut item = item.clone();
                let mut subst = Subst(type_params(generics).into_iter().zip(sources).collect());
                subst.visit_item_mut(&mut item);
                let (ident, generics) = match &mut item {
                    syn::Item::Struct(s) => (&mut s.ident, &mut s.generics),
                    syn::Item::Enum(e) => (&mut e.ident, &mut e.generics),
                    _ => unreachable!(),
                };
                strip_type_params(generics);
                *ident = syn::Ident::new(&inst.to_string(), ident.span());
                out.push(item);
            }
            syn::Item::Impl(imp) => {
                let Some((target, order)) = impl_target(imp).filter(|(t, _)| t == name) else { continue };
                debug_assert_eq!(target, name);
                let mut imp = imp.clone();
                let mut subst = Subst(order.into_iter().zip(sources).collect());
                strip_type_params(&mut imp.generics);
                subst.visit_item_impl_mut(&mut imp);
                let span = match &*imp.self_ty {
                    syn::Type::Path(p) => p.path.segments[0].ident.span(),
                    _ => proc_macro2::Span::call_site(),
                };
                imp.self_ty = Box::new(syn::Type::Path(syn::TypePath {
                    qself: None,
                    path: syn::Ident::new(&inst.to_string(), span).into(),
                }));
                out.push(syn::Item::Impl(imp));
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    #[test]
    fn an_instance_writes_the_arguments_for_the_parameters() {
        let file: syn::File = syn::parse_str(
            "struct Stack<T> { items: Vec<T> }
             impl<T: Clone> Stack<T> { fn push(&mut self, x: T) { self.items.push(x); } }
             impl Other { fn f() {} }",
        )
        .unwrap();
        let items = instantiate(&file.items, "Stack", &["i64".to_string()], 3);
        let text: Vec<String> = items.iter().map(|i| i.to_token_stream().to_string()).collect();
        assert_eq!(text[0], "struct Stack__3 { items : Vec < i64 > }");
        assert_eq!(text[1], "impl Stack__3 { fn push (& mut self , x : i64) { self . items . push (x) ; } }");
        assert_eq!(items.len(), 2);
    }

    #[test]
    fn an_impl_may_name_the_parameters_in_another_order() {
        let imp: syn::ItemImpl = syn::parse_str("impl<A, B> Pair<B, A> {}").unwrap();
        assert_eq!(impl_target(&imp), Some(("Pair".into(), vec!["B".into(), "A".into()])));
        let imp: syn::ItemImpl = syn::parse_str("impl<A> Pair<A, i64> {}").unwrap();
        assert_eq!(impl_target(&imp), None);
    }
}
