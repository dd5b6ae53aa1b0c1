// Collatz sequence: steps to reach 1 (loop with break value) and the longest chain below n.
// call: steps(1)
// expect: 0
// call: steps(6)
// expect: 8
// call: steps(27)
// expect: 111
// call: longest_below(1000)
// expect: (871, 178)
// call: peak(27)
// expect: 9232

pub fn steps(n: u64) -> u32 {
    let mut n = n;
    let mut count = 0;
    loop {
        if n == 1 {
            break count;
        }
        n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
        count += 1;
    }
}

pub fn longest_below(limit: u64) -> (u64, u32) {
    let mut best = 1;
    let mut best_steps = 0;
    for start in 1..limit {
        let s = steps(start);
        if s > best_steps {
            best = start;
            best_steps = s;
        }
    }
    (best, best_steps)
}

pub fn peak(n: u64) -> u64 {
    let mut n = n;
    let mut top = n;
    while n != 1 {
        n = if n & 1 == 0 { n >> 1 } else { 3 * n + 1 };
        top = top.max(n);
    }
    top
}
