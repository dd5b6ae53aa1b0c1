// f64 methods sqrt, floor, ceil, abs, powi, sin, cos, exp, ln, min and max on ordinary values.
// call: roots(2.0)
// expect: (1.4142135623730951, 4.0, 0.7071067811865476)
// call: rounding(2.5)
// expect: (2.0, 3.0, 2.5)
// call: rounding(-2.5)
// expect: (-3.0, -2.0, 2.5)
// call: rounding(-0.5)
// expect: (-1.0, -0.0, 0.5)
// call: rounding(7.0)
// expect: (7.0, 7.0, 7.0)
// call: powers(2.0, 10)
// expect: (1024.0, 0.0009765625, 1.0)
// call: powers(-2.0, 5)
// expect: (-32.0, -0.03125, 1.0)
// call: powers(0.5, 3)
// expect: (0.125, 8.0, 1.0)
// call: trig(0.0)
// expect: (0.0, 1.0, 1.0)
// call: trig(1.0)
// expect: (0.8414709848078965, 0.5403023058681398, 1.0)
// call: exp_ln(1.0)
// expect: (2.718281828459045, 0.0, 1.0)
// call: exp_ln(10.0)
// expect: (22026.465794806718, 2.302585092994046, 10.0)
// call: min_max(1.5, -2.5)
// expect: (-2.5, 1.5)
// call: hypot(3.0, 4.0)
// expect: 5.0
// call: compound_interest(1000.0, 0.05, 10)
// expect: 1628.8946267774422

pub fn roots(x: f64) -> (f64, f64, f64) {
    (x.sqrt(), (x * 8.0).sqrt(), (1.0 / x).sqrt())
}

pub fn rounding(x: f64) -> (f64, f64, f64) {
    (x.floor(), x.ceil(), x.abs())
}

// Exact cases only: powi's rounding sequence is unspecified, so inexact results may vary.
pub fn powers(x: f64, n: i32) -> (f64, f64, f64) {
    (x.powi(n), x.powi(-n), x.powi(0))
}

pub fn trig(x: f64) -> (f64, f64, f64) {
    let s = x.sin();
    let c = x.cos();
    (s, c, s * s + c * c)
}

pub fn exp_ln(x: f64) -> (f64, f64, f64) {
    (x.exp(), x.ln(), x.exp().ln())
}

pub fn min_max(a: f64, b: f64) -> (f64, f64) {
    (a.min(b), a.max(b))
}

pub fn hypot(a: f64, b: f64) -> f64 {
    (a * a + b * b).sqrt()
}

pub fn compound_interest(principal: f64, rate: f64, years: i32) -> f64 {
    let mut amount = principal;
    for _ in 0..years {
        amount *= 1.0 + rate;
    }
    amount
}
