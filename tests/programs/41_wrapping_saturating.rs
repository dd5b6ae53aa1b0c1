// wrapping_add/sub/mul/neg and saturating_add/sub/mul at several widths and at the extremes.
// call: wrap_i32(2147483647, 1)
// expect: (-2147483648, 2147483646, 2147483647, -2147483646)
// call: wrap_i32(-2147483648, -1)
// expect: (2147483647, -2147483647, -2147483648, 2147483647)
// call: wrap_u8(200, 100)
// expect: (44, 100, 32, 56)
// call: wrap_u8(0, 1)
// expect: (1, 255, 0, 0)
// call: sat_i8(100, 100)
// expect: (127, 0, 127)
// call: sat_i8(-100, 100)
// expect: (0, -128, -128)
// call: sat_i8(-100, -100)
// expect: (-128, 0, 127)
// call: sat_u16(65000, 1000)
// expect: (65535, 64000, 65535)
// call: sat_u16(1000, 65000)
// expect: (65535, 0, 65535)
// call: sat_u64(18446744073709551615, 2)
// expect: (18446744073709551615, 18446744073709551613, 18446744073709551615)
// call: wrap_neg_i64(-9223372036854775808)
// expect: -9223372036854775808
// call: fnv1a_bytes(5)
// expect: 1109817072422714760

pub fn wrap_i32(a: i32, b: i32) -> (i32, i32, i32, i32) {
    (a.wrapping_add(b), a.wrapping_sub(b), a.wrapping_mul(b), b.wrapping_sub(a))
}

pub fn wrap_u8(a: u8, b: u8) -> (u8, u8, u8, u8) {
    (a.wrapping_add(b), a.wrapping_sub(b), a.wrapping_mul(b), a.wrapping_neg())
}

pub fn sat_i8(a: i8, b: i8) -> (i8, i8, i8) {
    (a.saturating_add(b), a.saturating_sub(b), a.saturating_mul(b))
}

pub fn sat_u16(a: u16, b: u16) -> (u16, u16, u16) {
    (a.saturating_add(b), a.saturating_sub(b), a.saturating_mul(b))
}

pub fn sat_u64(a: u64, b: u64) -> (u64, u64, u64) {
    (a.saturating_add(b), a.saturating_sub(b), a.saturating_mul(b))
}

pub fn wrap_neg_i64(a: i64) -> i64 {
    a.wrapping_neg()
}

// FNV-1a over the bytes 1..=n, with explicit wrapping multiplication.
pub fn fnv1a_bytes(n: u8) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in 1..=n {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}
