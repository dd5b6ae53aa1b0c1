// Integer square root three ways: Newton's iteration, binary search, and bit-by-bit.
// call: isqrt_newton(0)
// expect: 0
// call: isqrt_newton(15)
// expect: 3
// call: isqrt_newton(16)
// expect: 4
// call: isqrt_newton(18446744073709551615)
// expect: 4294967295
// call: isqrt_search(1000000)
// expect: 1000
// call: isqrt_search(999999)
// expect: 999
// call: isqrt_bits(2147395600)
// expect: 46340
// call: all_agree(5000)
// expect: true

pub fn isqrt_newton(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    let mut x = n;
    let mut y = x / 2 + x % 2;
    while y < x {
        x = y;
        y = (x + n / x) / 2;
    }
    x
}

pub fn isqrt_search(n: u64) -> u64 {
    let mut lo: u64 = 0;
    let mut hi: u64 = n.min(4294967295) + 1;
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mid * mid <= n { lo = mid; } else { hi = mid; }
    }
    lo
}

pub fn isqrt_bits(n: u32) -> u32 {
    let mut rem = n;
    let mut root = 0u32;
    let mut bit = 1u32 << 30;
    while bit > rem {
        bit >>= 2;
    }
    while bit != 0 {
        if rem >= root + bit {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    root
}

pub fn all_agree(limit: u32) -> bool {
    for n in 0..=limit {
        let a = isqrt_newton(n as u64);
        if a != isqrt_search(n as u64) || a != isqrt_bits(n) as u64 {
            return false;
        }
    }
    true
}
