// Appending a part of a list in place checks the slice as slicing does (std's message)
// call: ok(1)
// expect: "[2, 3, 4]"
// call: fails(3)
// expect-panic: slice index starts at 3 but ends at 1

pub fn ok(i: usize) -> String {
    let v: Vec<i64> = vec![1, 2, 3, 4];
    let mut w: Vec<i64> = Vec::new();
    w.extend_from_slice(&v[i..=i]);
    w.extend_from_slice(&v[i + 1..]);
    format!("{:?}", w)
}

pub fn fails(i: usize) -> usize {
    let v: Vec<i64> = vec![1, 2, 3, 4];
    let mut w: Vec<i64> = Vec::new();
    w.extend_from_slice(&v[i..1]);
    w.len()
}
