// `truncate` drops the items past the new length, also when the list keeps
// its array to grow into again: a full collection after `truncate(0)`
// frees what they held (heap_size() is 0 untranslated, so the fact is
// printed as true in every mode), and the list grows again with new items.
// call: run(100)
// expect: "freed true kept 4 sum 5050 len 3 [[1], [2], [3]]"

use rpython::rgc;

fn fill(rows: &mut Vec<Vec<i64>>, n: usize) {
    let mut i = 0;
    while i < n {
        rows.push(vec![i as i64; 10000]);
        i += 1;
    }
}

pub fn run(n: usize) -> String {
    let mut rows: Vec<Vec<i64>> = Vec::new();
    fill(&mut rows, n);
    rgc::collect();
    let full = rgc::heap_size();
    rows.truncate(4);
    let kept = rows.len();
    rgc::collect();
    let after = rgc::heap_size();
    // n rows of 80 KB each; 4 are kept.
    let freed = full == 0 || after + (n - 8) * 80000 <= full;
    let mut sum = 0;
    let mut i = 1;
    while i <= n as i64 {
        sum += i;
        i += 1;
    }
    rows.truncate(0);
    let mut k = 1;
    while k <= 3 {
        rows.push(vec![k]);
        k += 1;
    }
    format!("freed {} kept {} sum {} len {} {:?}", freed, kept, sum, rows.len(), rows)
}
