// Greatest common divisor: recursive Euclid, iterative Euclid, binary GCD, and lcm.
// call: gcd(48, 18)
// expect: 6
// call: gcd(0, 7)
// expect: 7
// call: gcd(-48, 18)
// expect: 6
// call: gcd_iter(1071, 462)
// expect: 21
// call: gcd_binary(1071, 462)
// expect: 21
// call: gcd_binary(0, 0)
// expect: 0
// call: lcm(4, 6)
// expect: 12
// call: lcm(21, 6)
// expect: 42

pub fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

pub fn gcd_iter(a: u64, b: u64) -> u64 {
    let mut a = a;
    let mut b = b;
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

pub fn gcd_binary(a: u64, b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    let mut a = a >> a.trailing_zeros();
    let mut b = b;
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            let t = a;
            a = b;
            b = t;
        }
        b -= a;
        if b == 0 {
            break;
        }
    }
    a << shift
}

pub fn lcm(a: i64, b: i64) -> i64 {
    a / gcd(a, b) * b
}
