// Indexing a VecDeque past its length panics with std's message
// call: fails(3)
// expect-panic: Out of bounds access
use std::collections::VecDeque;

pub fn fails(i: usize) -> i64 {
    let mut d = VecDeque::new();
    d.push_back(1i64);
    d.push_front(0);
    d[i]
}
