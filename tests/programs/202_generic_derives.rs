// Derives on generic types: `Default` (a generic struct's default, of each field's type), `Clone` (an independent copy), `PartialEq`/`PartialOrd` (`==`, `<` and `sort` of generic values), `Debug`, used at two type arguments each
// call: run(2)
// expect: "default Counter { count: 0, hits: [] } Counter { count: 0.0, hits: [] } | clone kept [1] copy [1, 2] | eq true false | lt true | sorted [Tagged { tag: 1, value: \"b\" }, Tagged { tag: 2, value: \"a\" }, Tagged { tag: 2, value: \"c\" }]"
#[derive(Debug, Default, Clone, PartialEq)]
struct Counter<T> {
    count: T,
    hits: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, PartialOrd)]
struct Tagged<T> {
    tag: i64,
    value: T,
}

pub fn run(n: i64) -> String {
    let a: Counter<i64> = Counter::default();
    let b: Counter<f64> = Default::default();
    let mut c: Counter<i64> = Counter { count: n, hits: vec![1] };
    let d = c.clone();
    c.hits.push(2);
    let e = Tagged { tag: n, value: "x".to_string() };
    let f = Tagged { tag: n, value: "x".to_string() };
    let g = Tagged { tag: 1, value: 'z' };
    let h = Tagged { tag: 1, value: 'a' };
    let mut v = vec![
        Tagged { tag: 2, value: "c".to_string() },
        Tagged { tag: 1, value: "b".to_string() },
        Tagged { tag: 2, value: "a".to_string() },
    ];
    v.sort_by(|x, y| x.partial_cmp(y).unwrap());
    format!(
        "default {:?} {:?} | clone kept {:?} copy {:?} | eq {} {} | lt {} | sorted {:?}",
        a,
        b,
        d.hits,
        c.hits,
        e == f,
        g == h,
        h < g,
        v
    )
}
