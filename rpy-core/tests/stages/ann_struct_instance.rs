// stage: annotate
// An instance of a struct (its classdef) and the annotations of its fields where they are read.
struct Counter {
    n: i64,
    step: u8,
}

pub fn f() -> i64 {
    let mut c = Counter { n: 0, step: 3 };
    c.n += c.step as i64;
    c.n
}
