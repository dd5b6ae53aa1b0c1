// panic! with a formatted message (inline and positional arguments)
// call: check(3)
// expect: 9
// call: check(12)
// expect-panic: value 12 is too big (limit 10)

pub fn check(n: i64) -> i64 {
    let limit = 10;
    if n > limit {
        panic!("value {n} is too big (limit {})", limit);
    }
    n * n
}
