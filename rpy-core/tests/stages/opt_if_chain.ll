# A hand-written `if`/`else if` chain comparing one `u8` with constants becomes a switch; a chain
# whose second test compares another value, and a single test, stay two-way branches.
graph classify(c_0: u8) -> i64
block0(c_0: rffi.UCHAR):
    v5: Bool = uint_eq(c_0, 43)
    exitswitch v5
    true -> block4(c_0)
    false -> block3(c_0)
block4(c_6: rffi.UCHAR):
    block5(c_6, 1)
block5(c_7: rffi.UCHAR, v8: Signed):
    return(v8)
block3(c_4: rffi.UCHAR):
    v10: Bool = uint_eq(c_4, 45)
    exitswitch v10
    true -> block7(c_4)
    false -> block6(c_4)
block7(c_11: rffi.UCHAR):
    block8(c_11, 2)
block8(c_12: rffi.UCHAR, v13: Signed):
    block5(c_12, v13)
block6(c_9: rffi.UCHAR):
    v15: Bool = uint_eq(c_9, 46)
    exitswitch v15
    true -> block10(c_9)
    false -> block9(c_9)
block10(c_16: rffi.UCHAR):
    block11(c_16, 3)
block11(c_17: rffi.UCHAR, v18: Signed):
    block8(c_17, v18)
block9(c_14: rffi.UCHAR):
    block11(c_14, 0)

graph mixed(a_0: i64, b_1: i64) -> i64
block0(a_0: Signed, b_1: Signed):
    v7: Bool = int_eq(a_0, 1)
    exitswitch v7
    true -> block4(a_0, b_1)
    false -> block3(a_0, b_1)
block4(a_8: Signed, b_9: Signed):
    block5(a_8, b_9, 10)
block5(a_10: Signed, b_11: Signed, v12: Signed):
    return(v12)
block3(a_5: Signed, b_6: Signed):
    v15: Bool = int_eq(b_6, 2)
    exitswitch v15
    true -> block7(a_5, b_6)
    false -> block6(a_5, b_6)
block7(a_16: Signed, b_17: Signed):
    block8(a_16, b_17, 20)
block8(a_18: Signed, b_19: Signed, v20: Signed):
    block5(a_18, b_19, v20)
block6(a_13: Signed, b_14: Signed):
    block8(a_13, b_14, 30)

graph single(a_0: i64) -> i64
block0(a_0: Signed):
    v5: Bool = int_eq(a_0, 5)
    exitswitch v5
    true -> block4(a_0)
    false -> block3(a_0)
block4(a_6: Signed):
    block5(a_6, 1)
block5(a_7: Signed, v8: Signed):
    return(v8)
block3(a_4: Signed):
    block5(a_4, 2)
