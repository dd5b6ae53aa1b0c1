// A generic struct (`struct Stack<T>`) with an `impl<T>` block, used at three types (an integer, a `String`, a struct of the module), its type arguments written or inferred from later uses; `{:?}` and `clone()` derived per instance
// call: run(5)
// expect: "ints 15 [1, 2, 3, 4] 4 | words c b a 0 | points Some(Point { x: 2, y: 4 }) 1 | Stack { items: [7] }"
#[derive(Debug, Clone, PartialEq)]
struct Stack<T> {
    items: Vec<T>,
}

impl<T: Clone> Stack<T> {
    fn new() -> Self {
        Stack { items: Vec::new() }
    }

    fn push(&mut self, x: T) {
        self.items.push(x);
    }

    fn pop(&mut self) -> Option<T> {
        self.items.pop()
    }

    fn peek(&self) -> Option<&T> {
        self.items.last()
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Point {
    x: i64,
    y: i64,
}

pub fn run(n: i64) -> String {
    // Inferred from the pushes.
    let mut ints = Stack::new();
    for i in 1..=n {
        ints.push(i);
    }
    let mut total = 0;
    let top = ints.pop().unwrap();
    total += top;
    for x in ints.items.iter() {
        total += x;
    }
    let ints_text = format!("ints {} {:?} {}", total, ints.items, ints.len());

    let mut words: Stack<String> = Stack::new();
    for w in ["a", "b", "c"] {
        words.push(w.to_string());
    }
    let mut out = Vec::new();
    while !words.is_empty() {
        out.push(words.pop().unwrap());
    }
    let words_text = format!("words {} {}", out.join(" "), words.len());

    let mut points: Stack<Point> = Stack::new();
    points.push(Point { x: 1, y: 2 });
    let p = *points.peek().unwrap();
    points.push(Point { x: p.x * 2, y: p.y * 2 });
    let last = points.pop();
    let points_text = format!("points {:?} {}", last, points.len());

    let mut a = Stack::new();
    a.push(7i64);
    let b = a.clone();
    a.push(8);
    format!("{} | {} | {} | {:?}", ints_text, words_text, points_text, b)
}
