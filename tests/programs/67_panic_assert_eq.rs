// A failing assert_eq!; only the first line of its multi-line message is compared.
// call: triangular(4)
// expect: 10
// call: triangular(100)
// expect: 5050
// call: triangular_u8(23)
// expect-panic: assertion `left == right` failed

pub fn triangular(n: u64) -> u64 {
    let mut s = 0;
    for i in 1..=n {
        s += i;
    }
    assert_eq!(s, n * (n + 1) / 2);
    s
}

// In u8 the loop sum wraps while the closed form (computed in u32) does not.
pub fn triangular_u8(n: u8) -> u8 {
    let mut s: u8 = 0;
    for i in 1..=n {
        s = s.wrapping_add(i);
    }
    assert_eq!(s as u32, n as u32 * (n as u32 + 1) / 2);
    s
}
