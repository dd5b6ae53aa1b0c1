// A failing assert! with a literal message reports exactly that message.
// call: checked_sqrt(16.0)
// expect: 4.0
// call: checked_sqrt(0.0)
// expect: 0.0
// call: checked_sqrt(-1.0)
// expect-panic: square root of a negative number

pub fn checked_sqrt(x: f64) -> f64 {
    assert!(x >= 0.0, "square root of a negative number");
    x.sqrt()
}
