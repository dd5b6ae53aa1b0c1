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
//! | `{int,uint}_{add,sub,mul}_checked`, `int_neg_checked` | result `Struct(Bool, T)`: (true, value) when no overflow, (false, 0) otherwise (Rust's `checked_*`) |
//! | `{int,uint}_{floordiv,mod}_checked` | as above; none when the divisor is 0 or for `MIN / -1` |
//! | `{int,uint}_lshift_checked(x, n: rffi.UINT)` | (true, x << n) when n < width, else (false, 0) |
//! | `{int,uint}_{add,sub,mul}_sat` | saturating arithmetic |
//! | `{int,uint}_pow(x, e: rffi.UINT)` | wrapping power |
//! | `{int,uint}_{rotl,rotr}(x, n: rffi.UINT)` | rotation by `n` modulo the width |
//! | `{int,uint}_{clz,ctz,popcount}` | leading zeros / trailing zeros / ones, result `rffi.UINT` |
//! | `float_{add,sub,mul,truediv,mod}` | IEEE arithmetic; `float_mod` is C's `fmod` (Rust's `%`) |
//! | `float_{neg,abs,sqrt,floor,ceil,sin,cos,exp,log}` | as Rust's `f64` methods |
//! | `float_powi(x, n: rffi.INT)` | Rust's `f64::powi` |
//! | `float_{min,max}` | Rust's `f64::min`/`max` (a NaN operand is ignored) |
//! | `float_{lt,le,eq,ne,gt,ge}` | IEEE comparison, result `Bool` |
//! | `bool_not` | logical not |
//! | `cast_primitive` | between integer-like types: truncate, or extend by the *source*'s signedness |
//! | `cast_int_to_float`, `cast_uint_to_float` | from a signed / unsigned integer of any width, rounding to nearest |
//! | `cast_float_to_int`, `cast_float_to_uint` | to a signed / unsigned integer of the result's width, saturating, NaN gives 0 (Rust's `as`) |
//! | `same_as` | copy |
//! | `tuple_new(a, b, ...)` | a `Struct` by value |
//! | `tuple_getitem(t, i)` | field `i` (a constant) of a `Struct` |
//! | `tuple_setitem(t, i, v)` | a copy of the `Struct` `t` with field `i` (a constant) replaced by `v` |
//! | `direct_call(f, args...)` | call the graph `f` (a constant) |
//! | `indirect_call(f, args...)` | call the function `f` points to (a `FuncPtr` value, not null) |
//! | `malloc(T)` | a new zeroed object of the `GcStruct` `T` (a `Container` constant) without variable part |
//! | `malloc_varsize(T, n)` | a new zeroed object of the `GcArray` or variable-sized `GcStruct` `T` with `n` items (`Signed`, `n >= 0`) |
//! | `getfield(p, name)`, `setfield(p, name, v)` | read / write the field `name` (a `Str` constant) of the `GcStruct` `p` points to |
//! | `getarrayitem(p, i)`, `setarrayitem(p, i, v)` | read / write item `i` (`Signed`) of a `GcArray`, or of the variable part of a `GcStruct`; the rtyper guarantees `0 <= i < length` |
//! | `getarraysize(p)` | the number of items, `Signed` |
//! | `cast_pointer(p)` | `p` as a pointer to its container's base (upcast) or to a subclass of it (downcast; the object must be of that subclass) |
//! | `ptr_eq`, `ptr_ne` | pointer identity, result `Bool` |
//! | `ptr_iszero`, `ptr_nonzero` | null tests, result `Bool` |
//! | `rt_call(name, args...)` | call the runtime function `name` (a `Str` constant) of rpy-runtime, whose C signature follows the operands' and the result's lltypes (`Ptr` as a pointer); see the runtime's `ll` functions |
//! | `panic(msg, pos)` | print Rust's panic message `msg` for position `pos` of the graph's file to stderr and exit with status 101; never returns, so it ends its block, which has no exits |
//! | `panic_if(cond, msg, pos)` | `panic(msg, pos)` when `cond` is true |
//! | `panic_index_if(len, index, pos)` | when `index >= len` (both `Unsigned`), panic with Rust's message for an index out of bounds: `index out of bounds: the len is {len} but the index is {index}` |
//! | `jit_marker(kind, driver, greens..., reds...)` | a JIT hint (`kind` is `"jit_merge_point"` or `"can_enter_jit"`, `driver` the driver's index): nothing in the interpreter |
//! | `hint(x, kind)` | `x`; for the JIT, `kind` (`"promote"`, `"promote_string"`, `"we_are_jitted"`: then `x` is `false`, and true in traces; `"printable_location"`: `x` is `false`, in traces too, and guards the call of the driver's `get_printable_location` at its merge point) |
//! | `panic_assert_failed(left, right, kind, msg, pos)` | the panic of a failed `assert_eq!` (`kind` is `"=="`) or `assert_ne!` (`"!="`): Rust's message with both values in `{:?}` form; `msg` is the user's message or `()`; never returns |

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

/// Looks up an operation of the table above. Unknown names give `None`;
/// `checkgraph` rejects them in rtyped graphs.
pub fn llop_info(name: &str) -> Option<LlOpInfo> {
    const FOLDABLE: LlOpInfo = LlOpInfo { sideeffects: false, canfold: true, noreturn: false };
    const EFFECT: LlOpInfo = LlOpInfo { sideeffects: true, canfold: false, noreturn: false };
    let info = match name {
        "panic" | "panic_str" | "panic_assert_failed" => LlOpInfo { sideeffects: true, canfold: false, noreturn: true },
        "panic_if" | "panic_index_if" | "direct_call" | "indirect_call" | "rt_call" | "malloc" | "malloc_varsize"
        | "setfield" | "setarrayitem" => EFFECT,
        // JIT hints stay where they are: the codewriter reads them.
        "jit_marker" => EFFECT,
        "hint" => LlOpInfo { sideeffects: false, canfold: false, noreturn: false },
        // Reads of mutable memory: removable when unused, not foldable.
        "getfield" | "getarrayitem" | "getarraysize" => {
            LlOpInfo { sideeffects: false, canfold: false, noreturn: false }
        }
        "same_as" | "tuple_new" | "tuple_getitem" | "tuple_setitem" | "bool_not" | "cast_primitive"
        | "cast_int_to_float" | "cast_uint_to_float" | "cast_float_to_int" | "cast_float_to_uint" | "ptr_eq"
        | "ptr_ne" | "ptr_iszero" | "ptr_nonzero" | "cast_pointer" => FOLDABLE,
        _ => {
            let (family, op) = name.split_once('_')?;
            let ok = match family {
                "int" | "uint" => INT_OPS.contains(&op) || (family == "int" && SIGNED_ONLY_OPS.contains(&op)),
                "float" => FLOAT_OPS.contains(&op),
                _ => false,
            };
            if !ok {
                return None;
            }
            FOLDABLE
        }
    };
    Some(info)
}

/// The operations of both integer families (`int_X` and `uint_X`).
pub const INT_OPS: &[&str] = &[
    "add",
    "sub",
    "mul",
    "invert",
    "and",
    "or",
    "xor",
    "floordiv",
    "mod",
    "lshift",
    "rshift",
    "lt",
    "le",
    "eq",
    "ne",
    "gt",
    "ge",
    "min",
    "max",
    "add_checked",
    "sub_checked",
    "mul_checked",
    "floordiv_checked",
    "mod_checked",
    "lshift_checked",
    "add_sat",
    "sub_sat",
    "mul_sat",
    "pow",
    "rotl",
    "rotr",
    "clz",
    "ctz",
    "popcount",
];
/// The operations of the signed family only.
pub const SIGNED_ONLY_OPS: &[&str] = &["neg", "abs", "neg_checked"];
/// The `float_X` operations.
pub const FLOAT_OPS: &[&str] = &[
    "add", "sub", "mul", "truediv", "mod", "neg", "abs", "sqrt", "floor", "ceil", "sin", "cos", "exp", "log", "powi",
    "min", "max", "lt", "le", "eq", "ne", "gt", "ge",
];

/// All operation names of the table, for backends to check coverage.
pub fn all_llops() -> Vec<String> {
    let mut v: Vec<String> = [
        "panic",
        "panic_str",
        "panic_if",
        "panic_index_if",
        "panic_assert_failed",
        "jit_marker",
        "hint",
        "direct_call",
        "indirect_call",
        "malloc",
        "malloc_varsize",
        "getfield",
        "setfield",
        "getarrayitem",
        "setarrayitem",
        "getarraysize",
        "ptr_eq",
        "ptr_ne",
        "ptr_iszero",
        "ptr_nonzero",
        "cast_pointer",
        "same_as",
        "tuple_new",
        "tuple_getitem",
        "tuple_setitem",
        "bool_not",
        "cast_primitive",
        "cast_int_to_float",
        "cast_uint_to_float",
        "cast_float_to_int",
        "cast_float_to_uint",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for op in INT_OPS {
        v.push(format!("int_{op}"));
        v.push(format!("uint_{op}"));
    }
    for op in SIGNED_ONLY_OPS {
        v.push(format!("int_{op}"));
    }
    for op in FLOAT_OPS {
        v.push(format!("float_{op}"));
    }
    v
}
