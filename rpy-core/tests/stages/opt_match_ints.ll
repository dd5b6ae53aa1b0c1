# `match` on integer literals, with an or-pattern and a wildcard: the chain of `int_eq` tests
# becomes one block switching on `x`, a case per literal and the wildcard's block as the default;
# the range arm stays a test of its own, in the default path.
graph f(x_0: i64) -> i64
block0(x_0: Signed):
    v8: Bool = int_eq(x_0, 0)
    exitswitch v8
    true -> block5(x_0, x_0)
    false -> block4(x_0, x_0)
block5(x_9: Signed, v10: Signed):
    block3(x_9, 10)
block3(x_4: Signed, v5: Signed):
    return(v5)
block4(x_6: Signed, v7: Signed):
    v19: Bool = int_eq(v7, 1)
    exitswitch v19
    true -> block9(x_6, v7, v7)
    false -> block8(x_6, v7, v7)
block9(x_20: Signed, v21: Signed, v22: Signed):
    block7(x_20, v21, v22)
block7(x_13: Signed, v14: Signed, v15: Signed):
    block3(x_13, 20)
block8(x_16: Signed, v17: Signed, v18: Signed):
    v23: Bool = int_eq(v18, 2)
    exitswitch v23
    true -> block10(x_16, v17, v18)
    false -> block6(x_16, v17)
block10(x_24: Signed, v25: Signed, v26: Signed):
    block7(x_24, v25, v26)
block6(x_11: Signed, v12: Signed):
    v29: Bool = int_ge(v12, 3)
    exitswitch v29
    true -> block12(x_11, v12, v12)
    false -> block11(x_11, v12)
block12(x_30: Signed, v31: Signed, v32: Signed):
    v33: Bool = int_le(v32, 9)
    exitswitch v33
    true -> block13(x_30, v31, v32)
    false -> block11(x_30, v31)
block13(x_34: Signed, v35: Signed, v36: Signed):
    block3(x_34, 30)
block11(x_27: Signed, v28: Signed):
    v39: Bool = int_eq(v28, 7)
    exitswitch v39
    true -> block15(x_27, v28)
    false -> block14(x_27, v28)
block15(x_40: Signed, v41: Signed):
    block3(x_40, 35)
block14(x_37: Signed, v38: Signed):
    block3(x_37, 40)
