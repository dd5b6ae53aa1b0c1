// A struct holding shared references: copying or cloning it copies the references, so
// the copies see the same list and cell as the original (what one changes through a cell,
// the others read).
// call: counted(3)
// expect: 3
// call: views(4)
// expect: (10, 10)
// call: variant(5)
// expect: 6

use std::cell::Cell;

#[derive(Clone, Copy)]
struct Counter<'a> {
    count: &'a Cell<i64>,
}

impl<'a> Counter<'a> {
    fn bump(self) {
        self.count.set(self.count.get() + 1);
    }
}

#[derive(Clone)]
struct Shared<'a> {
    count: &'a Cell<i64>,
}

pub fn counted(n: i64) -> i64 {
    let cell = Cell::new(0);
    let c = Counter { count: &cell };
    let mut i = 0;
    while i < n - 1 {
        c.bump();
        i += 1;
    }
    let s = Shared { count: &cell };
    let t = s.clone();
    t.count.set(t.count.get() + 1);
    s.count.get()
}

#[derive(Clone, Copy)]
struct View<'a> {
    items: &'a Vec<i64>,
    from: usize,
}

fn total(v: View) -> i64 {
    let mut s = 0;
    let mut i = v.from;
    while i < v.items.len() {
        s += v.items[i];
        i += 1;
    }
    s
}

pub fn views(n: i64) -> (i64, i64) {
    let mut items = Vec::new();
    let mut i = 1;
    while i <= n {
        items.push(i);
        i += 1;
    }
    let v = View { items: &items, from: 0 };
    let w = v;
    (total(v), total(w))
}

#[derive(Clone)]
enum Slot<'a> {
    Empty,
    Counting(&'a Cell<i64>),
}

pub fn variant(n: i64) -> i64 {
    let cell = Cell::new(n);
    let a = if n > 0 { Slot::Counting(&cell) } else { Slot::Empty };
    if let Slot::Counting(c) = a.clone() {
        c.set(c.get() + 1);
    }
    match a {
        Slot::Counting(c) => c.get(),
        Slot::Empty => 0,
    }
}
