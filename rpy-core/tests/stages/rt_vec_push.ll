# A resizable list: its list struct and items array, `push` a call of the list's append helper,
# `len` a read of its length.
graph f(n_0: i64) -> usize
block0(n_0: Signed):
    v10: Signed = cast_primitive(0)
    v11: Ptr(T1) = malloc(<T1>)
    v12: Void = setfield(v11, "length", v10)
    v13: Void = setfield(v11, "items", <prebuilt T0>)
    v5: Void = direct_call(<graph2>, v11, n_0)
    v6: Signed = int_add(n_0, 1)
    v7: Void = direct_call(<graph2>, v11, v6)
    v17: Signed = getfield(v11, "length")
    v8: Unsigned = cast_primitive(v17)
    return(v8)

graph ll_grow(v0: (), v1: i64, v2: i64) -> ()
block0(v0: Ptr(T1), v1: Signed, v2: Signed):
    v6: Ptr(T0) = getfield(v0, "items")
    v7: Signed = int_mul(v1, 2)
    v8: Signed = int_add(v7, 4)
    v9: Signed = int_max(v8, v2)
    v10: Ptr(T0) = malloc_varsize(<T0>, v9)
    v11: Void = arraycopy(v6, v10, 0, 0, v1)
    v12: Void = setfield(v0, "items", v10)
    return(())

graph ll_append(v0: (), v1: i64) -> ()
block0(v0: Ptr(T1), v1: Signed):
    v5: Signed = getfield(v0, "length")
    v6: Ptr(T0) = getfield(v0, "items")
    v7: Signed = getarraysize(v6)
    v8: Bool = int_eq(v5, v7)
    exitswitch v8
    false -> block4(v0, v1, v5)
    true -> block3(v0, v1, v5)
block4(v12: Ptr(T1), v13: Signed, v14: Signed):
    v16: Ptr(T0) = getfield(v12, "items")
    v17: Void = setarrayitem(v16, v14, v13)
    v18: Signed = int_add(v14, 1)
    v19: Void = setfield(v12, "length", v18)
    return(())
block3(v9: Ptr(T1), v10: Signed, v11: Signed):
    v15: Void = direct_call(<graph1>, v9, v11, 0)
    block4(v9, v10, v11)
