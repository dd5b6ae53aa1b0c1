# The f64 methods of libm are `float_*` operations (`powf` is `float_pow`); `to_bits` and
# `f64::from_bits` are the bit casts `convert_float_bytes_to_longlong` and back.
graph f(x_0: f64, y_1: f64) -> f64
block0(x_0: Float, y_1: Float):
    v5: Float = float_pow(x_0, y_1)
    v6: Float = float_atan2(x_0, y_1)
    v7: Float = float_add(v5, v6)
    v8: Float = float_tan(x_0)
    v9: Float = float_add(v7, v8)
    v10: Float = float_asin(x_0)
    v11: Float = float_add(v9, v10)
    v12: Float = float_acos(x_0)
    v13: Float = float_add(v11, v12)
    v14: Float = float_atan(x_0)
    v15: Float = float_add(v13, v14)
    v16: Float = float_log10(x_0)
    v17: Float = float_log2(x_0)
    v18: Float = float_add(v16, v17)
    v19: Float = float_add(v15, v18)
    v20: Unsigned = convert_float_bytes_to_longlong(x_0)
    v21: Unsigned = uint_xor(v20, 1)
    v22: Float = convert_longlong_bytes_to_float(v21)
    v23: Float = float_add(v19, v22)
    return(v23)
