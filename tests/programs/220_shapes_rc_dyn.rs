// Shared trait objects: Rc<dyn Shape> held by several lists, a generic function over a trait bound called with two types, default methods overridden in one implementor, and trait objects compared through a method
// call: run(4)
// expect: "total 114 | shared 2 | largest square(6) | names circle(2) square(6) rect(3x5) | scaled 150 | bounded 60 8"
use std::rc::Rc;

trait Shape {
    fn area(&self) -> i64;
    fn name(&self) -> String;
    fn scale(&self) -> i64 {
        2
    }
}

struct Square {
    side: i64,
}

struct Rect {
    w: i64,
    h: i64,
}

struct Circle {
    r: i64,
}

impl Shape for Square {
    fn area(&self) -> i64 {
        self.side * self.side
    }
    fn name(&self) -> String {
        format!("square({})", self.side)
    }
}

impl Shape for Rect {
    fn area(&self) -> i64 {
        self.w * self.h
    }
    fn name(&self) -> String {
        format!("rect({}x{})", self.w, self.h)
    }
}

impl Shape for Circle {
    fn area(&self) -> i64 {
        3 * self.r * self.r
    }
    fn name(&self) -> String {
        format!("circle({})", self.r)
    }
    fn scale(&self) -> i64 {
        4
    }
}

fn doubled_area<S: Shape>(s: &S) -> i64 {
    s.area() * 2
}

pub fn run(n: i64) -> String {
    let all: Vec<Rc<dyn Shape>> = vec![
        Rc::new(Circle { r: n / 2 }),
        Rc::new(Square { side: n + 2 }),
        Rc::new(Rect { w: n - 1, h: n + 1 }),
    ];
    let big: Vec<Rc<dyn Shape>> = all.iter().filter(|s| s.area() > 12).cloned().collect();
    let mut total = 0;
    for s in all.iter() {
        total += s.area();
    }
    for s in big.iter() {
        total += s.area();
    }
    let mut largest = Rc::clone(&all[0]);
    for s in all.iter() {
        if s.area() > largest.area() {
            largest = Rc::clone(s);
        }
    }
    let names: Vec<String> = all.iter().map(|s| s.name()).collect();
    let scaled: i64 = all.iter().map(|s| s.area() * s.scale()).sum();
    format!(
        "total {} | shared {} | largest {} | names {} | scaled {} | bounded {} {}",
        total,
        big.len(),
        largest.name(),
        names.join(" "),
        scaled,
        doubled_area(&Rect { w: 5, h: 6 }),
        doubled_area(&Square { side: 2 })
    )
}
