// stage: annotate
// The length of a list is a non-negative `usize`, and so is an index counting up from 0 (RPython's
// `nonneg`).
fn count(v: &[i64]) -> usize {
    let mut i = 0;
    while i < v.len() {
        i += 1;
    }
    i
}

pub fn f(n: i64) -> usize {
    count(&vec![n, 2, 3])
}
