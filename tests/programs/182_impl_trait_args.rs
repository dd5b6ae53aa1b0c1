// `impl Trait` in a function's parameters, as an anonymous type parameter (one instance per type, like a generic function): by value, by reference, two of them taking different types in one call, with a std trait (`impl fmt::Display`), and beside a named type parameter
// call: run(3)
// expect: "square 9 | circle 27 | 36 vs 27: 36 | <3> <sq> | 9+27=36"
use std::fmt;

trait Shape {
    fn area(&self) -> i64;
    fn name(&self) -> String;
}

struct Square {
    side: i64,
}

struct Circle {
    r: i64,
}

impl Shape for Square {
    fn area(&self) -> i64 {
        self.side * self.side
    }
    fn name(&self) -> String {
        "square".to_string()
    }
}

impl Shape for Circle {
    fn area(&self) -> i64 {
        3 * self.r * self.r
    }
    fn name(&self) -> String {
        "circle".to_string()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "sq")
    }
}

fn describe(s: &impl Shape) -> String {
    format!("{} {}", s.name(), s.area())
}

fn larger(a: impl Shape, b: impl Shape) -> i64 {
    a.area().max(b.area())
}

fn bracket(x: impl fmt::Display) -> String {
    format!("<{x}>")
}

fn sum_areas<T: Shape>(a: &T, b: &impl Shape) -> String {
    format!("{}+{}={}", a.area(), b.area(), a.area() + b.area())
}

pub fn run(n: i64) -> String {
    let s = Square { side: n };
    let c = Circle { r: n };
    let d1 = describe(&s);
    let d2 = describe(&c);
    let big = larger(Square { side: n * 2 }, Circle { r: n });
    format!(
        "{d1} | {d2} | {} vs {}: {big} | {} {} | {}",
        Square { side: n * 2 }.area(),
        c.area(),
        bracket(n),
        bracket(Square { side: 1 }),
        sum_areas(&s, &c)
    )
}
