// A failing assert! without a message reports the asserted expression.
// call: halve_even(10)
// expect: 5
// call: halve_even(-4)
// expect: -2
// call: halve_even(7)
// expect-panic: assertion failed: n % 2 == 0

pub fn halve_even(n: i32) -> i32 {
    assert!(n % 2 == 0);
    n / 2
}
