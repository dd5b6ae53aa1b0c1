// stage: flow
// A `while` with `continue` and `break`: the loop's header block is the target of the back edge
// and of `continue`; `break` goes to the block after the loop.
pub fn f(n: i64) -> i64 {
    let mut i = 0;
    let mut s = 0;
    while i < n {
        i += 1;
        if i % 2 == 0 {
            continue;
        }
        if s > 100 {
            break;
        }
        s += i;
    }
    s
}
