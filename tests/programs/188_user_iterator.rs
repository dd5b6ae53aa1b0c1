// `impl Iterator for` a type of the module: `next()` called by hand and in `while let`, `for` loops over the iterator by value, over `&mut` of it (which keeps its place after a `break`) and over a fresh one made in the loop's header; an iterator of a generic type, and one yielding strings
// call: run(5)
// expect: "fib 0 1 1 2 3 5 8 | by hand Some(1) Some(2) | rest 3+4+5=12 | after break 4 then Some(5) | evens [2, 4, 6] | words one,two,three | sum 15"
struct Counter {
    n: u32,
    limit: u32,
}

impl Counter {
    fn new(limit: u32) -> Counter {
        Counter { n: 0, limit }
    }
}

impl Iterator for Counter {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.n < self.limit {
            self.n += 1;
            Some(self.n)
        } else {
            None
        }
    }
}

struct Fib {
    a: u64,
    b: u64,
}

impl Iterator for Fib {
    type Item = u64;

    fn next(&mut self) -> Option<Self::Item> {
        let r = self.a;
        self.a = self.b;
        self.b += r;
        Some(r)
    }
}

struct Every<T> {
    items: Vec<T>,
    step: usize,
    at: usize,
}

impl<T: Copy> Iterator for Every<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        if self.at >= self.items.len() {
            return None;
        }
        let x = self.items[self.at];
        self.at += self.step;
        Some(x)
    }
}

struct Words {
    text: Vec<String>,
    i: usize,
}

impl Iterator for Words {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let w = self.text.get(self.i).cloned();
        self.i += 1;
        w
    }
}

pub fn run(n: u32) -> String {
    let mut fib = Vec::new();
    for x in (Fib { a: 0, b: 1 }) {
        if x > 10 {
            break;
        }
        fib.push(x.to_string());
    }
    let mut c = Counter::new(n);
    let first = c.next();
    let second = c.next();
    let mut rest = Vec::new();
    let mut total = 0;
    while let Some(x) = c.next() {
        rest.push(x.to_string());
        total += x;
    }
    let mut d = Counter::new(n);
    let mut stopped = 0;
    for x in &mut d {
        if x == 4 {
            stopped = x;
            break;
        }
    }
    let after = d.next();
    let mut evens = Vec::new();
    for x in (Every { items: vec![1, 2, 3, 4, 5, 6], step: 2, at: 1 }) {
        evens.push(x);
    }
    let words = Words { text: vec!["one".to_string(), "two".to_string(), "three".to_string()], i: 0 };
    let mut ws = Vec::new();
    for w in words {
        ws.push(w);
    }
    let mut sum = 0;
    for x in Counter::new(n) {
        sum += x;
    }
    format!(
        "fib {} | by hand {:?} {:?} | rest {}={} | after break {} then {:?} | evens {:?} | words {} | sum {}",
        fib.join(" "),
        first,
        second,
        rest.join("+"),
        total,
        stopped,
        after,
        evens,
        ws.join(","),
        sum
    )
}
