// stage: flow
// `loop` with `break value`: the value leaves the loop on the link to the block after it.
pub fn f(n: i64) -> i64 {
    let mut i = 1;
    loop {
        if i * i > n {
            break i;
        }
        i += 1;
    }
}
