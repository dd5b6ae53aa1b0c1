//! The `translated` module: the assembly, the `extern "C"` declarations of
//! the exported functions, and one safe wrapper per `pub fn`.
//!
//! The boundary ABI (shared with rpy-llvm): parameters are flattened into
//! scalar leaves, each passed as `i64` (integers, `bool`, `char`) or `f64`;
//! a scalar result comes back the same way; a tuple result is written to a
//! buffer of 8-byte slots whose address is passed first.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use rpy_core::driver::Timings;
use rpy_core::translator::Translator;
use rpy_core::ty::Ty;
use rpy_llvm::{Arch, Export};

pub fn exports(t: &Translator, prefix: &str) -> Vec<Export> {
    t.entrypoints.iter().map(|&g| Export { graph: g, symbol: format!("{prefix}export_{}", t.graphs[g].name) }).collect()
}

/// The Rust type of a parameter (`result == false`) or result of a
/// boundary function: strings come in as anything that is `AsRef<str>` and
/// go out as `String`s.
fn rust_type(ty: &Ty, result: bool) -> TokenStream {
    match ty {
        Ty::Int(i) => {
            let id = format_ident!("{}", i.name());
            quote!(#id)
        }
        Ty::Bool => quote!(bool),
        Ty::F64 => quote!(f64),
        Ty::Char => quote!(char),
        Ty::Unit => quote!(()),
        Ty::Tuple(items) => {
            let items = items.iter().map(|t| rust_type(t, result));
            quote!((#(#items,)*))
        }
        Ty::Str if result => quote!(::std::string::String),
        Ty::Str => quote!(impl ::core::convert::AsRef<str>),
        Ty::List(item) if **item == Ty::Str => quote!(::std::vec::Vec<::std::string::String>),
        // `flow::items::boundary_error` rejects every other type.
        other => unreachable!("`{other}` at the boundary"),
    }
}

/// The leaves of a value `expr` of type `ty`, as ABI arguments.
fn flatten_arg(expr: TokenStream, ty: &Ty, out: &mut Vec<(TokenStream, TokenStream)>) {
    match ty {
        Ty::Tuple(items) => {
            for (i, t) in items.iter().enumerate() {
                let idx = syn::Index::from(i);
                flatten_arg(quote!((#expr).#idx), t, out);
            }
        }
        Ty::F64 => out.push((quote!(f64), expr)),
        Ty::Unit => {}
        Ty::Char | Ty::Bool | Ty::Int(_) => out.push((quote!(i64), quote!((#expr) as i64))),
        // Strings cross as new GC objects, made inside the GC's lock.
        Ty::Str => out.push((
            quote!(i64),
            quote!(::rpython::ll::new_string(::core::convert::AsRef::<str>::as_ref(&#expr).as_bytes()) as i64),
        )),
        Ty::List(item) if **item == Ty::Str => {
            out.push((quote!(i64), quote!(::rpython::ll::new_string_list(&#expr) as i64)))
        }
        // `flow::items::boundary_error` rejects every other type.
        other => unreachable!("`{other}` at the boundary"),
    }
}

/// Rebuilds a value of type `ty` from the slots `buf[*next..]`.
fn unflatten(ty: &Ty, next: &mut usize) -> TokenStream {
    match ty {
        Ty::Tuple(items) => {
            let items = items.iter().map(|t| unflatten(t, next));
            quote!((#(#items,)*))
        }
        Ty::Unit => quote!(()),
        _ => {
            let i = *next;
            *next += 1;
            scalar_result(ty, quote!(__buf[#i]))
        }
    }
}

/// Converts an ABI scalar (`u64` slot or `i64`/`f64` return) back.
fn scalar_result(ty: &Ty, v: TokenStream) -> TokenStream {
    match ty {
        Ty::F64 => quote!(f64::from_bits((#v) as u64)),
        Ty::Bool => quote!((#v) != 0),
        Ty::Char => quote!(::core::char::from_u32((#v) as u32).expect("rpy: translated code returned an invalid char")),
        Ty::Str => quote!(unsafe { ::rpython::ll::rust_string((#v) as usize as *const u8) }),
        Ty::Int(i) => {
            let id = format_ident!("{}", i.name());
            quote!((#v) as #id)
        }
        _ => unreachable!(),
    }
}

fn leaf_count(ty: &Ty) -> usize {
    match ty {
        Ty::Tuple(items) => items.iter().map(leaf_count).sum(),
        Ty::Unit => 0,
        _ => 1,
    }
}

pub fn translated_module(
    t: &Translator,
    exports: &[Export],
    asm: &[(Arch, String)],
    timings: &Timings,
    spans: &std::collections::HashMap<String, proc_macro2::Span>,
) -> TokenStream {
    let mut decls = Vec::new();
    let mut wrappers = Vec::new();
    for e in exports {
        let g = &t.graphs[e.graph];
        // The wrapper carries the span of the user's function, so rustc's
        // errors about calls to it point at the user's code.
        let name = syn::Ident::new(&g.name, spans.get(&g.name).copied().unwrap_or_else(proc_macro2::Span::call_site));
        let sym = format_ident!("{}", e.symbol);
        let params: Vec<_> = (0..g.param_tys.len()).map(|i| format_ident!("a{}", i)).collect();
        let param_tys: Vec<_> = g.param_tys.iter().map(|t| rust_type(t, false)).collect();
        let mut leaves = Vec::new();
        for (p, ty) in params.iter().zip(&g.param_tys) {
            flatten_arg(quote!(#p), ty, &mut leaves);
        }
        let leaf_names: Vec<_> = (0..leaves.len()).map(|i| format_ident!("l{}", i)).collect();
        let leaf_tys: Vec<_> = leaves.iter().map(|(t, _)| t.clone()).collect();
        let leaf_exprs: Vec<_> = leaves.iter().map(|(_, e)| e.clone()).collect();
        let ret = rust_type(&g.ret_ty, true);
        let (decl, body) = match &g.ret_ty {
            Ty::Unit => (quote!(fn #sym(#(#leaf_names: #leaf_tys),*);), quote!(unsafe { #sym(#(#leaf_exprs),*) })),
            Ty::Tuple(_) => {
                let n = leaf_count(&g.ret_ty);
                let value = unflatten(&g.ret_ty, &mut 0);
                (
                    quote!(fn #sym(out: *mut u64, #(#leaf_names: #leaf_tys),*);),
                    quote! {
                        let mut __buf = [0u64; #n];
                        unsafe { #sym(__buf.as_mut_ptr(), #(#leaf_exprs),*) };
                        #value
                    },
                )
            }
            ty => {
                let abi = if *ty == Ty::F64 { quote!(f64) } else { quote!(i64) };
                let conv = if *ty == Ty::F64 { quote!(__r) } else { scalar_result(ty, quote!(__r)) };
                (
                    quote!(fn #sym(#(#leaf_names: #leaf_tys),*) -> #abi;),
                    quote! {
                        let __r = unsafe { #sym(#(#leaf_exprs),*) };
                        #conv
                    },
                )
            }
        };
        decls.push(decl);
        let doc = format!("Runs the translated `{}`.", g.name);
        wrappers.push(quote! {
            #[doc = #doc]
            #[allow(clippy::unused_unit, clippy::let_unit_value)]
            pub fn #name(#(#params: #param_tys),*) -> #ret {
                // Translated code runs holding the GC's lock, in a frame below
                // the one whose address the GC scans the stack up to.
                ::rpython::gc::with_gc(|| { #body })
            }
        });
    }
    let asm_blocks = asm.iter().map(|(arch, text)| {
        let name = arch.cfg_name();
        match arch {
            Arch::X86_64 => {
                quote!(#[cfg(target_arch = #name)] ::core::arch::global_asm!(#text, options(att_syntax, raw));)
            }
            Arch::Aarch64 => quote!(#[cfg(target_arch = #name)] ::core::arch::global_asm!(#text, options(raw));),
        }
    });
    let names: Vec<_> = asm.iter().map(|(arch, _)| arch.cfg_name()).collect();
    let unsupported = if names.len() == Arch::ALL.len() {
        "rpy translates for x86-64 and AArch64 only".to_string()
    } else {
        format!(
            "rpy translated this module for {} only, the target rustc named when the module was expanded",
            names.join(", ")
        )
    };
    let stage_names = timings.stages.iter().map(|(n, _)| n.as_str());
    let stage_secs = timings.stages.iter().map(|(_, d)| d.as_secs_f64());
    quote! {
        /// The translated program: native code generated by rpy.
        #[allow(non_snake_case, unused_parens, clippy::all)]
        pub mod translated {
            #(#asm_blocks)*
            #[cfg(not(any(#(target_arch = #names),*)))]
            ::core::compile_error!(#unsupported);

            unsafe extern "C" { #(#decls)* }

            // Generated code calls the runtime by symbol; referring to it
            // here makes the linker keep it.
            #[used]
            static __RPY_KEEP_LINKED: &::rpython::rt::KeepLinked = &::rpython::rt::KEEP_LINKED;

            /// How long each stage of the translation of this module took.
            pub const TRANSLATION_TIMINGS: &[(&str, f64)] = &[#((#stage_names, #stage_secs)),*];

            #(#wrappers)*
        }
    }
}
