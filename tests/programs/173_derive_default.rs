// `#[derive(Default)]` of structs (numbers, `bool`, `char`, `String`, `Vec`, `HashMap` (in a struct of its own: `{:?}` of a map is not translated), `Option`, a tuple, an array, a nested struct with a hand-written `Default`, a `Box`) and of a field-less enum with a `#[default]` variant, used as `T::default()`, `Self::default()` and `Default::default()` (its type from a `let`, a field, an argument), then updated; struct update syntax `..Default::default()` and `..base`; `unwrap_or_default()` of `Option`s and `Result`s (a default made only when needed)
// call: updates(4)
// expect: "Limits { depth: 4, width: 8 } Limits { depth: 5, width: 8 } 0 false Fast 64 [1, 2] 9"
// call: fallbacks(2)
// expect: "5 0 | 2 false | [1] [] | \"ab\" \"\" | Limits { depth: 64, width: 8 } Limits { depth: 2, width: 1 } | 1 0 | made 1"
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

#[derive(Debug, Default)]
struct Row {
    cells: Vec<i64>,
    width: usize,
    label: String,
}

fn width_of(r: Row) -> usize {
    r.width + r.cells.len() + r.label.len()
}

pub fn updates(n: i64) -> String {
    let a = Limits { depth: n, ..Default::default() };
    let b = Limits { depth: a.depth + 1, ..a };
    let zero: i64 = Default::default();
    let flag: bool = Default::default();
    let mode: Mode = Default::default();
    let c: Limits = Default::default();
    let row = Row { cells: vec![1, 2], ..Default::default() };
    let cells = format!("{:?}", row.cells);
    let total = width_of(Row { width: 7, ..row }) + width_of(Default::default());
    format!("{:?} {:?} {} {} {:?} {} {} {}", a, b, zero, flag, mode, c.depth, cells, total)
}

struct Counted {
    made: std::cell::Cell<i64>,
}

fn maybe_limits(c: &Counted, n: i64) -> Option<Limits> {
    if n > 0 {
        Some(Limits { depth: n, width: 1 })
    } else {
        c.made.set(c.made.get() + 1);
        None
    }
}

pub fn fallbacks(n: i64) -> String {
    let c = Counted { made: std::cell::Cell::new(0) };
    let a: Option<i64> = Some(n + 3);
    let b: Option<i64> = None;
    let r: Result<usize, String> = Ok(n as usize);
    let e: Result<bool, String> = Err("no".to_string());
    let v: Option<Vec<i64>> = Some(vec![1]);
    let w: Option<Vec<i64>> = None;
    let s: Option<String> = Some("ab".to_string());
    let t: Option<String> = None;
    let l1 = maybe_limits(&c, 0).unwrap_or_default();
    let l2 = maybe_limits(&c, n).unwrap_or_default();
    let mut m: std::collections::HashMap<i64, i64> = None.unwrap_or_default();
    m.insert(1, 2);
    let set: std::collections::HashSet<i64> = None.unwrap_or_default();
    format!(
        "{} {} | {} {} | {:?} {:?} | {:?} {:?} | {:?} {:?} | {} {} | made {}",
        a.unwrap_or_default(),
        b.unwrap_or_default(),
        r.unwrap_or_default(),
        e.unwrap_or_default(),
        v.unwrap_or_default(),
        w.unwrap_or_default(),
        s.unwrap_or_default(),
        t.unwrap_or_default(),
        l1,
        l2,
        m.len(),
        set.len(),
        c.made.get()
    )
}
