// stage: annotate
// Chars and bools: a char compared with char literals, cast to an integer code (non-negative), and
// bools combined with `!` and `==`.
pub fn f(c: char, flag: bool) -> u32 {
    let digit = c >= '0' && c <= '9';
    if digit == !flag { c as u32 } else { 0 }
}
