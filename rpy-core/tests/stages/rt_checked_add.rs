// stage: rtype
// `checked_add` is `int_add_checked`: a pair of a flag (no overflow) and the sum, which the
// `match` tests and takes apart (RPython's `int_add_ovf`, its exception a flag).
pub fn f(a: i64, b: i64) -> i64 {
    match a.checked_add(b) {
        Some(s) => s,
        None => 0,
    }
}
