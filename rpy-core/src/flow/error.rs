//! The front end's errors: `unsupported(...)` (what, why, what to write
//! instead) on the tokens at fault, and the position of a span. Apart from
//! `builder` so that `scope`, `items` and `builder` all use them without an
//! import circle.

use super::model::Pos;
pub use crate::diagnostic::Section;
use proc_macro2::Span;
use quote::ToTokens;

pub type R<T> = Result<T, syn::Error>;

/// `what is not supported`, `why`, `what to write instead`, on `tokens`,
/// citing the reference's `section`.
pub fn unsupported(tokens: &dyn ToTokens, section: Section, what: &str, why: &str, instead: &str) -> syn::Error {
    let mut msg = format!("rpy: {what} is not supported: {why}");
    if !instead.is_empty() {
        msg.push_str("; ");
        msg.push_str(instead);
    }
    msg.push_str(&format!(" ({})", section.see()));
    syn::Error::new_spanned(tokens, msg)
}

pub fn pos_of(span: Span) -> Pos {
    let lc = span.start();
    Pos { line: lc.line as u32, col: lc.column as u32 + 1 }
}
