// Slicing a Vec up to past its end
// call: fails(5)
// expect-panic: range end index 5 out of range for slice of length 3

pub fn fails(i: usize) -> usize {
    let v = vec![1, 2, 3];
    let w = &v[1..i];
    w.len()
}
