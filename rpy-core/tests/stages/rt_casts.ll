# `as` casts between integer widths and floats: truncation, sign and zero extension, and float to
# int with Rust's saturation.
graph f(x_0: i64, y_1: f64) -> i64
block0(x_0: Signed, y_1: Float):
    v5: rffi.UCHAR = cast_primitive(x_0)
    v6: rffi.INT = cast_primitive(x_0)
    v7: Signed = cast_float_to_int(y_1)
    v8: Signed = cast_primitive(v5)
    v9: Signed = cast_primitive(v6)
    v10: Signed = int_add(v8, v9)
    v11: Signed = int_add(v10, v7)
    return(v11)
