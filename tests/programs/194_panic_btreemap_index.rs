// Indexing a BTreeMap with a key it lacks panics with std's message
// call: fails(3)
// expect-panic: no entry found for key
use std::collections::BTreeMap;

pub fn fails(k: i64) -> i64 {
    let mut m = BTreeMap::new();
    m.insert(1i64, 10i64);
    m.insert(2, 20);
    m[&k]
}
