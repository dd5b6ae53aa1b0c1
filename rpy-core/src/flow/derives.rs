//! The derives the dialect writes out as source before building the
//! module, as rustc expands them: `#[derive(Default)]` of a struct (each
//! field's default by its declared type) or of an enum (its `#[default]`
//! unit variant) becomes an `impl Default`, which `flow::traits` then
//! declares like a hand-written one. The other derives are the prelude's
//! instances (`prelude::instances`), made per type once types are known.

use quote::{quote_spanned, ToTokens};
use syn::spanned::Spanned;

/// The `impl Default` items that the `#[derive(Default)]`s of `items`
/// expand to, spanned at their derive.
/// (A generic type's derives are its instances'.)
pub fn expand(items: &[syn::Item]) -> Vec<syn::Item> {
    let generic = |item: &&syn::Item| match item {
        syn::Item::Struct(s) => s.generics.type_params().next().is_some(),
        syn::Item::Enum(e) => e.generics.type_params().next().is_some(),
        _ => false,
    };
    items.iter().filter(|i| !generic(i)).filter_map(default_impl).collect()
}

/// The `#[derive]` among `attrs` that derives `name`, if any.
pub fn derive_of<'a>(attrs: &'a [syn::Attribute], name: &str) -> Option<&'a syn::Attribute> {
    attrs.iter().find(|a| {
        a.path().is_ident("derive")
            && a.meta.to_token_stream().to_string().split(|c: char| !c.is_alphanumeric()).any(|w| w == name)
    })
}

fn default_impl(item: &syn::Item) -> Option<syn::Item> {
    let (span, ident, body) = match item {
        syn::Item::Struct(s) => {
            let span = derive_of(&s.attrs, "Default")?.span();
            let body = match &s.fields {
                syn::Fields::Named(f) => {
                    let fields = f.named.iter().map(|f| {
                        let (name, value) = (&f.ident, default_of(&f.ty));
                        quote_spanned!(span=> #name: #value)
                    });
                    quote_spanned!(span=> Self { #(#fields),* })
                }
                syn::Fields::Unnamed(f) => {
                    let values = f.unnamed.iter().map(|f| default_of(&f.ty));
                    quote_spanned!(span=> Self(#(#values),*))
                }
                syn::Fields::Unit => quote_spanned!(span=> Self),
            };
            (span, &s.ident, body)
        }
        syn::Item::Enum(e) => {
            let span = derive_of(&e.attrs, "Default")?.span();
            // (rustc requires exactly one, a unit variant.)
            let v = e.variants.iter().find(|v| v.attrs.iter().any(|a| a.path().is_ident("default")))?;
            let name = &v.ident;
            (span, &e.ident, quote_spanned!(span=> Self::#name))
        }
        _ => return None,
    };
    Some(syn::parse_quote_spanned!(span=>
        impl Default for #ident {
            fn default() -> Self {
                #body
            }
        }
    ))
}

/// The default value of a field declared `ty`, as std's `Default` gives
/// it, written with what the dialect translates.
fn default_of(ty: &syn::Type) -> proc_macro2::TokenStream {
    let span = ty.span();
    match ty {
        syn::Type::Tuple(t) => {
            let items = t.elems.iter().map(default_of);
            quote_spanned!(span=> (#(#items,)*))
        }
        syn::Type::Array(a) => {
            let (item, len) = (default_of(&a.elem), &a.len);
            quote_spanned!(span=> [#item; #len])
        }
        syn::Type::Reference(r) if matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str")) => {
            quote_spanned!(span=> "")
        }
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last().expect("a path");
            let inner = || match &last.arguments {
                syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|a| match a {
                    syn::GenericArgument::Type(t) => Some(default_of(t)),
                    _ => None,
                }),
                _ => None,
            };
            match last.ident.to_string().as_str() {
                "i8" | "i16" | "i32" | "i64" | "isize" | "u8" | "u16" | "u32" | "u64" | "usize" => {
                    quote_spanned!(span=> 0)
                }
                "f64" | "f32" => quote_spanned!(span=> 0.0),
                "bool" => quote_spanned!(span=> false),
                "char" => quote_spanned!(span=> '\0'),
                "Option" => quote_spanned!(span=> None),
                "String" | "Vec" | "HashMap" | "HashSet" => {
                    let name = &last.ident;
                    quote_spanned!(span=> #name::new())
                }
                name @ ("Box" | "Rc" | "Cell" | "RefCell") => {
                    let (name, inner) = (syn::Ident::new(name, span), inner());
                    quote_spanned!(span=> #name::new(#inner))
                }
                _ => {
                    let name = &last.ident;
                    quote_spanned!(span=> #name::default())
                }
            }
        }
        // (Rejected where the field's type is parsed.)
        _ => quote_spanned!(span=> Default::default()),
    }
}
