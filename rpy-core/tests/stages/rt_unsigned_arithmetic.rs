// stage: rtype
// Unsigned integers get the unsigned operations: `uint_` comparison, division and remainder (after
// the divisor's zero check), and a logical right shift.
pub fn f(a: u64, b: u64) -> u64 {
    if a < b { (a >> 3) % 7 } else { a / (b | 1) }
}
