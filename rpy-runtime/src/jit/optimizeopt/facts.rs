//! What the optimizer and the guard passes read off integer operations:
//! steps by constants (`x + c`) and comparisons' mirrors and negations.

use crate::jit::trace::Value;
use rpy_jitcode::Op;

/// `(x, c)` when `op(args)` is the variable `x` plus the constant `c`
/// (wrapping).
pub fn step(op: Op, args: &[Value]) -> Option<(Value, i64)> {
    match (op, args) {
        (Op::IntAdd, [x @ Value::Var(_), Value::Const(c, _)])
        | (Op::IntAdd, [Value::Const(c, _), x @ Value::Var(_)]) => Some((*x, *c as i64)),
        (Op::IntSub, [x @ Value::Var(_), Value::Const(c, _)]) => Some((*x, (*c as i64).wrapping_neg())),
        _ => None,
    }
}

/// `cmp(a, b)` is `mirror(cmp)(b, a)`.
pub fn mirror(cmp: Op) -> Option<Op> {
    use Op::*;
    Some(match cmp {
        IntLt => IntGt,
        IntGt => IntLt,
        IntLe => IntGe,
        IntGe => IntLe,
        UintLt => UintGt,
        UintGt => UintLt,
        UintLe => UintGe,
        UintGe => UintLe,
        IntEq | IntNe | PtrEq | PtrNe => cmp,
        _ => return None,
    })
}

/// `cmp(a, b)` is `!negation(cmp)(a, b)`.
pub fn negation(cmp: Op) -> Option<Op> {
    use Op::*;
    Some(match cmp {
        IntLt => IntGe,
        IntGe => IntLt,
        IntGt => IntLe,
        IntLe => IntGt,
        UintLt => UintGe,
        UintGe => UintLt,
        UintGt => UintLe,
        UintLe => UintGt,
        IntEq => IntNe,
        IntNe => IntEq,
        PtrEq => PtrNe,
        PtrNe => PtrEq,
        _ => return None,
    })
}
