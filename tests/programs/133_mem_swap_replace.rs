// std::mem::swap and std::mem::replace on locals, fields and list items (double buffering, taking a list out of a struct), std::cmp::max/min
use std::mem;

// call: buffers(3)
// expect: "[0, 3, 6] [0, 2, 4] | [7] [] 2 | 9 -2 | (2, 1)"

struct Machine {
    log: Vec<i64>,
    steps: i64,
}

pub fn buffers(n: i64) -> String {
    let mut cur = vec![0, 1, 2];
    let mut next = vec![0; 3];
    for _ in 0..2 {
        for i in 0..3 {
            next[i] = cur[i] + i as i64 * (n - 2);
        }
        mem::swap(&mut cur, &mut next);
    }
    let mut m = Machine { log: vec![7], steps: 2 };
    let taken = std::mem::replace(&mut m.log, Vec::new());
    let old = mem::replace(&mut m.steps, 0);
    let mut pair = vec![1, 2];
    let (a, b) = (pair[0], pair[1]);
    let mut x = a;
    let mut y = b;
    mem::swap(&mut x, &mut y);
    pair[0] = x;
    pair[1] = y;
    format!(
        "{:?} {:?} | {:?} {:?} {} | {} {} | ({}, {})",
        cur,
        next,
        taken,
        m.log,
        old + m.steps,
        std::cmp::max(n, 9),
        std::cmp::min(-2, n),
        pair[0],
        pair[1]
    )
}
