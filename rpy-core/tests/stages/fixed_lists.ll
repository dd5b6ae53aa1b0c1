# Listdefs: `fixed` and `table` are never resized, so they and the parameter of `sum_fixed` are bare
# arrays (`[i64]` in the graphs' signatures, `getarraysize`); `grown` is pushed to, and `alias`
# flows into `grow` too, which makes `alias`'s list resizable from its creation.
graph sum_fixed(a_0: [i64]) -> i64
block0(a_0: Ptr(T0)):
    block3(a_0, 0, 0)
block3(a_4: Ptr(T0), s_5: Signed, i_6: Unsigned):
    v19: Signed = getarraysize(a_4)
    v10: Unsigned = cast_primitive(v19)
    v11: Bool = uint_lt(i_6, v10)
    exitswitch v11
    true -> block5(a_4, s_5, i_6)
    false -> block4(a_4, s_5, i_6)
block5(a_12: Ptr(T0), s_13: Signed, i_14: Unsigned):
    v22: Signed = getarraysize(a_12)
    v23: Unsigned = cast_primitive(v22)
    v24: Void = panic_index_if(v23, i_14, <pos 10:15>)
    v25: Signed = cast_primitive(i_14)
    v15: Signed = getarrayitem(a_12, v25)
    v16: Signed = int_add(s_13, v15)
    v17: Unsigned = uint_add(i_14, 1)
    block3(a_12, v16, v17)
block4(a_7: Ptr(T0), s_8: Signed, i_9: Unsigned):
    return(s_8)

graph grow(v_0: Vec<i64>) -> ()
block0(v_0: Ptr(T1)):
    v4: Void = direct_call(<graph4>, v_0, 1)
    return(())

graph f(n_0: i64) -> i64
block0(n_0: Signed):
    v23: Signed = cast_primitive(4)
    v4: Ptr(T0) = malloc_varsize(<T0>, v23)
    v25: Signed = getarraysize(v4)
    v26: Unsigned = cast_primitive(v25)
    v27: Void = panic_index_if(v26, 1, <pos 22:10>)
    v28: Signed = cast_primitive(1)
    v29: Void = setarrayitem(v4, v28, n_0)
    v30: Signed = getarraysize(v4)
    v31: Unsigned = cast_primitive(v30)
    v32: Void = panic_index_if(v31, 1, <pos 23:23>)
    v33: Signed = cast_primitive(1)
    v6: Signed = getarrayitem(v4, v33)
    v35: Signed = cast_primitive(2)
    v36: Ptr(T0) = malloc_varsize(<T0>, v35)
    v37: Void = setarrayitem(v36, 0, v6)
    v38: Void = setarrayitem(v36, 1, 7)
    v39: Signed = cast_primitive(2)
    v40: Ptr(T0) = malloc_varsize(<T0>, v39)
    v41: Ptr(T1) = malloc(<T1>)
    v42: Void = setfield(v41, "length", v39)
    v43: Void = setfield(v41, "items", v40)
    v44: Void = setarrayitem(v40, 0, n_0)
    v45: Void = setarrayitem(v40, 1, 2)
    v11: Void = direct_call(<graph1>, v41)
    v47: Signed = cast_primitive(1)
    v48: Ptr(T0) = malloc_varsize(<T0>, v47)
    v49: Ptr(T1) = malloc(<T1>)
    v50: Void = setfield(v49, "length", v47)
    v51: Void = setfield(v49, "items", v48)
    v52: Void = setarrayitem(v48, 0, 5)
    v14: Void = direct_call(<graph1>, v49)
    v15: Signed = direct_call(<graph0>, v4)
    v16: Signed = direct_call(<graph0>, v36)
    v17: Signed = int_add(v15, v16)
    v57: Signed = getfield(v41, "length")
    v58: Unsigned = cast_primitive(v57)
    v59: Void = panic_index_if(v58, 2, <pos 29:50>)
    v60: Ptr(T0) = getfield(v41, "items")
    v61: Signed = cast_primitive(2)
    v18: Signed = getarrayitem(v60, v61)
    v19: Signed = int_add(v17, v18)
    v64: Signed = getfield(v49, "length")
    v65: Unsigned = cast_primitive(v64)
    v66: Void = panic_index_if(v65, 1, <pos 29:61>)
    v67: Ptr(T0) = getfield(v49, "items")
    v68: Signed = cast_primitive(1)
    v20: Signed = getarrayitem(v67, v68)
    v21: Signed = int_add(v19, v20)
    return(v21)

graph ll_grow(v0: (), v1: i64) -> ()
block0(v0: Ptr(T1), v1: Signed):
    v5: Ptr(T0) = getfield(v0, "items")
    v6: Signed = int_mul(v1, 2)
    v7: Signed = int_add(v6, 4)
    v8: Ptr(T0) = malloc_varsize(<T0>, v7)
    block3(v0, v1, v5, v8, 0)
block3(v9: Ptr(T1), v10: Signed, v11: Ptr(T0), v12: Ptr(T0), v13: Signed):
    v14: Bool = int_lt(v13, v10)
    exitswitch v14
    false -> block5(v9, v12)
    true -> block4(v9, v10, v11, v12, v13)
block5(v20: Ptr(T1), v21: Ptr(T0)):
    v25: Void = setfield(v20, "items", v21)
    return(())
block4(v15: Ptr(T1), v16: Signed, v17: Ptr(T0), v18: Ptr(T0), v19: Signed):
    v22: Signed = getarrayitem(v17, v19)
    v23: Void = setarrayitem(v18, v19, v22)
    v24: Signed = int_add(v19, 1)
    block3(v15, v16, v17, v18, v24)

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
    v15: Void = direct_call(<graph3>, v9, v11)
    block4(v9, v10, v11)
