// Newton's method in f64: square root, cube root, and reciprocal, iterated to convergence.
// call: newton_sqrt(2.0)
// expect: 1.414213562373095
// call: newton_sqrt(0.0)
// expect: 0.0
// call: newton_sqrt(10000000000.0)
// expect: 100000.0
// call: newton_sqrt(-1.0)
// expect: NaN
// call: sqrt_error(2.0)
// expect: 2.220446049250313e-16
// call: cbrt(27.0)
// expect: 3.0
// call: cbrt(-8.0)
// expect: -2.0
// call: reciprocal(3.0)
// expect: 0.33333333333333337
// call: iterations(2.0)
// expect: 5

pub fn newton_sqrt(a: f64) -> f64 {
    if a < 0.0 {
        return f64::NAN;
    }
    if a == 0.0 {
        return 0.0;
    }
    let mut x = if a > 1.0 { a } else { 1.0 };
    loop {
        let next = 0.5 * (x + a / x);
        if next >= x {
            break x;
        }
        x = next;
    }
}

pub fn sqrt_error(a: f64) -> f64 {
    (newton_sqrt(a) - a.sqrt()).abs()
}

pub fn cbrt(a: f64) -> f64 {
    let mut x = if a.abs() > 1.0 { a } else { 1.0 };
    for _ in 0..100 {
        let next = x - (x * x * x - a) / (3.0 * x * x);
        if (next - x).abs() <= f64::EPSILON * next.abs() {
            return next;
        }
        x = next;
    }
    x
}

pub fn reciprocal(d: f64) -> f64 {
    let mut x = 0.1;
    for _ in 0..60 {
        x = x * (2.0 - d * x);
    }
    x
}

pub fn iterations(a: f64) -> u32 {
    let mut x = a;
    let mut n = 0;
    while (x * x - a).abs() > 1e-12 {
        x = 0.5 * (x + a / x);
        n += 1;
    }
    n
}
