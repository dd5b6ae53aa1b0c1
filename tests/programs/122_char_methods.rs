// char methods: ASCII classes and conversions, to_digit/is_digit with radixes, char::from_digit/from_u32, len_utf8, Unicode classes (alphabetic, numeric, upper/lower case, whitespace, control) through std's tables
// call: classify(0)
// expect: "a:Ll1 1:N1 ' ':W1 Z:Lu1 _:P1 é:Ll2 €:?3 '\\t':WC1 '\\u{7f}':C1 ß:Ll2 ٣:N2"
// call: digits(16)
// expect: "(Some(15), None, true, false, Some('f'), None, Some('7'), 255)"
// call: conversions('q')
// expect: "('Q', 'q', true, Some('€'), None, None, \"heLlO-123\")"

fn class(c: char) -> String {
    let mut s = String::new();
    if c.is_alphabetic() {
        s.push('L');
        if c.is_uppercase() {
            s.push('u');
        }
        if c.is_lowercase() {
            s.push('l');
        }
    }
    if c.is_numeric() {
        s.push('N');
    }
    if c.is_whitespace() {
        s.push('W');
    }
    if c.is_control() {
        s.push('C');
    }
    if c.is_ascii_punctuation() {
        s.push('P');
    }
    if s.is_empty() {
        s.push('?');
    }
    s
}

pub fn classify(which: i64) -> String {
    let text = if which == 0 { "a1 Z_é€\t\u{7f}ß٣" } else { "" };
    let mut out = String::new();
    for c in text.chars() {
        if !out.is_empty() {
            out.push(' ');
        }
        if c.is_alphanumeric() || c.is_ascii_punctuation() || (!c.is_ascii() && !c.is_control()) {
            out.push(c);
        } else {
            out.push_str(&format!("{:?}", c));
        }
        out.push(':');
        out.push_str(&class(c));
        out.push_str(&c.len_utf8().to_string());
    }
    out
}

fn digits_of(radix: u32) -> (Option<u32>, Option<u32>, bool, bool, Option<char>, Option<char>, Option<char>, u32) {
    let f = 'F'.to_digit(radix);
    let g = 'g'.to_digit(radix);
    let is_hex = 'c'.is_digit(radix);
    let is_dec = 'c'.is_digit(10);
    let back = char::from_digit(15, radix);
    let none = char::from_digit(16, radix);
    let seven = char::from_digit(7, 10);
    let mut total = 0;
    for c in "ff".chars() {
        total = total * radix + c.to_digit(radix).unwrap();
    }
    (f, g, is_hex, is_dec, back, none, seven, total)
}

fn conversions_of(c: char) -> (char, char, bool, Option<char>, Option<char>, Option<char>, String) {
    let upper = c.to_ascii_uppercase();
    let lower = upper.to_ascii_lowercase();
    let same = upper.eq_ignore_ascii_case(&lower);
    let euro = char::from_u32(0x20AC);
    let surrogate = char::from_u32(0xD800);
    let too_big = char::from_u32(0x110000);
    let mut s = String::new();
    for (i, b) in "hello-123".bytes().enumerate() {
        let b = if i % 3 == 0 || b.is_ascii_digit() { b } else { b.to_ascii_uppercase() };
        s.push(b as char);
    }
    let s = s.replace("EL", "eL").replace('-', "-");
    (upper, lower, same, euro, surrogate, too_big, s)
}

pub fn digits(radix: u32) -> String {
    format!("{:?}", digits_of(radix))
}

pub fn conversions(c: char) -> String {
    format!("{:?}", conversions_of(c))
}
