//! Every format string below formats a grid of values with std and with
//! `rpy_fmt` (parse, encode, `ll`): the bytes must be the same.

use rpy_fmt::{ll, parse, ArgRef, Count, Piece};

/// Emits one formatted value: output, spec bits, width, precision.
type Emit<'a> = dyn Fn(&mut Vec<u8>, u64, i64, i64) + 'a;

/// Formats `value` with the single placeholder of `fmt` through rpy_fmt;
/// `args` supplies counts taken from arguments.
fn ours(fmt: &str, f: &Emit<'_>, counts: &[usize]) -> String {
    let pieces = parse(fmt).unwrap();
    let mut out = Vec::new();
    let mut next = 0;
    for p in pieces {
        match p {
            Piece::Lit(s) => out.extend_from_slice(s.as_bytes()),
            Piece::Arg(a) => {
                let mut count = |c: &Option<Count>| match c {
                    Some(Count::Param(ArgRef::Next)) => {
                        next += 1;
                        counts[next - 1] as i64
                    }
                    Some(Count::Param(ArgRef::Name(_) | ArgRef::Index(_))) => counts[0] as i64,
                    _ => -1,
                };
                let precision = count(&a.spec.precision);
                let width = count(&a.spec.width);
                f(&mut out, a.spec.encode(), width, precision);
            }
        }
    }
    String::from_utf8(out).unwrap()
}

macro_rules! check {
    ($values:expr, $call:expr, [$($fmt:literal),* $(,)?]) => {{
        let mut n = 0;
        for v in $values {
            $(
                let expected = format!($fmt, v);
                let got = ours($fmt, &|out, spec, w, p| $call(out, v, spec, w, p), &[]);
                assert_eq!(got, expected, "format {:?} of {:?}", $fmt, v);
                n += 1;
            )*
        }
        n
    }};
}

const INT_VALUES: [i64; 9] = [0, 1, -1, 7, -42, 255, 1234567, i64::MIN, i64::MAX];

#[test]
fn integers() {
    let n = check!(
        INT_VALUES,
        |out, v: i64, s, w, p| ll::int(out, v, 64, s, w, p),
        [
            "{}", "{:?}", "{:5}", "{:<5}", "{:^7}", "{:>6}", "{:05}", "{:+}", "{:+05}", "{:x}", "{:X}", "{:#x}",
            "{:#010x}", "{:o}", "{:#o}", "{:b}", "{:#b}", "{:08b}", "{:e}", "{:E}", "{:.2e}", "{:*^9}", "{:-<8}",
            "[{:>4}]", "{:.3}", "{:+#x}", "{:x?}", "{:3?}",
        ]
    );
    let small = [0i32, 5, -5, i32::MIN, i32::MAX];
    let m = check!(
        small,
        |out, v: i32, s, w, p| ll::int(out, v as i64, 32, s, w, p),
        ["{}", "{:x}", "{:#X}", "{:b}", "{:o}", "{:08x}", "{:+}",]
    );
    let bytes = [0i8, -1, 127, -128];
    let k = check!(bytes, |out, v: i8, s, w, p| ll::int(out, v as i64, 8, s, w, p), ["{}", "{:x}", "{:b}", "{:#o}"]);
    assert!(n + m + k > 250);
}

#[test]
fn unsigned() {
    let values = [0u64, 1, 255, 65535, u64::MAX];
    check!(
        values,
        |out, v: u64, s, w, p| ll::uint(out, v, 64, s, w, p),
        ["{}", "{:?}", "{:10}", "{:<10}|", "{:010}", "{:+}", "{:x}", "{:#X}", "{:o}", "{:b}", "{:e}", "{:^12}",]
    );
    let b = [0u8, 7, 255];
    check!(b, |out, v: u8, s, w, p| ll::uint(out, v as u64, 8, s, w, p), ["{}", "{:02x}", "{:#010b}"]);
}

#[test]
fn floats() {
    let values = [
        0.0,
        -0.0,
        1.0,
        -1.5,
        0.1,
        1e-7,
        1e15,
        1e16,
        1e21,
        123456.789,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MIN_POSITIVE,
        f64::MAX,
        2.5,
        3.0,
    ];
    let n = check!(
        values,
        |out, v: f64, s, w, p| ll::float(out, v, s, w, p),
        [
            "{}",
            "{:?}",
            "{:.0}",
            "{:.1}",
            "{:.3}",
            "{:10.2}",
            "{:<10.2}|",
            "{:^10}",
            "{:010.3}",
            "{:+}",
            "{:+.2}",
            "{:e}",
            "{:E}",
            "{:.2e}",
            "{:012.3e}",
            "{:05}",
            "{:+05}",
            "{:8?}",
            "{:.2?}",
            "{:_>12}",
        ]
    );
    assert!(n > 300);
}

#[test]
fn bools_chars_strings() {
    check!(
        [true, false],
        |out, v: bool, s, w, p| ll::boolean(out, v, s, w, p),
        ["{}", "{:?}", "{:6}", "{:>6}", "{:^7}", "{:.2}", "{:6?}",]
    );
    let chars = ['a', 'é', '\n', '\'', '"', '\\', '\u{1F600}', '\u{7f}', '\0', ' '];
    check!(
        chars,
        |out, v: char, s, w, p| ll::character(out, v, s, w, p),
        ["{}", "{:?}", "{:3}", "{:>3}", "{:^5}", "{:*<4}", "{:5?}", "{:.0}",]
    );
    let strings = ["", "a", "hello", "a\tb\"c\\", "héllo", "ünïcödé wörld", "\u{1F600}x", "line\nbreak"];
    check!(
        strings,
        |out, v: &str, s, w, p| ll::string(out, v, s, w, p),
        ["{}", "{:?}", "{:8}", "{:>8}", "{:^9}", "{:-^9}", "{:.2}", "{:8.3}", "{:>8.3}|", "{:10?}", "{:é<7}",]
    );
}

#[test]
fn counts_from_arguments() {
    let got = ours("{:>1$}", &|out, s, w, p| ll::int(out, 42, 64, s, w, p), &[6]);
    assert_eq!(got, format!("{:>1$}", 42, 6));
    let got = ours("{:.*}", &|out, s, w, p| ll::float(out, 2.71875, s, w, p), &[2]);
    assert_eq!(got, format!("{:.*}", 2, 2.71875));
    let got = ours("{:>width$.prec$}", &|out, s, w, p| ll::float(out, 2.5, s, w, p), &[7]);
    assert_eq!(got, format!("{:>width$.prec$}", 2.5, width = 7, prec = 7));
}

#[test]
fn parsing() {
    use rpy_fmt::{Align, Arg, FmtType, Spec};
    assert_eq!(parse("a{{b}}c").unwrap(), vec![Piece::Lit("a{b}c".into())]);
    assert_eq!(
        parse("{0} {name}").unwrap(),
        vec![
            Piece::Arg(Arg { pos: ArgRef::Index(0), spec: Spec::default() }),
            Piece::Lit(" ".into()),
            Piece::Arg(Arg { pos: ArgRef::Name("name".into()), spec: Spec::default() }),
        ]
    );
    let Piece::Arg(a) = &parse("{:-^9.3?}").unwrap()[0] else { panic!() };
    assert_eq!((a.spec.fill, a.spec.align, a.spec.ty), ('-', Align::Center, FmtType::Debug));
    assert_eq!((a.spec.width.clone(), a.spec.precision.clone()), (Some(Count::Is(9)), Some(Count::Is(3))));
    let Piece::Arg(a) = &parse("{:#010x}").unwrap()[0] else { panic!() };
    assert!(a.spec.alternate && a.spec.zero && a.spec.width == Some(Count::Is(10)));
    assert_eq!(Spec::decode(a.spec.encode()), a.spec);
    assert!(parse("{").is_err());
    assert!(parse("}").is_err());
    assert!(parse("{:q}").is_err());
}

/// The plain specs the fast path of numbers recognizes are what `{}` and
/// `{:?}` encode to (and nothing else is).
#[test]
fn plain_specs_are_the_encoded_defaults() {
    use rpy_fmt::{FmtType, Spec};
    assert_eq!(Spec::PLAIN_DISPLAY, Spec::default().encode());
    assert_eq!(Spec::PLAIN_DEBUG, Spec { ty: FmtType::Debug, ..Spec::default() }.encode());
    let hex = Spec { ty: FmtType::LowerHex, ..Spec::default() }.encode();
    assert!(rpy_fmt::ll::plain(&mut [0; 20], 5, false, hex, -1, -1).is_none());
    assert_eq!(rpy_fmt::ll::plain(&mut [0; 20], 5, true, Spec::PLAIN_DISPLAY, -1, -1), Some(&b"-5"[..]));
}
