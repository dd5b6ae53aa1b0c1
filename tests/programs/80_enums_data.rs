// Enums with data: construction, match with nested patterns, guards, `..`, named fields, methods
// call: eval_demo(10)
// expect: (55, 3628800, -7)
// call: shapes(4)
// expect: (68.0, 1, 2)
// call: tokens(3)
// expect: (3, 3, 1)

enum Expr {
    Num(i64),
    Add(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

impl Expr {
    fn eval(&self) -> i64 {
        match self {
            Expr::Num(n) => *n,
            Expr::Add(a, b) => a.eval() + b.eval(),
            Expr::Mul(a, b) => a.eval().wrapping_mul(b.eval()),
            Expr::Neg(e) => -e.eval(),
        }
    }

    fn is_leaf(&self) -> bool {
        matches_num(self)
    }
}

fn matches_num(e: &Expr) -> bool {
    match e {
        Expr::Num(_) => true,
        _ => false,
    }
}

fn sum_to(n: i64) -> Expr {
    let mut e = Expr::Num(0);
    for i in 1..=n {
        e = Expr::Add(Box::new(e), Box::new(Expr::Num(i)));
    }
    e
}

fn fact(n: i64) -> Expr {
    if n <= 1 {
        Expr::Num(1)
    } else {
        Expr::Mul(Box::new(Expr::Num(n)), Box::new(fact(n - 1)))
    }
}

pub fn eval_demo(n: i64) -> (i64, i64, i64) {
    let neg = Expr::Neg(Box::new(Expr::Add(Box::new(Expr::Num(3)), Box::new(Expr::Num(4)))));
    assert!(!neg.is_leaf());
    assert!(Expr::Num(1).is_leaf());
    (sum_to(n).eval(), fact(n).eval(), neg.eval())
}

enum Shape {
    Circle { r: f64 },
    Rect { w: f64, h: f64 },
    Square(f64),
    Empty,
}

fn area(s: &Shape) -> f64 {
    match s {
        Shape::Circle { r } => 3.0 * r * r,
        Shape::Rect { w, h } if *w == 0.0 || *h == 0.0 => 0.0,
        Shape::Rect { w, h } => w * h,
        Shape::Square(side) => side * side,
        Shape::Empty => 0.0,
    }
}

fn sides(s: &Shape) -> i32 {
    match *s {
        Shape::Circle { .. } | Shape::Empty => 0,
        Shape::Rect { .. } | Shape::Square(..) => 4,
    }
}

pub fn shapes(n: i64) -> (f64, usize, usize) {
    let mut all = Vec::new();
    for i in 0..n {
        let x = i as f64;
        all.push(Shape::Circle { r: x });
        all.push(Shape::Rect { w: x, h: 2.0 });
        all.push(Shape::Square(x));
        if i % 2 == 0 {
            all.push(Shape::Empty);
        }
    }
    let mut total = 0.0;
    let mut four = 0;
    let mut empty = 0;
    for s in &all {
        total += area(s);
        if sides(s) == 4 {
            four += 1;
        }
        if let Shape::Empty = s {
            empty += 1;
        }
    }
    (total, four / 8, empty)
}

#[derive(Clone, Copy)]
enum Token {
    Int(i64),
    Op(char),
    Pair(i64, i64, i64),
    Eof,
}

fn next_token(i: i64) -> Option<Token> {
    match i % 4 {
        0 => Some(Token::Int(i)),
        1 => Some(Token::Op('+')),
        2 => Some(Token::Pair(i, 0, i * 2)),
        _ => None,
    }
}

pub fn tokens(n: i64) -> (i64, i64, i64) {
    let mut ints = 0;
    let mut ops = 0;
    let mut eofs = 0;
    let mut toks = Vec::new();
    for i in 0..n * 4 {
        let t = next_token(i).unwrap_or(Token::Eof);
        toks.push(t);
    }
    for t in toks {
        match t {
            Token::Int(v) if v > 0 => ints += v / 4,
            Token::Int(_) => {}
            Token::Op('+') => ops += 1,
            Token::Op(_) => ops += 100,
            Token::Pair(_, b, _) if b != 0 => unreachable!(),
            Token::Pair(a, .., c) => assert_eq!(a * 2, c),
            Token::Eof => eofs += 1,
        }
    }
    (ints, ops, eofs / 3)
}
