// Slicing a Vec: in-range slices, then a start after the end (std's message and position)
// call: ok(1)
// expect: "[2, 3] [1] [] [2, 3]"
// call: fails(2)
// expect-panic: slice index starts at 2 but ends at 1

pub fn ok(i: usize) -> String {
    let v = vec![1, 2, 3];
    format!("{:?} {:?} {:?} {:?}", v[i..].to_vec(), v[..i].to_vec(), v[3..].to_vec(), v[i..=2].to_vec())
}

pub fn fails(i: usize) -> usize {
    let v = vec![1, 2, 3];
    let s = &v[i..i - 1];
    s.len()
}
