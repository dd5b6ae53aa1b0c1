// stage: annotate
// `Option<i64>` may be none; `unwrap_or` gives a plain integer.
fn find(x: i64) -> Option<i64> {
    if x > 10 { Some(x) } else { None }
}

pub fn f(x: i64) -> i64 {
    find(x).unwrap_or(0)
}
