// stage: rtype
// `if`/`else if`/`else` as an expression: a branch per condition, the arms' values joining in one block.
pub fn sign(x: i64) -> i64 {
    if x < 0 { -1 } else if x == 0 { 0 } else { 1 }
}
