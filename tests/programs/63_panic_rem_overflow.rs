// i32::MIN % -1 panics as an overflow, although the mathematical result would be 0.
// call: rem(-2147483648, 3)
// expect: -2
// call: rem(-2147483647, -1)
// expect: 0
// call: checked(-2147483648, -1)
// expect: -1
// call: rem(-2147483648, -1)
// expect-panic: attempt to calculate the remainder with overflow

pub fn rem(a: i32, b: i32) -> i32 {
    a % b
}

pub fn checked(a: i32, b: i32) -> i32 {
    match a.checked_rem(b) {
        Some(r) => r,
        None => -1,
    }
}
