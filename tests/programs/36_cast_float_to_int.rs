// Float-to-integer `as` truncates toward zero and saturates; NaN becomes 0.
// call: to_ints(3.99)
// expect: (3, 3, 3, 3, 3, 3)
// call: to_ints(-3.99)
// expect: (-3, 0, -3, 0, -3, 0)
// call: to_ints(300.7)
// expect: (127, 255, 300, 300, 300, 300)
// call: to_ints(-300.7)
// expect: (-128, 0, -300, 0, -300, 0)
// call: to_ints(10000000000.0)
// expect: (127, 255, 2147483647, 4294967295, 10000000000, 10000000000)
// call: to_ints(-3000000000000000000000.0)
// expect: (-128, 0, -2147483648, 0, -9223372036854775808, 0)
// call: to_ints(-0.0)
// expect: (0, 0, 0, 0, 0, 0)
// call: to_ints(0.9999999999999999)
// expect: (0, 0, 0, 0, 0, 0)
// call: special_to_i64(0)
// expect: (0, 0)
// call: special_to_i64(1)
// expect: (9223372036854775807, 18446744073709551615)
// call: special_to_i64(2)
// expect: (-9223372036854775808, 0)
// call: edges_64()
// expect: (9223372036854775807, -9223372036854775808, 18446744073709551615, 9223372036854774784)
// call: small_types(65535.9)
// expect: (32767, 65535, 65535)
// call: round_half(2.5)
// expect: (2, 3, -2, -3)

pub fn to_ints(x: f64) -> (i8, u8, i32, u32, i64, u64) {
    (x as i8, x as u8, x as i32, x as u32, x as i64, x as u64)
}

fn special(kind: u8) -> f64 {
    match kind {
        0 => f64::NAN,
        1 => f64::INFINITY,
        _ => f64::NEG_INFINITY,
    }
}

pub fn special_to_i64(kind: u8) -> (i64, u64) {
    let x = special(kind);
    (x as i64, x as u64)
}

// 2^63 saturates for i64; the largest double below 2^63 converts exactly.
pub fn edges_64() -> (i64, i64, u64, i64) {
    let two63 = 9223372036854775808.0;
    (two63 as i64, -two63 as i64, (two63 * 2.0) as u64, 9223372036854774784.0 as i64)
}

pub fn small_types(x: f64) -> (i16, u16, usize) {
    (x as i16, x as u16, x as usize)
}

// Casts truncate; rounding to nearest is done by adding one half before truncating.
pub fn round_half(x: f64) -> (i32, i32, i32, i32) {
    let up = (x + 0.5).floor();
    (x as i32, up as i32, -x as i32, (-x - 0.5).floor() as i32)
}
