// Numeric kernels in f64: bisection root finding, Simpson integration, and a Leibniz series for pi.
// call: bisect_sqrt2(60)
// expect: 1.4142135623730951
// call: bisect_sqrt2(10)
// expect: 1.4150390625
// call: simpson_cubic(0.0, 2.0, 10)
// expect: 4.000000000000001
// call: simpson_sin(100)
// expect: 2.0000000108245044
// call: leibniz_pi(1000)
// expect: 3.140592653839794
// call: euler_e(20)
// expect: 2.7182818284590455

fn f(x: f64) -> f64 {
    x * x - 2.0
}

pub fn bisect_sqrt2(iterations: u32) -> f64 {
    let mut lo = 1.0;
    let mut hi = 2.0;
    for _ in 0..iterations {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 { hi = mid; } else { lo = mid; }
    }
    hi
}

// Simpson's rule integrates cubics exactly: here x^3 over [a, b].
pub fn simpson_cubic(a: f64, b: f64, n: u32) -> f64 {
    let h = (b - a) / n as f64;
    let mut s = a * a * a + b * b * b;
    for i in 1..n {
        let x = a + i as f64 * h;
        let w = if i % 2 == 1 { 4.0 } else { 2.0 };
        s += w * x * x * x;
    }
    s * h / 3.0
}

// Integral of sin over [0, pi].
pub fn simpson_sin(n: u32) -> f64 {
    let pi = std::f64::consts::PI;
    let h = pi / n as f64;
    let mut s = pi.sin();
    for i in 1..n {
        let w = if i % 2 == 1 { 4.0 } else { 2.0 };
        s += w * (i as f64 * h).sin();
    }
    s * h / 3.0
}

pub fn leibniz_pi(terms: u32) -> f64 {
    let mut sum = 0.0;
    let mut sign = 1.0;
    for k in 0..terms {
        sum += sign / (2 * k + 1) as f64;
        sign = -sign;
    }
    4.0 * sum
}

pub fn euler_e(terms: u32) -> f64 {
    let mut e = 1.0;
    let mut term = 1.0;
    for k in 1..terms {
        term /= k as f64;
        e += term;
    }
    e
}
