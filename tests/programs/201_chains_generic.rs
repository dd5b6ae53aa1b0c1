// Closures and iterator chains over generic types and the prelude's collections: `map`/`filter`/`sum` over a `Vec<Pair<i64>>`, `filter().count()` over a `VecDeque`, `map().collect()` over a `BTreeMap`'s entries, `any`/`all` over a `BTreeSet`, `sort_by_key` of generic values by a captured closure, `fold` into a generic accumulator
// call: run(4)
// expect: "sum of a 10 big b 2 | odd 2 | keys [\"a1\", \"b2\", \"c3\"] | any>3 true all>0 true | sorted [(4, 1), (3, 2), (2, 3), (1, 4)] | acc Acc { total: 10, count: 4 }"
use std::collections::{BTreeMap, BTreeSet, VecDeque};

#[derive(Debug, Clone, Copy, PartialEq)]
struct Pair<T> {
    a: T,
    b: T,
}

#[derive(Debug, Clone, Copy)]
struct Acc<T> {
    total: T,
    count: T,
}

pub fn run(n: i64) -> String {
    let pairs: Vec<Pair<i64>> = (1..=n).map(|i| Pair { a: i, b: n + 1 - i }).collect();
    let sum_a: i64 = pairs.iter().map(|p| p.a).sum();
    let limit = n / 2;
    let big_b = pairs.iter().filter(|p| p.b > limit).count();
    let dq: VecDeque<i64> = (1..=n).collect();
    let odd = dq.iter().filter(|x| *x % 2 == 1).count();
    let mut m = BTreeMap::new();
    m.insert("b".to_string(), 2);
    m.insert("a".to_string(), 1);
    m.insert("c".to_string(), 3);
    let keys: Vec<String> = m.iter().map(|(k, v)| format!("{}{}", k, v)).collect();
    let s: BTreeSet<i64> = (1..=n).collect();
    let any = s.iter().any(|x| *x > 3);
    let all = s.iter().all(|x| *x > 0);
    let mut sorted = pairs.clone();
    let key_of = |p: &Pair<i64>| p.b;
    sorted.sort_by_key(|p| key_of(p));
    let shown: Vec<(i64, i64)> = sorted.iter().map(|p| (p.a, p.b)).collect();
    let acc = pairs.iter().fold(Acc { total: 0, count: 0 }, |acc, p| Acc { total: acc.total + p.a, count: acc.count + 1 });
    format!(
        "sum of a {} big b {} | odd {} | keys {:?} | any>3 {} all>0 {} | sorted {:?} | acc {:?}",
        sum_a, big_b, odd, keys, any, all, shown, acc
    )
}
