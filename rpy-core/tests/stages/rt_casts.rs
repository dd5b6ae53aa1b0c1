// stage: rtype
// `as` casts between integer widths and floats: truncation, sign and zero extension, and float to
// int with Rust's saturation.
pub fn f(x: i64, y: f64) -> i64 {
    let a = x as u8;
    let b = x as i32;
    let c = y as i64;
    a as i64 + b as i64 + c
}
