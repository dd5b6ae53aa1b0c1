// `insert` and `remove` move the items after the position at once (one
// memmove in translated code): at the front, in the middle and at the end,
// of numbers, of strings (GC items: the GC must see them where they moved to,
// and no longer see the one removed) and of tuples holding strings; and the
// same in a JIT'd loop (a queue taking from the front, a sorted insert)
// call: plain(6)
// expect: ("9 0 7 1 2 3 4 5 8", 0, 3, 8, "7 1 2 4 5", 5)
// call: gc_items(500)
// expect: (250, "s499", "s497", "s1", 334, 334)
// call: jitted(2000)
// expect: (1999000, 16, "q1999 q1998 q1997 q1996", 15)

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&[], &["i", "n", "total", "queue", "sorted"]);

fn show(v: &[i64]) -> String {
    let words: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    words.join(" ")
}

pub fn plain(n: i64) -> (String, i64, i64, i64, String, usize) {
    let mut v: Vec<i64> = Vec::new();
    for i in 0..n {
        v.insert(v.len(), i);
    }
    v.insert(1, 7);
    v.insert(0, 9);
    v.insert(v.len(), 8);
    let all = show(&v);
    let front = v.remove(1);
    let middle = v.remove(4);
    let last = v.remove(v.len() - 1);
    v.remove(0);
    let rest = show(&v);
    (all, front, middle, last, rest, v.len())
}

pub fn gc_items(n: usize) -> (usize, String, String, String, usize, usize) {
    let mut words: Vec<String> = Vec::new();
    let mut pairs: Vec<(usize, String)> = Vec::new();
    for i in 0..n {
        // New strings into a list that is old by now, at the front.
        words.insert(0, format!("s{}", i));
        pairs.insert(pairs.len() / 2, (i, format!("p{}", i)));
        if i % 2 == 1 {
            words.remove(1);
        }
        if i % 3 == 2 {
            pairs.remove(0);
        }
    }
    let mut sum = 0;
    for (k, p) in &pairs {
        if p == &format!("p{}", k) {
            sum += 1;
        }
    }
    (words.len(), words[0].clone(), words[1].clone(), words[words.len() - 1].clone(), pairs.len(), sum)
}

pub fn jitted(n: i64) -> (i64, usize, String, usize) {
    let mut i = 0;
    let mut total = 0;
    let mut queue: Vec<String> = Vec::new();
    let mut sorted: Vec<i64> = Vec::new();
    while i < n {
        jit_merge_point!(DRIVER; ; i, n, total, queue, sorted);
        queue.insert(0, format!("q{}", i));
        if queue.len() > 16 {
            queue.remove(queue.len() - 1);
        }
        let x = (i * 37) % 101;
        let mut at = 0;
        while at < sorted.len() && sorted[at] < x {
            at += 1;
        }
        sorted.insert(at, x);
        if sorted.len() > 15 {
            sorted.remove(0);
        }
        total += i;
        i += 1;
    }
    (total, queue.len(), queue[..4].join(" "), sorted.len())
}
