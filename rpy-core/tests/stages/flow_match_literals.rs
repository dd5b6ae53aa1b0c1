// stage: flow
// `match` on integers with literals, an or-pattern, a range and a wildcard: a chain of
// comparisons, each arm its own block, all joining one block.
pub fn f(x: i64) -> i64 {
    match x {
        0 => 10,
        1 | 2 => 20,
        3..=9 => 30,
        _ => 40,
    }
}
