// Comparisons on every kind of scalar and short-circuit && / || that guard against division by zero.
// call: cmp_i64(-3, 5)
// expect: (true, true, false, false, false, true)
// call: cmp_i64(5, 5)
// expect: (false, true, false, true, true, false)
// call: cmp_u64(18446744073709551615, 1)
// expect: (false, true)
// call: signed_vs_unsigned(-1)
// expect: (true, false)
// call: cmp_f64(0.1, 0.2)
// expect: (true, false, true)
// call: cmp_f64(-0.0, 0.0)
// expect: (false, false, true)
// call: cmp_char('a', 'b')
// expect: (true, false)
// call: cmp_bool(false, true)
// expect: (true, true)
// call: safe_ratio_above(10, 0, 2)
// expect: false
// call: safe_ratio_above(10, 3, 2)
// expect: true
// call: zero_or_divides(0, 7)
// expect: true
// call: zero_or_divides(3, 7)
// expect: false
// call: zero_or_divides(7, 21)
// expect: true
// call: in_range(5, 1, 10)
// expect: true
// call: in_range(-5, 1, 10)
// expect: false
// call: xor_logic(true, true, false)
// expect: true

pub fn cmp_i64(a: i64, b: i64) -> (bool, bool, bool, bool, bool, bool) {
    (a < b, a <= b, a > b, a >= b, a == b, a != b)
}

pub fn cmp_u64(a: u64, b: u64) -> (bool, bool) {
    (a < b, a > b)
}

// The same bits compare differently as signed and as unsigned numbers.
pub fn signed_vs_unsigned(a: i32) -> (bool, bool) {
    (a < 1, (a as u32) < 1)
}

pub fn cmp_f64(a: f64, b: f64) -> (bool, bool, bool) {
    (a < b, a > b, a <= b)
}

pub fn cmp_char(a: char, b: char) -> (bool, bool) {
    (a < b, a == b)
}

pub fn cmp_bool(a: bool, b: bool) -> (bool, bool) {
    (a < b, a != b)
}

// The division is only evaluated when the divisor is non-zero.
pub fn safe_ratio_above(n: i64, d: i64, limit: i64) -> bool {
    d != 0 && n / d > limit
}

pub fn zero_or_divides(d: i64, n: i64) -> bool {
    d == 0 || n % d == 0
}

pub fn in_range(x: i32, lo: i32, hi: i32) -> bool {
    !(x < lo || x > hi) && lo <= hi
}

pub fn xor_logic(a: bool, b: bool, c: bool) -> bool {
    (a || b) && !(a && b && c) && (a != c || b)
}
