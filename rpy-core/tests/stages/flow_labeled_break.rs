// stage: flow
// A labeled `break` leaves both loops at once; the inner loop's own exit goes on with the outer
// one.
pub fn f(n: i64) -> i64 {
    let mut found = -1;
    'outer: for i in 0..n {
        for j in 0..n {
            if i * j == 12 {
                found = i;
                break 'outer;
            }
        }
    }
    found
}
