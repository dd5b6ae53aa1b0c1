// stage: rtype
// A resizable list: its list struct and items array, `push` a call of the list's append helper,
// `len` a read of its length.
pub fn f(n: i64) -> usize {
    let mut v = Vec::new();
    v.push(n);
    v.push(n + 1);
    v.len()
}
