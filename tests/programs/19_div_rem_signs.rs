// Division truncates toward zero and % takes the dividend's sign; Euclidean variants built on top.
// call: div_rem(7, 2)
// expect: (3, 1)
// call: div_rem(-7, 2)
// expect: (-3, -1)
// call: div_rem(7, -2)
// expect: (-3, 1)
// call: div_rem(-7, -2)
// expect: (3, -1)
// call: div_rem(-9223372036854775808, 2)
// expect: (-4611686018427387904, 0)
// call: div_rem_i8(-128, 3)
// expect: (-42, -2)
// call: div_rem_u8(200, 7)
// expect: (28, 4)
// call: floor_div_mod(-7, 2)
// expect: (-4, 1)
// call: floor_div_mod(7, -2)
// expect: (-4, -1)
// call: euclid_mod(-7, 3)
// expect: 2
// call: euclid_mod(7, -3)
// expect: 1
// call: unsigned_vs_signed(-8)
// expect: (-4, 9223372036854775804)

pub fn div_rem(a: i64, b: i64) -> (i64, i64) {
    (a / b, a % b)
}

pub fn div_rem_i8(a: i8, b: i8) -> (i8, i8) {
    (a / b, a % b)
}

pub fn div_rem_u8(a: u8, b: u8) -> (u8, u8) {
    (a / b, a % b)
}

// Division rounding toward negative infinity, as Python does it.
pub fn floor_div_mod(a: i64, b: i64) -> (i64, i64) {
    let mut q = a / b;
    let mut r = a % b;
    if r != 0 && (r < 0) != (b < 0) {
        q -= 1;
        r += b;
    }
    (q, r)
}

// Remainder that is always non-negative.
pub fn euclid_mod(a: i64, b: i64) -> i64 {
    let r = a % b;
    if r < 0 { r + b.abs() } else { r }
}

// The same bits divided as a signed and as an unsigned number.
pub fn unsigned_vs_signed(a: i64) -> (i64, u64) {
    (a / 2, (a as u64) / 2)
}
