// Integer-to-float `as` rounds to nearest (ties to even) above 2^53; float results print as Debug.
// call: from_i64(-7)
// expect: -7.0
// call: from_i64(9007199254740993)
// expect: 9007199254740992.0
// call: from_i64(9007199254740995)
// expect: 9007199254740996.0
// call: from_i64(9223372036854775807)
// expect: 9.223372036854776e18
// call: from_i64(-9223372036854775808)
// expect: -9.223372036854776e18
// call: from_u64(18446744073709551615)
// expect: 1.8446744073709552e19
// call: from_small(-1, 255, -32768, 65535)
// expect: (-1.0, 255.0, -32768.0, 65535.0)
// call: from_32(-2147483648, 4294967295)
// expect: (-2147483648.0, 4294967295.0)
// call: round_trips(123456789)
// expect: true
// call: round_trips(9007199254740993)
// expect: false
// call: mean(7, 2)
// expect: 3.5
// call: mean(-1, 3)
// expect: -0.3333333333333333
// call: percent(1, 3)
// expect: 33.333333333333336
// call: from_sizes(10, -10)
// expect: (10.0, -10.0)

pub fn from_i64(x: i64) -> f64 {
    x as f64
}

pub fn from_u64(x: u64) -> f64 {
    x as f64
}

pub fn from_small(a: i8, b: u8, c: i16, d: u16) -> (f64, f64, f64, f64) {
    (a as f64, b as f64, c as f64, d as f64)
}

pub fn from_32(a: i32, b: u32) -> (f64, f64) {
    (a as f64, b as f64)
}

pub fn round_trips(x: i64) -> bool {
    (x as f64) as i64 == x
}

pub fn mean(total: i64, count: i32) -> f64 {
    total as f64 / count as f64
}

pub fn percent(part: u32, whole: u32) -> f64 {
    100.0 * part as f64 / whole as f64
}

pub fn from_sizes(a: usize, b: isize) -> (f64, f64) {
    (a as f64, b as f64)
}
