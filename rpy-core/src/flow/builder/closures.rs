//! Closures passed to the methods that call them at once, inlined where
//! they are called: RPython has no closures, and a closure that does not
//! outlive the call it is passed to needs none. The call is rewritten as
//! syntax that the builder then builds like any other:
//!
//! - an iterator chain with closures (`v.iter().filter(|x| ..).map(|x| ..)`)
//!   ending in a consumer (`sum`, `count`, `collect`, `any`, `all`,
//!   `position`, `find`, `find_map`, `fold`, `for_each`, `max`, `min`,
//!   `last`) or iterated by `for`, is one `for` loop over the chain's
//!   source, each adaptor a step of its body (`continue` drops an item,
//!   `break` stops) and the consumer's accumulator a local: items go through
//!   the adaptors one at a time, in the order Rust's lazy iterators take
//!   them, so the closures' side effects happen in the same order;
//! - `Vec::retain`, `sort_by`, `sort_by_key` (a merge sort, stable as std's)
//!   and `Option`/`Result`'s `map`, `and_then`, `map_or`, `map_or_else`,
//!   `filter`, `unwrap_or_else`, `ok_or_else`, `map_err`, `or_else`,
//!   `is_some_and`, `is_ok_and` are `match`es and loops with the closure's
//!   body in place (where one method is both `Option`'s and `Result`'s,
//!   through intrinsics that type inference resolves, `lang_items::Rewrap`).
//!
//! A closure's parameters are bound by `let` to the arguments and its body
//! is a block where it is called, so it reads and writes what it captures
//! in place: by reference and by value alike, as Rust's closure would
//! (the borrow checker has ruled out everything else touching them
//! meanwhile). A function's name works where a closure does (`.map(f)`).
//! A `return` or `?` in a closure's body would return from the enclosing
//! function once inlined, so it is an error.
//!
//! A closure stored in a local (`let f = |x| x + k;`) is kept as syntax
//! (`StoredClosure`) and inlined at each call `f(..)`, its body seeing the
//! locals it saw where it was written (`FnBuilder::hidden` hides those
//! declared since, so a later `let k` does not change what it captures).
//! A `move` closure stored in a local would read its captures when it is
//! called rather than when it is made, so it is an error.

use super::super::error::{unsupported, Section, R};
use super::{unit, FnBuilder, Local, Mutable};
use crate::flow::model::Value;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::Expr;

/// The adaptors that take a closure, which make a chain one to rewrite.
const CLOSURE_ADAPTORS: &[&str] = &["map", "filter", "filter_map", "take_while", "skip_while", "inspect"];
/// The adaptors without a closure that may follow one in a chain.
const PLAIN_ADAPTORS: &[&str] = &["enumerate", "take", "skip", "cloned", "copied", "rev", "zip"];
/// The consumers that end a chain.
const CONSUMERS: &[&str] = &[
    "sum",
    "product",
    "count",
    "collect",
    "any",
    "all",
    "position",
    "find",
    "find_map",
    "fold",
    "for_each",
    "max",
    "min",
    "last",
    "max_by_key",
    "min_by_key",
];
/// The consumers that take a closure, which make a chain one to rewrite even
/// without a closure adaptor.
const CLOSURE_CONSUMERS: &[&str] =
    &["any", "all", "position", "find", "find_map", "fold", "for_each", "max_by_key", "min_by_key"];
/// The calls that make an iterator of a value, where a chain starts.
const SOURCES: &[&str] = &[
    "iter",
    "iter_mut",
    "into_iter",
    "chars",
    "bytes",
    "char_indices",
    "lines",
    "split_whitespace",
    "split",
    "keys",
    "values",
    "windows",
    "chunks",
    "drain",
];

/// A function to call: a closure written there, or a function's name.
enum Callee<'a> {
    Closure(&'a syn::ExprClosure),
    Path(&'a Expr),
}

impl<'a> Callee<'a> {
    /// The closure or function of argument `e`; `None` for anything else.
    fn of(e: &'a Expr) -> R<Option<Callee<'a>>> {
        match e {
            Expr::Paren(p) => Callee::of(&p.expr),
            Expr::Closure(c) => {
                check_body(c)?;
                Ok(Some(Callee::Closure(c)))
            }
            Expr::Path(p) if p.qself.is_none() => Ok(Some(Callee::Path(e))),
            _ => Ok(None),
        }
    }

    /// The call of the callee with `args`: the closure's body with its
    /// parameters bound to them, or the function's call.
    fn call(&self, args: &[TokenStream]) -> R<TokenStream> {
        match self {
            Callee::Path(f) => Ok(quote_spanned!(f.span()=> #f(#(#args),*))),
            Callee::Closure(c) => {
                if c.inputs.len() != args.len() {
                    return Err(unsupported(
                        &c.or1_token,
                        Section::Closures,
                        &format!("a closure of {} parameters here", c.inputs.len()),
                        &format!("this method calls its closure with {}", args.len()),
                        "",
                    ));
                }
                let pats = c.inputs.iter();
                let body = &c.body;
                let body = match &c.output {
                    syn::ReturnType::Type(_, ty) => {
                        quote_spanned!(c.body.span()=> { let __rpy_ret: #ty = #body; __rpy_ret })
                    }
                    syn::ReturnType::Default => quote!(#body),
                };
                Ok(quote_spanned!(c.body.span()=> { #(let #pats = #args;)* #body }))
            }
        }
    }
}

/// A closure's body that would return from its caller once inlined is an
/// error; so is `async`.
fn check_body(c: &syn::ExprClosure) -> R<()> {
    if let Some(a) = &c.asyncness {
        return Err(unsupported(a, Section::Closures, "an `async` closure", "the dialect has no `async`", ""));
    }
    struct Returns(Option<Span>);
    impl<'ast> Visit<'ast> for Returns {
        fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
            self.0.get_or_insert(r.span());
        }
        fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
            self.0.get_or_insert(t.question_token.span());
        }
        // (A nested closure's `return` is its own.)
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    }
    let mut r = Returns(None);
    r.visit_expr(&c.body);
    match r.0 {
        Some(span) => Err(syn::Error::new(
            span,
            "rpy: `return` or `?` inside a closure is not supported: a closure passed to a method is inlined where it is called, where `return` would leave the enclosing function; compute the value with `match` or `if` instead (see docs/dialect.md#closures)",
        )),
        None => Ok(()),
    }
}

/// One adaptor of a chain.
struct Stage<'a> {
    method: &'a syn::Ident,
    args: Vec<&'a Expr>,
}

/// A chain `source.a(..).b(..)...consumer(..)`: its adaptors in order.
struct Chain<'a> {
    source: TokenStream,
    stages: Vec<Stage<'a>>,
}

/// Splits `e` into its source and adaptors, if it is a chain of adaptors
/// over one of `SOURCES` with at least one closure (`closure_seen` says
/// whether the consumer takes one). Plain adaptors before the first closure
/// stay in the source (the `for` loop iterates them as they are); `.rev()`
/// after closures moves to the source when only `map`/`filter`/`inspect`/
/// `cloned`/`copied` come before it (the order their closures see the
/// items in is then the reversed source's, as in Rust).
fn chain(e: &Expr, closure_seen: bool) -> R<Option<Chain<'_>>> {
    let mut calls = Vec::new();
    let mut cur = e;
    loop {
        match cur {
            Expr::MethodCall(m) => {
                let name = m.method.to_string();
                if CLOSURE_ADAPTORS.contains(&name.as_str()) || PLAIN_ADAPTORS.contains(&name.as_str()) {
                    calls.push(m);
                    cur = &m.receiver;
                    continue;
                }
                if !SOURCES.contains(&name.as_str()) {
                    return Ok(None);
                }
                break;
            }
            Expr::Paren(p) if matches!(&*p.expr, Expr::Range(_)) => break,
            Expr::Paren(p) => cur = &p.expr,
            _ => return Ok(None),
        }
    }
    calls.reverse();
    // (`zip` pulls from a second iterator: a step of the loop too.)
    let first_closure =
        calls.iter().position(|m| m.method == "zip" || CLOSURE_ADAPTORS.contains(&m.method.to_string().as_str()));
    let Some(first) = first_closure.or(closure_seen.then_some(calls.len())) else { return Ok(None) };
    // The source: `cur` with the plain adaptors before the first closure.
    let mut source = quote!(#cur);
    for m in &calls[..first] {
        let (method, args) = (&m.method, &m.args);
        source = quote_spanned!(m.method.span()=> (#source).#method(#args));
    }
    let mut stages = Vec::new();
    let mut reversed = false;
    for m in &calls[first..] {
        if m.method == "rev" {
            let pure = stages.iter().all(|s: &Stage| {
                ["map", "filter", "inspect", "cloned", "copied"].contains(&s.method.to_string().as_str())
            });
            if !pure || reversed {
                return Err(unsupported(
                    &m.method, Section::Closures,
                    "`.rev()` after this adaptor",
                    "a chain with closures is translated as one loop over its source, which `.rev()` reverses only before `enumerate`, `take`, `skip`, `filter_map`, `take_while` and `skip_while`",
                    "reverse the source: `v.iter().rev().map(..)`",
                ));
            }
            reversed = true;
            source = quote_spanned!(m.method.span()=> (#source).rev());
            continue;
        }
        stages.push(Stage { method: &m.method, args: m.args.iter().collect() });
    }
    Ok(Some(Chain { source, stages }))
}

/// The statements of a loop's body that take the item `__rpy_item` through
/// the chain's stages (`continue` to drop it, `break` to stop), the
/// statements before the loop they need, and the name of the item they
/// leave.
struct Steps {
    before: Vec<TokenStream>,
    /// Checks at the top of the body: a `take` that is done pulls no more.
    top: Vec<TokenStream>,
    body: Vec<TokenStream>,
    item: syn::Ident,
}

fn steps(chain: &Chain) -> R<Steps> {
    let mut s = Steps { before: Vec::new(), top: Vec::new(), body: Vec::new(), item: format_ident!("__rpy_item") };
    for (k, stage) in chain.stages.iter().enumerate() {
        let y = s.item.clone();
        let next = format_ident!("__rpy_item{}", k + 1);
        let name = stage.method.to_string();
        let span = stage.method.span();
        let callee = |i: usize| -> R<Callee> {
            let arg = stage.args.get(i).copied();
            match arg.map(Callee::of).transpose()?.flatten() {
                Some(c) => Ok(c),
                None => Err(unsupported(
                    arg.map_or(stage.method as &dyn quote::ToTokens, |a| a as &dyn quote::ToTokens),
                    Section::Closures,
                    &format!("this argument of `{name}`"),
                    "a closure or a function's name is translated here",
                    "write the closure in place",
                )),
            }
        };
        let count =
            || {
                stage.args.first().copied().ok_or_else(|| {
                    unsupported(stage.method, Section::Closures, "this call", "an argument is missing", "")
                })
            };
        let step = match name.as_str() {
            "map" => {
                let v = callee(0)?.call(&[quote!(#y)])?;
                quote_spanned!(span=> let #next = #v;)
            }
            "filter" => {
                let v = callee(0)?.call(&[quote!(&#y)])?;
                quote_spanned!(span=> if !(#v) { continue; } let #next = #y;)
            }
            "filter_map" => {
                let v = callee(0)?.call(&[quote!(#y)])?;
                quote_spanned!(span=> let #next = match #v { Some(__rpy_v) => __rpy_v, None => continue };)
            }
            "take_while" => {
                let v = callee(0)?.call(&[quote!(&#y)])?;
                quote_spanned!(span=> if !(#v) { break; } let #next = #y;)
            }
            "skip_while" => {
                let flag = format_ident!("__rpy_skipping{k}");
                s.before.push(quote_spanned!(span=> let mut #flag = true;));
                let v = callee(0)?.call(&[quote!(&#y)])?;
                quote_spanned!(span=> if #flag { if #v { continue; } #flag = false; } let #next = #y;)
            }
            "inspect" => {
                let v = callee(0)?.call(&[quote!(&#y)])?;
                quote_spanned!(span=> #v; let #next = #y;)
            }
            "enumerate" => {
                let n = format_ident!("__rpy_count{k}");
                s.before.push(quote_spanned!(span=> let mut #n: usize = 0;));
                quote_spanned!(span=> let #next = (#n, #y); #n += 1;)
            }
            "take" => {
                let n = format_ident!("__rpy_left{k}");
                let c = count()?;
                s.before.push(quote_spanned!(span=> let mut #n: usize = #c;));
                s.top.push(quote_spanned!(span=> if #n == 0 { break; }));
                quote_spanned!(span=> #n -= 1; let #next = #y;)
            }
            "skip" => {
                let n = format_ident!("__rpy_skip{k}");
                let c = count()?;
                s.before.push(quote_spanned!(span=> let mut #n: usize = #c;));
                quote_spanned!(span=> if #n > 0 { #n -= 1; continue; } let #next = #y;)
            }
            "zip" => {
                let other = format_ident!("__rpy_zip{k}");
                let c = count()?;
                s.before.push(quote_spanned!(span=> let mut #other = (#c).into_iter();));
                quote_spanned!(span=> let #next = match #other.next() { Some(__rpy_b) => (#y, __rpy_b), None => break };)
            }
            "cloned" => quote_spanned!(span=> let #next = #y.clone();),
            "copied" => quote_spanned!(span=> let #next = #y;),
            other => unreachable!("`{other}` is not an adaptor"),
        };
        s.body.push(step);
        s.item = next;
    }
    Ok(s)
}

/// `for PAT in CHAIN { body }` with closures in the chain: one `for` over
/// its source.
pub(super) fn for_loop(f: &syn::ExprForLoop) -> R<Option<Expr>> {
    let Some(chain) = chain(&f.expr, false)? else { return Ok(None) };
    let s = steps(&chain)?;
    let (label, pat, body, source) = (&f.label, &f.pat, &f.body, &chain.source);
    let (before, top, steps, y) = (&s.before, &s.top, &s.body, &s.item);
    Ok(Some(syn::parse_quote_spanned!(f.span()=> {
        #(#before)*
        #label for __rpy_item in #source {
            #(#top)*
            #(#steps)*
            let #pat = #y;
            #body
        }
    })))
}

/// A method call that calls a closure at once, rewritten (see the module's
/// comment); `None` for any other call.
pub(super) fn method_call(m: &syn::ExprMethodCall) -> R<Option<Expr>> {
    let name = m.method.to_string();
    if CONSUMERS.contains(&name.as_str()) {
        let closure = CLOSURE_CONSUMERS.contains(&name.as_str());
        if let Some(chain) = chain(&m.receiver, closure)? {
            return consumer(m, &chain).map(Some);
        }
        return Ok(None);
    }
    if CLOSURE_ADAPTORS.contains(&name.as_str()) && chain(&Expr::MethodCall(m.clone()), false)?.is_some() {
        return Err(unsupported(
            &m.method, Section::Closures,
            &format!("an iterator `{name}` whose items nothing consumes here"),
            "a chain of adaptors with closures is translated as one loop, so it must end in a consumer (`collect`, `sum`, `count`, `fold`, `any`, `find`, `for_each`, ...) or be iterated by `for` where it is written",
            "collect it into a `Vec` first",
        ));
    }
    other_call(m)
}

/// The loop of a chain ending in the consumer `m`.
fn consumer(m: &syn::ExprMethodCall, chain: &Chain) -> R<Expr> {
    let s = steps(chain)?;
    let y = &s.item;
    let span = m.method.span();
    let name = m.method.to_string();
    let callee = |i: usize| -> R<Callee> {
        match m.args.iter().nth(i).map(Callee::of).transpose()?.flatten() {
            Some(c) => Ok(c),
            None => Err(unsupported(
                &m.method,
                Section::Closures,
                &format!("this call of `{name}`"),
                "a closure or a function's name is translated as its argument",
                "write the closure in place",
            )),
        }
    };
    // What comes before the loop, what each item does, what the whole is.
    let (init, step, result) = match name.as_str() {
        "sum" | "product" => {
            let (op, empty) = if name == "sum" {
                (quote!(+), quote!(__rpy_acc.unwrap_or_default()))
            } else {
                (
                    quote!(*),
                    quote!(match __rpy_acc {
                        Some(__rpy_a) => __rpy_a,
                        None => 1,
                    }),
                )
            };
            (
                quote_spanned!(span=> let mut __rpy_acc = None;),
                quote_spanned!(span=> __rpy_acc = Some(match __rpy_acc { Some(__rpy_a) => __rpy_a #op #y, None => #y });),
                empty,
            )
        }
        "count" => (
            quote_spanned!(span=> let mut __rpy_acc: usize = 0;),
            quote_spanned!(span=> __rpy_acc += 1;),
            quote!(__rpy_acc),
        ),
        "collect" => {
            let turbofish = &m.turbofish;
            (
                quote_spanned!(span=> let mut __rpy_acc = Vec::new();),
                quote_spanned!(span=> __rpy_acc.push(#y);),
                quote_spanned!(span=> __rpy_acc.into_iter().collect #turbofish ()),
            )
        }
        "last" => (
            quote_spanned!(span=> let mut __rpy_acc = None;),
            quote_spanned!(span=> __rpy_acc = Some(#y);),
            quote!(__rpy_acc),
        ),
        "max" | "min" => {
            // (`max` keeps the last of equal items, `min` the first.)
            let keep = if name == "max" { quote!(#y >= __rpy_a) } else { quote!(#y < __rpy_a) };
            (
                quote_spanned!(span=> let mut __rpy_acc = None;),
                quote_spanned!(span=> __rpy_acc = Some(match __rpy_acc { Some(__rpy_a) => if #keep { #y } else { __rpy_a }, None => #y });),
                quote!(__rpy_acc),
            )
        }
        "any" | "all" => {
            let v = callee(0)?.call(&[quote!(#y)])?;
            let (start, test) = if name == "any" { (quote!(false), quote!(#v)) } else { (quote!(true), quote!(!(#v))) };
            (
                quote_spanned!(span=> let mut __rpy_acc = #start;),
                quote_spanned!(span=> if #test { __rpy_acc = !#start; break; }),
                quote!(__rpy_acc),
            )
        }
        "position" => {
            let v = callee(0)?.call(&[quote!(#y)])?;
            (
                quote_spanned!(span=> let mut __rpy_acc = None; let mut __rpy_i: usize = 0;),
                quote_spanned!(span=> if #v { __rpy_acc = Some(__rpy_i); break; } __rpy_i += 1;),
                quote!(__rpy_acc),
            )
        }
        "find" => {
            let v = callee(0)?.call(&[quote!(&#y)])?;
            (
                quote_spanned!(span=> let mut __rpy_acc = None;),
                quote_spanned!(span=> if #v { __rpy_acc = Some(#y); break; }),
                quote!(__rpy_acc),
            )
        }
        "find_map" => {
            let v = callee(0)?.call(&[quote!(#y)])?;
            (
                quote_spanned!(span=> let mut __rpy_acc = None;),
                quote_spanned!(span=> if let Some(__rpy_v) = #v { __rpy_acc = Some(__rpy_v); break; }),
                quote!(__rpy_acc),
            )
        }
        "fold" => {
            let Some(start) = m.args.first() else {
                return Err(unsupported(
                    &m.method,
                    Section::Closures,
                    "this call of `fold`",
                    "its initial value is missing",
                    "",
                ));
            };
            let v = callee(1)?.call(&[quote!(__rpy_acc), quote!(#y)])?;
            (
                quote_spanned!(span=> let mut __rpy_acc = #start;),
                quote_spanned!(span=> __rpy_acc = #v;),
                quote!(__rpy_acc),
            )
        }
        "for_each" => {
            let v = callee(0)?.call(&[quote!(#y)])?;
            (quote!(), quote_spanned!(span=> #v;), quote!(()))
        }
        // (`max_by_key` keeps the last of equal keys, `min_by_key` the first.)
        "max_by_key" | "min_by_key" => {
            let key = callee(0)?.call(&[quote!(&#y)])?;
            let keep = if name == "max_by_key" { quote!(__rpy_k >= __rpy_ka) } else { quote!(__rpy_k < __rpy_ka) };
            (
                quote_spanned!(span=> let mut __rpy_acc = None;),
                quote_spanned!(span=>
                    let __rpy_k = #key;
                    __rpy_acc = match __rpy_acc {
                        Some((__rpy_ka, __rpy_a)) => if #keep { Some((__rpy_k, #y)) } else { Some((__rpy_ka, __rpy_a)) },
                        None => Some((__rpy_k, #y)),
                    };
                ),
                quote!(match __rpy_acc {
                    Some((_, __rpy_a)) => Some(__rpy_a),
                    None => None,
                }),
            )
        }
        other => unreachable!("`{other}` is not a consumer"),
    };
    let (before, top, steps, source) = (&s.before, &s.top, &s.body, &chain.source);
    Ok(syn::parse_quote_spanned!(span=> {
        #(#before)*
        #init
        for __rpy_item in #source {
            #(#top)*
            #(#steps)*
            #step
        }
        #result
    }))
}

/// The methods of `Vec`, `Option` and `Result` that take a closure.
fn other_call(m: &syn::ExprMethodCall) -> R<Option<Expr>> {
    let name = m.method.to_string();
    let args: Vec<&Expr> = m.args.iter().collect();
    let Some(callee) = args.last().map(|a| Callee::of(a)).transpose()?.flatten() else { return Ok(None) };
    let arity = match &callee {
        Callee::Closure(c) => Some(c.inputs.len()),
        Callee::Path(_) => None,
    };
    let (recv, span) = (&m.receiver, m.method.span());
    let e: Expr = match (name.as_str(), args.len(), arity) {
        ("retain", 1, _) => {
            let keep = callee.call(&[quote!(&__rpy_v[__rpy_i])])?;
            syn::parse_quote_spanned!(span=> {
                let __rpy_v = &mut #recv;
                let mut __rpy_kept: usize = 0;
                for __rpy_i in 0..__rpy_v.len() {
                    if #keep {
                        __rpy_v.swap(__rpy_kept, __rpy_i);
                        __rpy_kept += 1;
                    }
                }
                __rpy_v.truncate(__rpy_kept);
            })
        }
        ("dedup_by_key", 1, _) => {
            let (current, kept) =
                (callee.call(&[quote!(&__rpy_v[__rpy_r])])?, callee.call(&[quote!(&__rpy_v[__rpy_w - 1])])?);
            syn::parse_quote_spanned!(span=> {
                let __rpy_v = &mut #recv;
                let __rpy_n = __rpy_v.len();
                if __rpy_n > 1 {
                    let mut __rpy_w: usize = 1;
                    for __rpy_r in 1..__rpy_n {
                        if #current != #kept {
                            __rpy_v.swap(__rpy_w, __rpy_r);
                            __rpy_w += 1;
                        }
                    }
                    __rpy_v.truncate(__rpy_w);
                }
            })
        }
        ("sort_by" | "sort_unstable_by", 1, _) => {
            let less_eq = callee.call(&[quote!(&__rpy_src[__rpy_a]), quote!(&__rpy_src[__rpy_b])])?;
            merge_sort(recv, quote!((#less_eq) != std::cmp::Ordering::Greater), span)
        }
        ("sort_by_key" | "sort_unstable_by_key", 1, _) => {
            let ka = callee.call(&[quote!(&__rpy_src[__rpy_a])])?;
            let kb = callee.call(&[quote!(&__rpy_src[__rpy_b])])?;
            merge_sort(recv, quote!((#ka) <= (#kb)), span)
        }
        ("unwrap_or_else", 1, Some(0)) => {
            let v = callee.call(&[])?;
            syn::parse_quote_spanned!(span=> match #recv { Some(__rpy_v) => __rpy_v, None => #v })
        }
        ("unwrap_or_else", 1, Some(1)) => {
            let v = callee.call(&[quote!(__rpy_e)])?;
            syn::parse_quote_spanned!(span=> match #recv { Ok(__rpy_v) => __rpy_v, Err(__rpy_e) => #v })
        }
        ("ok_or_else", 1, _) => {
            let v = callee.call(&[])?;
            syn::parse_quote_spanned!(span=> match #recv { Some(__rpy_v) => Ok(__rpy_v), None => Err(#v) })
        }
        ("map_err", 1, _) => {
            let v = callee.call(&[quote!(__rpy_e)])?;
            syn::parse_quote_spanned!(span=> match #recv { Ok(__rpy_v) => Ok(__rpy_v), Err(__rpy_e) => Err(#v) })
        }
        ("or_else", 1, Some(0)) => {
            let v = callee.call(&[])?;
            syn::parse_quote_spanned!(span=> match #recv { Some(__rpy_v) => Some(__rpy_v), None => #v })
        }
        ("or_else", 1, Some(1)) => {
            let v = callee.call(&[quote!(__rpy_e)])?;
            syn::parse_quote_spanned!(span=> match #recv { Ok(__rpy_v) => Ok(__rpy_v), Err(__rpy_e) => #v })
        }
        ("is_some_and", 1, _) => {
            let v = callee.call(&[quote!(__rpy_v)])?;
            syn::parse_quote_spanned!(span=> match #recv { Some(__rpy_v) => #v, None => false })
        }
        // `Option` or `Result` (type inference tells which: the `__unwrap_*`
        // intrinsics and `__rewrap`/`__absent`).
        ("map", 1, _) => {
            let v = callee.call(&[quote!(__unwrap_payload(__rpy_o))])?;
            syn::parse_quote_spanned!(span=> {
                let __rpy_o = #recv;
                if __unwrap_test(__rpy_o) { __rewrap(__rpy_o, #v) } else { __absent(__rpy_o, __unwrap_err(__rpy_o)) }
            })
        }
        ("and_then", 1, _) => {
            let v = callee.call(&[quote!(__unwrap_payload(__rpy_o))])?;
            syn::parse_quote_spanned!(span=> {
                let __rpy_o = #recv;
                if __unwrap_test(__rpy_o) { #v } else { __absent(__rpy_o, __unwrap_err(__rpy_o)) }
            })
        }
        ("map_or", 2, _) => {
            let (d, v) = (args[0], callee.call(&[quote!(__unwrap_payload(__rpy_o))])?);
            syn::parse_quote_spanned!(span=> {
                let __rpy_o = #recv;
                let __rpy_d = #d;
                if __unwrap_test(__rpy_o) { #v } else { __rpy_d }
            })
        }
        ("map_or_else", 2, _) => {
            let v = callee.call(&[quote!(__unwrap_payload(__rpy_o))])?;
            let Some(fallback) = Callee::of(args[0])? else { return Ok(None) };
            let otherwise = match &fallback {
                Callee::Closure(c) if c.inputs.is_empty() => fallback.call(&[])?,
                _ => fallback.call(&[quote!(__unwrap_err(__rpy_o))])?,
            };
            syn::parse_quote_spanned!(span=> {
                let __rpy_o = #recv;
                if __unwrap_test(__rpy_o) { #v } else { #otherwise }
            })
        }
        ("filter", 1, _) => {
            let keep = callee.call(&[quote!(&__rpy_v)])?;
            syn::parse_quote_spanned!(span=> match #recv { Some(__rpy_v) => if #keep { Some(__rpy_v) } else { None }, None => None })
        }
        ("is_ok_and", 1, _) => {
            let v = callee.call(&[quote!(__rpy_v)])?;
            syn::parse_quote_spanned!(span=> match #recv { Ok(__rpy_v) => #v, Err(_) => false })
        }
        _ => return Ok(None),
    };
    Ok(Some(e))
}

/// A stable merge sort of the list `recv` in place, `a_first` telling
/// whether the item at `__rpy_a` of `__rpy_src` goes before the one at
/// `__rpy_b` (std's `sort_by` is stable too; this one calls the comparator
/// in another order than std's, which only a comparator with side effects
/// shows). Items move between the lists as Rust moves them: the rewritten
/// code is the translator's only, never rustc's.
fn merge_sort(recv: &Expr, a_first: TokenStream, span: Span) -> Expr {
    syn::parse_quote_spanned!(span=> {
        let __rpy_v = &mut #recv;
        let __rpy_n = __rpy_v.len();
        let mut __rpy_src = Vec::with_capacity(__rpy_n);
        for __rpy_i in 0..__rpy_n {
            __rpy_src.push(__rpy_v[__rpy_i]);
        }
        let mut __rpy_width: usize = 1;
        while __rpy_width < __rpy_n {
            let mut __rpy_dst = Vec::with_capacity(__rpy_n);
            let mut __rpy_lo: usize = 0;
            while __rpy_lo < __rpy_n {
                let __rpy_mid = (__rpy_lo + __rpy_width).min(__rpy_n);
                let __rpy_hi = (__rpy_lo + 2 * __rpy_width).min(__rpy_n);
                let mut __rpy_a = __rpy_lo;
                let mut __rpy_b = __rpy_mid;
                while __rpy_a < __rpy_mid && __rpy_b < __rpy_hi {
                    if #a_first {
                        __rpy_dst.push(__rpy_src[__rpy_a]);
                        __rpy_a += 1;
                    } else {
                        __rpy_dst.push(__rpy_src[__rpy_b]);
                        __rpy_b += 1;
                    }
                }
                while __rpy_a < __rpy_mid {
                    __rpy_dst.push(__rpy_src[__rpy_a]);
                    __rpy_a += 1;
                }
                while __rpy_b < __rpy_hi {
                    __rpy_dst.push(__rpy_src[__rpy_b]);
                    __rpy_b += 1;
                }
                __rpy_lo = __rpy_hi;
            }
            __rpy_src = __rpy_dst;
            __rpy_width *= 2;
        }
        for __rpy_i in 0..__rpy_n {
            __rpy_v[__rpy_i] = __rpy_src[__rpy_i];
        }
    })
}

/// A closure stored in a local: its syntax, and the number of locals in
/// scope where it was written (those it may capture).
pub(super) struct StoredClosure {
    closure: syn::ExprClosure,
    captured: usize,
}

impl FnBuilder<'_> {
    /// `let name = |..| ..;`: the local names the closure.
    pub(super) fn store_closure(&mut self, name: &syn::Ident, c: &syn::ExprClosure) -> R<()> {
        check_body(c)?;
        if let Some(m) = &c.capture {
            return Err(unsupported(
                m, Section::Closures,
                "a `move` closure stored in a local",
                "a stored closure is inlined where it is called, so it would read what it captures then, not when it was made",
                "drop `move` if nothing it captures changes meanwhile, or pass the values as parameters",
            ));
        }
        self.closures.push(StoredClosure { closure: c.clone(), captured: self.env.len() });
        let k = self.closures.len() - 1;
        self.env.push(Local {
            name: name.to_string(),
            value: unit(),
            guard: false,
            array: false,
            slice: false,
            item_of: None,
            closure: Some(k),
            borrowed: None,
            mutable: Mutable::No,
        });
        Ok(())
    }

    /// A call of the closure stored as `closures[k]`: its body with its
    /// parameters bound to `args`, seeing the locals it captured.
    pub(super) fn call_stored(
        &mut self,
        k: usize,
        args: &syn::punctuated::Punctuated<Expr, syn::Token![,]>,
    ) -> R<Option<Value>> {
        let Some(vals) = self.operands(args, 0)? else { return Ok(None) };
        let c = self.closures[k].closure.clone();
        if c.inputs.len() != vals.len() {
            return Err(unsupported(
                args,
                Section::Closures,
                "this call",
                &format!("the closure takes {} arguments", c.inputs.len()),
                "",
            ));
        }
        let n = self.env.len();
        self.hidden.push((self.closures[k].captured, n));
        let result = self.inline_closure(&c, vals);
        self.hidden.pop();
        self.drop_locals(n);
        result
    }

    fn inline_closure(&mut self, c: &syn::ExprClosure, args: Vec<Value>) -> R<Option<Value>> {
        for (p, v) in c.inputs.iter().zip(args) {
            self.bind_irrefutable(p, v)?;
        }
        let Some(v) = self.expr(&c.body)? else { return Ok(None) };
        Ok(Some(match &c.output {
            syn::ReturnType::Type(_, ty) => {
                let ty = self.parse_type(ty)?;
                self.ascribe(v, ty, None)
            }
            syn::ReturnType::Default => v,
        }))
    }
}
