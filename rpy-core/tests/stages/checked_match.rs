// stage: rtype
// `checked_div` in a `match`: the division's overflow and zero checks as flags the match tests.
pub fn safe_div(a: i32, b: i32) -> i32 {
    match a.checked_div(b) {
        Some(q) => q,
        None => -1,
    }
}
