// Cell and RefCell: get/set/replace/swap/into_inner, borrow/borrow_mut (in place on GC values, stores through the guard for values), clone, ==, {:?}
// call: cells(3)
// expect: "3 [\"h0\", \"h1\", \"h2\"] 15 100 8 7 3 RefCell { value: [1, 2, 3] } Cell { value: 8 } true false"
// call: guards(4)
// expect: (14, 10, "ab!", 3)
use std::cell::{Cell, RefCell};

struct Counter {
    hits: Cell<u32>,
    log: RefCell<Vec<String>>,
}

impl Counter {
    fn hit(&self, what: &str) {
        self.hits.set(self.hits.get() + 1);
        self.log.borrow_mut().push(what.to_string());
    }
}

pub fn cells(n: u32) -> String {
    let c = Counter { hits: Cell::new(0), log: RefCell::new(Vec::new()) };
    for i in 0..n {
        c.hit(&format!("h{}", i));
    }
    let total = RefCell::new(0i64);
    *total.borrow_mut() += 5;
    {
        let mut t = total.borrow_mut();
        *t += 10;
    }
    let old = total.replace(100);
    let x = Cell::new(7);
    let y = x.clone();
    x.set(8);
    let v = RefCell::new(vec![1, 2]);
    v.borrow_mut().push(3);
    let len = v.borrow().len();
    let same = RefCell::new(vec![1, 2, 3]) == v;
    let differ = x == y;
    format!(
        "{} {:?} {} {} {} {} {} {:?} {:?} {} {}",
        c.hits.get(),
        c.log.borrow(),
        old,
        total.borrow(),
        x.get(),
        y.get(),
        len,
        v,
        x,
        same,
        differ
    )
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Pos {
    x: i64,
    y: i64,
}

pub fn guards(n: i64) -> (i64, i64, String, usize) {
    let p = RefCell::new(Pos { x: 1, y: 2 });
    p.borrow_mut().x += n;
    {
        let mut g = p.borrow_mut();
        g.y = g.x * 2;
        g.x += 9;
    }
    let a = Cell::new(1);
    let b = Cell::new(2);
    a.swap(&b);
    let s = RefCell::new(String::from("a"));
    s.borrow_mut().push('b');
    {
        let mut t = s.borrow_mut();
        t.push('!');
    }
    let q = p.into_inner();
    (q.x, q.y - 1 + a.get() - b.get(), s.into_inner(), s_len(&RefCell::new(vec![0u8; 3])))
}

fn s_len(c: &RefCell<Vec<u8>>) -> usize {
    c.borrow().len()
}
