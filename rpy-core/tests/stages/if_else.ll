# `if`/`else if`/`else` as an expression: a branch per condition, the arms' values joining in one
# block.
graph sign(x_0: i64) -> i64
block0(x_0: Signed):
    v5: Bool = int_lt(x_0, 0)
    exitswitch v5
    true -> block4(x_0)
    false -> block3(x_0)
block4(x_6: Signed):
    block5(x_6, -1)
block5(x_7: Signed, v8: Signed):
    return(v8)
block3(x_4: Signed):
    v10: Bool = int_eq(x_4, 0)
    exitswitch v10
    true -> block7(x_4)
    false -> block6(x_4)
block7(x_11: Signed):
    block8(x_11, 0)
block8(x_12: Signed, v13: Signed):
    block5(x_12, v13)
block6(x_9: Signed):
    block8(x_9, 1)
