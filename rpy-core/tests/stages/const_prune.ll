# A branch on a constant is pruned by the annotator.
graph DEBUG() -> bool
block0():
    return(false)

graph f(x_0: u64) -> u64
block0(x_0: Unsigned):
    v5: Bool = direct_call(<graph0>)
    block3(x_0)
block3(x_4: Unsigned):
    block5(x_4, x_4)
block5(x_7: Unsigned, v8: Unsigned):
    return(v8)
