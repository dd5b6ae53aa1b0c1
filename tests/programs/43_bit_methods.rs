// rotate_left/right, leading_zeros, trailing_zeros and count_ones at several widths, incl. zero.
// call: rot_u8(129, 1)
// expect: (3, 192)
// call: rot_u8(1, 9)
// expect: (2, 128)
// call: rot_u32(305419896, 8)
// expect: (878082066, 2014458966)
// call: rot_u64(1, 64)
// expect: (1, 1)
// call: rot_i16(-32768, 1)
// expect: (1, 16384)
// call: zeros_u64(0)
// expect: (64, 64, 0)
// call: zeros_u64(1)
// expect: (63, 0, 1)
// call: zeros_u64(18446744073709551615)
// expect: (0, 0, 64)
// call: zeros_u64(1099511627776)
// expect: (23, 40, 1)
// call: zeros_i32(-1)
// expect: (0, 0, 32)
// call: zeros_i32(0)
// expect: (32, 32, 0)
// call: zeros_u8(12)
// expect: (4, 2, 2)
// call: zeros_i8(-128)
// expect: (0, 7, 1)
// call: bit_length(255)
// expect: 8
// call: next_power_of_two(1000)
// expect: 1024

pub fn rot_u8(x: u8, n: u32) -> (u8, u8) {
    (x.rotate_left(n), x.rotate_right(n))
}

pub fn rot_u32(x: u32, n: u32) -> (u32, u32) {
    (x.rotate_left(n), x.rotate_right(n))
}

pub fn rot_u64(x: u64, n: u32) -> (u64, u64) {
    (x.rotate_left(n), x.rotate_right(n))
}

pub fn rot_i16(x: i16, n: u32) -> (i16, i16) {
    (x.rotate_left(n), x.rotate_right(n))
}

pub fn zeros_u64(x: u64) -> (u32, u32, u32) {
    (x.leading_zeros(), x.trailing_zeros(), x.count_ones())
}

pub fn zeros_i32(x: i32) -> (u32, u32, u32) {
    (x.leading_zeros(), x.trailing_zeros(), x.count_ones())
}

pub fn zeros_u8(x: u8) -> (u32, u32, u32) {
    (x.leading_zeros(), x.trailing_zeros(), x.count_ones())
}

pub fn zeros_i8(x: i8) -> (u32, u32, u32) {
    (x.leading_zeros(), x.trailing_zeros(), x.count_ones())
}

pub fn bit_length(x: u64) -> u32 {
    64 - x.leading_zeros()
}

pub fn next_power_of_two(x: u64) -> u64 {
    if x <= 1 { 1 } else { 1 << (64 - (x - 1).leading_zeros()) }
}
