// stage: flow
// `for` over a range: a counter compared with the range's end and stepped by one, with no iterator
// object (RPython's range without a list).
pub fn f(n: i64) -> i64 {
    let mut s = 0;
    for i in 0..n {
        s += i;
    }
    s
}
