// stage: flow
// A `return` inside a loop goes straight to the return block.
fn position(v: &[i64], x: i64) -> i64 {
    let mut i = 0;
    while i < v.len() {
        if v[i] == x {
            return i as i64;
        }
        i += 1;
    }
    -1
}

pub fn f(x: i64) -> i64 {
    position(&vec![4, 5, 6], x)
}
