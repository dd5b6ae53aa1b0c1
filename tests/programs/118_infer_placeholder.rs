// `_` in the types of lets: holes filled by type inference (Result<u64, _>, Vec<_>, HashMap<_, _>, tuples, Option<_>), parse::<_>
use std::collections::HashMap;

// call: holes(5)
// expect: (18446744073709551615, true, 15, 3, "b=2", (7, 3), 42)
pub fn holes(n: u64) -> (u64, bool, u64, usize, String, (i64, i32), i64) {
    let big: Result<u64, _> = "18446744073709551615".parse();
    let bad: Result<u64, _> = "-1".parse();
    let mut v: Vec<_> = Vec::new();
    for i in 0..=n {
        v.push(i);
    }
    let mut total = 0;
    for x in &v {
        total += *x;
    }
    let mut m: HashMap<_, _> = HashMap::new();
    m.insert("a".to_string(), 1);
    m.insert("b".to_string(), 2);
    m.insert("c".to_string(), 3);
    let mut found = String::new();
    for (k, val) in &m {
        if *val == 2 {
            found = format!("{k}={val}");
        }
    }
    let t: (_, i32) = (7, 3);
    let o: Option<_> = "42".parse::<_>().ok();
    let parsed: i64 = o.unwrap_or(0);
    (big.unwrap(), bad.is_err(), total, m.len(), found, t, parsed)
}

fn lookup(names: &[String], name: &str) -> Option<usize> {
    for i in 0..names.len() {
        if names[i] == name {
            return Some(i);
        }
    }
    None
}

fn index_of(names: &[String], name: &str) -> Result<usize, String> {
    lookup(names, name).ok_or(format!("no variable `{name}`"))
}

// call: conversions(3)
// expect: "Some(12) None Some(\"invalid digit found in string\") None 2 no variable `w` 7"
pub fn conversions(k: i64) -> String {
    let good = "12".parse::<i64>().ok();
    let bad = "1x".parse::<i64>().ok();
    let why = match "1x".parse::<i64>().err() {
        Some(e) => Some(e.to_string()),
        None => None,
    };
    let none_err: Option<String> = match "5".parse::<i64>().err() {
        Some(e) => Some(e.to_string()),
        None => None,
    };
    let names = vec!["x".to_string(), "y".to_string(), "z".to_string()];
    let z = index_of(&names, "z").unwrap();
    let w = match index_of(&names, "w") {
        Ok(_) => String::new(),
        Err(e) => e,
    };
    let mut total = k;
    if let Some(v) = "4".parse::<i64>().ok() {
        total += v;
    }
    format!("{good:?} {bad:?} {why:?} {none_err:?} {z} {w} {total}")
}

fn first_even(v: &[i64]) -> Option<i64> {
    for x in v {
        if *x % 2 == 0 {
            return Some(*x);
        }
    }
    None
}

// `None => None` between two different Option types, and `None` in an or-pattern
// call: nones(6)
// expect: "Some(\"6\") None true false"
pub fn nones(k: i64) -> String {
    let a = match first_even(&[1, 3, k]) {
        Some(x) => Some(x.to_string()),
        None => None,
    };
    let b: Option<String> = match first_even(&[1, 3]) {
        Some(x) => Some(x.to_string()),
        None => None,
    };
    let small = matches!(first_even(&[k]), Some(2) | None);
    let c = matches!(first_even(&[1]), Some(0) | None);
    format!("{a:?} {b:?} {c} {small}")
}
