// `loop` with `break value`, `break` without a value, and `continue` inside `loop`.
// call: first_square_above(50)
// expect: 64
// call: first_square_above(0)
// expect: 1
// call: find_divisor(91)
// expect: 7
// call: find_divisor(97)
// expect: 97
// call: digits_until_zero(1203)
// expect: (1, 3)
// call: triangular_index(5050)
// expect: (100, true)
// call: triangular_index(5000)
// expect: (100, false)
// call: skip_multiples(20, 3)
// expect: 300

pub fn first_square_above(limit: i64) -> i64 {
    let mut n = 0;
    loop {
        n += 1;
        if n * n > limit {
            break n * n;
        }
    }
}

pub fn find_divisor(n: u64) -> u64 {
    let mut d = 2;
    let found = loop {
        if d * d > n {
            break n;
        }
        if n % d == 0 {
            break d;
        }
        d += 1;
    };
    found
}

// Scans digits from the right until a zero; returns how many were scanned and their sum.
pub fn digits_until_zero(n: u32) -> (u32, u32) {
    let mut n = n;
    let (mut count, mut sum) = (0, 0);
    loop {
        let d = n % 10;
        if d == 0 || n == 0 {
            break;
        }
        count += 1;
        sum += d;
        n /= 10;
    }
    (count, sum)
}

pub fn triangular_index(t: u64) -> (u64, bool) {
    let (mut k, mut sum) = (0, 0);
    loop {
        k += 1;
        sum += k;
        if sum >= t {
            break (k, sum == t);
        }
    }
}

// Sum of the first n numbers that are not multiples of m.
pub fn skip_multiples(n: u32, m: u32) -> u32 {
    let (mut i, mut taken, mut total) = (0, 0, 0);
    loop {
        i += 1;
        if i % m == 0 {
            continue;
        }
        total += i;
        taken += 1;
        if taken == n {
            break total;
        }
    }
}
