// Labeled `break 'outer` out of nested for, while and loop, including `break 'outer value`.
// call: find_pair_sum(10)
// expect: (1, 9)
// call: find_pair_sum(1)
// expect: (0, 0)
// call: find_pair_product(91)
// expect: (7, 13)
// call: find_pair_product(97)
// expect: (0, 0)
// call: labeled_loop_value(7)
// expect: 307
// call: labeled_loop_value(1)
// expect: 301

pub fn find_pair_sum(target: i32) -> (i32, i32) {
    let mut result = (0, 0);
    'outer: for a in 1..target {
        for b in a..target {
            if a + b == target {
                result = (a, b);
                break 'outer;
            }
        }
    }
    result
}

pub fn find_pair_product(n: u32) -> (u32, u32) {
    let mut a = 2;
    let mut found = (0, 0);
    'search: while a < n {
        let mut b = a;
        while a * b <= n {
            if a * b == n {
                found = (a, b);
                break 'search;
            }
            b += 1;
        }
        a += 1;
    }
    found
}

// The first i, j with i * j == 3n, encoded as 100i + j; the inner loop leaves both loops at once.
pub fn labeled_loop_value(n: u64) -> u64 {
    let mut i = 0;
    'outer: loop {
        i += 1;
        let mut j = 0;
        loop {
            j += 1;
            if i * j == n * 3 {
                break 'outer i * 100 + j;
            }
            if j > n {
                break;
            }
        }
    }
}
