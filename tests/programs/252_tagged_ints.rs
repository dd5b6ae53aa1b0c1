// A variant holding one `i64` (`Val::Int`) is a tagged word in translated
// code when the integer fits in 63 bits, an object otherwise: both kinds
// side by side (the limits of 63 bits and of 64), matched, cloned, compared,
// in vectors, fields, maps and `Option`s (`Some(Int(0))` is not `None`),
// made in a loop that allocates enough to collect while words and objects
// are held only by lists; a variant of `isize` in another enum; an enum
// whose `i64` variant has a sibling of two integers.
// call: basics(5)
// expect: ("i7 f2.5 s(ab) i-4611686018427387904 i4611686018427387903 i4611686018427387904 i-4611686018427387905 i9223372036854775807 i-9223372036854775808 nil", -1, 10)
// call: equality(3)
// expect: (true, false, true, true, false, 2)
// call: options(0)
// expect: ("some(i0) none some(i-1)", 2)
// call: many(20000)
// expect: (199990000, 20000, 4611686018427407903, "i4611686018427407903", 3)
// call: other_enums(6)
// expect: (42, 6, 4611686018427387904, 13)

use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
enum Val {
    Nil,
    Int(i64),
    Flt(f64),
    Str(String),
}

fn show(v: &Val) -> String {
    match v {
        Val::Nil => "nil".to_string(),
        Val::Int(i) => format!("i{i}"),
        Val::Flt(f) => format!("f{f}"),
        Val::Str(s) => format!("s({s})"),
    }
}

fn int_of(v: &Val) -> i64 {
    match v {
        Val::Int(i) => *i,
        _ => 0,
    }
}

pub fn basics(n: i64) -> (String, i64, i64) {
    let edge: i64 = 1 << 62;
    let vals = vec![
        Val::Int(n + 2),
        Val::Flt(n as f64 / 2.0),
        Val::Str("ab".to_string()),
        Val::Int(-edge),
        Val::Int(edge - 1),
        Val::Int(edge),
        Val::Int(-edge - 1),
        Val::Int(i64::MAX),
        Val::Int(i64::MIN),
        Val::Nil,
    ];
    let words: Vec<String> = vals.iter().map(show).collect();
    // The integers wrap: 7 - edge + (edge - 1) + edge + (-edge - 1) + MAX + MIN == 4.
    let total = vals.iter().map(int_of).fold(0i64, |a, b| a.wrapping_add(b));
    let copies: Vec<Val> = vals.iter().cloned().collect();
    let same = copies.iter().zip(&vals).filter(|(a, b)| a == b).count() as i64;
    (words.join(" "), total + 2 - (n + 2), same)
}

pub fn equality(n: i64) -> (bool, bool, bool, bool, bool, i64) {
    let big = Val::Int(i64::MAX - n);
    let small = Val::Int(n);
    let count = [Val::Int(n), Val::Flt(n as f64), Val::Int(n), Val::Nil]
        .iter()
        .filter(|v| **v == small)
        .count() as i64;
    (
        small == Val::Int(3),
        small == Val::Flt(3.0),
        big == Val::Int(i64::MAX - 3),
        big.clone() == big,
        big == small,
        count,
    )
}

pub fn options(n: i64) -> (String, i64) {
    let opts = vec![Some(Val::Int(n)), None, Some(Val::Int(n - 1))];
    let words: Vec<String> = opts
        .iter()
        .map(|o| match o {
            Some(v) => format!("some({})", show(v)),
            None => "none".to_string(),
        })
        .collect();
    let somes = opts.iter().filter(|o| o.is_some()).count() as i64;
    (words.join(" "), somes)
}

struct Holder {
    last: Val,
    count: i64,
}

/// Words and objects made in a loop that also allocates strings (enough to
/// collect many times), kept only by a vector, a struct's field and a map.
pub fn many(n: i64) -> (i64, i64, i64, String, i64) {
    let mut kept: Vec<Val> = Vec::new();
    let mut holder = Holder { last: Val::Nil, count: 0 };
    let mut by_name: HashMap<String, Val> = HashMap::new();
    let mut i = 0;
    while i < n {
        let v = if i % 1000 == 999 { Val::Int((1i64 << 62) + i) } else { Val::Int(i) };
        let name = format!("k{}", i % 3);
        by_name.insert(name, v.clone());
        holder.last = v.clone();
        holder.count += 1;
        kept.push(v);
        i += 1;
    }
    let mut sum: i64 = 0;
    let mut big: i64 = 0;
    for v in &kept {
        let x = int_of(v);
        if x >= 1 << 62 {
            big = x;
            sum += x - (1 << 62);
        } else {
            sum += x;
        }
    }
    (sum, holder.count, big, show(&holder.last), by_name.len() as i64)
}

#[derive(Clone)]
enum Size {
    Zero,
    Count(isize),
}

#[derive(Clone)]
enum Shape {
    Point(i64),
    Span(i64, i64),
}

pub fn other_enums(n: i64) -> (i64, i64, i64, i64) {
    let sizes = vec![Size::Zero, Size::Count(n as isize * 7), Size::Count(1 << 62)];
    let mut total: i64 = 0;
    let mut big: i64 = 0;
    for s in &sizes {
        if let Size::Count(c) = s {
            if *c >= 1 << 62 {
                big = *c as i64;
            } else {
                total += *c as i64;
            }
        }
    }
    let shapes = vec![Shape::Point(n), Shape::Span(3, 4), Shape::Point(0)];
    let mut width = 0;
    for s in &shapes {
        width += match s {
            Shape::Point(p) => *p,
            Shape::Span(a, b) => a + b,
        };
    }
    let points = shapes.iter().filter(|s| matches!(s, Shape::Point(_))).count() as i64;
    (total, points * 3, big, width)
}
