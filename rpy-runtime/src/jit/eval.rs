//! The values of pure operations on 64-bit words (integers as `i64`,
//! floats as their bits, pointers as addresses): what the blackhole
//! interpreter computes and what the optimizer folds when the operands are
//! constants, one definition for both.

use rpy_jitcode::intops::{float_to_int, int_op, IntOut};
use rpy_jitcode::{int_dispatch, Descr, JitModule, Op, Part, WidthOp};

/// `op(args)`, for the pure operations other than `arraylen_gc` (a read of
/// memory); `None` for the others, and for a division by zero (which
/// translated code reaches only through a panic first). `llop`'s first
/// operand is the index of its descr.
pub fn pure_value(m: &JitModule, op: Op, args: &[u64]) -> Option<u64> {
    use Op::*;
    let i = |k: usize| args[k] as i64;
    let u = |k: usize| args[k];
    let f = |k: usize| f64::from_bits(args[k]);
    let int = |v: i64| Some(v as u64);
    let bool = |b: bool| Some(b as u64);
    let float = |x: f64| Some(x.to_bits());
    match op {
        IntAdd => int(i(0).wrapping_add(i(1))),
        IntSub => int(i(0).wrapping_sub(i(1))),
        IntMul => int(i(0).wrapping_mul(i(1))),
        IntFloordiv | IntMod | UintFloordiv | UintMod if u(1) == 0 => None,
        IntFloordiv => int(i(0).wrapping_div(i(1))),
        IntMod => int(i(0).wrapping_rem(i(1))),
        UintFloordiv => Some(u(0) / u(1)),
        UintMod => Some(u(0) % u(1)),
        IntAnd => Some(u(0) & u(1)),
        IntOr => Some(u(0) | u(1)),
        IntXor => Some(u(0) ^ u(1)),
        IntLshift => int(i(0).wrapping_shl(i(1) as u32)),
        IntRshift => int(i(0).wrapping_shr(i(1) as u32)),
        UintRshift => Some(u(0).wrapping_shr(i(1) as u32)),
        IntNeg => int(i(0).wrapping_neg()),
        IntInvert => Some(!u(0)),
        IntAbs => int(i(0).wrapping_abs()),
        IntLt => bool(i(0) < i(1)),
        IntLe => bool(i(0) <= i(1)),
        IntEq | PtrEq => bool(u(0) == u(1)),
        IntNe | PtrNe => bool(u(0) != u(1)),
        IntGt => bool(i(0) > i(1)),
        IntGe => bool(i(0) >= i(1)),
        UintLt => bool(u(0) < u(1)),
        UintLe => bool(u(0) <= u(1)),
        UintGt => bool(u(0) > u(1)),
        UintGe => bool(u(0) >= u(1)),
        IntMin => int(i(0).min(i(1))),
        IntMax => int(i(0).max(i(1))),
        UintMin => Some(u(0).min(u(1))),
        UintMax => Some(u(0).max(u(1))),
        IntAddOvf => bool(i(0).checked_add(i(1)).is_none()),
        IntSubOvf => bool(i(0).checked_sub(i(1)).is_none()),
        IntMulOvf => bool(i(0).checked_mul(i(1)).is_none()),
        UintAddOvf => bool(u(0).checked_add(u(1)).is_none()),
        UintSubOvf => bool(u(0).checked_sub(u(1)).is_none()),
        UintMulOvf => bool(u(0).checked_mul(u(1)).is_none()),
        IntSignext => {
            let shift = 64 - 8 * i(1) as u32;
            int((i(0) << shift) >> shift)
        }
        IntIsZero | PtrIszero => bool(u(0) == 0),
        IntIsTrue | PtrNonzero => bool(u(0) != 0),
        Llop => int(llop_value(&m.descrs[u(0) as usize], u(1), args.get(2).map_or(0, |y| *y as i64))),
        FloatAdd => float(f(0) + f(1)),
        FloatSub => float(f(0) - f(1)),
        FloatMul => float(f(0) * f(1)),
        FloatTruediv => float(f(0) / f(1)),
        FloatMod => float(f(0) % f(1)),
        FloatMin => float(f(0).min(f(1))),
        FloatMax => float(f(0).max(f(1))),
        FloatPowi => float(f(0).powi(i(1) as i32)),
        FloatPow => float(f(0).powf(f(1))),
        FloatAtan2 => float(f(0).atan2(f(1))),
        FloatNeg => float(-f(0)),
        FloatAbs => float(f(0).abs()),
        FloatSqrt => float(f(0).sqrt()),
        FloatFloor => float(f(0).floor()),
        FloatCeil => float(f(0).ceil()),
        FloatSin => float(f(0).sin()),
        FloatCos => float(f(0).cos()),
        FloatTan => float(f(0).tan()),
        FloatAsin => float(f(0).asin()),
        FloatAcos => float(f(0).acos()),
        FloatAtan => float(f(0).atan()),
        FloatExp => float(f(0).exp()),
        FloatLog => float(f(0).ln()),
        FloatLog10 => float(f(0).log10()),
        FloatLog2 => float(f(0).log2()),
        FloatLt => bool(f(0) < f(1)),
        FloatLe => bool(f(0) <= f(1)),
        FloatEq => bool(f(0) == f(1)),
        FloatNe => bool(f(0) != f(1)),
        FloatGt => bool(f(0) > f(1)),
        FloatGe => bool(f(0) >= f(1)),
        CastIntToFloat => float(i(0) as f64),
        CastUintToFloat => float(u(0) as f64),
        // Saturating, NaN to 0: Rust's `as`.
        CastFloatToInt => int(f(0) as i64),
        CastFloatToUint => Some(f(0) as u64),
        // Bit casts: the word is the same.
        ConvertFloatBytesToLonglong | ConvertLonglongBytesToFloat => Some(u(0)),
        _ => None,
    }
}

/// Whether the pure operation `op` gives a float (the others give
/// integers).
pub fn returns_float(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        FloatAdd
            | FloatSub
            | FloatMul
            | FloatTruediv
            | FloatMod
            | FloatMin
            | FloatMax
            | FloatPowi
            | FloatPow
            | FloatAtan2
            | FloatNeg
            | FloatAbs
            | FloatSqrt
            | FloatFloor
            | FloatCeil
            | FloatSin
            | FloatCos
            | FloatTan
            | FloatAsin
            | FloatAcos
            | FloatAtan
            | FloatExp
            | FloatLog
            | FloatLog10
            | FloatLog2
            | CastIntToFloat
            | CastUintToFloat
            | ConvertLonglongBytesToFloat
    )
}

/// The value of an `llop` with operands `x` (a float's bits for the
/// casts from floats) and `y`.
pub fn llop_value(d: &Descr, x: u64, y: i64) -> i64 {
    let Descr::LlOp { op, bits, signed, part } = d else { panic!("rpy JIT: an llop descr expected") };
    let (bits, signed) = (*bits as u32, *signed);
    let op = match *op {
        WidthOp::FloatToInt => return int_dispatch!(signed, bits, float_to_int, f64::from_bits(x)) as i64,
        WidthOp::Int(op) => op,
    };
    let (x, y) = (x as i64 as i128, y as i128);
    let out = if bits == 1 { int_op::<u8>(op, x, y) } else { int_dispatch!(signed, bits, int_op, op, x, y) };
    match (out, part) {
        (IntOut::Int(v), _) => v as i64,
        (IntOut::Bool(b), _) => b as i64,
        (IntOut::Checked(v), Part::Ok) => v.is_some() as i64,
        (IntOut::Checked(v), _) => v.unwrap_or(0) as i64,
    }
}

/// `llop` for compiled code: descr `d` of module `m`.
///
/// # Safety
/// `m` is a live module and `d` one of its `LlOp` descrs.
pub unsafe extern "C" fn rpy_jit_llop(m: *const JitModule, d: i64, x: i64, y: i64) -> i64 {
    let m = &*m;
    llop_value(&m.descrs[d as usize], x as u64, y)
}
