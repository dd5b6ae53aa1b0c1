// Vec::remove out of range panics at the caller's position (#[track_caller] in the prelude)
// call: ok(1)
// expect: "[1, 3] [1, 9, 3]"
// call: fails(7)
// expect-panic: removal index (is 7) should be < len (is 3)

pub fn ok(i: usize) -> String {
    let mut v = vec![1, 2, 3];
    let mut w = v.clone();
    v.remove(i);
    w.insert(i, 9);
    w.remove(i + 1);
    w.insert(i + 1, 2);
    w.remove(i + 1);
    format!("{:?} {:?}", v, w)
}

pub fn fails(i: usize) -> i64 {
    let mut v = vec![1, 2, 3];
    v.remove(i)
}
