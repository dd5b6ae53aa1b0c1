// Trait objects of a trait with `fmt::Debug` and `fmt::Display` as supertraits: `{:?}` and `{}` of a `Box<dyn Expr>`, of a `Vec` of them and inside a derived `Debug`, each formatting as the value behind it (derived `Debug` of a struct and of an enum, hand-written `Display`)
// call: run(2)
// expect: "Num(2) | Add { l: Num(1), r: Num(2) } | [Num(2), Add { l: Num(1), r: Num(2) }] | 2 (1 + 2) | Holder { e: Num(2) } | 7"
use std::fmt;

trait Expr: fmt::Debug + fmt::Display {
    fn eval(&self) -> i64;
}

#[derive(Debug)]
enum Leaf {
    Num(i64),
}

#[derive(Debug)]
struct Add {
    l: Leaf,
    r: Leaf,
}

impl fmt::Display for Leaf {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Leaf::Num(v) => write!(f, "{v}"),
        }
    }
}

impl fmt::Display for Add {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "({} + {})", self.l, self.r)
    }
}

impl Expr for Leaf {
    fn eval(&self) -> i64 {
        match self {
            Leaf::Num(v) => *v,
        }
    }
}

impl Expr for Add {
    fn eval(&self) -> i64 {
        self.l.eval() + self.r.eval()
    }
}

#[derive(Debug)]
struct Holder {
    e: Box<dyn Expr>,
}

pub fn run(n: i64) -> String {
    let a: Box<dyn Expr> = Box::new(Leaf::Num(n));
    let b: Box<dyn Expr> = Box::new(Add { l: Leaf::Num(1), r: Leaf::Num(n) });
    let first = format!("{a:?} | {b:?}");
    let v: Vec<Box<dyn Expr>> = vec![a, b];
    let shown: Vec<String> = v.iter().map(|e| e.to_string()).collect();
    let h = Holder { e: Box::new(Leaf::Num(n)) };
    let total: i64 = v.iter().map(|e| e.eval()).sum::<i64>() + h.e.eval();
    format!("{first} | {v:?} | {} | {h:?} | {total}", shown.join(" "))
}
