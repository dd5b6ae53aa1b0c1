// Exponentiation by squaring: plain (wrapping), modular, and recursive; checked against pow.
// debug-panic: attempt to multiply with overflow
// call: power(2, 10)
// expect: 1024
// call: power(3, 0)
// expect: 1
// call: power(-3, 5)
// expect: -243
// call: power(2, 64)
// expect: 0
// call: power(3, 40)
// expect: -6289078614652622815
// call: mod_pow(2, 1000000, 1000000007)
// expect: 235042059
// call: mod_pow(7, 0, 13)
// expect: 1
// call: pow_rec(5, 13)
// expect: 1220703125
// call: matches_builtin(7, 20)
// expect: true

pub fn power(base: i64, exp: u32) -> i64 {
    let mut result = 1;
    let mut b = base;
    let mut e = exp;
    while e > 0 {
        if e & 1 == 1 {
            result *= b;
        }
        b *= b;
        e >>= 1;
    }
    result
}

pub fn mod_pow(base: u64, exp: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    let mut b = base % m;
    let mut e = exp;
    while e > 0 {
        if e % 2 == 1 {
            result = result * b % m;
        }
        b = b * b % m;
        e /= 2;
    }
    result
}

pub fn pow_rec(base: i64, exp: u32) -> i64 {
    if exp == 0 {
        return 1;
    }
    let half = pow_rec(base, exp / 2);
    if exp % 2 == 0 { half * half } else { half * half * base }
}

pub fn matches_builtin(base: i64, max_exp: u32) -> bool {
    for e in 0..=max_exp {
        if power(base, e) != base.pow(e) || pow_rec(base, e) != base.pow(e) {
            return false;
        }
    }
    true
}
