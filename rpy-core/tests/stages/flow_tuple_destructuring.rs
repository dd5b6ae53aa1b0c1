// stage: flow
// A tuple made and taken apart again by a pattern: `newtuple` and `getitem` by index.
pub fn f(a: i64, b: i64) -> i64 {
    let (x, y) = (b, a);
    x - y
}
