// `as` between integer types: truncation, sign extension, zero extension, reinterpretation.
// call: truncate(300)
// expect: (44, 44, 300, 300)
// call: truncate(-1)
// expect: (-1, 255, -1, 65535)
// call: truncate(200)
// expect: (-56, 200, 200, 200)
// call: truncate(-9223372036854775808)
// expect: (0, 0, 0, 0)
// call: truncate(4294967295)
// expect: (-1, 255, -1, 65535)
// call: extend_i8(-128)
// expect: (-128, 128, 18446744073709551488, 4294967168)
// call: extend_u8(255)
// expect: (255, -1, 255, 255)
// call: via_u32(-1)
// expect: (4294967295, 18446744073709551615, 4294967295)
// call: reinterpret(18446744073709551615)
// expect: (-1, -1, 18446744073709551615)
// call: reinterpret(9223372036854775808)
// expect: (-9223372036854775808, -9223372036854775808, 9223372036854775808)
// call: narrow_then_widen(70000)
// expect: (4464, 4464, 70000)
// call: narrow_then_widen(-70000)
// expect: (-4464, 61072, 4294897296)
// call: same_width(-5)
// expect: (-5, 251)

pub fn truncate(x: i64) -> (i8, u8, i16, u16) {
    (x as i8, x as u8, x as i16, x as u16)
}

pub fn extend_i8(x: i8) -> (i64, u8, u64, u32) {
    (x as i64, x as u8, x as u64, x as u32)
}

pub fn extend_u8(x: u8) -> (i64, i8, u64, i32) {
    (x as i64, x as i8, x as u64, x as i32)
}

pub fn via_u32(x: i32) -> (u32, u64, u64) {
    (x as u32, x as u64, x as u32 as u64)
}

pub fn reinterpret(x: u64) -> (i64, isize, usize) {
    (x as i64, x as isize, x as usize)
}

pub fn narrow_then_widen(x: i32) -> (i16, u16, u32) {
    (x as i16, x as u16, x as u32)
}

pub fn same_width(x: i8) -> (i8, u8) {
    (x as i8, x as u8)
}
