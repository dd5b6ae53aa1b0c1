// stage: annotate
// A variable joining a non-negative and a negative constant is a signed integer that may be
// negative (the union of the two).
pub fn f(x: i64) -> i64 {
    let r = if x > 0 { 1 } else { -1 };
    r * x
}
