//! Formatting one value at run time, exactly as std's `Display`/`Debug`/...
//! implementations do. Each function appends to `out`; `spec` is an
//! encoded [`Spec`]; `width` and `precision` are -1 or override the
//! spec's (they came from arguments).
//!
//! The text of a number without padding comes from std itself; the padding
//! is std's rules: numbers pad "sign-aware" with zeros under `0`, else with
//! the fill, right-aligned by default; strings, `bool` and `char` are
//! truncated to the precision (in chars) and left-aligned by default; the
//! `Debug` forms of `str` and `char` are never padded.

use crate::{Align, Count, FmtType, Spec};

struct Opts {
    spec: Spec,
    width: Option<usize>,
    precision: Option<usize>,
}

fn opts(spec: u64, width: i64, precision: i64) -> Opts {
    let spec = Spec::decode(spec);
    let lit = |c: &Option<Count>| match c {
        Some(Count::Is(n)) => Some(*n),
        _ => None,
    };
    let width = if width >= 0 { Some(width as usize) } else { lit(&spec.width) };
    let precision = if precision >= 0 { Some(precision as usize) } else { lit(&spec.precision) };
    Opts { spec, width, precision }
}

/// Pads `text` to the width with the fill, `default` alignment unless the
/// spec says otherwise (`Formatter::pad`'s rule, counting chars).
fn pad(out: &mut Vec<u8>, text: &str, o: &Opts, default: Align) {
    let len = text.chars().count();
    let width = o.width.unwrap_or(0);
    if len >= width {
        out.extend_from_slice(text.as_bytes());
        return;
    }
    let n = width - len;
    let align = if o.spec.align == Align::Unknown { default } else { o.spec.align };
    let (before, after) = match align {
        Align::Left => (0, n),
        Align::Right | Align::Unknown => (n, 0),
        Align::Center => (n / 2, n - n / 2),
    };
    let mut fill = [0u8; 4];
    let fill = o.spec.fill.encode_utf8(&mut fill).as_bytes();
    (0..before).for_each(|_| out.extend_from_slice(fill));
    out.extend_from_slice(text.as_bytes());
    (0..after).for_each(|_| out.extend_from_slice(fill));
}

/// A number's text (sign and `0x`-like prefix included), padded as
/// `pad_integral` does: with `0`, the sign and prefix go first and zeros
/// fill up to the width.
fn pad_number(out: &mut Vec<u8>, text: &str, o: &Opts) {
    if o.spec.zero {
        let sign_len = text.starts_with(['+', '-']) as usize;
        let prefix_len = if ["0x", "0b", "0o"].iter().any(|p| text[sign_len..].starts_with(p)) { 2 } else { 0 };
        let (head, digits) = text.split_at(sign_len + prefix_len);
        out.extend_from_slice(head.as_bytes());
        let width = o.width.unwrap_or(0).saturating_sub(head.chars().count());
        (digits.chars().count()..width).for_each(|_| out.push(b'0'));
        out.extend_from_slice(digits.as_bytes());
    } else {
        pad(out, text, o, Align::Right);
    }
}

fn with_plus(text: String, o: &Opts, nonneg: bool) -> String {
    if o.spec.plus && nonneg {
        format!("+{text}")
    } else {
        text
    }
}

/// The text of a number under a plain `{}` or `{:?}` (no flags, width or
/// precision; for integers the two agree), written at the end of `buf`
/// without allocating: the common case of `format!("{}", n)`. `None` under
/// any other spec.
pub fn plain(
    buf: &mut [u8; 20],
    magnitude: u64,
    negative: bool,
    spec: u64,
    width: i64,
    precision: i64,
) -> Option<&[u8]> {
    if width >= 0 || precision >= 0 || (spec != Spec::PLAIN_DISPLAY && spec != Spec::PLAIN_DEBUG) {
        return None;
    }
    let mut at = buf.len();
    let mut m = magnitude;
    loop {
        at -= 1;
        buf[at] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if negative {
        at -= 1;
        buf[at] = b'-';
    }
    Some(&buf[at..])
}

/// Integers (`bits` wide, signed): Display, Debug, hex/octal/binary (two's
/// complement at the width), exponent forms.
pub fn int(out: &mut Vec<u8>, v: i64, bits: u32, spec: u64, width: i64, precision: i64) {
    if let Some(text) = plain(&mut [0; 20], v.unsigned_abs(), v < 0, spec, width, precision) {
        out.extend_from_slice(text);
        return;
    }
    let o = opts(spec, width, precision);
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    match o.spec.ty {
        FmtType::Display | FmtType::Debug => pad_number(out, &with_plus(v.to_string(), &o, v >= 0), &o),
        FmtType::LowerExp | FmtType::UpperExp => pad_number(out, &with_plus(exp_int(v as i128, &o), &o, v >= 0), &o),
        _ => pad_number(out, &radix(v as u64 & mask, &o), &o),
    }
}

/// Unsigned integers, as `int`.
pub fn uint(out: &mut Vec<u8>, v: u64, _bits: u32, spec: u64, width: i64, precision: i64) {
    if let Some(text) = plain(&mut [0; 20], v, false, spec, width, precision) {
        out.extend_from_slice(text);
        return;
    }
    let o = opts(spec, width, precision);
    match o.spec.ty {
        FmtType::Display | FmtType::Debug => pad_number(out, &with_plus(v.to_string(), &o, true), &o),
        FmtType::LowerExp | FmtType::UpperExp => pad_number(out, &with_plus(exp_int(v as i128, &o), &o, true), &o),
        _ => pad_number(out, &radix(v, &o), &o),
    }
}

fn radix(v: u64, o: &Opts) -> String {
    let alt = o.spec.alternate;
    let text = match o.spec.ty {
        FmtType::LowerHex => format!("{v:x}"),
        FmtType::UpperHex => format!("{v:X}"),
        FmtType::Octal => format!("{v:o}"),
        _ => format!("{v:b}"),
    };
    let prefix = match o.spec.ty {
        FmtType::LowerHex | FmtType::UpperHex => "0x",
        FmtType::Octal => "0o",
        _ => "0b",
    };
    let text = if alt { format!("{prefix}{text}") } else { text };
    with_plus(text, o, true)
}

fn exp_int(v: i128, o: &Opts) -> String {
    let upper = o.spec.ty == FmtType::UpperExp;
    match (o.precision, upper) {
        (Some(p), false) => format!("{v:.p$e}"),
        (Some(p), true) => format!("{v:.p$E}"),
        (None, false) => format!("{v:e}"),
        (None, true) => format!("{v:E}"),
    }
}

/// `f64`: Display, Debug, exponent forms, with precision.
pub fn float(out: &mut Vec<u8>, v: f64, spec: u64, width: i64, precision: i64) {
    let o = opts(spec, width, precision);
    let text = match (o.spec.ty, o.precision) {
        (FmtType::Debug, Some(p)) => format!("{v:.p$?}"),
        (FmtType::Debug, None) => format!("{v:?}"),
        (FmtType::LowerExp, Some(p)) => format!("{v:.p$e}"),
        (FmtType::LowerExp, None) => format!("{v:e}"),
        (FmtType::UpperExp, Some(p)) => format!("{v:.p$E}"),
        (FmtType::UpperExp, None) => format!("{v:E}"),
        (_, Some(p)) => format!("{v:.p$}"),
        (_, None) => format!("{v}"),
    };
    pad_number(out, &with_plus(text, &o, !v.is_sign_negative() && !v.is_nan()), &o);
}

/// `bool`: its name, padded like a string.
pub fn boolean(out: &mut Vec<u8>, v: bool, spec: u64, width: i64, precision: i64) {
    string(out, if v { "true" } else { "false" }, spec & !debug_bits(), width, precision)
}

/// The type bits of `Debug`, cleared where `Debug` means `Display`.
fn debug_bits() -> u64 {
    Spec { ty: FmtType::Debug, fill: '\0', ..Spec::default() }.encode()
}

/// `char`: Display pads; Debug quotes and escapes, unpadded.
pub fn character(out: &mut Vec<u8>, c: char, spec: u64, width: i64, precision: i64) {
    let o = opts(spec, width, precision);
    if o.spec.ty == FmtType::Debug {
        out.extend_from_slice(format!("{c:?}").as_bytes());
    } else {
        let mut buf = [0u8; 4];
        string(out, c.encode_utf8(&mut buf), spec, width, precision);
    }
}

/// `str`: Display truncates to the precision and pads; Debug quotes and
/// escapes, unpadded.
pub fn string(out: &mut Vec<u8>, s: &str, spec: u64, width: i64, precision: i64) {
    let o = opts(spec, width, precision);
    if o.spec.ty == FmtType::Debug {
        out.extend_from_slice(format!("{s:?}").as_bytes());
        return;
    }
    let s = match o.precision {
        Some(p) => match s.char_indices().nth(p) {
            Some((i, _)) => &s[..i],
            None => s,
        },
        None => s,
    };
    pad(out, s, &o, Align::Left);
}

/// Whether `c` is of the Unicode class `kind` (a `char` method the runtime
/// answers with std's tables: see the rpy prelude's `char.rs`): 0
/// alphabetic, 1 alphanumeric, 2 numeric, 3 uppercase, 4 lowercase, 5
/// control. Not formatting, but run-time std behaviour both the runtime and
/// the LLInterpreter need.
pub fn char_class(c: char, kind: i64) -> bool {
    match kind {
        0 => c.is_alphabetic(),
        1 => c.is_alphanumeric(),
        2 => c.is_numeric(),
        3 => c.is_uppercase(),
        4 => c.is_lowercase(),
        _ => c.is_control(),
    }
}
