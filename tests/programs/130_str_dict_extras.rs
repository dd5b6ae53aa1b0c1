// str strip_prefix/strip_suffix/split_once/rfind/trim_*_matches/char_indices/eq_ignore_ascii_case (with str and char patterns), HashMap/HashSet clone (independent copies, also inside a derived clone), i64::from/u32::from/char::from/f64::from
use std::collections::{HashMap, HashSet};

// call: strings(0)
// expect: "Some(\"b=c\") None Some(\"key\") Some((\"key\", \"val=1\")) None Some(8) Some(1) Some(3) \"xyz--\" \"--xyz\" \"xyz\" \"abcc\" [(0, 'h'), (1, 'é'), (3, 'y')] true false"
// call: clones(3)
// expect: "1 2 [\"a\", \"b\"] 30 3 2"
// call: conversions(200)
// expect: (200, 97, 'A', 3.0, 1)

#[derive(Clone, Debug)]
struct Env {
    vars: HashMap<String, i64>,
}

pub fn strings(_n: i64) -> String {
    let s = "a=b=c";
    let kv = "key: val=1";
    let ci: Vec<(usize, char)> = "héy".char_indices().collect();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {}",
        s.strip_prefix("a="),
        s.strip_prefix("b"),
        kv.strip_suffix(": val=1"),
        kv.split_once(": "),
        kv.split_once("#"),
        kv.rfind('='),
        s.find('='),
        s.rfind("=c"),
        "--xyz--".trim_start_matches('-'),
        "--xyz--".trim_end_matches("-"),
        "--xyz--".trim_matches('-'),
        "abcab".trim_end_matches("ab").to_string() + "bc".strip_prefix('b').unwrap_or("?"),
        ci,
        "HeLLo".eq_ignore_ascii_case("hello"),
        "a".eq_ignore_ascii_case("b")
    )
}

pub fn clones(n: i64) -> String {
    let mut a: HashMap<i64, i64> = HashMap::new();
    a.insert(n, 1);
    let mut b = a.clone();
    b.insert(n + 1, 2);
    let mut s = HashSet::new();
    s.insert("a".to_string());
    let mut t = s.clone();
    t.insert("b".to_string());
    let mut names: Vec<String> = Vec::new();
    for x in &t {
        names.push(x.clone());
    }
    names.sort();
    let mut e = Env { vars: HashMap::new() };
    e.vars.insert("x".to_string(), 10);
    let mut f = e.clone();
    *f.vars.get_mut("x").unwrap() = 30;
    f.vars.insert("y".to_string(), n);
    format!("{} {} {:?} {} {} {}", a.len(), b.len(), names, f.vars["x"], f.vars["y"], e.vars["x"] / 5)
}

pub fn conversions(n: u8) -> (i64, u32, char, f64, i32) {
    (i64::from(n), u32::from('a'), char::from(65u8), f64::from(3i32), i32::from(true))
}
