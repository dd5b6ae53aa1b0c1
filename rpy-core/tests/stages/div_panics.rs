// stage: rtype
// Division and shifts panic as Rust's do: the checks of a zero divisor, of `MIN / -1` and of a shift
// count too large, each a branch to a panic.
pub fn quot(a: i16, b: i16) -> i16 {
    a / b
}

pub fn shl(a: u32, b: u8) -> u32 {
    a << b
}
