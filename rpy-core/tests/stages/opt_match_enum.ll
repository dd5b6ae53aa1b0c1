# `match` on an enum with data: each arm re-reads the tag of the same object, and the chain still
# becomes one switch on the tag the first block reads (tags never change), with a case per arm, the
# last included (a match of three arms or more tests its last arm; the default is the unreachable
# fall-through); a field-less enum's chain becomes a switch on its value.
graph step(i_0: enum0, acc_1: i64) -> i64
block0(i_0: Ptr(T4), acc_1: Signed):
    v52: rffi.USHORT = getfield(i_0, "#tag")
    v11: Bool = uint_eq(v52, 0)
    exitswitch v11
    true -> block5(i_0, acc_1, i_0, i_0)
    false -> block4(i_0, acc_1, i_0)
block5(i_12: Ptr(T4), acc_13: Signed, v14: Ptr(T4), v15: Ptr(T4)):
    v16: Ptr(T0) = cast_pointer(v15)
    v17: Signed = getfield(v16, "0")
    v18: Signed = int_add(acc_13, v17)
    block3(i_12, acc_13, v18)
block3(i_5: Ptr(T4), acc_6: Signed, v7: Signed):
    return(v7)
block4(i_8: Ptr(T4), acc_9: Signed, v10: Ptr(T4)):
    v57: rffi.USHORT = getfield(v10, "#tag")
    v22: Bool = uint_eq(v57, 1)
    exitswitch v22
    true -> block7(i_8, acc_9, v10, v10)
    false -> block6(i_8, acc_9, v10)
block7(i_23: Ptr(T4), acc_24: Signed, v25: Ptr(T4), v26: Ptr(T4)):
    v27: Ptr(T1) = cast_pointer(v26)
    v28: Signed = int_mul(acc_24, 2)
    block3(i_23, acc_24, v28)
block6(i_19: Ptr(T4), acc_20: Signed, v21: Ptr(T4)):
    v61: rffi.USHORT = getfield(v21, "#tag")
    v32: Bool = uint_eq(v61, 2)
    exitswitch v32
    true -> block9(i_19, acc_20, v21, v21)
    false -> block8(i_19, acc_20, v21)
block9(i_33: Ptr(T4), acc_34: Signed, v35: Ptr(T4), v36: Ptr(T4)):
    v37: Ptr(T2) = cast_pointer(v36)
    v38: Unsigned = getfield(v37, "0")
    v40: Signed = cast_primitive(v38)
    block3(i_33, acc_34, v40)
block8(i_29: Ptr(T4), acc_30: Signed, v31: Ptr(T4)):
    v66: rffi.USHORT = getfield(v31, "#tag")
    v44: Bool = uint_eq(v66, 3)
    exitswitch v44
    true -> block11(i_29, acc_30, v31, v31)
    false -> block10(i_29, acc_30, v31)
block11(i_45: Ptr(T4), acc_46: Signed, v47: Ptr(T4), v48: Ptr(T4)):
    v49: Ptr(T3) = cast_pointer(v48)
    block3(i_45, acc_46, -1)
block10(i_41: Ptr(T4), acc_42: Signed, v43: Ptr(T4)):
    v50: Void = unreachable("internal error: entered unreachable code", <pos 21:5>)

graph shade(c_0: enum1) -> i64
block0(c_0: Signed):
    v8: Bool = int_eq(c_0, 0)
    exitswitch v8
    true -> block5(c_0, c_0)
    false -> block4(c_0, c_0)
block5(c_9: Signed, v10: Signed):
    block3(c_9, 1)
block3(c_4: Signed, v5: Signed):
    return(v5)
block4(c_6: Signed, v7: Signed):
    v13: Bool = int_eq(v7, 1)
    exitswitch v13
    true -> block7(c_6, v7)
    false -> block6(c_6, v7)
block7(c_14: Signed, v15: Signed):
    block3(c_14, 2)
block6(c_11: Signed, v12: Signed):
    v18: Bool = int_eq(v12, 2)
    exitswitch v18
    true -> block9(c_11, v12)
    false -> block8(c_11, v12)
block9(c_19: Signed, v20: Signed):
    block3(c_19, 3)
block8(c_16: Signed, v17: Signed):
    v21: Void = unreachable("internal error: entered unreachable code", <pos 30:5>)

graph run(n_0: i64) -> i64
block0(n_0: Signed):
    v4: Ptr(T4) = new_tagged(<T0>, n_0)
    v5: Signed = direct_call(<graph0>, v4, 1)
    v7: Signed = direct_call(<graph0>, <prebuilt T1 #1>, n_0)
    v8: Signed = int_add(v5, v7)
    v19: Ptr(T2) = malloc(<T2>)
    v20: Void = setfield(v19, "0", 3)
    v21: Void = setfield(v19, "#tag", 2)
    v9: Ptr(T4) = cast_pointer(v19)
    v10: Signed = direct_call(<graph0>, v9, 0)
    v11: Signed = int_add(v8, v10)
    v12: Signed = direct_call(<graph1>, 2)
    v13: Signed = int_add(v11, v12)
    return(v13)
