// A discrete-event simulation: a VecDeque of events, closures stored in locals and called with captured state, a BTreeMap of per-kind counters, min_by_key/max_by_key over the log, and the queue drained in order
// call: run(5)
// expect: "handled 15 | by kind {\"arrive\": 5, \"leave\": 5, \"serve\": 5} | busiest 4 | first 0 last 14 | waits 10"
use std::collections::{BTreeMap, VecDeque};

#[derive(Debug, Clone)]
struct Event {
    time: i64,
    kind: String,
    who: i64,
}

pub fn run(n: i64) -> String {
    let mut queue: VecDeque<Event> = VecDeque::new();
    for who in 0..n {
        queue.push_back(Event { time: who * 2, kind: "arrive".to_string(), who });
    }
    let mut counts: BTreeMap<String, i64> = BTreeMap::new();
    let mut log: Vec<(i64, i64)> = Vec::new();
    let mut clock = 0;
    let delay = 1;
    let next_kind = |k: &str| -> Option<String> {
        match k {
            "arrive" => Some("serve".to_string()),
            "serve" => Some("leave".to_string()),
            _ => None,
        }
    };
    while let Some(e) = queue.pop_front() {
        clock += 1;
        *counts.entry(e.kind.clone()).or_insert(0) += 1;
        log.push((clock - 1, e.who));
        if let Some(k) = next_kind(&e.kind) {
            queue.push_back(Event { time: e.time + delay, kind: k, who: e.who });
        }
    }
    let busiest = log.iter().max_by_key(|(_, w)| *w).map(|(_, w)| *w).unwrap_or(-1);
    let first = log.iter().min_by_key(|(t, _)| *t).map(|(t, _)| *t).unwrap_or(-1);
    let last = log.last().map(|(t, _)| *t).unwrap_or(-1);
    let waits: i64 = log.iter().filter(|(t, w)| *t > *w * 2).count() as i64;
    format!(
        "handled {} | by kind {:?} | busiest {} | first {} last {} | waits {}",
        log.len(),
        counts,
        busiest,
        first,
        last,
        waits
    )
}
