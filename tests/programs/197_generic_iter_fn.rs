// Generic free functions over iterators of the module: `fn drain<I: Iterator<Item = u64>>(it: I)` instantiated for two iterator types, a generic function taking `&mut` of one and stopping early, and a generic iterator (`Cycle<T>`) that never ends, cut by `break`
// call: run(4)
// expect: "squares [1, 4, 9, 16] | halves [8, 4, 2, 1] | first over 5: Some(9) then Some(16) | cycle a b c a b c a"
struct Squares {
    i: u64,
    n: u64,
}

impl Iterator for Squares {
    type Item = u64;
    fn next(&mut self) -> Option<u64> {
        if self.i >= self.n {
            return None;
        }
        self.i += 1;
        Some(self.i * self.i)
    }
}

struct Halves {
    x: u64,
}

impl Iterator for Halves {
    type Item = u64;
    fn next(&mut self) -> Option<u64> {
        if self.x == 0 {
            None
        } else {
            let v = self.x;
            self.x /= 2;
            Some(v)
        }
    }
}

struct Cycle<T> {
    items: Vec<T>,
    at: usize,
}

impl<T: Clone> Iterator for Cycle<T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        let x = self.items[self.at % self.items.len()].clone();
        self.at += 1;
        Some(x)
    }
}

fn drain<I: Iterator<Item = u64>>(it: I) -> Vec<u64> {
    let mut out = Vec::new();
    for x in it {
        out.push(x);
    }
    out
}

fn first_over<I: Iterator<Item = u64>>(it: &mut I, limit: u64) -> Option<u64> {
    for x in it {
        if x > limit {
            return Some(x);
        }
    }
    None
}

pub fn run(n: u64) -> String {
    let a = drain(Squares { i: 0, n });
    let b = drain(Halves { x: 2 * n });
    let mut s = Squares { i: 0, n };
    let over = first_over(&mut s, 5);
    let then = s.next();
    let mut out = Vec::new();
    for x in (Cycle { items: vec!["a", "b", "c"], at: 0 }) {
        if out.len() == 7 {
            break;
        }
        out.push(x);
    }
    format!("squares {:?} | halves {:?} | first over 5: {:?} then {:?} | cycle {}", a, b, over, then, out.join(" "))
}
