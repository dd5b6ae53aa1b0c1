# `checked_add` is `int_add_checked`: a pair of a flag (no overflow) and the sum, which the `match`
# tests and takes apart (RPython's `int_add_ovf`, its exception a flag).
graph f(a_0: i64, b_1: i64) -> i64
block0(a_0: Signed, b_1: Signed):
    v5: Struct(Bool, Signed) = int_add_checked(a_0, b_1)
    v12: Bool = tuple_getitem(v5, 0)
    exitswitch v12
    true -> block5(a_0, b_1, v5, v5)
    false -> block4(a_0, b_1, v5)
block5(a_13: Signed, b_14: Signed, v15: Struct(Bool, Signed), v16: Struct(Bool, Signed)):
    v17: Signed = tuple_getitem(v16, 1)
    block3(a_13, b_14, v17)
block3(a_6: Signed, b_7: Signed, v8: Signed):
    return(v8)
block4(a_9: Signed, b_10: Signed, v11: Struct(Bool, Signed)):
    block3(a_9, b_10, 0)
