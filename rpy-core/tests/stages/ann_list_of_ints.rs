// stage: annotate
// A list made by `Vec::new` and `push` is one list through the loop (`push` gives nothing); its
// `len` is a non-negative `usize`.
pub fn f(n: i64) -> usize {
    let mut v = Vec::new();
    let mut i = 0;
    while i < n {
        v.push(i);
        i += 1;
    }
    v.len()
}
