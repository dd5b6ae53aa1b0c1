// `while` loops: counting, zero iterations, nested loops, and conditions with side computations.
// call: sum_to(100)
// expect: 5050
// call: sum_to(0)
// expect: 0
// call: sum_to(-5)
// expect: 0
// call: count_digits(0)
// expect: 1
// call: count_digits(18446744073709551615)
// expect: 20
// call: reverse_digits(12345)
// expect: 54321
// call: reverse_digits(1200)
// expect: 21
// call: multiplication_sum(9)
// expect: 2025
// call: halvings(1.0)
// expect: 1075
// call: log2_floor(1)
// expect: 0
// call: log2_floor(1000000)
// expect: 19

pub fn sum_to(n: i64) -> i64 {
    let mut i = 1;
    let mut s = 0;
    while i <= n {
        s += i;
        i += 1;
    }
    s
}

pub fn count_digits(n: u64) -> u32 {
    let mut n = n;
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

pub fn reverse_digits(n: u32) -> u32 {
    let mut n = n;
    let mut r = 0;
    while n != 0 {
        r = r * 10 + n % 10;
        n /= 10;
    }
    r
}

pub fn multiplication_sum(n: i32) -> i32 {
    let mut total = 0;
    let mut i = 1;
    while i <= n {
        let mut j = 1;
        while j <= n {
            total += i * j;
            j += 1;
        }
        i += 1;
    }
    total
}

// How many times a float can be halved before it becomes zero (reaches the subnormals).
pub fn halvings(x: f64) -> u32 {
    let mut v = x;
    let mut n = 0;
    while v != 0.0 {
        v /= 2.0;
        n += 1;
    }
    n
}

pub fn log2_floor(n: u64) -> u32 {
    let mut n = n;
    let mut k = 0;
    while n > 1 {
        n >>= 1;
        k += 1;
    }
    k
}
