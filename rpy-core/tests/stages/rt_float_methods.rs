// stage: rtype
// The f64 methods of libm are `float_*` operations (`powf` is `float_pow`); `to_bits` and
// `f64::from_bits` are the bit casts `convert_float_bytes_to_longlong` and back.
pub fn f(x: f64, y: f64) -> f64 {
    let a = x.powf(y) + x.atan2(y) + x.tan() + x.asin() + x.acos() + x.atan();
    let b = x.log10() + x.log2();
    a + b + f64::from_bits(x.to_bits() ^ 1)
}
