// stage: annotate
// Float arithmetic, a cast from an integer and a comparison giving a bool.
pub fn f(n: i64) -> bool {
    let x = n as f64 * 0.5;
    let y = x * x + 1.0;
    y > 10.0
}
