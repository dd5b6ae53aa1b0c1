//! Formatting as Rust's `format!` does it, split in two halves:
//!
//! - [`parse`]: the format string of `format!`/`println!`/..., at
//!   translation time (the flow space turns each piece into an operation);
//! - [`ll`]: formatting one value by a [`Spec`] at run time, appending the
//!   bytes std would produce. The runtime library and the LLInterpreter
//!   both call it, so translated programs, interpreted graphs and the
//!   untranslated program print the same bytes.
//!
//! A [`Spec`] whose width and precision are literals (or absent) fits in a
//! `u64` ([`Spec::encode`]), which generated code passes as a constant;
//! widths and precisions taken from arguments are passed separately.

pub mod ll;
mod parse;

pub use parse::parse;

/// A piece of a format string.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// Text, with `{{` and `}}` unescaped.
    Lit(String),
    Arg(Arg),
}

/// A `{...}` placeholder.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub pos: ArgRef,
    pub spec: Spec,
}

/// Which argument a placeholder (or a `width$`) refers to.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgRef {
    /// `{}`: the next positional argument.
    Next,
    /// `{0}`.
    Index(usize),
    /// `{name}`: a named argument, or a local captured by name.
    Name(String),
}

/// A width or precision.
#[derive(Clone, Debug, PartialEq)]
pub enum Count {
    Is(usize),
    /// `name$`, `1$`, or `.*` (the next positional argument).
    Param(ArgRef),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Align {
    #[default]
    Unknown,
    Left,
    Right,
    Center,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum FmtType {
    #[default]
    Display,
    Debug,
    LowerHex,
    UpperHex,
    Octal,
    Binary,
    LowerExp,
    UpperExp,
}

/// The format spec of a placeholder (after the `:`).
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub fill: char,
    pub align: Align,
    pub plus: bool,
    pub minus: bool,
    pub alternate: bool,
    pub zero: bool,
    pub width: Option<Count>,
    pub precision: Option<Count>,
    pub ty: FmtType,
}

impl Default for Spec {
    fn default() -> Spec {
        Spec {
            fill: ' ',
            align: Align::Unknown,
            plus: false,
            minus: false,
            alternate: false,
            zero: false,
            width: None,
            precision: None,
            ty: FmtType::Display,
        }
    }
}

// The bits of an encoded spec. A count taken from an argument encodes as
// absent: the caller passes its value.
const FILL_BITS: u32 = 21;
const ALIGN_SHIFT: u32 = 21;
const PLUS: u64 = 1 << 23;
const MINUS: u64 = 1 << 24;
const ALTERNATE: u64 = 1 << 25;
const ZERO: u64 = 1 << 26;
const TY_SHIFT: u32 = 27;
const WIDTH_SET: u64 = 1 << 31;
const WIDTH_SHIFT: u32 = 32;
const PREC_SET: u64 = 1 << 47;
const PREC_SHIFT: u32 = 48;
const COUNT_MASK: u64 = 0xFFFF;

impl Spec {
    /// What `encode` gives for a plain `{}` and a plain `{:?}` (a space
    /// fill, no flags, width or precision): the common case, told apart
    /// without decoding.
    pub const PLAIN_DISPLAY: u64 = ' ' as u64;
    pub const PLAIN_DEBUG: u64 = ' ' as u64 | (FmtType::Debug as u64) << TY_SHIFT;

    /// The spec as one `u64`: fill (bits 0-20), align (21-22), flags
    /// `+`, `-`, `#`, `0` (23-26), type (27-29), a literal width (bit 31
    /// set, value in 32-46) and precision (bit 47 set, value in 48-63).
    /// Literal counts above 32767 / 65535 do not fit and panic.
    pub fn encode(&self) -> u64 {
        let mut bits = self.fill as u64;
        bits |= (self.align as u64) << ALIGN_SHIFT;
        bits |= if self.plus { PLUS } else { 0 };
        bits |= if self.minus { MINUS } else { 0 };
        bits |= if self.alternate { ALTERNATE } else { 0 };
        bits |= if self.zero { ZERO } else { 0 };
        bits |= (self.ty as u64) << TY_SHIFT;
        if let Some(Count::Is(w)) = self.width {
            assert!(w < 1 << 15, "format width {w} is too large");
            bits |= WIDTH_SET | ((w as u64) << WIDTH_SHIFT);
        }
        if let Some(Count::Is(p)) = self.precision {
            assert!(p <= COUNT_MASK as usize, "format precision {p} is too large");
            bits |= PREC_SET | ((p as u64) << PREC_SHIFT);
        }
        bits
    }

    /// The spec `encode` made (counts from arguments come back absent).
    pub fn decode(bits: u64) -> Spec {
        const ALIGNS: [Align; 4] = [Align::Unknown, Align::Left, Align::Right, Align::Center];
        const TYPES: [FmtType; 8] = [
            FmtType::Display,
            FmtType::Debug,
            FmtType::LowerHex,
            FmtType::UpperHex,
            FmtType::Octal,
            FmtType::Binary,
            FmtType::LowerExp,
            FmtType::UpperExp,
        ];
        Spec {
            fill: char::from_u32((bits & ((1 << FILL_BITS) - 1)) as u32).unwrap_or(' '),
            align: ALIGNS[((bits >> ALIGN_SHIFT) & 3) as usize],
            plus: bits & PLUS != 0,
            minus: bits & MINUS != 0,
            alternate: bits & ALTERNATE != 0,
            zero: bits & ZERO != 0,
            width: (bits & WIDTH_SET != 0).then_some(Count::Is(((bits >> WIDTH_SHIFT) & 0x7FFF) as usize)),
            precision: (bits & PREC_SET != 0).then_some(Count::Is(((bits >> PREC_SHIFT) & COUNT_MASK) as usize)),
            ty: TYPES[((bits >> TY_SHIFT) & 7) as usize],
        }
    }
}
