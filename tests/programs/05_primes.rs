// Counting primes by trial division, with a labeled continue and early exits.
// call: is_prime(1)
// expect: false
// call: is_prime(2)
// expect: true
// call: is_prime(97)
// expect: true
// call: is_prime(91)
// expect: false
// call: count_primes(100)
// expect: 25
// call: count_primes(10000)
// expect: 1229
// call: nth_prime(100)
// expect: 541

pub fn is_prime(n: u32) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 1;
    }
    true
}

pub fn count_primes(limit: u32) -> u32 {
    let mut count = 0;
    'candidates: for n in 2..limit {
        let mut d = 2;
        while d * d <= n {
            if n % d == 0 {
                continue 'candidates;
            }
            d += 1;
        }
        count += 1;
    }
    count
}

pub fn nth_prime(k: u32) -> u32 {
    let mut found = 0;
    let mut n = 1;
    while found < k {
        n += 1;
        if is_prime(n) {
            found += 1;
        }
    }
    n
}
