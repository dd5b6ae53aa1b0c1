// stage: annotate
// Each call of a generic function is a `generic_call` annotated with its own argument types (`i64`
// at one, `u8` at the other): the translator makes one specialization per type afterwards.
fn bigger<T: PartialOrd>(a: T, b: T) -> T {
    if a > b { a } else { b }
}

pub fn f(x: i64, y: u8) -> i64 {
    bigger(x, 3) + bigger(y, 4) as i64
}
