// `#[derive(Default)]` of structs (numbers, `bool`, `char`, `String`, `Vec`, `HashMap` (in a struct of its own: `{:?}` of a map is not translated), `Option`, a tuple, an array, a nested struct with a hand-written `Default`, a `Box`) and of a field-less enum with a `#[default]` variant, used as `T::default()` and `Self::default()`, then updated
// call: counters(3)
// expect: "Stats { count: 3, total: 6.0, seen: true, last: 'c', name: \"s3\", items: [0, 1, 2], best: Some(2), span: (0, 0), slots: [0, 0, 0, 7], mode: Fast, limits: Limits { depth: 64, width: 8 }, inner: Inner(0, \"\") } Fast Inner(5, \"\") 3 1 72"
use std::collections::HashMap;

#[derive(Debug, Default, Clone, Copy, PartialEq)]
enum Mode {
    Slow,
    #[default]
    Fast,
}

#[derive(Debug)]
struct Limits {
    depth: i64,
    width: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { depth: 64, width: 8 }
    }
}

#[derive(Debug, Default)]
struct Inner(i64, String);

#[derive(Default)]
struct Index {
    by_name: HashMap<String, i64>,
    order: Vec<String>,
}

#[derive(Debug, Default)]
struct Stats {
    count: u32,
    total: f64,
    seen: bool,
    last: char,
    name: String,
    items: Vec<i64>,
    best: Option<i64>,
    span: (usize, i32),
    slots: [u8; 4],
    mode: Mode,
    limits: Limits,
    inner: Box<Inner>,
}

impl Stats {
    fn fresh() -> Stats {
        Self::default()
    }
}

// (Reads every field rustc would otherwise call unused.)
fn weight(s: &Stats) -> i64 {
    let slow = if s.mode == Mode::Slow { 1000 } else { 0 };
    s.span.0 as i64 + s.span.1 as i64 + s.limits.depth + s.limits.width as i64 + s.inner.0 + s.inner.1.len() as i64 + slow
}

pub fn counters(n: i64) -> String {
    let mut s = Stats::fresh();
    for i in 0..n {
        s.count += 1;
        s.total += (i + 1) as f64;
        s.items.push(i);
        s.best = Some(i);
    }
    s.seen = true;
    s.last = 'c';
    s.name = format!("s{}", n);
    let mut index = Index::default();
    index.by_name.insert("x".to_string(), n);
    index.order.push("x".to_string());
    s.slots[3] = 7;
    let mut other = Inner::default();
    other.0 = n + 2;
    let w = weight(&s) + other.1.len() as i64;
    format!("{:?} {:?} {:?} {} {} {}", s, Mode::default(), other, index.by_name["x"], index.order.len(), w)
}
