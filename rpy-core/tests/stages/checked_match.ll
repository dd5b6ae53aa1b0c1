# `checked_div` in a `match`: the division's overflow and zero checks as flags the match tests.
graph safe_div(a_0: i32, b_1: i32) -> i32
block0(a_0: rffi.INT, b_1: rffi.INT):
    v5: Struct(Bool, rffi.INT) = int_floordiv_checked(a_0, b_1)
    v12: Bool = tuple_getitem(v5, 0)
    exitswitch v12
    true -> block5(a_0, b_1, v5, v5)
    false -> block4(a_0, b_1, v5)
block5(a_13: rffi.INT, b_14: rffi.INT, v15: Struct(Bool, rffi.INT), v16: Struct(Bool, rffi.INT)):
    v17: rffi.INT = tuple_getitem(v16, 1)
    block3(a_13, b_14, v17)
block3(a_6: rffi.INT, b_7: rffi.INT, v8: rffi.INT):
    return(v8)
block4(a_9: rffi.INT, b_10: rffi.INT, v11: Struct(Bool, rffi.INT)):
    block3(a_9, b_10, -1)
