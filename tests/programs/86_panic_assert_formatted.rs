// assert! with a formatted message
// call: asserted(4)
// expect: 4
// call: asserted(-4)
// expect-panic: negative: -4 ("minus")

pub fn asserted(n: i64) -> i64 {
    let word = if n < 0 { "minus" } else { "plus" };
    assert!(n >= 0, "negative: {} ({:?})", n, word);
    n
}
