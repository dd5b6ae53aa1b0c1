//! The instructions of jitcodes. Integer operations work on 64-bit words
//! (RPython's JIT has only `Signed`): the codewriter keeps every integer
//! register normalized, sign-extended for signed types and zero-extended
//! for the others (`bool` 0/1), and follows operations on narrower types
//! with `int_signext` or an `int_and` mask. Operations whose result depends
//! on the width in another way (rotations, saturation, overflow checks)
//! are `llop`s: the low-level operation with its type, as a descr.
//!
//! Traces use the same names where RPython's resoperations and jitcode
//! instructions agree (`int_add`, `getfield_gc_i`), and add their own
//! (`guard_true`, `call_i`, `jump`, `setfield_gc`) at the end.

macro_rules! ops {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u16)]
        pub enum Op { $($(#[$doc])* $variant,)* }

        const NAMES: &[&str] = &[$($name,)*];
        const ALL: &[Op] = &[$(Op::$variant,)*];
    };
}

ops! {
    Live = "-live-",
    Goto = "goto",
    GotoIfNot = "goto_if_not",
    /// `switch %i, $k0, L0, $k1, L1, ...`: jumps to the label of the key
    /// equal to the register, else goes on with the next instruction (the
    /// default path). The keys are as the register holds them (normalized
    /// to 64 bits) and in ascending order, each once (RPython's `switch`
    /// with a `SwitchDictDescr`).
    Switch = "switch",
    /// Where the graph says no path leads (the default path of a switch
    /// without one): reaching it is an internal error of the JIT.
    Unreachable = "unreachable",
    IntReturn = "int_return",
    RefReturn = "ref_return",
    FloatReturn = "float_return",
    VoidReturn = "void_return",
    /// Returns a by-value struct: the registers of its leaves.
    MultiReturn = "multi_return",
    JitMergePoint = "jit_merge_point",
    /// `can_enter_jit!`: the jump back to the portal's loop comes next
    /// (RPython's `loop_header`): the next merge point is reached by a
    /// loop's back edge, not by the portal starting again (a tail call).
    LoopHeader = "loop_header",
    IntGuardValue = "int_guard_value",
    RefGuardValue = "ref_guard_value",
    FloatGuardValue = "float_guard_value",
    StrGuardValue = "str_guard_value",
    IntCopy = "int_copy",
    RefCopy = "ref_copy",
    FloatCopy = "float_copy",

    IntAdd = "int_add",
    IntSub = "int_sub",
    IntMul = "int_mul",
    IntFloordiv = "int_floordiv",
    IntMod = "int_mod",
    UintFloordiv = "uint_floordiv",
    UintMod = "uint_mod",
    IntAnd = "int_and",
    IntOr = "int_or",
    IntXor = "int_xor",
    IntLshift = "int_lshift",
    IntRshift = "int_rshift",
    UintRshift = "uint_rshift",
    IntNeg = "int_neg",
    IntInvert = "int_invert",
    IntAbs = "int_abs",
    IntLt = "int_lt",
    IntLe = "int_le",
    IntEq = "int_eq",
    IntNe = "int_ne",
    IntGt = "int_gt",
    IntGe = "int_ge",
    UintLt = "uint_lt",
    UintLe = "uint_le",
    UintGt = "uint_gt",
    UintGe = "uint_ge",
    IntMin = "int_min",
    IntMax = "int_max",
    UintMin = "uint_min",
    UintMax = "uint_max",
    /// `int_add_ovf a, b`: 1 when the 64-bit signed sum overflows, else 0:
    /// the test of rustc's overflow checks, guarded by `guard_false` like
    /// any condition (RPython's `int_add_ovf` gives the sum instead, and
    /// `guard_no_overflow` reads the CPU's flag). The ranges of the
    /// operands often decide it (`optimizeopt::intbounds`).
    IntAddOvf = "int_add_ovf",
    IntSubOvf = "int_sub_ovf",
    IntMulOvf = "int_mul_ovf",
    /// As `int_add_ovf`, of 64-bit unsigned operands.
    UintAddOvf = "uint_add_ovf",
    UintSubOvf = "uint_sub_ovf",
    UintMulOvf = "uint_mul_ovf",
    /// `int_signext x, $bytes`: the low `bytes` bytes of `x`, sign-extended.
    IntSignext = "int_signext",
    IntIsZero = "int_is_zero",
    IntIsTrue = "int_is_true",
    /// A low-level operation of a given type (the descr), by its Rust
    /// semantics: `<LlOp i32 rotl>`.
    Llop = "llop",

    FloatAdd = "float_add",
    FloatSub = "float_sub",
    FloatMul = "float_mul",
    FloatTruediv = "float_truediv",
    FloatMod = "float_mod",
    FloatNeg = "float_neg",
    FloatAbs = "float_abs",
    FloatSqrt = "float_sqrt",
    FloatFloor = "float_floor",
    FloatCeil = "float_ceil",
    FloatSin = "float_sin",
    FloatCos = "float_cos",
    FloatTan = "float_tan",
    FloatAsin = "float_asin",
    FloatAcos = "float_acos",
    FloatAtan = "float_atan",
    FloatExp = "float_exp",
    FloatLog = "float_log",
    FloatLog10 = "float_log10",
    FloatLog2 = "float_log2",
    FloatPowi = "float_powi",
    /// `float_pow x, y`: Rust's `f64::powf`.
    FloatPow = "float_pow",
    FloatAtan2 = "float_atan2",
    FloatMin = "float_min",
    FloatMax = "float_max",
    FloatLt = "float_lt",
    FloatLe = "float_le",
    FloatEq = "float_eq",
    FloatNe = "float_ne",
    FloatGt = "float_gt",
    FloatGe = "float_ge",
    CastIntToFloat = "cast_int_to_float",
    CastUintToFloat = "cast_uint_to_float",
    /// To `i64`, saturating, NaN to 0 (Rust's `as`).
    CastFloatToInt = "cast_float_to_int",
    /// To `u64`, saturating, NaN to 0.
    CastFloatToUint = "cast_float_to_uint",
    /// The float's bits as an integer (Rust's `f64::to_bits`; RPython's).
    ConvertFloatBytesToLonglong = "convert_float_bytes_to_longlong",
    /// An integer's bits as a float (`f64::from_bits`; RPython's).
    ConvertLonglongBytesToFloat = "convert_longlong_bytes_to_float",

    PtrEq = "ptr_eq",
    PtrNe = "ptr_ne",
    PtrIszero = "ptr_iszero",
    PtrNonzero = "ptr_nonzero",

    GetfieldGcI = "getfield_gc_i",
    GetfieldGcR = "getfield_gc_r",
    GetfieldGcF = "getfield_gc_f",
    SetfieldGcI = "setfield_gc_i",
    SetfieldGcR = "setfield_gc_r",
    SetfieldGcF = "setfield_gc_f",
    GetarrayitemGcI = "getarrayitem_gc_i",
    GetarrayitemGcR = "getarrayitem_gc_r",
    GetarrayitemGcF = "getarrayitem_gc_f",
    SetarrayitemGcI = "setarrayitem_gc_i",
    SetarrayitemGcR = "setarrayitem_gc_r",
    SetarrayitemGcF = "setarrayitem_gc_f",
    GetinteriorfieldGcI = "getinteriorfield_gc_i",
    GetinteriorfieldGcR = "getinteriorfield_gc_r",
    GetinteriorfieldGcF = "getinteriorfield_gc_f",
    SetinteriorfieldGcI = "setinteriorfield_gc_i",
    SetinteriorfieldGcR = "setinteriorfield_gc_r",
    SetinteriorfieldGcF = "setinteriorfield_gc_f",
    ArraylenGc = "arraylen_gc",
    New = "new",
    NewArray = "new_array",
    /// `new_tagged(i, descr=<Size V>)`, in traces only: the value of the
    /// tagged integer variant `V` (a size descr with a `word`) holding `i`:
    /// the word `(i << 1) | 1` when `i` fits in 63 bits, else a new object
    /// of `V` with its tag and `i` (what the optimizer makes of a virtual
    /// `V` that escapes).
    NewTagged = "new_tagged",

    /// `residual_call <Call f>, [ints], [refs], [floats] -> results`.
    ResidualCall = "residual_call",
    /// `inline_call <JitCode f>, [ints], [refs], [floats] -> results`.
    InlineCall = "inline_call",
    /// `recursive_call <JitCode f>, <Call f>, [ints], [refs], [floats] ->
    /// results`: a call of a driver's portal (an interpreter calling
    /// itself), traced into or residual as the tracer decides.
    RecursiveCall = "recursive_call",
    /// `panic_if %cond, <Call stub>, [ints], [refs], [floats]`: calls the
    /// stub, which panics, when `cond` is true.
    PanicIf = "panic_if",
    /// `panic <Call stub>, [ints], [refs], [floats]`.
    Panic = "panic",

    // Operations only traces have (RPython's resoperations).
    GuardTrue = "guard_true",
    GuardFalse = "guard_false",
    GuardValue = "guard_value",
    Jump = "jump",
    /// `finish(results...)`: the portal returns these leaves (a trace
    /// that reached the portal's end: RPython's `finish` with
    /// `done_with_this_frame`).
    Finish = "finish",
    Label = "label",
    DebugMergePoint = "debug_merge_point",
    /// `same_as_i(x)`: x (a loop's label needs a variable of its own for
    /// each of its arguments).
    SameAsI = "same_as_i",
    SameAsR = "same_as_r",
    SameAsF = "same_as_f",
    CallI = "call_i",
    CallR = "call_r",
    CallF = "call_f",
    CallN = "call_n",
    CallPureI = "call_pure_i",
    CallPureR = "call_pure_r",
    CallPureF = "call_pure_f",
    CallPureN = "call_pure_n",
    /// `call_result_i(k)`: leaf `k` of the by-value struct the call just
    /// before returned (a call's own result is its first leaf's only when
    /// it returns one leaf: traces have one result per operation).
    CallResultI = "call_result_i",
    CallResultR = "call_result_r",
    CallResultF = "call_result_f",
    SetfieldGc = "setfield_gc",
    SetarrayitemGc = "setarrayitem_gc",
    SetinteriorfieldGc = "setinteriorfield_gc",
    /// `call_assembler_r(token, reds...)`: runs a driver's portal from its
    /// merge point at the green key of `token` (a constant: the number of
    /// the key's token in the JIT's memory), with those reds: the key's
    /// compiled code, called directly, or the interpreter when it has none
    /// or a guard of it fails; the portal's result (RPython's
    /// `call_assembler`).
    CallAssemblerI = "call_assembler_i",
    CallAssemblerR = "call_assembler_r",
    CallAssemblerF = "call_assembler_f",
    CallAssemblerN = "call_assembler_n",
    /// `guard_not_invalidated()`: fails once a quasi-immutable field the
    /// trace read as a constant was written (RPython's).
    GuardNotInvalidated = "guard_not_invalidated",
    /// `guard_always_fails()`: the end of a trace cut at a merge point
    /// where it got too long (RPython's segmented traces); its bridge is
    /// the next segment.
    GuardAlwaysFails = "guard_always_fails",
}

impl Op {
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    pub fn from_name(name: &str) -> Option<Op> {
        NAMES.iter().position(|n| *n == name).map(|i| ALL[i])
    }

    pub fn from_u16(code: u16) -> Option<Op> {
        ALL.get(code as usize).copied()
    }

    /// Whether the result depends only on the operands (the tracer folds
    /// the operation when they are constants, the optimizer computes it
    /// once per trace).
    pub fn is_pure(self) -> bool {
        use Op::*;
        matches!(
            self,
            IntAdd
                | IntSub
                | IntMul
                | IntFloordiv
                | IntMod
                | UintFloordiv
                | UintMod
                | IntAnd
                | IntOr
                | IntXor
                | IntLshift
                | IntRshift
                | UintRshift
                | IntNeg
                | IntInvert
                | IntAbs
                | IntLt
                | IntLe
                | IntEq
                | IntNe
                | IntGt
                | IntGe
                | UintLt
                | UintLe
                | UintGt
                | UintGe
                | IntMin
                | IntMax
                | UintMin
                | UintMax
                | IntAddOvf
                | IntSubOvf
                | IntMulOvf
                | UintAddOvf
                | UintSubOvf
                | UintMulOvf
                | IntSignext
                | IntIsZero
                | IntIsTrue
                | Llop
                | FloatAdd
                | FloatSub
                | FloatMul
                | FloatTruediv
                | FloatMod
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
                | FloatPowi
                | FloatPow
                | FloatAtan2
                | FloatMin
                | FloatMax
                | FloatLt
                | FloatLe
                | FloatEq
                | FloatNe
                | FloatGt
                | FloatGe
                | CastIntToFloat
                | CastUintToFloat
                | CastFloatToInt
                | CastFloatToUint
                | ConvertFloatBytesToLonglong
                | ConvertLonglongBytesToFloat
                | PtrEq
                | PtrNe
                | PtrIszero
                | PtrNonzero
                | ArraylenGc
        )
    }

    /// The tests of overflow checks (`int_add_ovf`, ...): 0 or 1.
    pub fn is_overflow_test(self) -> bool {
        use Op::*;
        matches!(self, IntAddOvf | IntSubOvf | IntMulOvf | UintAddOvf | UintSubOvf | UintMulOvf)
    }

    /// The calls that may have effects: `call_*` (not the elidable
    /// `call_pure_*`) and `call_assembler_*` (the tracer forgets what it
    /// knew of the heap at them).
    pub fn is_call_with_effects(self) -> bool {
        use Op::*;
        matches!(self, CallI | CallR | CallF | CallN) || self.is_call_assembler()
    }

    /// `call_assembler_*`.
    pub fn is_call_assembler(self) -> bool {
        use Op::*;
        matches!(self, CallAssemblerI | CallAssemblerR | CallAssemblerF | CallAssemblerN)
    }

    /// Reads of the heap (the optimizer caches them, and drops unused ones).
    pub fn is_heap_read(self) -> bool {
        use Op::*;
        matches!(
            self,
            GetfieldGcI
                | GetfieldGcR
                | GetfieldGcF
                | GetarrayitemGcI
                | GetarrayitemGcR
                | GetarrayitemGcF
                | GetinteriorfieldGcI
                | GetinteriorfieldGcR
                | GetinteriorfieldGcF
        )
    }

    /// Operations that end a path (nothing after them runs).
    pub fn is_final(self) -> bool {
        matches!(
            self,
            Op::Goto
                | Op::IntReturn
                | Op::RefReturn
                | Op::FloatReturn
                | Op::VoidReturn
                | Op::MultiReturn
                | Op::Panic
                | Op::Unreachable
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (i, op) in ALL.iter().enumerate() {
            assert_eq!(*op as usize, i);
            assert_eq!(Op::from_name(op.name()), Some(*op));
            assert_eq!(Op::from_u16(i as u16), Some(*op));
        }
        assert_eq!(Op::from_name("int_frobnicate"), None);
    }
}
