// The module's own #[track_caller] functions: a panic reports the outermost tracked call's position
// call: ok(3)
// expect: 6
// call: fails(0)
// expect-panic: need a positive number, got 0

#[track_caller]
fn check(n: i64) -> i64 {
    if n <= 0 {
        panic!("need a positive number, got {}", n);
    }
    n
}

#[track_caller]
fn twice(n: i64) -> i64 {
    check(n) * 2
}

pub fn ok(n: i64) -> i64 {
    twice(n)
}

pub fn fails(n: i64) -> i64 {
    let a = check(n + 1);
    a + twice(n)
}
