// Slicing a long str past its end: std shows the first 256 bytes, cut at a char boundary, then [...]
// call: fails(300)
// expect-panic: end byte index 301 is out of bounds of `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`[...]

pub fn fails(n: usize) -> usize {
    let s = "é".repeat(n / 2);
    s[1..n + 1].len()
}
