// Shifts: arithmetic >> on signed, logical >> on unsigned, << dropping high bits, sub-word widths.
// call: shr_signed(-16, 2)
// expect: -4
// call: shr_signed(-1, 63)
// expect: -1
// call: shr_signed(-9223372036854775808, 63)
// expect: -1
// call: shr_unsigned(18446744073709551600, 2)
// expect: 4611686018427387900
// call: shr_same_bits(-16)
// expect: (-8, 9223372036854775800)
// call: shl_i64(1, 63)
// expect: -9223372036854775808
// call: shl_i64(3, 63)
// expect: -9223372036854775808
// call: shl_i64(-5, 1)
// expect: -10
// call: shifts_i8(-128)
// expect: (-64, 0, 64, -1)
// call: shifts_i8(1)
// expect: (0, 2, 0, 0)
// call: shifts_u8(129)
// expect: (64, 2, 1)
// call: shifts_i16(-32768)
// expect: (-1, 0, 1)
// call: mixed_rhs(5, 3, 2)
// expect: (40, 1, 160)
// call: bit_reverse_u8(1)
// expect: 128
// call: bit_reverse_u8(202)
// expect: 83

pub fn shr_signed(a: i64, n: u32) -> i64 { a >> n }

pub fn shr_unsigned(a: u64, n: u32) -> u64 { a >> n }

pub fn shr_same_bits(a: i64) -> (i64, u64) {
    (a >> 1, (a as u64) >> 1)
}

pub fn shl_i64(a: i64, n: u32) -> i64 { a << n }

pub fn shifts_i8(a: i8) -> (i8, i8, i8, i8) {
    (a >> 1, a << 1, (a as u8 >> 1) as i8, a >> 7)
}

pub fn shifts_u8(a: u8) -> (u8, u8, u8) {
    (a >> 1, a << 1, a >> 7)
}

pub fn shifts_i16(a: i16) -> (i16, i16, u16) {
    (a >> 15, a << 1, (a as u16) >> 15)
}

// The right operand may have a different integer type than the left one.
pub fn mixed_rhs(a: i32, k: u8, j: i64) -> (i32, i32, i32) {
    (a << k, a >> j, a << k << j)
}

pub fn bit_reverse_u8(x: u8) -> u8 {
    let mut v = x;
    let mut r: u8 = 0;
    for _ in 0..8 {
        r = (r << 1) | (v & 1);
        v >>= 1;
    }
    r
}
