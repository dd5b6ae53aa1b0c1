# A struct is a GC object: `malloc` of its struct type, `setfield` and `getfield` of its fields with
# their low-level types.
graph f(x_0: i64) -> i64
block0(x_0: Signed):
    v10: Ptr(T0) = malloc(<T0>)
    v11: Void = setfield(v10, "a", x_0)
    v12: Void = setfield(v10, "b", 7)
    v5: Signed = getfield(v10, "a")
    v6: rffi.UCHAR = getfield(v10, "b")
    v7: Signed = cast_primitive(v6)
    v8: Signed = int_add(v5, v7)
    return(v8)
