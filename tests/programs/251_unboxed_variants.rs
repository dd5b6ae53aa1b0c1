// Variants whose payload is one struct's object (`Obj(Rc<RefCell<Obj>>)`,
// `Node(Box<Node>)`, `Fun(Rc<Fun>)`) are that object in translated code,
// with the variant's tag in its header: matching, cloning (shared), sharing
// the object between a value and a plain field, comparing with `Rc::ptr_eq`,
// and the GC tracing the object through the value. A struct two variants
// hold, and a variant with more than the object, keep a payload object of
// their own: both behave the same either way. The JIT'd loop makes objects
// and values in its body (virtual, then some escape into a vector).
// call: basics(5)
// expect: ("i7 o(3,x) n(1,n(2,-)) f10 p(4) q(4) c(9,1) nil", 2, true, false, 39)
// call: shared_object(4)
// expect: (10, 10, true, 4, "o(10,yo)")
// call: many(3000)
// expect: (3000, 4498500, 2999, 1500)
// call: jitted(4000)
// expect: (15996000, 400, 3999, 79800)

use rpython::jit::{jit_merge_point, JitDriver};
use std::cell::RefCell;
use std::rc::Rc;

static DRIVER: JitDriver = JitDriver::new(&[], &["i", "n", "sum", "kept", "last"]);

struct Obj {
    n: i64,
    name: String,
    next: Option<Rc<RefCell<Obj>>>,
}

#[derive(Clone)]
struct Node {
    v: i64,
    rest: Option<Box<Node>>,
}

struct Fun {
    k: i64,
}

struct Pair {
    a: i64,
}

struct Counter {
    c: i64,
}

#[derive(Clone)]
enum Val {
    Nil,
    Int(i64),
    Obj(Rc<RefCell<Obj>>),
    Node(Box<Node>),
    Fun(Rc<Fun>),
    // Two variants of one struct: not unboxed.
    P(Rc<Pair>),
    Q(Rc<Pair>),
    // A variant with more than the object: not unboxed.
    C(Rc<Counter>, i64),
}

fn obj(n: i64, name: &str) -> Rc<RefCell<Obj>> {
    Rc::new(RefCell::new(Obj { n, name: name.to_string(), next: None }))
}

fn node_text(n: &Node) -> String {
    match &n.rest {
        Some(r) => format!("n({},{})", n.v, node_text(r)),
        None => format!("n({},-)", n.v),
    }
}

fn show(v: &Val) -> String {
    match v {
        Val::Nil => "nil".to_string(),
        Val::Int(i) => format!("i{i}"),
        Val::Obj(o) => {
            let o = o.borrow();
            format!("o({},{})", o.n, o.name)
        }
        Val::Node(n) => node_text(n),
        Val::Fun(f) => format!("f{}", f.k),
        Val::P(p) => format!("p({})", p.a),
        Val::Q(p) => format!("q({})", p.a),
        Val::C(c, k) => format!("c({},{k})", c.c),
    }
}

fn weight(v: &Val) -> i64 {
    match v {
        Val::Nil => 0,
        Val::Int(i) => *i,
        Val::Obj(o) => o.borrow().n,
        Val::Node(n) => n.v,
        Val::Fun(f) => f.k,
        Val::P(p) => p.a,
        Val::Q(p) => p.a,
        Val::C(c, k) => c.c + k,
    }
}

pub fn basics(n: i64) -> (String, usize, bool, bool, i64) {
    let pair = Rc::new(Pair { a: n - 1 });
    let vals = vec![
        Val::Int(n + 2),
        Val::Obj(obj(3, "x")),
        Val::Node(Box::new(Node { v: 1, rest: Some(Box::new(Node { v: 2, rest: None })) })),
        Val::Fun(Rc::new(Fun { k: n * 2 })),
        Val::P(pair.clone()),
        Val::Q(pair),
        Val::C(Rc::new(Counter { c: 9 }), 1),
        Val::Nil,
    ];
    let words: Vec<String> = vals.iter().map(show).collect();
    let objects = vals.iter().filter(|v| matches!(v, Val::Obj(_) | Val::Node(_))).count();
    // A clone of a value holds the same object.
    let copy = vals[1].clone();
    let same = match (&vals[1], &copy) {
        (Val::Obj(a), Val::Obj(b)) => Rc::ptr_eq(a, b),
        _ => false,
    };
    let other = match (&vals[1], &Val::Obj(obj(3, "x"))) {
        (Val::Obj(a), Val::Obj(b)) => Rc::ptr_eq(a, b),
        _ => false,
    };
    let total: i64 = vals.iter().map(weight).sum();
    (words.join(" "), objects, same, other, total)
}

/// One object held by a value and by another object's plain field:
/// changed through one, seen through the other.
pub fn shared_object(n: i64) -> (i64, i64, bool, i64, String) {
    let o = obj(n, "yo");
    let holder = obj(0, "holder");
    holder.borrow_mut().next = Some(o.clone());
    let v = Val::Obj(o.clone());
    if let Val::Obj(p) = &v {
        p.borrow_mut().n += 6;
    }
    let through_field = match &holder.borrow().next {
        Some(x) => x.borrow().n,
        None => -1,
    };
    let through_value = weight(&v);
    let back = match &v {
        Val::Obj(p) => Rc::ptr_eq(p, &o),
        _ => false,
    };
    let w = Val::Obj(holder.borrow().next.clone().unwrap());
    (through_field, through_value, back, n, show(&w))
}

/// Many values of linked objects: the collector traces each object's
/// fields through the value that holds it.
pub fn many(n: i64) -> (usize, i64, i64, usize) {
    let mut vals: Vec<Val> = Vec::new();
    let mut prev: Option<Rc<RefCell<Obj>>> = None;
    for i in 0..n {
        let o = obj(i, &format!("o{i}"));
        o.borrow_mut().next = prev.clone();
        prev = Some(o.clone());
        if i % 2 == 0 {
            vals.push(Val::Obj(o));
        } else {
            vals.push(Val::Node(Box::new(Node { v: i, rest: None })));
        }
        let _garbage: Vec<String> = (0..4).map(|k| format!("g{k}")).collect();
    }
    let sum: i64 = vals.iter().map(weight).sum();
    let mut chain = 0;
    let mut cur = prev;
    while let Some(o) = cur {
        chain = chain.max(o.borrow().n);
        cur = o.borrow().next.clone();
    }
    let objs = vals.iter().filter(|v| matches!(v, Val::Obj(o) if o.borrow().name.starts_with('o'))).count();
    (vals.len(), sum, chain, objs)
}

pub fn jitted(n: i64) -> (i64, usize, i64, i64) {
    let mut i = 0;
    let mut sum = 0;
    let mut kept: Vec<Val> = Vec::new();
    let mut last = Val::Nil;
    while i < n {
        jit_merge_point!(DRIVER; ; i, n, sum, kept, last);
        let v = if i % 2 == 0 { Val::Obj(obj(i, "j")) } else { Val::Fun(Rc::new(Fun { k: i })) };
        sum += weight(&v) * 2 - weight(&v);
        let w = v.clone();
        sum += weight(&w);
        if i % 10 == 0 {
            kept.push(w);
        }
        last = v;
        i += 1;
    }
    let kept_sum: i64 = kept.iter().map(weight).sum::<i64>() / 10;
    (sum, kept.len(), weight(&last), kept_sum)
}
