// Integer division by zero panics (floats would give inf instead).
// call: average(10, 4)
// expect: 2
// call: float_average(10.0, 0)
// expect: inf
// call: average(10, 0)
// expect-panic: attempt to divide by zero

pub fn average(total: i64, count: i64) -> i64 {
    total / count
}

pub fn float_average(total: f64, count: i32) -> f64 {
    total / count as f64
}
