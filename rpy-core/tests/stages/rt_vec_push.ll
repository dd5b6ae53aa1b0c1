# A resizable list: its list struct and items array, `push` a call of the list's append helper,
# `len` a read of its length.
graph f(n_0: i64) -> usize
block0(n_0: Signed):
    v10: Signed = cast_primitive(0)
    v11: Ptr(T0) = malloc_varsize(<T0>, v10)
    v12: Ptr(T1) = malloc(<T1>)
    v13: Void = setfield(v12, "length", v10)
    v14: Void = setfield(v12, "items", v11)
    v5: Void = direct_call(<graph1>, v12, n_0)
    v6: Signed = int_add(n_0, 1)
    v7: Void = direct_call(<graph1>, v12, v6)
    v18: Signed = getfield(v12, "length")
    v8: Unsigned = cast_primitive(v18)
    return(v8)

graph ll_append(v0: (), v1: i64) -> ()
block0(v0: Ptr(T1), v1: Signed):
    v5: Signed = getfield(v0, "length")
    v6: Ptr(T0) = getfield(v0, "items")
    v7: Signed = getarraysize(v6)
    v8: Bool = int_eq(v5, v7)
    exitswitch v8
    false -> block4(v0, v1, v5)
    true -> block3(v0, v1, v5, v6, v7)
block4(v14: Ptr(T1), v15: Signed, v16: Signed):
    v41: Ptr(T0) = getfield(v14, "items")
    v42: Void = setarrayitem(v41, v16, v15)
    v43: Signed = int_add(v16, 1)
    v44: Void = setfield(v14, "length", v43)
    return(())
block3(v9: Ptr(T1), v10: Signed, v11: Signed, v12: Ptr(T0), v13: Signed):
    v17: Signed = int_mul(v13, 2)
    v18: Signed = int_add(v17, 4)
    v19: Ptr(T0) = malloc_varsize(<T0>, v18)
    block5(v9, v10, v11, v12, v19, 0)
block5(v20: Ptr(T1), v21: Signed, v22: Signed, v23: Ptr(T0), v24: Ptr(T0), v25: Signed):
    v26: Bool = int_lt(v25, v22)
    exitswitch v26
    false -> block7(v20, v21, v22, v24)
    true -> block6(v20, v21, v22, v23, v24, v25)
block7(v33: Ptr(T1), v34: Signed, v35: Signed, v36: Ptr(T0)):
    v40: Void = setfield(v33, "items", v36)
    block4(v33, v34, v35)
block6(v27: Ptr(T1), v28: Signed, v29: Signed, v30: Ptr(T0), v31: Ptr(T0), v32: Signed):
    v37: Signed = getarrayitem(v30, v32)
    v38: Void = setarrayitem(v31, v32, v37)
    v39: Signed = int_add(v32, 1)
    block5(v27, v28, v29, v30, v31, v39)
