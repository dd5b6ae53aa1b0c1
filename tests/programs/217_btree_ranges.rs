// Ordered maps and sets as an interval index: BTreeMap range queries, first/last entries, BTreeSet ordered iteration and set algebra, a calendar of bookings checked for overlaps
// call: run(12)
// expect: "booked 7 rejected 5 | free after 9: Some(13) | in 3..9: [4, 7] upto [0, 4] | first (0, 2) last (21, 23) | evens 6 common [2, 4, 6]"
use std::collections::{BTreeMap, BTreeSet};

fn overlaps(cal: &BTreeMap<i64, i64>, start: i64, end: i64) -> bool {
    for (s, e) in cal.range(0..end) {
        if *e > start && *s < end {
            return true;
        }
    }
    false
}

pub fn run(n: i64) -> String {
    let mut cal: BTreeMap<i64, i64> = BTreeMap::new();
    let (mut booked, mut rejected) = (0, 0);
    for i in 0..n {
        let start = (i * 7) % 24;
        let end = start + 2;
        if overlaps(&cal, start, end) {
            rejected += 1;
        } else {
            cal.insert(start, end);
            booked += 1;
        }
    }
    let mut free = None;
    for (s, e) in cal.range(9..) {
        if !cal.contains_key(e) && *s >= 9 {
            free = Some(*e);
            break;
        }
    }
    let mut starts: Vec<i64> = Vec::new();
    for (s, _) in cal.range(3..9) {
        starts.push(*s);
    }
    let mut upto: Vec<i64> = Vec::new();
    for (s, _) in cal.range(..=4) {
        upto.push(*s);
    }
    let first = cal.iter().next().map(|(s, e)| (*s, *e)).unwrap_or((0, 0));
    let last = cal.iter().last().map(|(s, e)| (*s, *e)).unwrap_or((0, 0));
    let evens: BTreeSet<i64> = (0..n).filter(|x| x % 2 == 0).collect();
    let small: BTreeSet<i64> = [1, 2, 3, 4, 5, 6].iter().copied().collect();
    let common: Vec<i64> = evens.intersection(&small).copied().collect();
    format!(
        "booked {} rejected {} | free after 9: {:?} | in 3..9: {:?} upto {:?} | first {:?} last {:?} | evens {} common {:?}",
        booked,
        rejected,
        free,
        starts,
        upto,
        first,
        last,
        evens.len(),
        common
    )
}
