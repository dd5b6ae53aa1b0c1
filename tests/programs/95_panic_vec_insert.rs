// Vec::insert past the end panics at the caller's position
// call: fails(4)
// expect-panic: insertion index (is 4) should be <= len (is 3)

pub fn fails(i: usize) -> usize {
    let mut v = vec![1, 2, 3];
    v.insert(3, 4);
    v.truncate(3);
    v.insert(i, 5);
    v.len()
}
