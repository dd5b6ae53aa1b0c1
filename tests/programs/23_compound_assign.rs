// Every compound assignment operator, on i64, u8 and f64 accumulators.
// debug-panic: attempt to add with overflow
// call: all_ops_i64(100)
// expect: 180
// call: all_ops_i64(-7)
// expect: 502
// call: each_i64(1000)
// expect: (1007, 993, 7000, 142, 6, 1000, 1007, 1003, 8000, 125)
// call: each_u8(250)
// expect: (4, 246, 244, 125, 0, 2, 251, 246, 232, 31)
// call: float_ops(10.0)
// expect: 4.5

pub fn all_ops_i64(x: i64) -> i64 {
    let mut v = x;
    v += 12;
    v -= 2;
    v *= 3;
    v /= 2;
    v %= 1000;
    v &= 0xff;
    v |= 0x100;
    v ^= 0x1ff;
    v <<= 2;
    v >>= 1;
    v
}

pub fn each_i64(x: i64) -> (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) {
    let (mut a, mut b, mut c, mut d, mut e) = (x, x, x, x, x);
    let (mut f, mut g, mut h, mut i, mut j) = (x, x, x, x, x);
    a += 7;
    b -= 7;
    c *= 7;
    d /= 7;
    e %= 7;
    f &= 1000;
    g |= 7;
    h ^= 3;
    i <<= 3;
    j >>= 3;
    (a, b, c, d, e, f, g, h, i, j)
}

pub fn each_u8(x: u8) -> (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8) {
    let (mut a, mut b, mut c, mut d, mut e) = (x, x, x, x, x);
    let (mut f, mut g, mut h, mut i, mut j) = (x, x, x, x, x);
    a += 10;
    b -= 4;
    c *= 2;
    d /= 2;
    e %= 5;
    f &= 3;
    g |= 1;
    h ^= 12;
    i <<= 2;
    j >>= 3;
    (a, b, c, d, e, f, g, h, i, j)
}

pub fn float_ops(x: f64) -> f64 {
    let mut v = x;
    v += 2.0;
    v -= 3.0;
    v *= 1.5;
    v /= 3.0;
    v %= 5.0;
    v
}
