// A discrete-event scheduler: a `BTreeMap<(u64, u32), String>` as the event queue (popped in time order with `pop_first`, ties broken by sequence number), a `VecDeque` ring of recent events trimmed to a window, a `BTreeSet` of active names, and a `BTreeMap<String, Vec<u64>>` of each name's times printed in name order
// call: run(5)
// expect: "order a@1 b@2 a@4 c@5 b@6 a@7 c@10 b@10 a@10 | recent [\"c@10\", \"b@10\", \"a@10\"] | active {\"a\", \"b\", \"c\"} | a: [1, 4, 7, 10] b: [2, 6, 10] c: [5, 10]"
use std::collections::{BTreeMap, BTreeSet, VecDeque};

pub fn run(n: u64) -> String {
    let mut queue: BTreeMap<(u64, u32), String> = BTreeMap::new();
    let mut seq = 0u32;
    for (name, start, _period) in [("a", 1u64, 3u64), ("b", 2, 4), ("c", n, 5)] {
        queue.insert((start, seq), name.to_string());
        seq += 1;
    }
    let period = |name: &str| match name {
        "a" => 3,
        "b" => 4,
        _ => 5,
    };
    let mut order = Vec::new();
    let mut recent: VecDeque<String> = VecDeque::new();
    let mut active = BTreeSet::new();
    let mut times: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    while let Some(((t, _), name)) = queue.pop_first() {
        if t > 2 * n {
            break;
        }
        let label = format!("{}@{}", name, t);
        order.push(label.clone());
        recent.push_back(label);
        if recent.len() > 3 {
            recent.pop_front();
        }
        active.insert(name.clone());
        times.entry(name.clone()).or_insert(Vec::new()).push(t);
        let next = t + period(&name);
        queue.insert((next, seq), name);
        seq += 1;
    }
    let mut per_name = Vec::new();
    for (name, ts) in &times {
        per_name.push(format!("{}: {:?}", name, ts));
    }
    format!("order {} | recent {:?} | active {:?} | {}", order.join(" "), recent, active, per_name.join(" "))
}
