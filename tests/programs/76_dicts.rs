// HashMap and HashSet: insert/get/contains_key/remove/len, indexing, entry().or_insert, iteration
use std::collections::{HashMap, HashSet};

// call: squares(100)
// expect: (100, 333300, 9, -1)
// call: counts(1000)
// expect: (7, 1000, 143, true, false)
// call: sets(50)
// expect: (17, true, false, 16)
// call: missing(1)
// expect-panic: no entry found for key

pub fn squares(n: i64) -> (usize, i64, i64, i64) {
    let mut m = HashMap::new();
    for i in 0..n {
        m.insert(i, i * i);
    }
    let mut total = 0;
    for (k, v) in &m {
        total += k + v;
    }
    let x = match m.get(&3) {
        Some(v) => *v,
        None => -1,
    };
    let y = m.get(&n).copied().unwrap_or(-1);
    (m.len(), total, x, y)
}

pub fn counts(n: u64) -> (usize, u64, u64, bool, bool) {
    let mut m: HashMap<u64, u64> = HashMap::new();
    for i in 0..n {
        *m.entry(i % 7).or_insert(0) += 1;
    }
    let mut sum = 0;
    for v in m.values() {
        sum += v;
    }
    let removed = m.remove(&3).unwrap_or(0);
    (m.len() + 1, sum, m[&0] + removed - 143, m.contains_key(&4), m.contains_key(&3))
}

pub fn sets(n: i64) -> (usize, bool, bool, usize) {
    let mut s = HashSet::new();
    for i in 0..n {
        s.insert(i % 17);
    }
    let had = s.contains(&5);
    s.remove(&5);
    (s.len() + 1, had, s.contains(&5), s.len())
}

pub fn missing(k: i64) -> i64 {
    let mut m = HashMap::new();
    m.insert(0, 1);
    m[&k]
}
