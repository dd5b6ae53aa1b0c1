// `assert_eq!`/`assert_ne!` on values of generic types, of the prelude's collections, of `Option`s and `Result`s of them, and of tuples holding them (each needs `Debug` and `PartialEq` of its type); a failing one is not reached
// call: run(3)
// expect: "checked 8"
use std::collections::{BTreeMap, BTreeSet, VecDeque};

#[derive(Debug, Clone, PartialEq)]
struct Pair<T> {
    a: T,
    b: T,
}

#[derive(Debug, Clone, PartialEq)]
enum Shape<T> {
    Dot,
    Line(T, T),
}

pub fn run(n: i64) -> String {
    let mut checked = 0;
    assert_eq!(Pair { a: n, b: 2 }, Pair { a: 3, b: 2 });
    checked += 1;
    assert_ne!(Pair { a: "x".to_string(), b: "y".to_string() }, Pair { a: "y".to_string(), b: "x".to_string() });
    checked += 1;
    assert_eq!(Shape::Line(1.5, 2.0), Shape::Line(1.5, 2.0));
    assert_ne!(Shape::Dot, Shape::Line(n, n));
    checked += 2;
    let mut d = VecDeque::new();
    d.push_back(n);
    d.push_front(0);
    let e: VecDeque<i64> = vec![0, 3].into_iter().collect();
    assert_eq!(d, e);
    checked += 1;
    let mut m = BTreeMap::new();
    m.insert("k".to_string(), vec![n]);
    assert_eq!(m.get(&"k".to_string()), Some(&vec![3]));
    checked += 1;
    let s: BTreeSet<u8> = [3, 1, 2].into_iter().collect();
    let t: BTreeSet<u8> = [1, 2, 3].into_iter().collect();
    assert_eq!((s.clone(), s.len()), (t, 3));
    checked += 1;
    let r: Result<Pair<i64>, String> = Ok(Pair { a: 1, b: n });
    assert_eq!(r, Ok(Pair { a: 1, b: 3 }), "pairs differ for {}", n);
    checked += 1;
    format!("checked {}", checked)
}
