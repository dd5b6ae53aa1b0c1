// Sorting and searching: sort/sort_unstable of integers and strings, an ordered insert of (usize, String) pairs, reverse, dedup, contains, hand-written binary search and quicksort with swap, slices &v[a..b], reverse iteration by index, first/last, merging sorted runs
// call: ints(12)
// expect: "[9, 1, 13, -2, 9, 11, 4, 5, 1, 0, -1, 5] [-2, -1, 0, 1, 1, 4, 5, 5, 9, 9, 11, 13] [-2, -1, 0, 1, 4, 5, 9, 11, 13] [13, 11, 9, 9, 5, 5, 4, 1, 1, 0, -1, -2] [5, -1, 0, 1, 5, 4, 11, 9, -2, 13, 1, 9] [1, 1, 4] Some(-2) Some(13) true true false 15"
// call: strings(0)
// expect: "[\"Delta\", \"alpha\", \"alpha\", \"bravo\", \"bravo\", \"charlie\", \"delta\", \"echo\", \"foxtrot\"] | [\"Delta\", \"alpha\", \"bravo\", \"charlie\", \"delta\", \"echo\", \"foxtrot\"] | 3 7 | [(4, \"echo\"), (5, \"Delta\"), (5, \"alpha\"), (5, \"bravo\"), (5, \"delta\"), (7, \"charlie\"), (7, \"foxtrot\")] | [\"foxtrot\", \"alpha\", \"bravo\", \"charlie\", \"delta\", \"echo\", \"Delta\"] | [\"echo\", \"foxtrot\"] | Delta/alpha/bravo/charlie/delta/echo/foxtrot Some(\"Delta\")"
// call: search(50)
// expect: "[(0, 0), (148, 49)] [(1, 1), (9, 3), (10, 3), (74, 25), (75, 25), (1000, 50), (-3, 0)] [-3, 0, 1, 4, 10, 9, 8, 12, 12, 16, 20, 24, 24, 28] 50"
// call: quick(30)
// expect: ("[40, 75, 98, 195, 219, 231, 278, 280]", true, 8, 355941)

fn lcg(seed: &mut Vec<u64>) -> u64 {
    let x = seed[0].wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    seed[0] = x;
    x >> 33
}

fn binary_search(v: &[i64], target: i64) -> Result<usize, usize> {
    let mut lo = 0;
    let mut hi = v.len();
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if v[mid] == target {
            return Ok(mid);
        } else if v[mid] < target {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    Err(lo)
}

fn lower_bound_str(v: &[String], target: &str) -> usize {
    let mut lo = 0;
    let mut hi = v.len();
    while lo < hi {
        let mid = (lo + hi) / 2;
        if v[mid].as_str() < target {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

fn merge(a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

pub fn ints(n: usize) -> String {
    let mut seed = vec![42u64];
    let mut v: Vec<i64> = Vec::new();
    for _ in 0..n {
        v.push((lcg(&mut seed) % 20) as i64 - 5);
    }
    let orig = v.clone();
    v.sort();
    let sorted = v.clone();
    v.dedup();
    let mut rev = sorted.clone();
    rev.reverse();
    let mut backwards = Vec::new();
    for i in (0..orig.len()).rev() {
        backwards.push(orig[i]);
    }
    let mid = &sorted[n / 4..n / 2];
    let merged = merge(&sorted[..n / 2], &sorted[n / 2..]);
    let mut s2 = orig.clone();
    s2.sort_unstable();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {} {} {}",
        orig,
        sorted,
        v,
        rev,
        backwards,
        mid,
        sorted.first(),
        sorted.last(),
        merged == sorted && s2 == sorted,
        v.contains(&0),
        v.contains(&100),
        v.iter().max().unwrap() - v.iter().min().unwrap()
    )
}

pub fn strings(_n: i64) -> String {
    let text = "delta alpha charlie bravo echo alpha foxtrot Delta bravo";
    let mut words: Vec<String> = Vec::new();
    for w in text.split(' ') {
        words.push(w.to_string());
    }
    words.sort();
    let sorted = words.clone();
    words.dedup();
    let pos_c = lower_bound_str(&words, "c");
    let pos_zulu = lower_bound_str(&words, "zulu");
    // Sorted by (length, word): tuples of a String are not ordered by rpy, so compare the elements.
    let mut by_len: Vec<(usize, String)> = Vec::new();
    for w in words.iter() {
        let mut at = by_len.len();
        for (i, (len, other)) in by_len.iter().enumerate() {
            if w.len() < *len || (w.len() == *len && w < other) {
                at = i;
                break;
            }
        }
        by_len.insert(at, (w.len(), w.clone()));
    }
    let mut ws = words.clone();
    let last = ws.len() - 1;
    ws.swap(0, last);
    let tail = &words[words.len() - 2..];
    format!(
        "{:?} | {:?} | {} {} | {:?} | {:?} | {:?} | {} {:?}",
        sorted,
        words,
        pos_c,
        pos_zulu,
        by_len,
        ws,
        tail,
        words.join("/"),
        words.first()
    )
}

pub fn search(n: i64) -> String {
    let mut v: Vec<i64> = Vec::new();
    for i in 0..n {
        v.push(i * 3 + (i % 4));
    }
    let mut found = Vec::new();
    let mut inserts = Vec::new();
    for t in [0, 1, 9, 10, 74, 75, 148, 1000, -3] {
        match binary_search(&v, t) {
            Ok(i) => found.push((t, i)),
            Err(i) => inserts.push((t, i)),
        }
    }
    let mut w = v[..10].to_vec();
    for (t, i) in inserts.iter() {
        if *i <= w.len() {
            w.insert(*i, *t);
        }
    }
    format!("{:?} {:?} {:?} {}", found, inserts, w, v.len())
}

fn partition(v: &mut Vec<i64>, lo: usize, hi: usize) -> usize {
    let pivot = v[hi];
    let mut i = lo;
    for j in lo..hi {
        if v[j] < pivot {
            v.swap(i, j);
            i += 1;
        }
    }
    v.swap(i, hi);
    i
}

fn quicksort(v: &mut Vec<i64>, lo: usize, hi: usize, depth: usize, max_depth: &mut Vec<usize>) {
    if depth > max_depth[0] {
        max_depth[0] = depth;
    }
    if lo >= hi {
        return;
    }
    let p = partition(v, lo, hi);
    if p > lo {
        quicksort(v, lo, p - 1, depth + 1, max_depth);
    }
    quicksort(v, p + 1, hi, depth + 1, max_depth);
}

pub fn quick(n: usize) -> (String, bool, usize, i64) {
    let mut seed = vec![7u64];
    let mut v: Vec<i64> = Vec::new();
    for _ in 0..n {
        v.push((lcg(&mut seed) % 1000) as i64);
    }
    let mut expected = v.clone();
    expected.sort();
    let mut depth = vec![0];
    let hi = v.len() - 1;
    quicksort(&mut v, 0, hi, 0, &mut depth);
    let mut checksum = 0;
    for (i, x) in v.iter().enumerate() {
        checksum += (i as i64 + 1) * x;
    }
    (format!("{:?}", &v[..8]), v == expected, depth[0], checksum)
}
