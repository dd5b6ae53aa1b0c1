// stage: backendopt
// `match` on integer literals, with an or-pattern and a wildcard: the chain of `int_eq` tests
// becomes one block switching on `x`, a case per literal and the wildcard's block as the
// default; the range arm stays a test of its own, in the default path.
pub fn f(x: i64) -> i64 {
    match x {
        0 => 10,
        1 | 2 => 20,
        3..=9 => 30,
        7 => 35,
        _ => 40,
    }
}
