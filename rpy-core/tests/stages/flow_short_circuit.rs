// stage: flow
// `&&` and `||` evaluate their right operand only when needed: each is a branch, not an operation.
pub fn f(a: i64, b: i64) -> bool {
    (a > 0 && b > 0) || a == b
}
