// stage: flow
// `if let Some(x)` tests the option and takes its payload only on the `Some` path.
fn twice(o: Option<i64>) -> i64 {
    if let Some(x) = o { x * 2 } else { 0 }
}

pub fn f(x: i64) -> i64 {
    twice(if x > 0 { Some(x) } else { None })
}
