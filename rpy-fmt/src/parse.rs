//! The format string grammar of `std::fmt`.

use crate::{Align, Arg, ArgRef, Count, FmtType, Piece, Spec};

/// The pieces of a format string, or why it is malformed.
pub fn parse(fmt: &str) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                text.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                text.push('}');
            }
            '}' => return Err("unmatched `}` found".into()),
            '{' => {
                let mut inner = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) => inner.push(c),
                        None => return Err("expected `}` but string was terminated".into()),
                    }
                }
                if !text.is_empty() {
                    pieces.push(Piece::Lit(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Arg(placeholder(&inner)?));
            }
            c => text.push(c),
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Lit(text));
    }
    Ok(pieces)
}

/// `argument[:spec]`.
fn placeholder(inner: &str) -> Result<Arg, String> {
    let (arg, spec) = match inner.find(':') {
        Some(i) => (&inner[..i], Some(&inner[i + 1..])),
        None => (inner, None),
    };
    let pos = match arg.trim() {
        "" => ArgRef::Next,
        a => argument(a)?,
    };
    let spec = match spec {
        Some(s) => format_spec(s)?,
        None => Spec::default(),
    };
    Ok(Arg { pos, spec })
}

fn argument(a: &str) -> Result<ArgRef, String> {
    if let Ok(i) = a.parse::<usize>() {
        return Ok(ArgRef::Index(i));
    }
    let mut cs = a.chars();
    let ok_start = cs.next().is_some_and(|c| c == '_' || c.is_alphabetic());
    if ok_start && cs.all(|c| c == '_' || c.is_alphanumeric()) {
        Ok(ArgRef::Name(a.to_string()))
    } else {
        Err(format!("invalid argument name `{a}`"))
    }
}

fn format_spec(s: &str) -> Result<Spec, String> {
    let mut spec = Spec::default();
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    let align_of = |c: char| match c {
        '<' => Some(Align::Left),
        '>' => Some(Align::Right),
        '^' => Some(Align::Center),
        _ => None,
    };
    if cs.len() >= 2 && align_of(cs[1]).is_some() {
        spec.fill = cs[0];
        spec.align = align_of(cs[1]).unwrap();
        i = 2;
    } else if let Some(a) = cs.first().and_then(|c| align_of(*c)) {
        spec.align = a;
        i = 1;
    }
    if let Some(&c) = cs.get(i) {
        if c == '+' || c == '-' {
            spec.plus = c == '+';
            spec.minus = c == '-';
            i += 1;
        }
    }
    if cs.get(i) == Some(&'#') {
        spec.alternate = true;
        i += 1;
    }
    // A `0` flag, unless it starts a `0$` parameter.
    if cs.get(i) == Some(&'0') && cs.get(i + 1) != Some(&'$') {
        spec.zero = true;
        i += 1;
    }
    let rest: String = cs[i..].iter().collect();
    let (width, rest) = count(&rest)?;
    spec.width = width;
    let mut rest = rest.as_str();
    if let Some(r) = rest.strip_prefix('.') {
        if let Some(r2) = r.strip_prefix('*') {
            spec.precision = Some(Count::Param(ArgRef::Next));
            rest = r2;
        } else {
            let (p, r2) = count(r)?;
            spec.precision = Some(p.ok_or("expected a precision after `.`")?);
            return finish(spec, &r2);
        }
    }
    let rest = rest.to_string();
    finish(spec, &rest)
}

fn finish(mut spec: Spec, ty: &str) -> Result<Spec, String> {
    spec.ty = match ty {
        "" => FmtType::Display,
        "?" => FmtType::Debug,
        // Debug in hex: how integers print under it (rpy formats no
        // composite value in hex).
        "x" | "x?" => FmtType::LowerHex,
        "X" | "X?" => FmtType::UpperHex,
        "o" => FmtType::Octal,
        "b" => FmtType::Binary,
        "e" => FmtType::LowerExp,
        "E" => FmtType::UpperExp,
        other => return Err(format!("unknown format trait `{other}`")),
    };
    Ok(spec)
}

/// A count at the start of `s` (`12`, `name$`, `1$`), and the rest.
fn count(s: &str) -> Result<(Option<Count>, String), String> {
    let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    let (word, rest) = s.split_at(end);
    if let Some(after) = rest.strip_prefix('$') {
        if word.is_empty() {
            return Err("expected an argument before `$`".into());
        }
        return Ok((Some(Count::Param(argument(word)?)), after.to_string()));
    }
    let digits = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if digits == 0 {
        return Ok((None, s.to_string()));
    }
    let n = s[..digits].parse::<usize>().map_err(|e| e.to_string())?;
    Ok((Some(Count::Is(n)), s[digits..].to_string()))
}
