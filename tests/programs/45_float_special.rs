// NaN, infinities, signed zero and epsilon: arithmetic, comparisons, min/max and is_nan.
// call: divide(1.0, 0.0)
// expect: inf
// call: divide(-1.0, 0.0)
// expect: -inf
// call: divide(0.0, 0.0)
// expect: NaN
// call: divide(1.0, -0.0)
// expect: -inf
// call: inf_arith()
// expect: (NaN, inf, NaN, 0.0, -inf)
// call: nan_compare(1.0)
// expect: (false, true, false, false, true)
// call: nan_min_max(1.0)
// expect: (1.0, 1.0, 1.0, 1.0, true)
// call: inf_min_max(-5.0)
// expect: (-inf, inf)
// call: is_nan_cases(-1.0)
// expect: (true, true, false, false)
// call: epsilon()
// expect: (2.220446049250313e-16, true, true)
// call: zeros(0.0)
// expect: (true, -0.0, 0.0, -inf)
// call: limits()
// expect: (1.7976931348623157e308, -1.7976931348623157e308, inf, -inf)
// call: quarter_turn()
// expect: (1.0, 3.141592653589793)
// call: nan_max_abs(0.5)
// expect: 0.5

pub fn divide(a: f64, b: f64) -> f64 {
    a / b
}

pub fn inf_arith() -> (f64, f64, f64, f64, f64) {
    let inf = f64::INFINITY;
    (inf - inf, inf + inf, inf * 0.0, 1.0 / inf, f64::NEG_INFINITY * 2.0)
}

// Every ordered comparison with NaN is false, and NaN differs from itself.
pub fn nan_compare(x: f64) -> (bool, bool, bool, bool, bool) {
    let n = f64::NAN;
    (n == n, n != n, n < x, n >= x, !(n > x))
}

// min and max ignore a NaN operand on either side.
pub fn nan_min_max(x: f64) -> (f64, f64, f64, f64, bool) {
    let n = f64::NAN;
    (n.min(x), x.min(n), n.max(x), x.max(n), n.max(n).is_nan())
}

pub fn inf_min_max(x: f64) -> (f64, f64) {
    (x.min(f64::NEG_INFINITY), x.max(f64::INFINITY))
}

pub fn is_nan_cases(x: f64) -> (bool, bool, bool, bool) {
    (x.sqrt().is_nan(), x.ln().is_nan(), f64::INFINITY.is_nan(), (x * 0.0).is_nan())
}

pub fn epsilon() -> (f64, bool, bool) {
    let e = f64::EPSILON;
    (e, 1.0 + e != 1.0, 1.0 + e / 2.0 == 1.0)
}

pub fn zeros(z: f64) -> (bool, f64, f64, f64) {
    let neg = -z;
    (neg == z, neg, neg + z, 1.0 / neg)
}

pub fn limits() -> (f64, f64, f64, f64) {
    (f64::MAX, f64::MIN, f64::MAX * 2.0, f64::MIN * 2.0)
}

pub fn quarter_turn() -> (f64, f64) {
    let pi = std::f64::consts::PI;
    ((pi / 2.0).sin(), pi)
}

pub fn nan_max_abs(x: f64) -> f64 {
    let n: f64 = 0.0 / 0.0;
    n.max(-x).abs()
}
