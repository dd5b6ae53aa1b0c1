// `unwrap_err()` of an `Ok` panics with std's message and the value's `{:?}`
// call: fails(7)
// expect-panic: called `Result::unwrap_err()` on an `Ok` value: [7, 8]

fn check(x: i64) -> Result<Vec<i64>, String> {
    if x > 0 {
        Ok(vec![x, x + 1])
    } else {
        Err("negative".to_string())
    }
}

pub fn fails(x: i64) -> usize {
    check(x).unwrap_err().len()
}
