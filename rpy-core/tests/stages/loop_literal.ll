# The literal 0 takes its type (u8) from its use; `k` falls back to i32.
graph sum(n_0: u8) -> u8
block0(n_0: rffi.UCHAR):
    block3(n_0, 0, 1)
block3(n_4: rffi.UCHAR, s_5: rffi.UCHAR, k_6: rffi.INT):
    v10: Bool = int_lt(k_6, 4)
    exitswitch v10
    true -> block5(n_4, s_5, k_6)
    false -> block4(n_4, s_5, k_6)
block5(n_11: rffi.UCHAR, s_12: rffi.UCHAR, k_13: rffi.INT):
    v14: rffi.UCHAR = uint_add(s_12, n_11)
    v15: rffi.INT = int_add(k_13, 1)
    block3(n_11, v14, v15)
block4(n_7: rffi.UCHAR, s_8: rffi.UCHAR, k_9: rffi.INT):
    return(s_8)
