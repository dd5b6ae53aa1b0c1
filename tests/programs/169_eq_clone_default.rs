// std's `PartialEq`, `Clone` and `Default` written by hand: `==`/`!=` on a Copy struct comparing one field only, on a GC-object struct comparing case-insensitively, and inside a derived `PartialEq` of a struct and an `Option`, in `Vec::contains` and `assert_eq!`; a counting `clone`, also called by a derived `Clone` of a `Vec` and by `vec![x; n]`, `resize` and `fill` (which clone all but the last item); `T::default()` of a struct and an enum
// call: equal(3)
// expect: "[true, false, true, true, false, true, true] 3 3"
// call: copies(2)
// expect: "clones 3, names [\"a\", \"b\", \"b\"], first a; row 2 1 4 e"
// call: defaults(5)
// expect: "Config { depth: 8, name: \"main\", mode: Fast } Fast 13 main true"
use std::cell::Cell;

#[derive(Clone, Copy, Debug)]
struct Id {
    key: i64,
    hits: i64,
}

impl PartialEq for Id {
    fn eq(&self, other: &Id) -> bool {
        self.key == other.key
    }
}

struct Word {
    text: String,
}

impl PartialEq for Word {
    fn eq(&self, other: &Self) -> bool {
        self.text.to_lowercase() == other.text.to_lowercase()
    }
}

#[derive(PartialEq)]
struct Entry {
    id: Id,
    word: Option<Word>,
}

pub fn equal(n: i64) -> String {
    let a = Id { key: n, hits: 1 };
    let b = Id { key: n, hits: 2 };
    let c = Id { key: n + 1, hits: 1 };
    let w1 = Word { text: "Hello".to_string() };
    let w2 = Word { text: "hELLO".to_string() };
    let e1 = Entry { id: a, word: Some(Word { text: "X".to_string() }) };
    let e2 = Entry { id: b, word: Some(Word { text: "x".to_string() }) };
    let e3 = Entry { id: c, word: None };
    let ids = vec![c, b];
    assert_eq!(a, b);
    assert_ne!(a, c);
    let mut same = 0;
    for i in 0..n {
        if (Id { key: i, hits: i }) == (Id { key: i, hits: 0 }) {
            same += 1;
        }
    }
    let all = [a == b, a == c, a != c, w1 == w2, w1 != w2, e1 == e2, e1 != e3 && ids.contains(&a)];
    format!("{:?} {} {}", all, same, a.hits + b.hits)
}

struct Name {
    text: String,
    copies: Cell<i64>,
}

impl Clone for Name {
    fn clone(&self) -> Name {
        self.copies.set(self.copies.get() + 1);
        Name { text: self.text.clone(), copies: Cell::new(0) }
    }
}

pub fn copies(n: i64) -> String {
    let a = Name { text: "a".to_string(), copies: Cell::new(0) };
    let b = Name { text: "b".to_string(), copies: Cell::new(0) };
    let mut names = vec![a, b];
    let again = names.clone();
    for _ in 1..n {
        let last = names[names.len() - 1].clone();
        names.push(last);
    }
    let mut total = again[0].copies.get();
    let mut texts = Vec::new();
    for x in names.iter() {
        total += x.copies.get();
        texts.push(x.text.clone());
    }
    // std's `vec![x; n]`, `resize` and `fill` clone all but the last item, which is `x`.
    let mut row = vec![Name { text: "c".to_string(), copies: Cell::new(0) }; 3];
    let made = row[2].copies.get();
    row.resize(5, Name { text: "d".to_string(), copies: Cell::new(0) });
    let resized = row[4].copies.get();
    row.fill(Name { text: "e".to_string(), copies: Cell::new(0) });
    format!(
        "clones {}, names {:?}, first {}; row {} {} {} {}",
        total,
        texts,
        again[0].text,
        made,
        resized,
        row[4].copies.get(),
        row[0].text
    )
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Mode {
    Slow,
    Fast,
}

impl Default for Mode {
    fn default() -> Self {
        Mode::Fast
    }
}

#[derive(Debug)]
struct Config {
    depth: i64,
    name: String,
    mode: Mode,
}

impl Default for Config {
    fn default() -> Config {
        Config { depth: 8, name: "main".to_string(), mode: Mode::default() }
    }
}

pub fn defaults(n: i64) -> String {
    let c = Config::default();
    let m = if n > 10 { Mode::Slow } else { Mode::default() };
    format!("{:?} {:?} {} {} {}", c, m, c.depth + n, c.name, c.mode == m)
}
