// f64 results across magnitudes, printed with Debug: exponents, signed zero, rounding artifacts.
// call: scale(1.0, 15)
// expect: 1000000000000000.0
// call: scale(1.0, 16)
// expect: 1e16
// call: scale(1.5, 20)
// expect: 1.5e20
// call: scale(1.0, -4)
// expect: 0.0001
// call: scale(1.0, -5)
// expect: 1e-5
// call: scale(-2.5, -7)
// expect: -2.5e-7
// call: add(0.1, 0.2)
// expect: 0.30000000000000004
// call: add(0.1, -0.1)
// expect: 0.0
// call: add(-0.0, -0.0)
// expect: -0.0
// call: add(100000000.0, 0.000001)
// expect: 100000000.000001
// call: third(1.0)
// expect: (0.3333333333333333, 1.0)
// call: not_associative(0.1, 0.2, 0.3)
// expect: (0.6000000000000001, 0.6)
// call: tiny()
// expect: (5e-324, 2.2250738585072014e-308)
// call: sum_harmonic(1000)
// expect: 7.485470860550343

// x * 10^k, built by repeated multiplication or division so that the steps are exact.
pub fn scale(x: f64, k: i32) -> f64 {
    let mut r = x;
    if k >= 0 {
        for _ in 0..k {
            r *= 10.0;
        }
    } else {
        let mut d = 1.0;
        for _ in 0..-k {
            d *= 10.0;
        }
        r /= d;
    }
    r
}

pub fn add(a: f64, b: f64) -> f64 {
    a + b
}

pub fn third(x: f64) -> (f64, f64) {
    let t = x / 3.0;
    (t, t * 3.0)
}

pub fn not_associative(a: f64, b: f64, c: f64) -> (f64, f64) {
    ((a + b) + c, a + (b + c))
}

pub fn tiny() -> (f64, f64) {
    let mut smallest = 1.0;
    let mut normal = 1.0;
    for i in 0..1074 {
        smallest /= 2.0;
        if i < 1022 {
            normal /= 2.0;
        }
    }
    (smallest, normal)
}

pub fn sum_harmonic(n: u32) -> f64 {
    let mut s = 0.0;
    for k in 1..=n {
        s += 1.0 / k as f64;
    }
    s
}
