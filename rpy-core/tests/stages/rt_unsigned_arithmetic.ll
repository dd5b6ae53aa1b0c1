# Unsigned integers get the unsigned operations: `uint_` comparison, division and remainder (after
# the divisor's zero check), and a logical right shift.
graph f(a_0: u64, b_1: u64) -> u64
block0(a_0: Unsigned, b_1: Unsigned):
    v7: Bool = uint_lt(a_0, b_1)
    exitswitch v7
    true -> block4(a_0, b_1)
    false -> block3(a_0, b_1)
block4(a_8: Unsigned, b_9: Unsigned):
    v19: Unsigned = cast_primitive(3)
    v20: Unsigned = uint_and(v19, 63)
    v13: Unsigned = uint_rshift(a_8, v20)
    v22: Bool = uint_eq(7, 0)
    v23: Void = panic_if(v22, "attempt to calculate the remainder with a divisor of zero", <pos 5:16>)
    v14: Unsigned = uint_mod(v13, 7)
    block5(a_8, b_9, v14)
block5(a_10: Unsigned, b_11: Unsigned, v12: Unsigned):
    return(v12)
block3(a_5: Unsigned, b_6: Unsigned):
    v15: Unsigned = uint_or(b_6, 1)
    v26: Bool = uint_eq(v15, 0)
    v27: Void = panic_if(v26, "attempt to divide by zero", <pos 5:38>)
    v16: Unsigned = uint_floordiv(a_5, v15)
    block5(a_5, b_6, v16)
