// stage: flow
// Shadowed `let`s are new variables, and a block is an expression whose value is its last one.
pub fn f(x: i64) -> i64 {
    let y = x + 1;
    let y = {
        let z = y * 2;
        z - x
    };
    y
}
