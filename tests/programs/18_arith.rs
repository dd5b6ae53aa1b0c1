// Basic arithmetic + - * / % and unary minus on signed, unsigned and float operands.
// debug-panic: attempt to subtract with overflow
// call: ops_i64(17, 5)
// expect: (22, 12, 85, 3, 2)
// call: ops_i64(-17, 5)
// expect: (-12, -22, -85, -3, -2)
// call: ops_u32(17, 5)
// expect: (22, 12, 85, 3, 2)
// call: ops_u32(3, 5)
// expect: (8, 4294967294, 15, 0, 3)
// call: ops_f64(7.5, 2.0)
// expect: (9.5, 5.5, 15.0, 3.75, 1.5)
// call: ops_f64(-7.5, 2.0)
// expect: (-5.5, -9.5, -15.0, -3.75, -1.5)
// call: negate(5, 2.5)
// expect: (-5, -2.5)
// call: negate(-9223372036854775808, -0.0)
// expect: (-9223372036854775808, 0.0)
// call: polynomial(3)
// expect: 40
// call: polynomial(-2)
// expect: -35
// call: midpoint(9223372036854775807, 9223372036854775805)
// expect: (-2, 9223372036854775806)
// call: midpoint(-7, 4)
// expect: (-1, -1)

pub fn ops_i64(a: i64, b: i64) -> (i64, i64, i64, i64, i64) {
    (a + b, a - b, a * b, a / b, a % b)
}

pub fn ops_u32(a: u32, b: u32) -> (u32, u32, u32, u32, u32) {
    (a + b, a - b, a * b, a / b, a % b)
}

pub fn ops_f64(a: f64, b: f64) -> (f64, f64, f64, f64, f64) {
    (a + b, a - b, a * b, a / b, a % b)
}

pub fn negate(a: i64, x: f64) -> (i64, f64) {
    (-a, -x)
}

// 2x^3 - 3x^2 + 4x + 1 by Horner's rule.
pub fn polynomial(x: i64) -> i64 {
    ((2 * x - 3) * x + 4) * x + 1
}

// The naive midpoint wraps; the careful one does not.
pub fn midpoint(a: i64, b: i64) -> (i64, i64) {
    let naive = (a + b) / 2;
    let careful = a / 2 + b / 2 + (a % 2 + b % 2) / 2;
    (naive, careful)
}
