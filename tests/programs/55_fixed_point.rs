// Q16.16 fixed-point arithmetic in i32 with i64 intermediates: multiply, divide, sqrt, conversion.
// debug-panic: attempt to add with overflow
// call: to_fixed(1.5)
// expect: 98304
// call: to_fixed(-0.25)
// expect: -16384
// call: from_fixed(98304)
// expect: 1.5
// call: fx_mul(98304, 98304)
// expect: 147456
// call: fx_mul(-98304, 98304)
// expect: -147456
// call: fx_div(65536, 196608)
// expect: 21845
// call: fx_div(-65536, 196608)
// expect: -21845
// call: fx_sqrt(131072)
// expect: 92681
// call: fx_sqrt(0)
// expect: 0
// call: fx_poly(2.0)
// expect: 7.0
// call: wrap_range(32767.5, 2.0)
// expect: -32766.5

const ONE: i32 = 1 << 16;

pub fn to_fixed(x: f64) -> i32 {
    (x * ONE as f64) as i32
}

pub fn from_fixed(x: i32) -> f64 {
    x as f64 / ONE as f64
}

pub fn fx_mul(a: i32, b: i32) -> i32 {
    ((a as i64 * b as i64) >> 16) as i32
}

pub fn fx_div(a: i32, b: i32) -> i32 {
    (((a as i64) << 16) / b as i64) as i32
}

// Integer square root of x << 16 gives the fixed-point square root.
pub fn fx_sqrt(x: i32) -> i32 {
    let n = (x as u64) << 16;
    let mut lo: u64 = 0;
    let mut hi: u64 = 1 << 32;
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if mid * mid <= n { lo = mid; } else { hi = mid; }
    }
    lo as i32
}

// x^2 + x + 1 evaluated in fixed point.
pub fn fx_poly(x: f64) -> f64 {
    let f = to_fixed(x);
    from_fixed(fx_mul(f, f) + f + ONE)
}

// Adding past 32768.0 wraps around to negative values, as i32 addition does.
pub fn wrap_range(a: f64, b: f64) -> f64 {
    from_fixed(to_fixed(a) + to_fixed(b))
}
