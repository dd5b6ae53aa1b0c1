// Traits with static dispatch: required and default methods, a default calling a method the implementation overrides, associated constants with and without defaults, a constructor returning Self, a supertrait's method in a default, traits implemented by structs, an enum and i64, generic functions bounded by a trait (one instance per type), and methods called through their trait's path (`Shape::area(&c)`)
// call: shapes(3)
// expect: "circle r=3 with 0 sides, area 28.27 | rect 2x3 with 4 sides, area 6.00 | square 3 with 4 sides, area 9.00 | polygon with 3 sides, area 4.50 | total 28.27 7.00 19.00 | unit 1.00 | corners 0 8 | biggest 28.27"
// call: shapes(1)
// expect: "circle r=1 with 0 sides, area 3.14 | rect 2x1 with 4 sides, area 2.00 | square 1 with 4 sides, area 1.00 | polygon with 3 sides, area 1.50 | total 3.14 3.00 3.00 | unit 1.00 | corners 0 8 | biggest 3.14"
// call: greetings(2)
// expect: "hello Ada (2) | hello Bob (2) | hello #2 (2) | tick 7 tick 17 tock 52 | ops 12"

trait Shape {
    const SIDES: i64;
    const KIND: &'static str = "polygon";

    fn area(&self) -> f64;

    fn label(&self) -> String {
        String::from(Self::KIND)
    }

    fn describe(&self) -> String {
        format!("{} with {} sides, area {:.2}", self.label(), Self::SIDES, self.area())
    }
}

trait Unit {
    fn unit() -> Self;
}

struct Circle {
    r: f64,
}

struct Rect {
    w: f64,
    h: f64,
}

struct Square {
    side: f64,
}

impl Shape for Circle {
    const SIDES: i64 = 0;

    fn area(&self) -> f64 {
        3.141592653589793 * self.r * self.r
    }

    fn label(&self) -> String {
        format!("circle r={}", self.r)
    }
}

impl Shape for Rect {
    const SIDES: i64 = 4;
    const KIND: &'static str = "rect";

    fn area(&self) -> f64 {
        self.w * self.h
    }

    fn label(&self) -> String {
        format!("{} {}x{}", Self::KIND, self.w, self.h)
    }
}

impl Shape for Square {
    const SIDES: i64 = 4;

    fn area(&self) -> f64 {
        self.side * self.side
    }

    fn label(&self) -> String {
        format!("square {}", self.side)
    }
}

struct Tri {
    base: f64,
    height: f64,
}

impl Shape for Tri {
    const SIDES: i64 = 3;

    fn area(&self) -> f64 {
        self.base * self.height / 2.0
    }
}

impl Unit for Square {
    fn unit() -> Square {
        Square { side: 1.0 }
    }
}

impl Square {
    fn corners(&self) -> i64 {
        Self::SIDES * 2
    }
}

fn total_area<T: Shape>(shapes: &[T]) -> f64 {
    let mut sum = 0.0;
    for s in shapes {
        sum += s.area();
    }
    sum
}

fn largest<T: Shape>(a: &T, b: &T) -> f64 {
    let (x, y) = (a.area(), Shape::area(b));
    if x > y {
        x
    } else {
        y
    }
}

pub fn shapes(n: i64) -> String {
    let r = n as f64;
    let c = Circle { r };
    let rect = Rect { w: 2.0, h: r };
    let sq = Square { side: r };
    let circles = vec![Circle { r }];
    let squares = vec![Square { side: r }, Square { side: r }, Square::unit()];
    let unit = Square::unit();
    let rects = [Rect { w: 1.0, h: 1.0 }, Rect { w: 2.0, h: r }];
    format!(
        "{} | {} | {} | {} | total {:.2} {:.2} {:.2} | unit {:.2} | corners {} {} | biggest {:.2}",
        c.describe(),
        rect.describe(),
        sq.describe(),
        Tri { base: r, height: 3.0 }.describe(),
        total_area(&circles),
        total_area(&rects),
        total_area(&squares),
        Shape::area(&unit),
        Circle::SIDES,
        sq.corners(),
        largest(&c, &Circle { r: 0.5 })
    )
}

trait Named {
    fn name(&self) -> String;
}

trait Greeter: Named {
    fn times(&self) -> i64;

    fn greet(&self) -> String {
        format!("hello {} ({})", self.name(), self.times())
    }
}

struct Person {
    name: String,
    n: i64,
}

enum Tag {
    Number(i64),
}

impl Named for Person {
    fn name(&self) -> String {
        self.name.clone()
    }
}

impl Greeter for Person {
    fn times(&self) -> i64 {
        self.n
    }
}

impl Named for Tag {
    fn name(&self) -> String {
        match self {
            Tag::Number(k) => format!("#{}", k),
        }
    }
}

impl Greeter for Tag {
    fn times(&self) -> i64 {
        match self {
            Tag::Number(k) => *k,
        }
    }
}

trait Clock {
    fn step(self) -> Self;
    fn show(self) -> String;
}

impl Clock for i64 {
    fn step(self) -> i64 {
        if self % 2 == 0 {
            self / 2
        } else {
            3 * self + 1
        }
    }

    fn show(self) -> String {
        if self % 2 == 0 {
            format!("tock {}", self)
        } else {
            format!("tick {}", self)
        }
    }
}

fn count_ops<T: Greeter>(items: &[T]) -> i64 {
    let mut n = 0;
    for g in items {
        n += g.times() * g.name().len() as i64;
    }
    n
}

pub fn greetings(n: i64) -> String {
    let people = vec![Person { name: String::from("Ada"), n }, Person { name: String::from("Bob"), n }];
    let tag = Tag::Number(n);
    let start: i64 = 7;
    let mid = start.step().step().step().step();
    format!(
        "{} | {} | {} | {} {} {} | ops {}",
        people[0].greet(),
        people[1].greet(),
        Greeter::greet(&tag),
        start.show(),
        mid.show(),
        mid.step().show(),
        count_ops(&people)
    )
}
