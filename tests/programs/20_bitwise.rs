// Bitwise & | ^ ! on signed, unsigned and bool operands; classic bit tricks.
// call: ops_u8(202, 172)
// expect: (136, 238, 102, 53)
// call: ops_i32(-1, 255)
// expect: (255, -1, -256, 0)
// call: ops_i64(12, -5)
// expect: (8, -1, -9, -13)
// call: ops_bool(true, false)
// expect: (false, true, true, false)
// call: ops_bool(true, true)
// expect: (true, true, false, false)
// call: not_u16(0)
// expect: 65535
// call: lowest_set_bit(40)
// expect: 8
// call: clear_lowest_bit(40)
// expect: 32
// call: is_power_of_two(64)
// expect: true
// call: is_power_of_two(96)
// expect: false
// call: is_power_of_two(0)
// expect: false
// call: xor_swap(11, -4)
// expect: (-4, 11)
// call: sign_mask(-17)
// expect: (-1, 17)

pub fn ops_u8(a: u8, b: u8) -> (u8, u8, u8, u8) {
    (a & b, a | b, a ^ b, !a)
}

pub fn ops_i32(a: i32, b: i32) -> (i32, i32, i32, i32) {
    (a & b, a | b, a ^ b, !a)
}

pub fn ops_i64(a: i64, b: i64) -> (i64, i64, i64, i64) {
    (a & b, a | b, a ^ b, !a)
}

// Non-short-circuit operators on bools.
pub fn ops_bool(a: bool, b: bool) -> (bool, bool, bool, bool) {
    (a & b, a | b, a ^ b, !a)
}

pub fn not_u16(a: u16) -> u16 { !a }

pub fn lowest_set_bit(x: i64) -> i64 { x & -x }

pub fn clear_lowest_bit(x: u64) -> u64 { x & (x - 1) }

pub fn is_power_of_two(x: u64) -> bool {
    x != 0 && x & (x - 1) == 0
}

pub fn xor_swap(a: i32, b: i32) -> (i32, i32) {
    let mut a = a;
    let mut b = b;
    a ^= b;
    b ^= a;
    a ^= b;
    (a, b)
}

// Branch-free absolute value through the sign mask.
pub fn sign_mask(x: i64) -> (i64, i64) {
    let mask = x >> 63;
    (mask, (x ^ mask) - mask)
}
