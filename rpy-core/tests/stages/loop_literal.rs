// stage: rtype
// The literal 0 takes its type (u8) from its use; `k` falls back to i32.
pub fn sum(n: u8) -> u8 {
    let mut s = 0;
    let mut k = 1;
    while k < 4 {
        s += n;
        k += 1;
    }
    s
}
