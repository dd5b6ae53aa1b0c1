# Division and shifts panic as Rust's do: the checks of a zero divisor, of `MIN / -1` and of a shift
# count too large, each a branch to a panic.
graph quot(a_0: i16, b_1: i16) -> i16
block0(a_0: rffi.SHORT, b_1: rffi.SHORT):
    v7: Bool = int_eq(b_1, 0)
    v8: Void = panic_if(v7, "attempt to divide by zero", <pos 5:5>)
    v9: Bool = int_eq(a_0, -32768)
    v10: Bool = int_eq(b_1, -1)
    v11: Bool = uint_and(v9, v10)
    v12: Void = panic_if(v11, "attempt to divide with overflow", <pos 5:5>)
    v5: rffi.SHORT = int_floordiv(a_0, b_1)
    return(v5)

graph shl(a_0: u32, b_1: u8) -> u32
block0(a_0: rffi.UINT, b_1: rffi.UCHAR):
    v7: rffi.UINT = cast_primitive(b_1)
    v8: rffi.UINT = uint_and(v7, 31)
    v5: rffi.UINT = uint_lshift(a_0, v8)
    return(v5)
