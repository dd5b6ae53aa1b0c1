// Type arguments written at calls decide the instance: `Stack::<u8>::new()`, `twice::<u8>(..)`, `Pair::<i16, u8>::new(..)`, with `_` left to inference, where the literals alone would make them `i32`
// call: run(100)
// expect: "top 44 twice 44 pair (-32736, 44) len 2 sum 30"

struct Stack<T> {
    items: Vec<T>,
}

impl<T: Copy> Stack<T> {
    fn new() -> Self {
        Stack { items: Vec::new() }
    }

    fn push(&mut self, x: T) {
        self.items.push(x);
    }

    fn top(&self) -> T {
        self.items[self.items.len() - 1]
    }
}

struct Pair<A, B> {
    a: A,
    b: B,
}

impl<A: Copy, B: Copy> Pair<A, B> {
    fn new(a: A, b: B) -> Self {
        Pair { a, b }
    }

    fn get(&self) -> (A, B) {
        (self.a, self.b)
    }
}

fn twice<T: Copy + std::ops::Add<Output = T>>(x: T) -> T {
    x + x
}

fn total<T: Copy + std::ops::Add<Output = T>>(items: &[T], zero: T) -> T {
    let mut s = zero;
    for x in items {
        s = s + *x;
    }
    s
}

pub fn run(n: i64) -> String {
    let mut s = Stack::<u8>::new();
    s.push(200);
    s.push(n as u8);
    let top = s.top().wrapping_add(200);
    let t = twice::<u8>(100).wrapping_add(100);
    let p = Pair::<i16, _>::new(32000, 200u8);
    let (a, b) = p.get();
    let pair = (a.wrapping_add(800), b.wrapping_add(100));
    let v: Vec<i64> = vec![5, 10, 15];
    let sum = total::<i64>(&v, 0);
    format!("top {} twice {} pair {:?} len {} sum {}", top, t, pair, s.items.len(), sum)
}
