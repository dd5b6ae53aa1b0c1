//! The JIT's hints as data of the program (RPython's `rpython.rlib.jit`):
//! the drivers a module declares and the hints on its functions. The front
//! end fills them in (its `jit` module parses and checks them); the codewriter
//! reads them.

use crate::flow::GraphId;

/// `static NAME: JitDriver = JitDriver::new(&[greens], &[reds])`.
#[derive(Clone, Debug, PartialEq)]
pub struct JitDriverDef {
    pub name: String,
    pub greens: Vec<String>,
    pub reds: Vec<String>,
    /// `.get_printable_location("f")`: the function showing a position.
    pub printable_location: Option<String>,
    /// Its graph, once the module's functions are known.
    pub printable_graph: Option<GraphId>,
    /// `.virtualizables(&["frame"])`: the index of the red that is the
    /// interpreter's frame (an object only passed to functions, never
    /// stored in another: `jit::check_virtualizables`).
    pub virtualizable: Option<usize>,
}

/// The hints on a function (`#[elidable]`, ...), for the codewriter, and
/// Rust's `#[inline]`, for the backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FnHints {
    pub elidable: bool,
    pub dont_look_inside: bool,
    pub unroll_safe: bool,
    pub inline: Inline,
}

/// Rust's `#[inline]` attributes, which translated code honours as rustc
/// does (LLVM's `inlinehint`, `alwaysinline`, `noinline`); the JIT traces
/// through calls whatever they say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Inline {
    #[default]
    Default,
    /// `#[inline]`
    Hint,
    /// `#[inline(always)]`
    Always,
    /// `#[inline(never)]`
    Never,
}

impl Inline {
    fn of(a: &syn::Attribute) -> syn::Result<Inline> {
        let arg = match &a.meta {
            syn::Meta::Path(_) => return Ok(Inline::Hint),
            syn::Meta::List(l) => l.tokens.to_string(),
            syn::Meta::NameValue(_) => String::new(),
        };
        match arg.as_str() {
            "always" => Ok(Inline::Always),
            "never" => Ok(Inline::Never),
            _ => Err(syn::Error::new_spanned(a, "rpy: `#[inline]` takes `always` or `never`")),
        }
    }
}

impl FnHints {
    /// The hints among a function's attributes.
    pub fn of(attrs: &[syn::Attribute]) -> syn::Result<FnHints> {
        let mut h = FnHints::default();
        let mut last = None;
        for a in attrs {
            let Some(name) = a.path().segments.last().map(|s| s.ident.to_string()) else { continue };
            match name.as_str() {
                "inline" if a.path().segments.len() == 1 => {
                    h.inline = Inline::of(a)?;
                    continue;
                }
                "elidable" => h.elidable = true,
                "dont_look_inside" => h.dont_look_inside = true,
                "unroll_safe" => h.unroll_safe = true,
                _ => continue,
            }
            last = Some(a);
            if !matches!(a.meta, syn::Meta::Path(_)) {
                return Err(syn::Error::new_spanned(a, format!("rpy: `#[{name}]` takes no arguments")));
            }
        }
        if let (true, true, Some(a)) = (h.elidable, h.unroll_safe, last) {
            return Err(syn::Error::new_spanned(
                a,
                "rpy: a function is `#[elidable]` or `#[unroll_safe]`, not both: an elidable function is never traced into, so there is nothing to unroll",
            ));
        }
        Ok(h)
    }
}
