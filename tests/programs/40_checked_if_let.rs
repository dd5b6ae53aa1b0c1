// checked_div/rem/neg/shl consumed by `if let`, `.unwrap_or(d)` and `.unwrap()` on a Some.
// call: safe_div(7, 2)
// expect: 3
// call: safe_div(7, 0)
// expect: 0
// call: safe_div(-9223372036854775808, -1)
// expect: 0
// call: safe_rem(-7, 3)
// expect: -1
// call: safe_rem(5, 0)
// expect: -99
// call: safe_rem(-2147483648, -1)
// expect: -99
// call: negate_or(-128)
// expect: 127
// call: negate_or(5)
// expect: -5
// call: negate_unsigned(0)
// expect: 0
// call: negate_unsigned(1)
// expect: 4294967295
// call: shl_or_zero(1, 63)
// expect: -9223372036854775808
// call: shl_or_zero(1, 64)
// expect: 0
// call: shl_or_zero(1, 70)
// expect: 0
// call: unwrap_ok(40, 2)
// expect: (42, 20, 0, 160)

pub fn safe_div(a: i64, b: i64) -> i64 {
    if let Some(q) = a.checked_div(b) {
        q
    } else {
        0
    }
}

pub fn safe_rem(a: i32, b: i32) -> i32 {
    a.checked_rem(b).unwrap_or(-99)
}

pub fn negate_or(x: i8) -> i8 {
    if let Some(n) = x.checked_neg() {
        return n;
    }
    i8::MAX
}

// For unsigned values only zero can be negated; otherwise fall back to wrapping.
pub fn negate_unsigned(x: u32) -> u32 {
    x.checked_neg().unwrap_or(x.wrapping_neg())
}

pub fn shl_or_zero(a: i64, n: u32) -> i64 {
    a.checked_shl(n).unwrap_or(0)
}

pub fn unwrap_ok(a: u8, b: u8) -> (u8, u8, u8, u8) {
    let s = a.checked_add(b).unwrap();
    let q = a.checked_div(b).unwrap();
    let r = a.checked_rem(b).unwrap();
    let l = a.checked_shl(b as u32).unwrap();
    (s, q, r, l)
}
