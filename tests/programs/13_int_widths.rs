// Parameters and results of every integer width, each wrapping at its own width.
// debug-panic: attempt to add with overflow
// call: add_i8(100, 27)
// expect: 127
// call: add_i8(100, 28)
// expect: -128
// call: mul_i16(300, 300)
// expect: 24464
// call: sub_i32(-2147483648, 1)
// expect: 2147483647
// call: add_i64(9223372036854775807, 1)
// expect: -9223372036854775808
// call: add_isize(-9223372036854775808, -1)
// expect: 9223372036854775807
// call: add_u8(250, 10)
// expect: 4
// call: sub_u16(0, 1)
// expect: 65535
// call: mul_u32(65536, 65536)
// expect: 0
// call: sub_u64(0, 1)
// expect: 18446744073709551615
// call: add_usize(18446744073709551615, 2)
// expect: 1
// call: widen(-1, 255, -300, 65535)
// expect: 65489
// call: mixed(-5, 4000000000)
// expect: (-10, 8000000000)

pub fn add_i8(a: i8, b: i8) -> i8 { a + b }
pub fn mul_i16(a: i16, b: i16) -> i16 { a * b }
pub fn sub_i32(a: i32, b: i32) -> i32 { a - b }
pub fn add_i64(a: i64, b: i64) -> i64 { a + b }
pub fn add_isize(a: isize, b: isize) -> isize { a + b }
pub fn add_u8(a: u8, b: u8) -> u8 { a + b }
pub fn sub_u16(a: u16, b: u16) -> u16 { a - b }
pub fn mul_u32(a: u32, b: u32) -> u32 { a * b }
pub fn sub_u64(a: u64, b: u64) -> u64 { a - b }
pub fn add_usize(a: usize, b: usize) -> usize { a + b }

pub fn widen(a: i8, b: u8, c: i16, d: u16) -> i64 {
    a as i64 + b as i64 + c as i64 + d as i64
}

pub fn mixed(a: i32, b: u32) -> (i64, u64) {
    (a as i64 * 2, b as u64 * 2)
}
