// Copy structs are values: methods, associated functions and constants, field updates, patterns.
// call: run(1, -2)
// expect: (1, 0, false)
// call: run(5, 5)
// expect: (56, 0, false)
// call: moved_copy(10)
// expect: (10, 13)
// call: centroid(0.0, 0.0, 3.0, 6.0)
// expect: (1.5, 3.0)
// call: same(3, 4)
// expect: (true, false)

#[derive(Clone, Copy, PartialEq, Debug)]
struct Point {
    x: i64,
    y: i64,
}

impl Point {
    const ORIGIN: Point = Point { x: 0, y: 0 };

    fn new(x: i64, y: i64) -> Self {
        Self { x, y }
    }

    fn manhattan(&self) -> i64 {
        self.x.abs() + self.y.abs()
    }

    fn moved(self, dx: i64) -> Point {
        let mut p = self;
        p.x += dx;
        p
    }
}

#[derive(Clone, Copy)]
struct Pair(i32, f64);

#[derive(Clone, Copy)]
struct Segment {
    from: Point,
    to: (f64, f64),
}

pub fn run(a: i64, b: i64) -> (i64, i64, bool) {
    let p = Point::new(a, b);
    let q = p.moved(3);
    let Point { x, y } = q;
    let r = Pair(2, 0.5);
    let Pair(i, f) = r;
    (q.manhattan() + x * y + i as i64 + (f * 2.0) as i64, Point::ORIGIN.manhattan(), p == q)
}

pub fn moved_copy(n: i64) -> (i64, i64) {
    // Assigning a copy and changing it leaves the original alone.
    let a = Point { x: n, y: 0 };
    let mut b = a;
    b.x += 3;
    (a.x, b.x)
}

pub fn centroid(x0: f64, y0: f64, x1: f64, y1: f64) -> (f64, f64) {
    let mut s = Segment { from: Point::ORIGIN, to: (x0, y0) };
    s.to.0 = x1;
    s.to.1 = y1;
    s.from.y = 7;
    assert_eq!(s.from.y, 7);
    ((s.to.0 + x0) / 2.0, (s.to.1 + y0) / 2.0)
}

fn classify(p: Point) -> i64 {
    match p {
        Point { x: 0, y: 0 } => 0,
        Point { x: 0, .. } => 1,
        Point { x, y } if x == y => 2,
        _ => 3,
    }
}

pub fn same(a: i64, b: i64) -> (bool, bool) {
    let p = Point::new(a, a);
    let q = Point::new(a, b);
    (classify(p) == 2, classify(q) == 2 || p == q)
}
