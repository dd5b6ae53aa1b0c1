// Copies of a list's items into another (one memmove each in translated code): `extend`, `extend_from_slice`, slices, `to_vec`, a string's `clone` and `push_str` (of a copy of itself too), with plain items and GC items (strings, lists) copied into lists that are old while the copied items are new (the GC must see them), growing or not; and the same copies in a JIT'd loop, whose strings grow and start again
// call: plain(50)
// expect: (2550, 1275, 1224, 20, "xyxyxyxy", 0)
// call: gc_items(300)
// expect: (604, "w299", "w299", 600, 89700)
// call: jitted(3000)
// expect: (16868, "ab2996ab2997ab2998ab2999ab")
// call: written_then_copied(2000)
// expect: 0

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&[], &["i", "n", "total", "s", "parts"]);
static WRITES: JitDriver = JitDriver::new(&[], &["i", "n", "total", "buf"]);

pub fn plain(n: i64) -> (i64, i64, i64, usize, String, usize) {
    let mut v: Vec<i64> = Vec::new();
    for i in 1..=n {
        v.push(i);
    }
    // Growing by a copy of itself.
    let copy = v.clone();
    v.extend(copy);
    let whole: i64 = v.iter().sum();
    let half: i64 = v[..n as usize].iter().sum();
    let middle = v[1..n as usize - 1].to_vec();
    let mut small: Vec<i64> = Vec::with_capacity(100);
    small.extend_from_slice(&middle[..20]);
    let mut s = String::from("xy");
    s.push_str(&s.clone());
    let t = s.clone();
    s.push_str(&t);
    let mut empty: Vec<i64> = Vec::new();
    empty.extend_from_slice(&v[3..3]);
    (whole, half, middle.iter().sum::<i64>(), small.len(), s, empty.len())
}

pub fn gc_items(n: usize) -> (usize, String, String, usize, usize) {
    // Old lists (they survive the allocations below) receiving new items.
    let mut words: Vec<String> = Vec::new();
    let mut lists: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        let fresh: Vec<String> = vec![format!("w{}", i), format!("w{}", n - 1 - i)];
        words.extend(fresh);
        let inner = vec![i, i + 1];
        let more: Vec<Vec<usize>> = vec![inner.clone(), inner];
        lists.extend_from_slice(&more);
        if i % 50 == 0 {
            // A copy of the whole list into itself, then dropped again.
            let all = words.clone();
            words.extend(all);
            words.truncate(2 * (i + 1));
        }
    }
    let tail = words[words.len() - 4..].to_vec();
    words.extend(tail);
    let mut sum = 0;
    for l in &lists {
        sum += l[0];
    }
    let last = words[words.len() - 2].clone();
    (words.len(), words[words.len() - 6].clone(), last, lists.len(), sum)
}

pub fn jitted(n: i64) -> (i64, String) {
    let mut i = 0;
    let mut total = 0;
    let mut s = String::new();
    let mut parts: Vec<String> = Vec::new();
    while i < n {
        jit_merge_point!(DRIVER; ; i, n, total, s, parts);
        let mut t = s.clone();
        t.push_str("ab");
        t.push_str(&format!("{}", i));
        s = t;
        parts.push(s.clone());
        if parts.len() > 3 {
            let keep = parts[parts.len() - 2..].to_vec();
            parts = keep;
        }
        if s.len() > 40 {
            total += s.len() as i64;
            s = String::new();
        }
        i += 1;
    }
    let mut last = s.clone();
    last.push_str("ab");
    (total + parts.len() as i64, last)
}

/// A list written, then copied, the copy read on one path only (a guard
/// that sees the copy not made yet): the copy has what was written.
pub fn written_then_copied(n: i64) -> i64 {
    let mut buf: Vec<i64> = vec![0; 8];
    let mut total = 0;
    let mut i = 0;
    while i < n {
        jit_merge_point!(WRITES; ; i, n, total, buf);
        let k = (i % 8) as usize;
        buf[k] = i;
        let copy = buf.clone();
        if i % 7 == 0 {
            total += copy[k] - i;
        }
        total += copy.len() as i64 - 8;
        i += 1;
    }
    total
}
