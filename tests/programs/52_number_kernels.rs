// Integer kernels: perfect numbers, digit palindromes and Armstrong numbers.
// call: is_perfect(28)
// expect: true
// call: is_perfect(27)
// expect: false
// call: is_perfect(8128)
// expect: true
// call: is_perfect(1)
// expect: false
// call: is_palindrome(12321)
// expect: true
// call: is_palindrome(12312)
// expect: false
// call: largest_palindrome_product(99)
// expect: 9009
// call: armstrong_sum(1000)
// expect: 1301

fn divisor_sum(n: u32) -> u32 {
    let mut s = 1;
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            s += d;
            if d * d != n {
                s += n / d;
            }
        }
        d += 1;
    }
    s
}

pub fn is_perfect(n: u32) -> bool {
    n > 1 && divisor_sum(n) == n
}

fn reverse(n: u64) -> u64 {
    let mut n = n;
    let mut r = 0;
    while n > 0 {
        r = r * 10 + n % 10;
        n /= 10;
    }
    r
}

pub fn is_palindrome(n: u64) -> bool {
    reverse(n) == n
}

pub fn largest_palindrome_product(max_factor: u64) -> u64 {
    let mut best = 0;
    for a in (1..=max_factor).rev() {
        for b in (a..=max_factor).rev() {
            let p = a * b;
            if p <= best {
                break;
            }
            if is_palindrome(p) {
                best = p;
            }
        }
    }
    best
}

// Sum of the numbers below the limit equal to the sum of the cubes of their three digits.
pub fn armstrong_sum(limit: u32) -> u32 {
    let mut s = 0;
    for n in 100..limit {
        let (a, b, c) = (n / 100, n / 10 % 10, n % 10);
        if a.pow(3) + b.pow(3) + c.pow(3) == n {
            s += n;
        }
    }
    s
}
