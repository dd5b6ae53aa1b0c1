// assert!, assert! with a message, and assert_eq! that all hold; the function then returns normally.
// call: checked_sum(10)
// expect: 55
// call: checked_sum(0)
// expect: 0
// call: invariants(12, 18)
// expect: (6, 36)
// call: unit_checks(3)
// expect: ()
// call: float_eq(0.5)
// expect: true

pub fn checked_sum(n: u64) -> u64 {
    let mut s = 0;
    for i in 0..=n {
        s += i;
        assert!(s >= i);
    }
    assert_eq!(s, n * (n + 1) / 2);
    s
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

pub fn invariants(a: u64, b: u64) -> (u64, u64) {
    let g = gcd(a, b);
    assert!(g > 0, "gcd of positive numbers is positive");
    assert_eq!(a % g, 0);
    assert_eq!(b % g, 0);
    let l = a / g * b;
    assert_eq!(l * g, a * b);
    (g, l)
}

pub fn unit_checks(x: i32) {
    assert!(x > 0 && x < 10);
    assert_eq!(x.pow(2), x * x);
    assert_eq!(x > 0, true);
    assert_eq!('a' < 'b', x != 0);
}

pub fn float_eq(x: f64) -> bool {
    assert_eq!(x + x, 2.0 * x);
    assert!(!(x * 0.0).is_nan(), "finite times zero is a number");
    true
}
