// Method calls on trait objects that are not constants of the trace: a loop summing `area()` over a `Vec<Box<dyn Shape>>` of circles with a square every seventh item; the trace guards the class of the object (the tag of the trait's enum) and runs the circle's method inline, a bridge the square's; a `&mut self` method called through `&mut dyn Shape` changes the object behind it
// call: run(70)
// expect: "total=1274 grown=1 squares=10"

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["phase"], &["i", "n", "total", "shapes"]);

trait Shape {
    fn area(&self) -> i64;
    fn grow(&mut self);
    fn is_square(&self) -> bool {
        false
    }
}

struct Circle {
    r: i64,
}

struct Square {
    side: i64,
}

impl Shape for Circle {
    fn area(&self) -> i64 {
        3 * self.r * self.r
    }
    fn grow(&mut self) {
        self.r += 1;
    }
}

impl Shape for Square {
    fn area(&self) -> i64 {
        self.side * self.side
    }
    fn grow(&mut self) {
        self.side += 2;
    }
    fn is_square(&self) -> bool {
        true
    }
}

fn grow_one(s: &mut dyn Shape) -> i64 {
    s.grow();
    s.area()
}

fn sum_areas(shapes: &Vec<Box<dyn Shape>>, n: usize) -> i64 {
    let phase = 1;
    let mut i = 0;
    let mut total = 0;
    while i < n {
        jit_merge_point!(DRIVER; phase; i, n, total, shapes);
        total += shapes[i % shapes.len()].area();
        i += 1;
    }
    total
}

pub fn run(n: usize) -> String {
    let mut shapes: Vec<Box<dyn Shape>> = Vec::new();
    for k in 0..n as i64 {
        if k % 7 == 3 {
            shapes.push(Box::new(Square { side: 2 }));
        } else {
            shapes.push(Box::new(Circle { r: k % 4 }));
        }
    }
    let grown = grow_one(&mut *shapes[0]) / 3;
    let total = sum_areas(&shapes, 2 * n);
    let mut squares = 0;
    for s in &shapes {
        if s.is_square() {
            squares += 1;
        }
    }
    format!("total={total} grown={grown} squares={squares}")
}
