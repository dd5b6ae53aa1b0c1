// With overflow checks off, a shift amount at or above the bit width is taken modulo the width.
// debug-panic: attempt to shift left with overflow
// call: shl_masked(1, 64)
// expect: 1
// call: shl_masked(1, 65)
// expect: 2
// call: shr_masked(-256, 68)
// expect: -16
// call: shr_u32_masked(4096, 35)
// expect: 512
// call: shl_u8_masked(1, 9)
// expect: 2
// call: shl_i16_masked(3, 31)
// expect: -32768
// call: checked_vs_masked(1, 70)
// expect: (-1, 64)

pub fn shl_masked(a: i64, n: u32) -> i64 { a << n }

pub fn shr_masked(a: i64, n: u32) -> i64 { a >> n }

pub fn shr_u32_masked(a: u32, n: u32) -> u32 { a >> n }

pub fn shl_u8_masked(a: u8, n: u32) -> u8 { a << n }

pub fn shl_i16_masked(a: i16, n: u32) -> i16 { a << n }

// checked_shl reports the oversized amount instead of masking it.
pub fn checked_vs_masked(a: i64, n: u32) -> (i64, i64) {
    let checked = match a.checked_shl(n) {
        Some(v) => v,
        None => -1,
    };
    (checked, a << n)
}
