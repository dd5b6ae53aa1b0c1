// std's formatting traits written by hand: `Display` (used by `{}`, `to_string` and `write!` into a `String`) and `Debug` (used by `{:?}`) for a GC-object struct, a Copy struct and an enum with data, formatting nested values of their own, `{:>12}` of a `Display` that ignores the width, a `Display` that forwards to a field's with `?` on each `write!`
// call: shapes(3)
// expect: "(1, 2) | [1 .. 3] | circle r=1.5 at (0, 0) | <P x=1 y=2> | square 2 at (1, 1) | 3 shapes: (1, 2); circle r=1.5 at (0, 0); square 2 at (1, 1)"
// call: values(4)
// expect: "[nil, 4, \"four\", (4 . nil)] | 4 items, 5 chars | [4 items, 5 chars] 18"
use std::fmt;
use std::fmt::Write;

#[derive(Clone, Copy, PartialEq)]
struct P {
    x: i64,
    y: i64,
}

impl fmt::Display for P {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl fmt::Debug for P {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "<P x={} y={}>", self.x, self.y)
    }
}

struct Range {
    lo: i64,
    hi: i64,
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{} .. ", self.lo)?;
        write!(f, "{}]", self.hi)
    }
}

enum Shape {
    Point(P),
    Circle { r: f64, c: P },
    Square(i64, P),
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Point(p) => write!(f, "{}", p),
            Shape::Circle { r, c } => write!(f, "circle r={} at {}", r, c),
            Shape::Square(s, c) => {
                f.write_char('s')?;
                f.write_str("quare ")?;
                write!(f, "{} at {}", s, c)
            }
        }
    }
}

struct Shapes {
    all: Vec<Shape>,
}

impl fmt::Display for Shapes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} shapes: ", self.all.len())?;
        for (i, s) in self.all.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{}", s)?;
        }
        Ok(())
    }
}

pub fn shapes(n: i64) -> String {
    let p = P { x: 1, y: 2 };
    let r = Range { lo: 1, hi: n };
    let c = Shape::Circle { r: 1.5, c: P { x: 0, y: 0 } };
    let s = Shape::Square(2, P { x: 1, y: 1 });
    let all = Shapes { all: vec![Shape::Point(p), c, s] };
    let mut out = String::new();
    out.push_str(&p.to_string());
    out.push_str(" | ");
    out.push_str(&format!("{} | {} | {:?} | {}", r, all.all[1], p, all.all[2]));
    out.push_str(" | ");
    write!(out, "{}", all).unwrap();
    out
}

enum Value {
    Nil,
    Int(i64),
    Str(String),
    Pair(Box<Value>, Box<Value>),
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nil => write!(f, "nil"),
            Value::Int(i) => write!(f, "{}", i),
            Value::Str(s) => write!(f, "{:?}", s),
            Value::Pair(a, b) => write!(f, "({:?} . {:?})", a, b),
        }
    }
}

struct Stats {
    items: usize,
    chars: usize,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} items, {} chars", self.items, self.chars)
    }
}

pub fn values(n: i64) -> String {
    let v = vec![
        Value::Nil,
        Value::Int(n),
        Value::Str("four".to_string()),
        Value::Pair(Box::new(Value::Int(n)), Box::new(Value::Nil)),
    ];
    let text = format!("{:?}", v);
    let st = Stats { items: v.len(), chars: "four".len() + 1 };
    // (A `Display` written with `write!` ignores the width, as in Rust.)
    format!("{} | {} | [{:>12}] {}", text, st, st, Shape::Square(n, P { x: 0, y: n }).to_string().len())
}
