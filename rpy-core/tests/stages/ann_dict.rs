// stage: annotate
// A `HashMap` is a dict; `get` gives an option of the value type that may be none, which the
// `match` takes apart into a plain integer.
use std::collections::HashMap;

pub fn f(n: i64) -> i64 {
    let mut m = HashMap::new();
    m.insert(n, n * 2);
    match m.get(&n) {
        Some(v) => *v,
        None => 0,
    }
}
