// std's `VecDeque`, `BTreeMap` and `BTreeSet` (the prelude's generic types): a breadth-first search with a `VecDeque` queue (`push_back`, `pop_front`, growth past its capacity, `push_front`, indexing, `for` over it, `{:?}`), word counts in a `BTreeMap` printed in key order (`entry().or_insert()`, `get`, `remove`, `range`, first and last entries), and `BTreeSet` algebra (`union`, `intersection`, `difference`, `is_subset`, `range`)
// call: run(6)
// expect: "bfs 10 visited 32 | deque [9, 0, 1, 2, 3, 4, 5, 6, 7] len 9 [1]=0 sum 37 back Some(7) | counts {\"a\": 3, \"b\": 1, \"c\": 2} a=3 z=None range [(\"b\", 1)] first Some((\"a\", 3)) last Some((\"c\", 2)) removed Some(1) left 2 | sets {1, 2, 3, 4, 6} [3] [1, 2] subset false true | rng [2, 3]"
use std::collections::{BTreeMap, BTreeSet, VecDeque};

fn bfs(n: i64) -> (i64, usize) {
    // Shortest path from the top-left to the bottom-right corner of an
    // n x n grid whose cells with (x * y) % 5 == 3 are walls.
    let wall = |x: i64, y: i64| (x * y) % 5 == 3;
    let mut dist = vec![-1i64; (n * n) as usize];
    let mut queue = VecDeque::new();
    queue.push_back((0i64, 0i64));
    dist[0] = 0;
    let mut visited = 0;
    while let Some((x, y)) = queue.pop_front() {
        visited += 1;
        let d = dist[(y * n + x) as usize];
        for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= n || ny >= n || wall(nx, ny) {
                continue;
            }
            let i = (ny * n + nx) as usize;
            if dist[i] < 0 {
                dist[i] = d + 1;
                queue.push_back((nx, ny));
            }
        }
    }
    (dist[(n * n - 1) as usize], visited)
}

pub fn run(n: i64) -> String {
    let (d, visited) = bfs(n);
    let mut dq: VecDeque<i64> = VecDeque::with_capacity(2);
    for i in 0..=n + 1 {
        dq.push_back(i);
    }
    dq.push_front(9);
    dq[2] = 1;
    dq[1] = 0;
    let mut sum = 0;
    for x in dq.iter() {
        sum += x;
    }
    let a = format!("deque {:?} len {} [1]={} sum {} back {:?}", dq, dq.len(), dq[1], sum, dq.back());

    let mut counts = BTreeMap::new();
    for w in "c a b a c a".split_whitespace() {
        *counts.entry(w.to_string()).or_insert(0) += 1;
    }
    let shown = format!("{:?}", counts);
    let mut in_range: Vec<(String, i32)> = Vec::new();
    for (k, v) in counts.range("b".to_string().."c".to_string()) {
        in_range.push((k.clone(), *v));
    }
    let b = format!(
        "counts {} a={} z={:?} range {:?} first {:?} last {:?}",
        shown,
        counts[&"a".to_string()],
        counts.get(&"z".to_string()),
        in_range,
        counts.first_key_value(),
        counts.last_key_value()
    );
    let removed = counts.remove(&"b".to_string());
    let b = format!("{} removed {:?} left {}", b, removed, counts.len());

    let mut s1 = BTreeSet::new();
    let mut s2 = BTreeSet::new();
    for x in [3, 1, 2, 3] {
        s1.insert(x);
    }
    for x in [6, 4, 3] {
        s2.insert(x);
    }
    let u: BTreeSet<i32> = s1.union(&s2).cloned().collect();
    let i: Vec<i32> = s1.intersection(&s2).cloned().collect();
    let df: Vec<i32> = s1.difference(&s2).copied().collect();
    let small: BTreeSet<i32> = [1, 3].into_iter().collect();
    let c = format!("sets {:?} {:?} {:?} subset {} {}", u, i, df, s1.is_subset(&s2), small.is_subset(&s1));
    let rng: Vec<i32> = u.range(2..4).cloned().collect();
    format!("bfs {} visited {} | {} | {} | {} | rng {:?}", d, visited, a, b, c, rng)
}
