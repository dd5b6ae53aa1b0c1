// Result: unwrap/expect/unwrap_or/is_ok/is_err, and the panic of unwrap on an Err (the error's {:?})
// call: results(7)
// expect: (7, 14, -1, true, false, 3)
// call: results(-3)
// expect-panic: called `Result::unwrap()` on an `Err` value: "negative: -3"

fn checked(n: i64) -> Result<i64, String> {
    if n < 0 {
        Err(format!("negative: {}", n))
    } else {
        Ok(n)
    }
}

fn halve(n: i64) -> Result<i64, i64> {
    if n % 2 == 0 {
        Ok(n / 2)
    } else {
        Err(n)
    }
}

pub fn results(n: i64) -> (i64, i64, i64, bool, bool, i64) {
    let a = checked(n).unwrap();
    let b = checked(n * 2).expect("doubling");
    let c = halve(a).unwrap_or(-1);
    let ok = checked(n + 1).is_ok();
    let err = halve(2 * n).is_err();
    let first: Option<i64> = Some(3);
    (a, b, c, ok, err, first.unwrap())
}
