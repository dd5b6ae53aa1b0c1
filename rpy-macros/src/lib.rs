//! `#[rpython::entry]`: translates the module it is put on.
//!
//! The module is kept as it is (the untranslated program, compiled by
//! rustc). The whole toolchain runs inside this macro: flow graphs,
//! annotation, rtyping (rpy-core) and LLVM (rpy-llvm). The output adds a
//! module `translated` with the assembly for the target and one safe
//! wrapper per `pub fn`. On any error the original module is still emitted,
//! with the errors next to it, so rustc's own diagnostics stay right.

mod rustc;
mod wrappers;

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::{quote, ToTokens};
use rpy_core::driver::{translate_items, Timings, TranslationError};
use syn::spanned::Spanned;

/// Options of the attribute: `#[rpython::entry(opt_level = 2)]`.
struct Options {
    opt_level: u32,
}

fn parse_options(attr: proc_macro2::TokenStream) -> syn::Result<Options> {
    let mut opts = Options { opt_level: 2 };
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("opt_level") {
            let lit: syn::LitInt = meta.value()?.parse()?;
            let level: u32 = lit.base10_parse()?;
            if level > 3 {
                return Err(syn::Error::new_spanned(lit, "rpy: `opt_level` must be 0, 1, 2 or 3"));
            }
            opts.opt_level = level;
            Ok(())
        } else {
            Err(meta.error(format!(
                "rpy: unknown option `{}` of `#[rpython::entry]`; the supported option is `opt_level = N`",
                meta.path.get_ident().map(|i| i.to_string()).unwrap_or_default()
            )))
        }
    });
    syn::parse::Parser::parse2(parser, attr)?;
    Ok(opts)
}

#[proc_macro_attribute]
pub fn entry(attr: TokenStream, item: TokenStream) -> TokenStream {
    let item2: proc_macro2::TokenStream = item.clone().into();
    let module: syn::ItemMod = match syn::parse(item) {
        Ok(m) => m,
        Err(e) => {
            let err =
                syn::Error::new(e.span(), "rpy: `#[rpython::entry]` goes on an inline module: `pub mod name { ... }`");
            let err = err.to_compile_error();
            return quote!(#item2 #err).into();
        }
    };
    // A bug in rpy must not crash the compiler: report it as an error on the
    // module, after the module itself.
    let expanded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| expand(attr.into(), &module)))
        .unwrap_or_else(|payload| {
            let what = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(vec![syn::Error::new_spanned(
                &module.ident,
                format!("rpy: internal error while translating this module (a bug in rpy, please report it): {what}"),
            )])
        });
    match expanded {
        Ok(tokens) => tokens.into(),
        Err(errors) => {
            let errors = errors.iter().map(syn::Error::to_compile_error);
            let module = without_field_hints(&module);
            quote!(#module #(#errors)*).into()
        }
    }
}

/// The module without the translator's hints on fields
/// (`#[rpython::jit::immutable]`, `#[rpython::jit::quasi_immutable]`),
/// which Rust has no attribute for: rustc
/// compiles the module as it is otherwise.
fn without_field_hints(module: &syn::ItemMod) -> syn::ItemMod {
    struct Strip;
    impl syn::visit_mut::VisitMut for Strip {
        fn visit_field_mut(&mut self, f: &mut syn::Field) {
            f.attrs.retain(|a| !rpy_core::flow::is_immutable_hint(a) && !rpy_core::flow::is_quasi_immutable_hint(a));
            syn::visit_mut::visit_field_mut(self, f);
        }
    }
    let mut module = module.clone();
    syn::visit_mut::VisitMut::visit_item_mod_mut(&mut Strip, &mut module);
    module
}

fn expand(attr: proc_macro2::TokenStream, module: &syn::ItemMod) -> Result<proc_macro2::TokenStream, Vec<syn::Error>> {
    let opts = parse_options(attr).map_err(|e| vec![e])?;
    let Some((_, items)) = &module.content else {
        return Err(vec![syn::Error::new_spanned(
            module,
            "rpy: `#[rpython::entry]` needs the module's items inline: write `mod name { ... }`, not `mod name;`",
        )]);
    };
    let file = proc_macro::Span::call_site().file();
    let name = module.ident.to_string();
    let mut timings = Timings::default();
    let options = rustc::options();
    let translation = translate_items(items, &file, &name, options, &mut timings)
        .map_err(|errors| errors.into_iter().map(|e| locate(e, items)).collect::<Vec<_>>())?;
    let t = &translation.program;
    let prefix = symbol_prefix(&name, &file);
    let exports = wrappers::exports(t, &prefix);
    let llvm_opts = rpy_llvm::Options { opt_level: opts.opt_level, symbol_prefix: prefix.clone() };
    let asm = timings
        .time("compile_llvm", || {
            rustc::archs()
                .into_iter()
                .map(|arch| Ok((arch, rpy_llvm::compile_for(t, translation.jit.as_ref(), &exports, &llvm_opts, arch)?)))
                .collect::<Result<Vec<_>, String>>()
        })
        .map_err(|e| vec![syn::Error::new(Span::call_site(), format!("rpy: LLVM backend failed: {e}"))])?;
    if std::env::var_os("RPY_TIMINGS").is_some() {
        eprint!("[translation:info] module {name}\n{}", timings.report());
    }
    let spans = items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) => Some((f.sig.ident.to_string(), f.sig.ident.span())),
            _ => None,
        })
        .collect();
    let translated = wrappers::translated_module(t, &exports, &asm, &timings, &spans);
    let module = without_field_hints(module);
    let Some((_, items)) = &module.content else { unreachable!("checked above") };
    let syn::ItemMod { attrs, vis, mod_token, ident, .. } = &module;
    Ok(quote! {
        #(#attrs)* #vis #mod_token #ident {
            #(#items)*
            #translated
        }
    })
}

/// Places an error of a later stage on the operation it is about (the
/// token of the function's source at the error's position), else on the
/// function's name.
fn locate(e: TranslationError, items: &[syn::Item]) -> syn::Error {
    let (graph, pos, text) = match &e {
        TranslationError::Syntax(e) => return e.clone(),
        TranslationError::Stage(d) => (d.graph.clone(), d.pos, e.to_string()),
    };
    let item = items.iter().find(|item| match item {
        syn::Item::Fn(f) => f.sig.ident == graph,
        syn::Item::Const(c) => c.ident == graph,
        _ => false,
    });
    let at_pos = item.zip(pos).and_then(|(item, pos)| token_at(item.to_token_stream(), pos.line, pos.col));
    let span = at_pos
        .or_else(|| {
            item.map(|item| match item {
                syn::Item::Fn(f) => f.sig.ident.span(),
                syn::Item::Const(c) => c.ident.span(),
                _ => unreachable!(),
            })
        })
        .unwrap_or_else(|| items.first().map(|i| i.span()).unwrap_or_else(Span::call_site));
    syn::Error::new(span, text)
}

/// The span of the token starting at `line`:`col` (1-based column, as
/// `rpy_core::flow::Pos`).
fn token_at(tokens: proc_macro2::TokenStream, line: u32, col: u32) -> Option<Span> {
    tokens.into_iter().find_map(|tt| {
        let start = tt.span().start();
        if start.line as u32 == line && start.column as u32 + 1 == col {
            return Some(tt.span());
        }
        match tt {
            proc_macro2::TokenTree::Group(g) => token_at(g.stream(), line, col),
            _ => None,
        }
    })
}

/// A prefix unique to this module in this crate, so the symbols of two
/// translated modules never clash when linked together.
fn symbol_prefix(module: &str, file: &str) -> String {
    let krate = std::env::var("CARGO_CRATE_NAME").unwrap_or_default();
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    // FNV-1a: stable across runs and toolchains, unlike `DefaultHasher`.
    let mut h: u64 = 0xcbf29ce484222325;
    for b in format!("{krate}\0{version}\0{file}\0{module}").bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("_rpy_{module}_{h:016x}_")
}

// The JIT's function hints (re-exported by `rpython::jit`). Untranslated
// they leave the function as it is; `#[rpython::entry]` reads them from the
// module's tokens before they expand.

/// `#[elidable]`: the result depends only on the arguments and the function
/// writes nothing the caller can see, so a call with constant arguments
/// folds into its result in a trace.
#[proc_macro_attribute]
pub fn elidable(_attr: TokenStream, item: TokenStream) -> TokenStream {
    item
}

/// `#[dont_look_inside]`: traces call the function instead of tracing it.
#[proc_macro_attribute]
pub fn dont_look_inside(_attr: TokenStream, item: TokenStream) -> TokenStream {
    item
}

/// `#[unroll_safe]`: the function's loops may be unrolled in a trace.
#[proc_macro_attribute]
pub fn unroll_safe(_attr: TokenStream, item: TokenStream) -> TokenStream {
    item
}

/// `#[look_inside_iff(cond)]`: traced only when `cond` (over the
/// arguments) is constant-true in the trace.
#[proc_macro_attribute]
pub fn look_inside_iff(_attr: TokenStream, item: TokenStream) -> TokenStream {
    item
}
