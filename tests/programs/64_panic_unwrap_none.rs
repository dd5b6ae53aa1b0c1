// `.unwrap()` on the None produced by checked_shl with an oversized shift amount panics.
// call: shift(1, 10)
// expect: 1024
// call: shift(1, 63)
// expect: -9223372036854775808
// call: shift(1, 70)
// expect-panic: called `Option::unwrap()` on a `None` value

pub fn shift(a: i64, n: u32) -> i64 {
    a.checked_shl(n).unwrap()
}
