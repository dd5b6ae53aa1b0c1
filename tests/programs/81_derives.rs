// Derived PartialEq, Clone and Debug: GC structs, enums with data, lists, options, tuples
// call: debug_demo(2)
// expect: Point { x: 2, y: -1 } [1, 2, 3] Some((1, "a")) None Add(Num(2), Neg(Num(3))) Circle { r: 1.5 } Empty Red Pair(7, 'c') [] (5,)
// expect: Bag { name: "b", items: [2], best: Some(Point { x: 2, y: -1 }) }
// expect: 91
// call: equality(3)
// expect: (true, false, true, false, true, true, false)
// call: cloning(4)
// expect: (4, 3, 104, 1, 3)

#[derive(Debug, Clone, PartialEq)]
struct Point {
    x: i64,
    y: i64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Pair(i64, char);

#[derive(Debug, Clone, Copy, PartialEq)]
enum Color {
    Red,
    Green,
}

#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Num(i64),
    Add(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
enum Shape {
    Circle { r: f64 },
    Empty,
}

#[derive(Debug, Clone, PartialEq)]
struct Bag {
    name: String,
    items: Vec<i64>,
    best: Option<Point>,
}

pub fn debug_demo(n: i64) -> usize {
    let p = Point { x: n, y: -1 };
    let v = vec![1, 2, 3];
    let o: Option<(i32, String)> = Some((1, "a".to_string()));
    let none: Option<i64> = None;
    let e = Expr::Add(Box::new(Expr::Num(2)), Box::new(Expr::Neg(Box::new(Expr::Num(3)))));
    let empty: Vec<Color> = Vec::new();
    let s = format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        p,
        v,
        o,
        none,
        e,
        Shape::Circle { r: 1.5 },
        Shape::Empty,
        Color::Red,
        Pair(7, 'c'),
        empty,
        (5,)
    );
    let bag = Bag { name: "b".to_string(), items: vec![n], best: Some(p) };
    let text = format!("{:?}", bag);
    println!("{}", s);
    println!("{}", text);
    text.len() + format!("{:?}", vec![Color::Green, Color::Red]).len() + 15
}

pub fn equality(n: i64) -> (bool, bool, bool, bool, bool, bool, bool) {
    let a = Expr::Add(Box::new(Expr::Num(n)), Box::new(Expr::Num(1)));
    let b = Expr::Add(Box::new(Expr::Num(n)), Box::new(Expr::Num(1)));
    let c = Expr::Add(Box::new(Expr::Num(n)), Box::new(Expr::Num(2)));
    let p = Point { x: 1, y: 2 };
    let q = Point { x: 1, y: 3 };
    let va = vec![Some(Point { x: 1, y: 2 }), None];
    let vb = vec![Some(p.clone()), None];
    let bag1 = Bag { name: "x".to_string(), items: vec![1, 2], best: None };
    let bag2 = Bag { name: "x".to_string(), items: vec![1, 2], best: None };
    (a == b, a == c, a != c, p == q, va == vb, bag1 == bag2, Shape::Empty != Shape::Empty)
}

pub fn cloning(n: i64) -> (usize, usize, i64, usize, usize) {
    let mut bag = Bag { name: "orig".to_string(), items: vec![1, 2, 3], best: Some(Point { x: 1, y: 1 }) };
    let copy = bag.clone();
    bag.items.push(n);
    bag.name.push_str("inal");
    let mut nested = vec![vec![1, 2], vec![3]];
    let snapshot = nested.clone();
    nested[0].push(100 + n);
    let e = Expr::Neg(Box::new(Expr::Num(n)));
    let e2 = e.clone();
    let same = if e == e2 { 1 } else { 0 };
    let t = (n, Some("s".to_string()));
    let t2 = t.clone();
    (bag.items.len(), copy.items.len(), nested[0][2], same + snapshot[1].len() - 1, t2.0 as usize - 1)
}
