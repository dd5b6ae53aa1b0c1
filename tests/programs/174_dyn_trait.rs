// `dyn Trait` of the module's traits: `Box<dyn Trait>` made by `Box::new` where a trait object is wanted (a `let` type, an argument, a return value, a field, `push`), `Vec<Box<dyn Trait>>`, `&dyn Trait` and `&mut dyn Trait` from `&x`/`&mut x`, `Rc<dyn Trait>` shared by `Rc::clone`; calls of required and default methods through the object, `&mut self` methods changing the object behind it, a struct and an enum as implementors, a trait method that is not object-safe left to static calls
// call: shapes(4)
// expect: "areas 3+8+9+75+1=96 scaled 384 | circle:12 rect:32 shape:36 circle:300 shape:4 | big 2"
// call: borrowed(5)
// expect: "circle 75 | shape 25 | 100 | rect 15 -> 60"
// call: shared(3)
// expect: "rect rect 6 | 2 owners see 24 | tokens num(7) plus num(2) minus num(4) => 5"
use std::rc::Rc;

trait Shape {
    fn area(&self) -> i64;
    fn name(&self) -> String {
        String::from("shape")
    }
    fn scale(&mut self, k: i64);
    // (Not object-safe: called on known types only.)
    fn twin(&self) -> Self
    where
        Self: Sized;
}

struct Circle {
    r: i64,
}

struct Rect {
    w: i64,
    h: i64,
}

struct Square {
    side: i64,
}

impl Shape for Circle {
    fn area(&self) -> i64 {
        3 * self.r * self.r
    }
    fn name(&self) -> String {
        "circle".to_string()
    }
    fn scale(&mut self, k: i64) {
        self.r *= k;
    }
    fn twin(&self) -> Circle {
        Circle { r: self.r }
    }
}

impl Shape for Rect {
    fn area(&self) -> i64 {
        self.w * self.h
    }
    fn name(&self) -> String {
        "rect".to_string()
    }
    fn scale(&mut self, k: i64) {
        self.w *= k;
        self.h *= k;
    }
    fn twin(&self) -> Rect {
        Rect { w: self.w, h: self.h }
    }
}

impl Shape for Square {
    fn area(&self) -> i64 {
        self.side * self.side
    }
    fn scale(&mut self, k: i64) {
        self.side *= k;
    }
    fn twin(&self) -> Square {
        Square { side: self.side }
    }
}

fn make(kind: i64, x: i64) -> Box<dyn Shape> {
    if kind == 0 {
        Box::new(Circle { r: x })
    } else if kind == 1 {
        Box::new(Rect { w: x, h: 4 })
    } else {
        Box::new(Square { side: x })
    }
}

fn total(shapes: &[Box<dyn Shape>]) -> i64 {
    let mut t = 0;
    for s in shapes {
        t += s.area();
    }
    t
}

struct Scene {
    items: Vec<Box<dyn Shape>>,
    biggest: Option<Box<dyn Shape>>,
}

pub fn shapes(n: i64) -> String {
    let mut v: Vec<Box<dyn Shape>> = Vec::new();
    for i in 0..n {
        v.push(make(i % 3, i + 1));
    }
    v[3] = Box::new(Circle { r: 5 });
    let last: Box<dyn Shape> = Box::new(Square { side: 1 });
    v.push(last);
    let mut parts = Vec::new();
    for s in &v {
        parts.push(s.area().to_string());
    }
    let before = total(&v);
    for s in v.iter_mut() {
        s.scale(2);
    }
    let mut names = Vec::new();
    for s in &v {
        names.push(format!("{}:{}", s.name(), s.area()));
    }
    let mut scene = Scene { items: v, biggest: None };
    let mut best = 0;
    for (i, s) in scene.items.iter().enumerate() {
        if s.area() > scene.items[best].area() {
            best = i;
        }
    }
    scene.biggest = Some(Box::new(Rect { w: 1, h: best as i64 - 1 }));
    let big = match &scene.biggest {
        Some(b) => b.area(),
        None => -1,
    };
    format!(
        "areas {}={} scaled {} | {} | big {}",
        parts.join("+"),
        before,
        total(&scene.items),
        names.join(" "),
        big
    )
}

fn describe(s: &dyn Shape) -> String {
    format!("{} {}", s.name(), s.area())
}

fn grow(s: &mut dyn Shape, k: i64) -> i64 {
    s.scale(k);
    s.area()
}

pub fn borrowed(n: i64) -> String {
    let c = Circle { r: n };
    let q = Square { side: n };
    let pair: [&dyn Shape; 2] = [&c, &q];
    let mut sum = 0;
    for s in pair {
        sum += s.area();
    }
    let mut r = Rect { w: 3, h: n };
    let before = describe(&r);
    let after = grow(&mut r, 2);
    let t = r.twin();
    format!("{} | {} | {} | {} -> {}", describe(&c), describe(&q), sum, before, after.max(t.area()))
}

// A trait implemented by an enum and a struct, held in `Rc`s.
trait Token {
    fn show(&self) -> String;
    fn apply(&self, acc: i64) -> i64 {
        acc
    }
}

enum Num {
    Lit(i64),
}

struct Op {
    plus: bool,
    operand: i64,
}

impl Token for Num {
    fn show(&self) -> String {
        match self {
            Num::Lit(v) => format!("num({v})"),
        }
    }
    fn apply(&self, _acc: i64) -> i64 {
        match self {
            Num::Lit(v) => *v,
        }
    }
}

impl Token for Op {
    fn show(&self) -> String {
        let sign = if self.plus { "plus" } else { "minus" };
        format!("{sign} {}", Num::Lit(self.operand).show())
    }
    fn apply(&self, acc: i64) -> i64 {
        if self.plus {
            acc + self.operand
        } else {
            acc - self.operand
        }
    }
}

pub fn shared(n: i64) -> String {
    let a: Rc<dyn Shape> = Rc::new(Rect { w: 2, h: n });
    let b = Rc::clone(&a);
    let owners: Vec<Rc<dyn Shape>> = vec![a.clone(), b];
    let mut seen = 0;
    for o in &owners {
        seen += o.area() * 2;
    }
    let tokens: Vec<Rc<dyn Token>> =
        vec![Rc::new(Num::Lit(7)), Rc::new(Op { plus: true, operand: 2 }), Rc::new(Op { plus: false, operand: 4 })];
    let mut acc = 0;
    let mut shown = Vec::new();
    for t in &tokens {
        acc = t.apply(acc);
        shown.push(t.show());
    }
    format!("{} {} | {} owners see {} | tokens {} => {}", a.name(), describe(&*a), owners.len(), seen, shown.join(" "), acc)
}
