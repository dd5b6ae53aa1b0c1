// Generic types with traits: a generic free function over a generic type (`fn total<T>(p: &Pair<T>)`), a trait of the module implemented for a generic type (`impl<T: Shape> Shape for Scaled<T>`, with a default method), std's `Display` and `PartialEq` written by hand for a generic type, a generic struct holding a `HashMap<K, V>` and a generic type as a field of a plain struct; type arguments given by turbofish and by `let` types
// call: run(4)
// expect: "total 7 | areas 16 48 | shape Scaled(x3) of square | <4, 3> == <4, 3>: true, != <3, 4>: true | cache hits 2 misses 3 size 3 | 14"
use std::collections::HashMap;
use std::fmt;

#[derive(Clone, Copy)]
struct Pair<T> {
    a: T,
    b: T,
}

impl<T: Copy> Pair<T> {
    fn swap(&self) -> Pair<T> {
        Pair { a: self.b, b: self.a }
    }
}

impl<T: fmt::Display> fmt::Display for Pair<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "<{}, {}>", self.a, self.b)
    }
}

impl<T: PartialEq> PartialEq for Pair<T> {
    fn eq(&self, other: &Pair<T>) -> bool {
        self.a == other.a && self.b == other.b
    }
}

fn total(p: &Pair<i64>) -> i64 {
    p.a + p.b
}

fn first<T: Copy>(p: &Pair<T>) -> T {
    p.a
}

trait Shape {
    fn area(&self) -> i64;
    fn describe(&self) -> String {
        format!("shape of area {}", self.area())
    }
}

struct Square {
    side: i64,
}

impl Shape for Square {
    fn area(&self) -> i64 {
        self.side * self.side
    }
    fn describe(&self) -> String {
        "square".to_string()
    }
}

struct Scaled<T> {
    inner: T,
    factor: i64,
}

impl<T: Shape> Shape for Scaled<T> {
    fn area(&self) -> i64 {
        self.inner.area() * self.factor
    }
    fn describe(&self) -> String {
        format!("Scaled(x{}) of {}", self.factor, self.inner.describe())
    }
}

struct Cache<K, V> {
    map: HashMap<K, V>,
    hits: u32,
    misses: u32,
}

impl<K: std::hash::Hash + Eq + Clone, V: Clone> Cache<K, V> {
    fn new() -> Cache<K, V> {
        Cache { map: HashMap::new(), hits: 0, misses: 0 }
    }

    fn get_or(&mut self, k: K, make: fn(&K) -> V) -> V {
        if let Some(v) = self.map.get(&k) {
            self.hits += 1;
            return v.clone();
        }
        self.misses += 1;
        let v = make(&k);
        self.map.insert(k, v.clone());
        v
    }
}

fn shout(s: &String) -> usize {
    s.len() * 2
}

struct Machine {
    regs: Pair<i64>,
    names: Cache<String, usize>,
}

pub fn run(n: i64) -> String {
    let p = Pair { a: n, b: 3 };
    let s1 = format!("total {}", total(&p));
    let sq = Square { side: n };
    let big = Scaled { inner: Square { side: n }, factor: 3 };
    let s2 = format!("areas {} {}", sq.area(), big.area());
    let s3 = format!("shape {}", big.describe());
    let q = Pair::<i64> { a: 4, b: 3 };
    let s4 = format!("{} == {}: {}, != {}: {}", p, q, p == q, q.swap(), p != q.swap());
    let mut c: Cache<String, usize> = Cache::new();
    for w in ["ab", "cde", "ab", "f", "cde"] {
        c.get_or(w.to_string(), shout);
    }
    let s5 = format!("cache hits {} misses {} size {}", c.hits, c.misses, c.map.len());
    let mut m = Machine { regs: Pair { a: 1, b: 2 }, names: Cache::new() };
    m.regs = m.regs.swap();
    let got = m.names.get_or("xyz".to_string(), shout);
    let fl = first(&Pair { a: 2.5, b: 1.0 });
    format!("{} | {} | {} | {} | {} | {}", s1, s2, s3, s4, s5, first(&m.regs) as usize * got + fl as usize)
}
