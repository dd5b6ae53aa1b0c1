// i64::MIN / -1 overflows and panics even with overflow checks off; neighbouring cases succeed.
// call: quotient(-9223372036854775808, 1)
// expect: -9223372036854775808
// call: quotient(-9223372036854775807, -1)
// expect: 9223372036854775807
// call: quotient_i8(-128, 2)
// expect: -64
// call: quotient(-9223372036854775808, -1)
// expect-panic: attempt to divide with overflow

pub fn quotient(a: i64, b: i64) -> i64 {
    a / b
}

pub fn quotient_i8(a: i8, b: i8) -> i8 {
    a / b
}
