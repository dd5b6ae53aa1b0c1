//! The low-level operations the rtyper emits, with their semantics. The
//! LLInterpreter and every backend implement exactly this table.
//!
//! Names follow RPython's `lloperation.py`. Integer operations come in two
//! families that differ only in signedness: `int_*` (signed) and `uint_*`
//! (unsigned). Their operands may be any integer-like lltype (`Int` of any
//! width, `Bool`, `Char`, `UniChar`); the operands' concretetype gives the
//! width. Unless said otherwise, both operands and the result have the same
//! type.
//!
//! | operation | semantics |
//! |---|---|
//! | `{int,uint}_{add,sub,mul}` | wrapping arithmetic |
//! | `int_neg`, `int_abs` | wrapping negation / absolute value (`MIN` stays `MIN`) |
//! | `{int,uint}_invert` | bitwise not |
//! | `{int,uint}_{and,or,xor}` | bitwise |
//! | `{int,uint}_{floordiv,mod}` | division / remainder truncating toward zero (C and Rust); the rtyper guarantees a non-zero divisor and no `MIN / -1` |
//! | `{int,uint}_lshift`, `{int,uint}_rshift` | shift by the second operand (same type as the first, already reduced below the width); `int_rshift` is arithmetic, `uint_rshift` logical |
//! | `{int,uint}_{lt,le,eq,ne,gt,ge}` | comparison, result `Bool` |
//! | `{int,uint}_{min,max}` | minimum / maximum |
//! | `{int,uint}_{add,sub,mul}_ovf`, `int_neg_ovf` | result `Bool`: whether the operation overflows the type (rustc's overflow checks; the rtyper follows it with a `panic_if` and the wrapping operation) |
//! | `{int,uint}_{add,sub,mul}_checked`, `int_neg_checked` | result `Struct(Bool, T)`: (true, value) when no overflow, (false, 0) otherwise (Rust's `checked_*`) |
//! | `{int,uint}_{floordiv,mod}_checked` | as above; none when the divisor is 0 or for `MIN / -1` |
//! | `{int,uint}_lshift_checked(x, n: rffi.UINT)` | (true, x << n) when n < width, else (false, 0) |
//! | `{int,uint}_{add,sub,mul}_sat` | saturating arithmetic |
//! | `{int,uint}_pow(x, e: rffi.UINT)` | wrapping power |
//! | `{int,uint}_pow_checked(x, e: rffi.UINT)` | (true, x to the e) without overflow (Rust's `checked_pow`), else (false, 0) |
//! | `{int,uint}_{rotl,rotr}(x, n: rffi.UINT)` | rotation by `n` modulo the width |
//! | `{int,uint}_{clz,ctz,popcount}` | leading zeros / trailing zeros / ones, result `rffi.UINT` |
//! | `float_{add,sub,mul,truediv,mod}` | IEEE arithmetic; `float_mod` is C's `fmod` (Rust's `%`) |
//! | `float_{neg,abs,sqrt,floor,ceil,sin,cos,tan,asin,acos,atan,exp,log,log10,log2}` | as Rust's `f64` methods (`float_log` is `ln`) |
//! | `float_pow`, `float_atan2` | Rust's `f64::powf` / `atan2` |
//! | `float_powi(x, n: rffi.INT)` | Rust's `f64::powi` |
//! | `float_{min,max}` | Rust's `f64::min`/`max` (a NaN operand is ignored) |
//! | `float_{lt,le,eq,ne,gt,ge}` | IEEE comparison, result `Bool` |
//! | `bool_not` | logical not |
//! | `cast_primitive` | between integer-like types: truncate, or extend by the *source*'s signedness |
//! | `cast_int_to_float`, `cast_uint_to_float` | from a signed / unsigned integer of any width, rounding to nearest |
//! | `cast_float_to_int`, `cast_float_to_uint` | to a signed / unsigned integer of the result's width, saturating, NaN gives 0 (Rust's `as`) |
//! | `convert_float_bytes_to_longlong` | the bits of a `Float` as a 64-bit integer (Rust's `f64::to_bits`) |
//! | `convert_longlong_bytes_to_float` | a 64-bit integer's bits as a `Float` (Rust's `f64::from_bits`) |
//! | `same_as` | copy |
//! | `tuple_new(a, b, ...)` | a `Struct` by value |
//! | `tuple_getitem(t, i)` | field `i` (a constant) of a `Struct` |
//! | `tuple_setitem(t, i, v)` | a copy of the `Struct` `t` with field `i` (a constant) replaced by `v` |
//! | `direct_call(f, args...)` | call the graph `f` (a constant) |
//! | `indirect_call(f, args...)` | call the function `f` points to (a `FuncPtr` value, not null) |
//! | `malloc(T)` | a new zeroed object of the `GcStruct` `T` (a `Container` constant) without variable part |
//! | `malloc_varsize(T, n)` | a new zeroed object of the `GcArray` or variable-sized `GcStruct` `T` with `n` items (`Signed`, `n >= 0`) |
//! | `new_tagged(V, x)` | the value of variant `V` (a `Container` constant, the payload of a tagged integer: `lltype::TaggedInt`) of the `Signed` `x`, a pointer to the enum's base: the tagged word `(x << 1) \| 1` when `x` fits in 63 bits, else a new object of `V` with its tag and `x` |
//! | `getfield(p, name)`, `setfield(p, name, v)` | read / write the field `name` (a `Str` constant) of the `GcStruct` `p` points to; when `p` may be a tagged word (a tagged integer's enum base or variant), `getfield` of the tag or of the variant's field reads the word (`setfield` never sees one) |
//! | `getarrayitem(p, i)`, `setarrayitem(p, i, v)` | read / write item `i` (`Signed`) of a `GcArray`, or of the variable part of a `GcStruct`; the rtyper guarantees `0 <= i < length` |
//! | `getarraysize(p)` | the number of items, `Signed` |
//! | `cast_pointer(p)` | `p` as a pointer to its container's base (upcast) or to a subclass of it (downcast; the object must be of that subclass) |
//! | `ptr_eq`, `ptr_ne` | pointer identity, result `Bool` |
//! | `ptr_iszero`, `ptr_nonzero` | null tests, result `Bool` |
//! | `gc_id(p)` | the address of the object `p` (not null, not a tagged word) as an `Unsigned`: unique while it lives, the GC never moving objects (RPython's `gc_id`) |
//! | `rt_call(name, args...)` | call the runtime function `name` (a `Str` constant) of rpy-runtime, whose C signature follows the operands' and the result's lltypes (`Ptr` as a pointer); see the runtime's `ll` functions |
//! | `panic(msg, pos)` | print Rust's panic message `msg` for position `pos` of the graph's file to stderr and exit with status 101; never returns, so it ends its block, which has no exits |
//! | `panic_str(msg, pos)` | as `panic`, with the message a string object computed at run time |
//! | `panic_if(cond, msg, pos)` | `panic(msg, pos)` when `cond` is true |
//! | `panic_index_if(len, index, pos)` | when `index >= len` (both `Unsigned`), panic with Rust's message for an index out of bounds: `index out of bounds: the len is {len} but the index is {index}` |
//! | `jit_marker(kind, driver, greens..., reds...)` | a JIT hint (`kind` is `"jit_merge_point"` or `"can_enter_jit"`, `driver` the driver's index): nothing in the interpreter |
//! | `hint(x, kind)` | `x`; for the JIT, `kind` (`"promote"`, `"promote_string"`, `"we_are_jitted"`: then `x` is `false`, and true in traces; `"printable_location"`: `x` is `false`, in traces too, and guards the call of the driver's `get_printable_location` at its merge point) |

pub use rpy_jitcode::intops::IntOp;

/// Facts about one low-level operation.
#[derive(Copy, Clone, Debug)]
pub struct LlOpInfo {
    /// Writes memory or has another effect: never removed, never reordered
    /// (RPython's `sideeffects`).
    pub sideeffects: bool,
    /// Can be computed at translation time when its operands are constants
    /// (RPython's `canfold`): no side effects and no read of mutable memory.
    pub canfold: bool,
    /// Never returns (ends its block).
    pub noreturn: bool,
}

const FOLDABLE: LlOpInfo = LlOpInfo { sideeffects: false, canfold: true, noreturn: false };
const EFFECT: LlOpInfo = LlOpInfo { sideeffects: true, canfold: false, noreturn: false };
const NORETURN: LlOpInfo = LlOpInfo { sideeffects: true, canfold: false, noreturn: true };
/// Reads of mutable memory, and hints: removable when unused, not foldable.
const PURE: LlOpInfo = LlOpInfo { sideeffects: false, canfold: false, noreturn: false };

macro_rules! ll_ops {
    ($($variant:ident = $name:literal: $info:ident,)*) => {
        /// An operation of the table above. The integer and float families
        /// are one variant each, with their operation as data.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum LlOp {
            $($variant,)*
            /// `int_X`: signed integers.
            Int(IntOp),
            /// `uint_X`: unsigned integers (never a signed-only `X`).
            Uint(IntOp),
            Float(FloatOp),
        }

        const SINGLE: &[LlOp] = &[$(LlOp::$variant,)*];

        impl LlOp {
            /// The operation named `name`, or `None` for a name outside the
            /// table (`checkgraph` rejects those in rtyped graphs).
            pub fn from_name(name: &str) -> Option<LlOp> {
                Some(match name {
                    $($name => LlOp::$variant,)*
                    _ => {
                        let (family, op) = name.split_once('_')?;
                        match family {
                            "int" => LlOp::Int(IntOp::from_name(op)?),
                            "uint" => LlOp::Uint(IntOp::from_name(op).filter(|op| !op.signed_only())?),
                            "float" => LlOp::Float(FloatOp::from_name(op)?),
                            _ => return None,
                        }
                    }
                })
            }

            /// The name in graphs (`int_add`).
            pub fn name(self) -> String {
                match self {
                    $(LlOp::$variant => $name.to_string(),)*
                    LlOp::Int(op) => format!("int_{}", op.name()),
                    LlOp::Uint(op) => format!("uint_{}", op.name()),
                    LlOp::Float(op) => format!("float_{}", op.name()),
                }
            }

            pub fn info(self) -> LlOpInfo {
                match self {
                    $(LlOp::$variant => $info,)*
                    LlOp::Int(_) | LlOp::Uint(_) | LlOp::Float(_) => FOLDABLE,
                }
            }
        }
    };
}

ll_ops! {
    Panic = "panic": NORETURN,
    // A point the program cannot reach (a `match` rustc proved exhaustive
    // falling through its arms): translated code assumes it away, the
    // interpreters panic there as `panic` does.
    Unreachable = "unreachable": NORETURN,
    PanicStr = "panic_str": NORETURN,
    PanicIf = "panic_if": EFFECT,
    PanicIndexIf = "panic_index_if": EFFECT,
    DirectCall = "direct_call": EFFECT,
    IndirectCall = "indirect_call": EFFECT,
    RtCall = "rt_call": EFFECT,
    Malloc = "malloc": EFFECT,
    MallocVarsize = "malloc_varsize": EFFECT,
    NewTagged = "new_tagged": EFFECT,
    Setfield = "setfield": EFFECT,
    Setarrayitem = "setarrayitem": EFFECT,
    // `arraycopy(src, dst, src_start, dst_start, n)`: the items
    // `src[src_start..src_start + n]` into `dst` from `dst_start`, both
    // ranges in bounds (the caller checked), as if through a buffer
    // (RPython's `ll_arraycopy`: a write barrier, then `memmove`).
    Arraycopy = "arraycopy": EFFECT,
    // JIT hints stay where they are: the codewriter reads them.
    JitMarker = "jit_marker": EFFECT,
    Hint = "hint": PURE,
    Getfield = "getfield": PURE,
    Getarrayitem = "getarrayitem": PURE,
    Getarraysize = "getarraysize": PURE,
    SameAs = "same_as": FOLDABLE,
    TupleNew = "tuple_new": FOLDABLE,
    TupleGetitem = "tuple_getitem": FOLDABLE,
    TupleSetitem = "tuple_setitem": FOLDABLE,
    BoolNot = "bool_not": FOLDABLE,
    CastPrimitive = "cast_primitive": FOLDABLE,
    CastIntToFloat = "cast_int_to_float": FOLDABLE,
    CastUintToFloat = "cast_uint_to_float": FOLDABLE,
    CastFloatToInt = "cast_float_to_int": FOLDABLE,
    CastFloatToUint = "cast_float_to_uint": FOLDABLE,
    ConvertFloatBytesToLonglong = "convert_float_bytes_to_longlong": FOLDABLE,
    ConvertLonglongBytesToFloat = "convert_longlong_bytes_to_float": FOLDABLE,
    PtrEq = "ptr_eq": FOLDABLE,
    PtrNe = "ptr_ne": FOLDABLE,
    PtrIszero = "ptr_iszero": FOLDABLE,
    PtrNonzero = "ptr_nonzero": FOLDABLE,
    // (Not foldable: an address is known only when the program runs.)
    GcId = "gc_id": PURE,
    CastPointer = "cast_pointer": FOLDABLE,
}

macro_rules! float_ops {
    ($($variant:ident = $name:literal,)*) => {
        /// An operation of the `float_X` family, by its `X`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum FloatOp { $($variant,)* }

        impl FloatOp {
            pub const ALL: &'static [FloatOp] = &[$(FloatOp::$variant,)*];

            pub fn name(self) -> &'static str {
                match self { $(FloatOp::$variant => $name,)* }
            }

            pub fn from_name(name: &str) -> Option<FloatOp> {
                match name { $($name => Some(FloatOp::$variant),)* _ => None }
            }
        }
    };
}

float_ops! {
    Add = "add",
    Sub = "sub",
    Mul = "mul",
    Truediv = "truediv",
    Mod = "mod",
    Neg = "neg",
    Abs = "abs",
    Sqrt = "sqrt",
    Floor = "floor",
    Ceil = "ceil",
    Sin = "sin",
    Cos = "cos",
    Tan = "tan",
    Asin = "asin",
    Acos = "acos",
    Atan = "atan",
    Exp = "exp",
    Log = "log",
    Log10 = "log10",
    Log2 = "log2",
    Powi = "powi",
    Pow = "pow",
    Atan2 = "atan2",
    Min = "min",
    Max = "max",
    Lt = "lt",
    Le = "le",
    Eq = "eq",
    Ne = "ne",
    Gt = "gt",
    Ge = "ge",
}

impl LlOp {
    /// Every operation of the table, for backends to check coverage.
    pub fn all() -> Vec<LlOp> {
        let mut v = SINGLE.to_vec();
        v.extend(IntOp::ALL.iter().map(|&op| LlOp::Int(op)));
        v.extend(IntOp::ALL.iter().filter(|op| !op.signed_only()).map(|&op| LlOp::Uint(op)));
        v.extend(FloatOp::ALL.iter().map(|&op| LlOp::Float(op)));
        v
    }
}

impl std::fmt::Display for LlOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for op in LlOp::all() {
            assert_eq!(LlOp::from_name(&op.name()), Some(op), "{op}");
        }
        assert_eq!(LlOp::from_name("uint_neg"), None);
        assert_eq!(LlOp::from_name("int_frobnicate"), None);
        assert_eq!(LlOp::from_name("add"), None);
    }
}
