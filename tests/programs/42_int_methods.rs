// Integer methods abs, pow, min and max, at the extremes of their range.
// call: abs_all(-5, -100, -7)
// expect: (5, 100, 7)
// call: abs_all(-127, -32767, -9223372036854775807)
// expect: (127, 32767, 9223372036854775807)
// call: pow_i64(2, 62)
// expect: 4611686018427387904
// call: pow_i64(-2, 63)
// expect: -9223372036854775808
// call: pow_i64(-3, 3)
// expect: -27
// call: pow_i64(0, 0)
// expect: 1
// call: pow_u8(3, 5)
// expect: 243
// call: pow_u8(255, 1)
// expect: 255
// call: pow_i32(-2, 31)
// expect: -2147483648
// call: min_max_i64(-3, 7)
// expect: (-3, 7)
// call: min_max_u32(4000000000, 5)
// expect: (5, 4000000000)
// call: min_max_chain(5, -2, 9, 0)
// expect: (-2, 9)
// call: clamp_via_min_max(300, 0, 255)
// expect: 255
// call: clamp_via_min_max(-4, 0, 255)
// expect: 0
// call: abs_diff(3, -4)
// expect: 7

pub fn abs_all(a: i8, b: i16, c: i64) -> (i8, i16, i64) {
    (a.abs(), b.abs(), c.abs())
}

pub fn pow_i64(b: i64, e: u32) -> i64 { b.pow(e) }

pub fn pow_u8(b: u8, e: u32) -> u8 { b.pow(e) }

pub fn pow_i32(b: i32, e: u32) -> i32 { b.pow(e) }

pub fn min_max_i64(a: i64, b: i64) -> (i64, i64) {
    (a.min(b), a.max(b))
}

pub fn min_max_u32(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

pub fn min_max_chain(a: i32, b: i32, c: i32, d: i32) -> (i32, i32) {
    (a.min(b).min(c).min(d), a.max(b).max(c).max(d))
}

pub fn clamp_via_min_max(x: i32, lo: i32, hi: i32) -> i32 {
    x.max(lo).min(hi)
}

pub fn abs_diff(a: i64, b: i64) -> i64 {
    (a - b).abs()
}
