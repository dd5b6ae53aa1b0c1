//! A Lua 5.4 interpreter in rpy's dialect, with a JIT driver.
//!
//! The source is read as bytes, split into tokens (`lex`), parsed into a
//! tree with every name resolved (`parse`: locals, upvalues, globals, and
//! which locals a closure captures), and compiled (`compile`) into a
//! register bytecode per function (`Proto`), as PUC Lua's. The interpreter
//! (`run`) executes one call of a function in its own `Frame`; a call of a
//! Lua function from the bytecode is a recursive `run`, a tail call replaces
//! the function in the running `run`.
//!
//! Values (`Value`) are an enum: integers and floats are Lua 5.4's two
//! number subtypes, strings are immutable byte strings shared by `Rc`,
//! tables (`Table`) hold an array part and an insertion-ordered hash part.
//! A local captured by a closure lives in a cell (`Value::Cell`) that its
//! register holds, so closures share it without open upvalues.
//!
//! Errors are values (`LuaError`) returned through every operation, as
//! `error`/`pcall` need: a message raised by the library or by an
//! operation gets the position of the Lua line running it when it reaches
//! that function's `run`.
//!
//! The JIT hints: the position (`pc`), the function's prototype and the
//! interpreter state are green, the frame (virtualizable), the closure and
//! the call depth red. The fetch of an instruction is elidable, so with the
//! greens constant the dispatch folds away; backward jumps (loops) are where
//! the interpreted program's loops close (`can_enter_jit!`).

#[rpython::entry]
pub mod lua {
    use rpython::jit::{
        can_enter_jit, dont_look_inside, elidable, jit_merge_point, promote, unroll_safe, we_are_jitted, JitDriver,
    };
    use rpython::rgc;
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;
    use std::io::{Read, Write};
    use std::rc::Rc;

    static DRIVER: JitDriver = JitDriver::new(&["pc", "proto", "interp"], &["frame", "closure", "depth"])
        .get_printable_location("location")
        .virtualizables(&["frame"]);

    /// Lua calls nested deeper than this are the error "stack overflow".
    const MAX_DEPTH: usize = 190000;
    /// An operand count meaning "up to the frame's top" (results of a call
    /// or `...` that are not adjusted to a fixed number).
    const MULTI: usize = usize::MAX;

    // ---- values ---------------------------------------------------------

    #[derive(Clone)]
    enum Value {
        Nil,
        Bool(bool),
        Int(i64),
        Num(f64),
        Str(Rc<Vec<u8>>),
        Table(Rc<RefCell<Table>>),
        Func(Rc<Closure>),
        Builtin(Builtin),
        /// A library function with state of its own (`gmatch`'s iterator).
        Native(Rc<NativeFn>),
        /// The box of a local captured by a closure; only registers hold
        /// it, and only the cell instructions see it.
        Cell(Rc<RefCell<Value>>),
    }

    /// A Lua function: its prototype and its upvalues' cells.
    struct Closure {
        proto: Rc<Proto>,
        upvals: Vec<Rc<RefCell<Value>>>,
    }

    struct NativeFn {
        kind: Builtin,
        state: RefCell<Vec<Value>>,
    }

    /// The names of the types of values, by `type_index`.
    const TYPE_NAMES: [&str; 7] = ["nil", "boolean", "number", "string", "table", "function", "cell"];

    fn type_index(v: &Value) -> usize {
        match v {
            Value::Nil => 0,
            Value::Bool(_) => 1,
            Value::Int(_) | Value::Num(_) => 2,
            Value::Str(_) => 3,
            Value::Table(_) => 4,
            Value::Func(_) | Value::Builtin(_) | Value::Native(_) => 5,
            Value::Cell(_) => 6,
        }
    }

    fn type_name(v: &Value) -> &'static str {
        TYPE_NAMES[type_index(v)]
    }

    fn truthy(v: &Value) -> bool {
        match v {
            Value::Nil => false,
            Value::Bool(b) => *b,
            _ => true,
        }
    }

    fn lstr(s: &str) -> Value {
        Value::Str(Rc::new(s.as_bytes().to_vec()))
    }

    fn bstr(b: Vec<u8>) -> Value {
        Value::Str(Rc::new(b))
    }

    /// The string of the bytes `b[from..to]`, copied once (`b[from..to]`
    /// alone is a copy already, which `to_vec` would copy again).
    fn sub_str(b: &[u8], from: usize, to: usize) -> Value {
        let mut out: Vec<u8> = Vec::with_capacity(to - from);
        out.extend_from_slice(&b[from..to]);
        bstr(out)
    }

    /// Raw equality (`rawequal`, and `==` before metamethods).
    fn raw_equal(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Nil, Value::Nil) => true,
            (Value::Bool(x), Value::Bool(y)) => *x == *y,
            (Value::Int(x), Value::Int(y)) => *x == *y,
            (Value::Num(x), Value::Num(y)) => *x == *y,
            (Value::Int(x), Value::Num(y)) => int_eq_float(*x, *y),
            (Value::Num(x), Value::Int(y)) => int_eq_float(*y, *x),
            (Value::Str(x), Value::Str(y)) => Rc::ptr_eq(x, y) || **x == **y,
            (Value::Table(x), Value::Table(y)) => Rc::ptr_eq(x, y),
            (Value::Func(x), Value::Func(y)) => Rc::ptr_eq(x, y),
            (Value::Builtin(x), Value::Builtin(y)) => *x == *y,
            (Value::Native(x), Value::Native(y)) => Rc::ptr_eq(x, y),
            _ => false,
        }
    }

    // ---- numbers --------------------------------------------------------

    /// 2^63 as a float: floats in [-2^63, 2^63) convert to integers.
    const TWO63: f64 = 9223372036854775808.0;

    /// The integer equal to `x`, if there is one.
    fn float_to_int(x: f64) -> Option<i64> {
        if x >= -TWO63 && x < TWO63 {
            let i = x as i64;
            if i as f64 == x {
                return Some(i);
            }
        }
        None
    }

    fn int_eq_float(i: i64, f: f64) -> bool {
        match float_to_int(f) {
            Some(j) => i == j,
            None => false,
        }
    }

    /// `i < f` exactly (Lua's LTintfloat).
    fn lt_int_float(i: i64, f: f64) -> bool {
        if i > -(1i64 << 53) && i < (1i64 << 53) {
            return (i as f64) < f;
        }
        // f's ceiling as an integer, when f is in range.
        if f.is_nan() {
            false
        } else if f >= TWO63 {
            true
        } else if f > -TWO63 {
            i < f.ceil() as i64
        } else {
            false
        }
    }

    fn le_int_float(i: i64, f: f64) -> bool {
        if i > -(1i64 << 53) && i < (1i64 << 53) {
            return (i as f64) <= f;
        }
        if f.is_nan() {
            false
        } else if f >= TWO63 {
            true
        } else if f >= -TWO63 {
            i <= f.floor() as i64
        } else {
            false
        }
    }

    fn lt_float_int(f: f64, i: i64) -> bool {
        if i > -(1i64 << 53) && i < (1i64 << 53) {
            return f < (i as f64);
        }
        if f.is_nan() {
            false
        } else if f >= TWO63 {
            false
        } else if f >= -TWO63 {
            (f.floor() as i64) < i
        } else {
            true
        }
    }

    fn le_float_int(f: f64, i: i64) -> bool {
        if i > -(1i64 << 53) && i < (1i64 << 53) {
            return f <= (i as f64);
        }
        if f.is_nan() {
            false
        } else if f >= TWO63 {
            false
        } else if f > -TWO63 {
            (f.ceil() as i64) <= i
        } else {
            true
        }
    }

    /// Floor division of integers (the divisor is not 0).
    fn int_idiv(a: i64, b: i64) -> i64 {
        if b == -1 {
            return a.wrapping_neg();
        }
        a / b + off_by_floor(a % b, b)
    }

    /// Lua's integer modulo: the sign of the divisor (which is not 0).
    fn int_mod(a: i64, b: i64) -> i64 {
        if b == -1 {
            return 0;
        }
        let r = a % b;
        r + (b & off_by_floor(r, b))
    }

    /// -1 when the truncated remainder `r` of a division by `b` is not 0
    /// and of the other sign than `b` (the floored quotient is one less,
    /// the floored remainder `r + b`), else 0. Without a branch on `r`: a
    /// trace takes none (a test of `b`, a constant there, goes).
    fn off_by_floor(r: i64, b: i64) -> i64 {
        let toward_b = if b < 0 { r.wrapping_neg() } else { r };
        toward_b >> 63
    }

    fn float_mod(a: f64, b: f64) -> f64 {
        let m = a % b;
        if m != 0.0 && (m < 0.0) != (b < 0.0) {
            m + b
        } else {
            m
        }
    }

    fn shift_left(x: i64, n: i64) -> i64 {
        if n <= -64 || n >= 64 {
            0
        } else if n >= 0 {
            ((x as u64) << (n as u32)) as i64
        } else {
            ((x as u64) >> ((-n) as u32)) as i64
        }
    }

    // ---- numbers as text ------------------------------------------------

    /// `%.Pg` of C's printf (P >= 1), with `alt` its `#` flag.
    fn fmt_g(x: f64, prec: usize, upper: bool, alt: bool) -> String {
        if x.is_nan() {
            return if upper { "NAN".to_string() } else { "nan".to_string() };
        }
        if x == f64::INFINITY || x == f64::NEG_INFINITY {
            let s = if x > 0.0 { "inf" } else { "-inf" };
            return if upper { s.to_uppercase() } else { s.to_string() };
        }
        let p = if prec == 0 { 1 } else { prec };
        // `x` rounded to `p` digits: they are the digits of either form.
        // (Written into one string, read in place: no strings of the
        // parts.)
        let e_form = format!("{:.*e}", p - 1, x);
        let b = e_form.as_bytes();
        let epos = e_form.find('e').unwrap();
        let exp = exponent_of(b, epos);
        let mut out = String::with_capacity(p + 8);
        let first = if b[0] == b'-' { 1 } else { 0 };
        if first == 1 {
            out.push('-');
        }
        if exp < -4 || exp >= p as i64 {
            let mut end = epos;
            if !alt && p > 1 {
                // (The zeros ending the fraction, and its point if nothing
                // is left of it.)
                while b[end - 1] == b'0' {
                    end -= 1;
                }
                if b[end - 1] == b'.' {
                    end -= 1;
                }
            }
            let mut k = first;
            while k < end {
                out.push(b[k] as char);
                k += 1;
            }
            push_exponent(&mut out, exp, upper);
        } else {
            // Digit `i` of the `p` is `b[first]`, then after the point.
            let digit = |i: usize| -> char { (if i == 0 { b[first] } else { b[first + 1 + i] }) as char };
            let int_digits = if exp >= 0 { exp as usize + 1 } else { 0 };
            let frac = p - int_digits;
            let lead = if exp < 0 { (-exp - 1) as usize } else { 0 };
            let mut k = 0;
            while k < int_digits {
                out.push(digit(k));
                k += 1;
            }
            if int_digits == 0 {
                out.push('0');
            }
            // The fraction: `lead` zeros, then the other digits; without
            // `#`, up to its last digit that is not 0.
            let mut shown = lead + frac;
            if !alt {
                while shown > lead && digit(int_digits + shown - lead - 1) == '0' {
                    shown -= 1;
                }
                if shown == lead {
                    shown = 0;
                }
            }
            if shown > 0 || alt {
                out.push('.');
            }
            let mut j = 0;
            while j < shown {
                out.push(if j < lead { '0' } else { digit(int_digits + j - lead) });
                j += 1;
            }
        }
        out
    }

    /// The exponent of Rust's `{:e}` text `b`, whose `e` is at `epos`.
    fn exponent_of(b: &[u8], epos: usize) -> i64 {
        let mut k = epos + 1;
        let neg = b[k] == b'-';
        if neg {
            k += 1;
        }
        let mut exp: i64 = 0;
        while k < b.len() {
            exp = exp * 10 + (b[k] - b'0') as i64;
            k += 1;
        }
        if neg {
            -exp
        } else {
            exp
        }
    }

    /// Appends a C exponent: `e`, its sign and at least two digits.
    fn push_exponent(out: &mut String, exp: i64, upper: bool) {
        out.push(if upper { 'E' } else { 'e' });
        out.push(if exp < 0 { '-' } else { '+' });
        let a = exp.abs();
        if a >= 100 {
            out.push((b'0' + (a / 100) as u8) as char);
        }
        out.push((b'0' + (a / 10 % 10) as u8) as char);
        out.push((b'0' + (a % 10) as u8) as char);
    }

    /// `%.Pe` of C's printf.
    fn fmt_e(x: f64, prec: usize, upper: bool) -> String {
        if x.is_nan() || x == f64::INFINITY || x == f64::NEG_INFINITY {
            return fmt_g(x, 1, upper, false);
        }
        let e_form = format!("{:.*e}", prec, x);
        let b = e_form.as_bytes();
        let epos = e_form.find('e').unwrap();
        let mut out = String::with_capacity(epos + 5);
        let mut k = 0;
        while k < epos {
            out.push(b[k] as char);
            k += 1;
        }
        push_exponent(&mut out, exponent_of(b, epos), upper);
        out
    }

    /// `%.Pf` of C's printf.
    fn fmt_f(x: f64, prec: usize) -> String {
        if x.is_nan() || x == f64::INFINITY || x == f64::NEG_INFINITY {
            return fmt_g(x, 1, false, false);
        }
        format!("{:.*}", prec, x)
    }

    /// How `tostring` shows a float: `%.14g`, with `.0` added when that
    /// looks like an integer.
    fn float_text(x: f64) -> String {
        let mut s = fmt_g(x, 14, false, false);
        if !s.contains('.') && !s.contains('e') && !s.contains('n') && !s.contains('i') {
            s.push_str(".0");
        }
        s
    }

    fn is_space(c: u8) -> bool {
        c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' || c == 11 || c == 12
    }

    fn hex_digit(c: u8) -> Option<i64> {
        if c >= b'0' && c <= b'9' {
            Some((c - b'0') as i64)
        } else if c >= b'a' && c <= b'f' {
            Some((c - b'a' + 10) as i64)
        } else if c >= b'A' && c <= b'F' {
            Some((c - b'A' + 10) as i64)
        } else {
            None
        }
    }

    /// The number a string converts to (Lua's `lua_stringtonumber`):
    /// decimal or hexadecimal integers and floats, blanks around.
    fn str_to_number(s: &[u8]) -> Option<Value> {
        let mut i = 0;
        let mut j = s.len();
        while i < j && is_space(s[i]) {
            i += 1;
        }
        while j > i && is_space(s[j - 1]) {
            j -= 1;
        }
        if i == j {
            return None;
        }
        let mut neg = false;
        let mut k = i;
        if s[k] == b'-' {
            neg = true;
            k += 1;
        } else if s[k] == b'+' {
            k += 1;
        }
        if k + 1 < j && s[k] == b'0' && (s[k + 1] == b'x' || s[k + 1] == b'X') {
            return hex_number(&s[k + 2..j], neg);
        }
        // Decimal: digits, an optional point and digits, an optional
        // exponent; an integer unless it has a point or an exponent or
        // does not fit.
        let start = k;
        let mut digits = 0;
        let mut is_float = false;
        while k < j && s[k] >= b'0' && s[k] <= b'9' {
            k += 1;
            digits += 1;
        }
        if k < j && s[k] == b'.' {
            is_float = true;
            k += 1;
            while k < j && s[k] >= b'0' && s[k] <= b'9' {
                k += 1;
                digits += 1;
            }
        }
        if digits == 0 {
            return None;
        }
        if k < j && (s[k] == b'e' || s[k] == b'E') {
            is_float = true;
            k += 1;
            if k < j && (s[k] == b'+' || s[k] == b'-') {
                k += 1;
            }
            let mut ed = 0;
            while k < j && s[k] >= b'0' && s[k] <= b'9' {
                k += 1;
                ed += 1;
            }
            if ed == 0 {
                return None;
            }
        }
        if k != j {
            return None;
        }
        let mut text = String::new();
        if neg {
            text.push('-');
        }
        let mut m = start;
        while m < j {
            text.push(s[m] as char);
            m += 1;
        }
        if !is_float {
            if let Ok(n) = text.parse::<i64>() {
                return Some(Value::Int(n));
            }
        }
        match text.parse::<f64>() {
            Ok(x) => Some(Value::Num(x)),
            Err(_) => None,
        }
    }

    /// A hexadecimal numeral after its `0x`: an integer (wrapping around)
    /// without a point or exponent, else a float (`0x1.8p3`).
    fn hex_number(s: &[u8], neg: bool) -> Option<Value> {
        let mut k = 0;
        let mut n: i64 = 0;
        let mut mant: f64 = 0.0;
        let mut exp: i64 = 0;
        let mut any = false;
        let mut is_float = false;
        while k < s.len() {
            match hex_digit(s[k]) {
                Some(d) => {
                    n = n.wrapping_mul(16).wrapping_add(d);
                    mant = mant * 16.0 + d as f64;
                    any = true;
                    k += 1;
                }
                None => break,
            }
        }
        if k < s.len() && s[k] == b'.' {
            is_float = true;
            k += 1;
            while k < s.len() {
                match hex_digit(s[k]) {
                    Some(d) => {
                        mant = mant * 16.0 + d as f64;
                        exp -= 4;
                        any = true;
                        k += 1;
                    }
                    None => break,
                }
            }
        }
        if !any {
            return None;
        }
        if k < s.len() && (s[k] == b'p' || s[k] == b'P') {
            is_float = true;
            k += 1;
            let mut eneg = false;
            if k < s.len() && (s[k] == b'+' || s[k] == b'-') {
                eneg = s[k] == b'-';
                k += 1;
            }
            let mut e: i64 = 0;
            let mut ed = 0;
            while k < s.len() && s[k] >= b'0' && s[k] <= b'9' {
                e = (e * 10 + (s[k] - b'0') as i64).min(100000);
                k += 1;
                ed += 1;
            }
            if ed == 0 {
                return None;
            }
            exp += if eneg { -e } else { e };
        }
        if k != s.len() {
            return None;
        }
        if is_float {
            let x = mant * 2.0f64.powi(exp.max(-2000).min(2000) as i32);
            Some(Value::Num(if neg { -x } else { x }))
        } else {
            Some(Value::Int(if neg { n.wrapping_neg() } else { n }))
        }
    }

    /// The text of a number (`tostring`, `..`, `print`).
    fn number_text(v: &Value) -> Vec<u8> {
        match v {
            Value::Int(i) => i.to_string().into_bytes(),
            Value::Num(x) => float_text(*x).into_bytes(),
            _ => Vec::new(),
        }
    }

    /// A value as a number for arithmetic: numbers, and strings that
    /// convert.
    fn to_number(v: &Value) -> Option<Value> {
        match v {
            Value::Int(_) | Value::Num(_) => Some(v.clone()),
            Value::Str(s) => str_to_number(s),
            _ => None,
        }
    }

    fn to_float(v: &Value) -> Option<f64> {
        match to_number(v) {
            Some(Value::Int(i)) => Some(i as f64),
            Some(Value::Num(x)) => Some(x),
            _ => None,
        }
    }

    /// A value as an integer for bitwise operations and the library:
    /// integers, floats with an integral value, strings that convert.
    fn to_integer(v: &Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(*i),
            Value::Num(x) => float_to_int(*x),
            Value::Str(s) => match str_to_number(s) {
                Some(Value::Int(i)) => Some(i),
                Some(Value::Num(x)) => float_to_int(x),
                _ => None,
            },
            _ => None,
        }
    }

    // ---- tables ---------------------------------------------------------

    /// A Lua table: the array part holds keys `1..=arr.len()` (some may be
    /// nil: it is sized as PUC Lua sizes it, so that more than half of it
    /// is used); the hash part holds the other keys in insertion order
    /// (`hash`), found through an index per kind of key. A key set to nil keeps its entry
    /// (with a nil value) so that `next` can go on from it; entries are
    /// compacted when dead ones outnumber the live ones.
    struct Table {
        /// The array part (keys 1..n), unless `floats` holds it; none
        /// until the first item (records and leaves of trees have none:
        /// an empty list each was a sixth of binary-trees' memory).
        arr: Option<Vec<Value>>,
        /// The array part while every item of it is a float (PyPy's list
        /// strategies): unboxed, with `arr` none. A float read from it is
        /// a new box (which a trace never makes), one stored into it is
        /// unboxed, and the first item that is not a float turns the part
        /// into values (`to_values`). A matrix of floats in `arr` was a box
        /// per item, each a cache miss away from its row.
        floats: Option<Vec<f64>>,
        /// The hash part: each entry's key, value, what its value is (`BOXED`:
        /// the value; `INT`, `FLOAT`: a number of that subtype, unboxed in
        /// the fourth field, the value nil); none until the first entry (most tables are
        /// arrays, or records made with their fields: an empty list each
        /// was a sixth of the objects binary-trees made). Read and written
        /// by position through `key_at`, `value_at`, `set_value_at`,
        /// `push_entry`. A field that changes, like a body's position in
        /// nbody or an object's counter, holds its number with no box made
        /// at each store (nbody made 31M). An array with a header, not a
        /// `Vec`: slot 0 holds the number of entries (in its third field),
        /// entry `p` is in slot `p + 1`, the slots after the entries are
        /// room. A list's struct was one more object per table, and one
        /// more load on the way to each field of an object.
        hash: Option<Box<[(Value, Value, u64, u64)]>>,
        /// Where the string keys are, while the table has few entries (a
        /// record, an object): shared with the tables that got the same
        /// keys in the same order. `None`: the table is a dictionary, and
        /// `strs` says where they are.
        shape: Option<Rc<Shape>>,
        /// Where the keys of the hash part are when the shape does not say
        /// (`None` until a table needs an index).
        index: Option<Index>,
        /// Of a table read by name in traces (the globals): changes with
        /// every string key added (or moved), so that the positions `strs`
        /// gives are a function of it (`str_pos_at`): a trace where the
        /// table is a constant reads a field at a constant position, and is
        /// invalidated when a key is added. Other tables leave it alone (0:
        /// not versioned, the globals start at 1): a write of a
        /// quasi-immutable field drops any trace in progress.
        #[rpython::jit::quasi_immutable]
        strs_version: i64,
        meta: Option<Rc<RefCell<Table>>>,
    }

    /// The indexes of a table's hash part by kind of key, each made with
    /// the first key of its kind (most tables are records or arrays: three
    /// empty maps would be most of their memory, and even the fields of
    /// three absent ones two words of every table).
    #[derive(Default)]
    struct Index {
        strs: Option<HashMap<Vec<u8>, usize>>,
        ints: Option<HashMap<i64, usize>>,
        /// Floats by their bits, booleans, and the other objects by id.
        others: Option<HashMap<i64, usize>>,
    }

    fn new_table(interp: &Interp) -> Table {
        empty_table(Some(interp.empty_shape.clone()), 0)
    }

    /// An empty table of the shape `shape` (`None`: a dictionary from the
    /// start, as the globals are), with room for `room` items in its array
    /// part.
    fn empty_table(shape: Option<Rc<Shape>>, room: usize) -> Table {
        let arr = if room == 0 { None } else { Some(Vec::with_capacity(room)) };
        Table { arr, floats: None, hash: None, shape, index: None, strs_version: 0, meta: None }
    }

    /// The `i` with 2^(i-1) < x <= 2^i (0 for 1).
    fn ceil_log2(x: u64) -> usize {
        if x <= 1 {
            0
        } else {
            (64 - (x - 1).leading_zeros()) as usize
        }
    }

    fn table_value(interp: &Interp) -> Value {
        Value::Table(Rc::new(RefCell::new(new_table(interp))))
    }

    /// The key of the `others` index of a value that is not a string or
    /// an integer (a float with an integral value is an integer key): a
    /// float's bits, and for the other values bits no float key has, those
    /// of NaNs (which are no keys): a boolean or an object (its address,
    /// below 2^48) was a number a tiny float could have, and the index
    /// kept one of the two.
    fn other_key(k: &Value) -> i64 {
        match k {
            Value::Num(x) => x.to_bits() as i64,
            Value::Bool(b) => NAN_KEYS | *b as i64,
            Value::Table(t) => NAN_KEYS | rgc::compute_unique_id(t) as i64,
            Value::Func(c) => NAN_KEYS | rgc::compute_unique_id(c) as i64,
            Value::Native(n) => NAN_KEYS | rgc::compute_unique_id(n) as i64,
            // (Negative NaNs.)
            Value::Builtin(b) => -10 - (*b as i64),
            _ => NAN_KEYS | 2,
        }
    }

    /// A quiet NaN's bits: with a number below 2^51 in its low bits, still
    /// a NaN.
    const NAN_KEYS: i64 = 0x7ff8_0000_0000_0000;

    /// What kind of index a key is found by: 0 strings, 1 integers, 2 the
    /// others; floats with an integral value are integers.
    fn normalize_key(k: &Value) -> Value {
        if let Value::Num(x) = k {
            if let Some(i) = float_to_int(*x) {
                return Value::Int(i);
            }
        }
        k.clone()
    }

    /// The string keys of a table's hash part and their positions, shared by
    /// the tables that got their entries in the same order (PyPy's maps,
    /// V8's hidden classes). A shape never changes once made: a trace that
    /// knows a table's shape (one guard) knows where a name is in it, or
    /// that it is not there, without looking (`shape_pos` is elidable).
    struct Shape {
        strs: HashMap<Vec<u8>, usize>,
        /// The entries it covers: the string keys and the other keys
        /// between them (positions without a name).
        len: usize,
        /// Whether `"__newindex"` is one of the keys: a metatable of this
        /// shape may have a `__newindex` (`may_have_newindex`, which the
        /// interpreter asks at a store into a field with a nil value, does
        /// not hash it).
        newindex: bool,
        /// The shapes one more entry leads to, made once: by the entry's
        /// string key, and for any other key.
        with_str: RefCell<HashMap<Vec<u8>, Rc<Shape>>>,
        with_other: RefCell<Option<Rc<Shape>>>,
    }

    /// Tables with more entries in their hash part than this are
    /// dictionaries (their shapes would be many, and large).
    const MAX_SHAPE_LEN: usize = 32;

    fn new_shape(strs: HashMap<Vec<u8>, usize>, len: usize) -> Rc<Shape> {
        let newindex = strs.contains_key(&b"__newindex".to_vec());
        Rc::new(Shape { strs, len, newindex, with_str: RefCell::new(HashMap::new()), with_other: RefCell::new(None) })
    }

    /// Where the string key `s` is in a table of shape `shape`
    /// (`usize::MAX`: not there).
    #[elidable]
    fn shape_pos(shape: &Shape, s: &Vec<u8>) -> usize {
        match shape.strs.get(s) {
            Some(p) => *p,
            None => usize::MAX,
        }
    }

    /// The shape of a table of shape `shape` given the new string key `s`
    /// (the same object every time: elidable).
    #[elidable]
    fn shape_with(shape: &Shape, s: &Vec<u8>) -> Rc<Shape> {
        if let Some(next) = shape.with_str.borrow().get(s) {
            return next.clone();
        }
        make_shape_with(shape, s)
    }

    /// A copy of the positions of `shape`'s string keys.
    fn copy_strs(shape: &Shape) -> HashMap<Vec<u8>, usize> {
        let mut strs: HashMap<Vec<u8>, usize> = HashMap::new();
        for (k, p) in &shape.strs {
            strs.insert(k.clone(), *p);
        }
        strs
    }

    /// `shape_pos`'s answer as a position, if any.
    fn position(p: usize) -> Option<usize> {
        if p == usize::MAX {
            None
        } else {
            Some(p)
        }
    }

    fn make_shape_with(shape: &Shape, s: &Vec<u8>) -> Rc<Shape> {
        let mut strs = copy_strs(shape);
        strs.insert(s.clone(), shape.len);
        let next = new_shape(strs, shape.len + 1);
        shape.with_str.borrow_mut().insert(s.clone(), next.clone());
        next
    }

    /// The shape of a table of shape `shape` given a new key that is not a
    /// string.
    fn shape_with_other(shape: &Shape) -> Rc<Shape> {
        if let Some(next) = &*shape.with_other.borrow() {
            return next.clone();
        }
        let next = new_shape(copy_strs(shape), shape.len + 1);
        *shape.with_other.borrow_mut() = Some(next.clone());
        next
    }

    /// The position of the string key `s` in `t`'s hash part, which only
    /// a new string key changes, and with it `version` (`t.strs_version`).
    #[elidable]
    fn str_pos_at(t: &Table, version: i64, s: &Vec<u8>) -> Option<usize> {
        let _ = version;
        t.str_pos(s)
    }

    /// Puts `v` at `i` in the list `list` (if any), giving what was there.
    /// (A `&mut` of an `Option` is passed to a function, copied in and
    /// out: the list is changed in place.)
    fn replace_in(list: &mut Option<Vec<Value>>, i: usize, v: Value) -> Value {
        match list {
            Some(h) => std::mem::replace(&mut h[i], v),
            None => Value::Nil,
        }
    }

    /// What the value of an entry of a table's hash part is: an entry is a
    /// tuple of its key, its value, its kind and, unless `BOXED`, the number
    /// it is. (The kind is read with the entry: a marker value would be one
    /// more object to read at each lookup, a cache miss in the
    /// interpreter.) A number's value is nil, or in the interpreter the box
    /// it was stored as: a read there gives it again, making none (traces
    /// read the number and store nil with it, their boxes virtual).
    const BOXED: u64 = 0;

    /// Whether an entry of a hash part is dead: its value nil (the entry
    /// stays, so that `next` can go on from it).
    fn is_dead(e: &(Value, Value, u64, u64)) -> bool {
        e.2 == BOXED && matches!(e.1, Value::Nil)
    }
    const INT: u64 = 1;
    const FLOAT: u64 = 2;

    /// The value of the entry `p` of the hash part `hash`, its number if
    /// it is unboxed.
    fn entry_value(hash: &[(Value, Value, u64, u64)], p: usize) -> Value {
        let e = &hash[p + 1];
        match e.2 {
            BOXED => e.1.clone(),
            _ if !we_are_jitted() && !matches!(e.1, Value::Nil) => e.1.clone(),
            INT => Value::Int(e.3 as i64),
            _ => Value::Num(f64::from_bits(e.3)),
        }
    }

    /// An entry's value, kind and number for the value `v`: a number
    /// unboxed, with the box it came in kept in the interpreter only (in a
    /// trace it would be made, most often virtual until then).
    fn entry_parts(v: Value) -> (Value, u64, u64) {
        let (kind, bits) = match v {
            Value::Int(i) => (INT, i as u64),
            Value::Num(x) => (FLOAT, x.to_bits()),
            _ => return (v, BOXED, 0),
        };
        (if we_are_jitted() { Value::Nil } else { v }, kind, bits)
    }

    /// Stores `parts` (`entry_parts`) as the value of the entry `p` of the
    /// hash part `hash`; the kind unless already there (a trace that read
    /// the entry knows it). (A trace stores nil over a number's box
    /// unread: reading it, it would guard on what it found, a box the
    /// first time, nil from then on.)
    fn store_entry(hash: &mut Option<Box<[(Value, Value, u64, u64)]>>, p: usize, parts: (Value, u64, u64)) {
        let (v, kind, bits) = parts;
        if let Some(h) = hash {
            let e = &mut h[p + 1];
            if e.2 != kind {
                e.2 = kind;
            }
            e.1 = v;
            if kind != BOXED {
                e.3 = bits;
            }
        }
    }

    /// Appends the entry of key `k` and `parts` (`entry_parts`) to the
    /// hash part `hash`, made for it if none, doubled if full.
    fn push_pair(hash: &mut Option<Box<[(Value, Value, u64, u64)]>>, k: Value, parts: (Value, u64, u64)) {
        let (v, kind, bits) = parts;
        let (n, room) = match hash {
            Some(h) => (h[0].2 as usize, h.len()),
            None => (0, 0),
        };
        if n + 1 >= room {
            let old = hash.take();
            *hash = Some(hash_slots(&old, n, (room * 2).max(HASH_SLOTS)));
        }
        if let Some(h) = hash {
            h[n + 1] = (k, v, kind, bits);
            h[0].2 = (n + 1) as u64;
        }
    }

    /// The slots of a hash part of a new table (its header and entries).
    const HASH_SLOTS: usize = 5;

    /// `size` slots holding the `n` entries of `old` (none: no entries),
    /// the rest room. (Pushed to their size: the list's array becomes the
    /// boxed slice.)
    fn hash_slots(
        old: &Option<Box<[(Value, Value, u64, u64)]>>,
        n: usize,
        size: usize,
    ) -> Box<[(Value, Value, u64, u64)]> {
        let mut slots: Vec<(Value, Value, u64, u64)> = Vec::with_capacity(size);
        // (Without `old`, the header is a slot like the room: a count of 0.)
        if let Some(h) = old {
            slots.extend_from_slice(&h[..n + 1]);
        }
        while slots.len() < size {
            slots.push((Value::Nil, Value::Nil, BOXED, 0));
        }
        slots.into_boxed_slice()
    }

    /// Stores `x` at `j` in the list `floats` (as `replace_in`).
    fn set_float(floats: &mut Option<Vec<f64>>, j: usize, x: f64) {
        if let Some(l) = floats {
            l[j] = x;
        }
    }

    /// Appends `x` to the list `floats`, made for it if none.
    fn push_float(floats: &mut Option<Vec<f64>>, x: f64) {
        match floats {
            Some(l) => l.push(x),
            None => *floats = Some(vec![x]),
        }
    }

    /// Appends `v` to the list `list`, made for it if none.
    fn push_in(list: &mut Option<Vec<Value>>, v: Value) {
        match list {
            Some(l) => l.push(v),
            None => *list = Some(vec![v]),
        }
    }

    /// Inserts `v` at `j` of the list `list` (`j` at most its length).
    fn insert_in(list: &mut Option<Vec<Value>>, j: usize, v: Value) {
        if let Some(l) = list {
            l.insert(j, v);
        }
    }

    /// Removes item `j` of the list `list` (`j` below its length).
    fn remove_in(list: &mut Option<Vec<Value>>, j: usize) -> Value {
        match list {
            Some(l) => l.remove(j),
            None => Value::Nil,
        }
    }

    /// Removes item `j` of the list `floats` (`j` below its length).
    fn remove_float(floats: &mut Option<Vec<f64>>, j: usize) -> f64 {
        match floats {
            Some(l) => l.remove(j),
            None => 0.0,
        }
    }

    /// Inserts `x` at `j` of the list `floats` (`j` at most its length).
    fn insert_float(floats: &mut Option<Vec<f64>>, j: usize, x: f64) {
        if let Some(l) = floats {
            l.insert(j, x);
        }
    }

    impl Table {
        /// `table.insert(t, j + 1, v)` when the array part is the whole
        /// sequence (`#t` is its length, `j` at most that): its items from
        /// `j` on move up at once, not one `set_int` each (deltablue's
        /// collections).
        fn arr_insert(&mut self, j: usize, v: Value) {
            if j == self.arr_len() {
                self.arr_push(v);
            } else if self.floats.is_some() && matches!(v, Value::Num(_)) {
                if let Value::Num(x) = v {
                    insert_float(&mut self.floats, j, x);
                }
            } else {
                if self.floats.is_some() {
                    self.to_values();
                }
                insert_in(&mut self.arr, j, v);
            }
            self.migrate();
        }

        /// `table.remove(t, j + 1)` when the array part is the whole
        /// sequence (`j` below its length): the items after `j` move down at
        /// once, and the part is one shorter.
        fn arr_remove(&mut self, j: usize) -> Value {
            if self.floats.is_some() {
                return Value::Num(remove_float(&mut self.floats, j));
            }
            remove_in(&mut self.arr, j)
        }

        /// How many items the array part has.
        #[inline]
        fn arr_len(&self) -> usize {
            match (&self.arr, &self.floats) {
                (Some(a), _) => a.len(),
                (None, Some(f)) => f.len(),
                (None, None) => 0,
            }
        }

        /// The array part's item `j` (`j < arr_len()`).
        #[inline]
        fn arr_get(&self, j: usize) -> Value {
            match (&self.arr, &self.floats) {
                (Some(a), _) => a[j].clone(),
                (None, Some(f)) => Value::Num(f[j]),
                (None, None) => Value::Nil,
            }
        }

        fn arr_is_nil(&self, j: usize) -> bool {
            match &self.arr {
                Some(a) => matches!(a[j], Value::Nil),
                None => self.floats.is_none(),
            }
        }

        #[inline]
        fn arr_set(&mut self, j: usize, v: Value) {
            if self.floats.is_some() {
                if let Value::Num(x) = v {
                    return set_float(&mut self.floats, j, x);
                }
                self.to_values();
            }
            replace_in(&mut self.arr, j, v);
        }

        /// Appends `v` to the array part: a float to an empty part starts it
        /// as floats.
        fn arr_push(&mut self, v: Value) {
            if let Value::Num(x) = v {
                if self.floats.is_none() && self.arr_len() == 0 {
                    // (The room a constructor made for values goes.)
                    self.arr = None;
                }
                if self.floats.is_some() || self.arr.is_none() {
                    return push_float(&mut self.floats, x);
                }
            } else if self.floats.is_some() {
                self.to_values();
            }
            push_in(&mut self.arr, v);
        }

        /// Boxes the floats of the array part (a value that is not a float
        /// is stored into it).
        fn to_values(&mut self) {
            if let Some(f) = self.floats.take() {
                let mut arr: Vec<Value> = Vec::with_capacity(f.len() + 1);
                for x in f.iter() {
                    arr.push(Value::Num(*x));
                }
                self.arr = Some(arr);
            }
        }

        /// How many entries the hash part has (dead ones too).
        fn entries(&self) -> usize {
            match &self.hash {
                Some(h) => h[0].2 as usize,
                None => 0,
            }
        }

        /// The key of the hash part's entry `p`.
        fn key_at(&self, p: usize) -> Value {
            match &self.hash {
                Some(h) => h[p + 1].0.clone(),
                None => Value::Nil,
            }
        }

        /// The value of the hash part's entry `p` (nil: a dead entry).
        fn value_at(&self, p: usize) -> Value {
            match &self.hash {
                Some(h) => entry_value(h, p),
                None => Value::Nil,
            }
        }

        fn value_is_nil(&self, p: usize) -> bool {
            match &self.hash {
                // (Not `is_dead(&h[p])`: that copies the whole entry out,
                // 4% more instructions in richards.)
                Some(h) => h[p + 1].2 == BOXED && matches!(h[p + 1].1, Value::Nil),
                None => true,
            }
        }

        /// Stores `v` as the value of the entry `p`, a number unboxed; nil
        /// leaves the entry dead (`next` goes on from it).
        fn set_value_at(&mut self, p: usize, v: Value) {
            store_entry(&mut self.hash, p, entry_parts(v));
        }

        /// The value of the entry `p`, leaving nil there.
        fn take_value_at(&mut self, p: usize) -> Value {
            let v = self.value_at(p);
            store_entry(&mut self.hash, p, (Value::Nil, BOXED, 0));
            v
        }

        /// Adds the entry `k`, `v` at the end of the hash part (position
        /// `entries()`).
        fn push_entry(&mut self, k: Value, v: Value) {
            push_pair(&mut self.hash, k, entry_parts(v));
        }

        fn str_pos(&self, s: &Vec<u8>) -> Option<usize> {
            if let Some(shape) = &self.shape {
                return position(shape_pos(shape, s));
            }
            match &self.index {
                Some(Index { strs: Some(m), .. }) => m.get(s).copied(),
                _ => None,
            }
        }

        /// Makes the table a dictionary: its own index of string keys.
        fn to_dictionary(&mut self) {
            if let Some(shape) = self.shape.take() {
                let mut ix = self.index.take().unwrap_or_default();
                ix.strs = Some(copy_strs(&shape));
                self.index = Some(ix);
            }
        }

        /// The shape for one more entry (the string key `s`, or `None` for
        /// another key), or none: the table becomes a dictionary.
        fn grow_shape(&mut self, s: Option<&Vec<u8>>) {
            let next = match &self.shape {
                Some(shape) if shape.len < MAX_SHAPE_LEN => match s {
                    Some(s) => shape_with(shape, s),
                    None => shape_with_other(shape),
                },
                Some(_) => {
                    self.to_dictionary();
                    return;
                }
                None => return,
            };
            self.shape = Some(next);
        }

        fn int_pos(&self, i: i64) -> Option<usize> {
            match &self.index {
                Some(Index { ints: Some(m), .. }) => m.get(&i).copied(),
                _ => None,
            }
        }

        fn remove_int(&mut self, i: i64) {
            let mut ix = self.index.take().unwrap_or_default();
            let mut m = ix.ints.take().unwrap_or_default();
            m.remove(&i);
            // No map once the last integer key is gone: every append to the
            // array part asks whether its key is in the hash part.
            if !m.is_empty() {
                ix.ints = Some(m);
            }
            self.index = Some(ix);
        }

        /// The position of `k` (normalized) in the hash part.
        fn find(&self, k: &Value) -> Option<usize> {
            match k {
                Value::Str(s) => {
                    let b: &Vec<u8> = s;
                    self.str_pos(b)
                }
                Value::Int(i) => self.int_pos(*i),
                Value::Nil => None,
                other => {
                    let key = other_key(other);
                    let found = match &self.index {
                        Some(Index { others: Some(m), .. }) => m.get(&key).copied(),
                        _ => None,
                    };
                    match found {
                        Some(p) => {
                            // Float bits and ids may meet: check the key.
                            if raw_equal(&self.key_at(p), other) {
                                Some(p)
                            } else {
                                None
                            }
                        }
                        None => None,
                    }
                }
            }
        }

        #[inline]
        fn get_int(&self, i: i64) -> Value {
            // (One unsigned test, `j < len`: the indexing's own check is
            // its negation, which a trace then knows.)
            let j = (i as u64).wrapping_sub(1);
            if j < self.arr_len() as u64 {
                return self.arr_get(j as usize);
            }
            match self.int_pos(i) {
                Some(p) => self.value_at(p),
                None => Value::Nil,
            }
        }

        fn get_str(&self, s: &Vec<u8>) -> Value {
            match self.str_pos(s) {
                Some(p) => self.value_at(p),
                None => Value::Nil,
            }
        }

        fn get(&self, k: &Value) -> Value {
            match k {
                Value::Int(i) => self.get_int(*i),
                Value::Str(s) => self.get_str(s),
                Value::Num(x) => match float_to_int(*x) {
                    Some(i) => self.get_int(i),
                    None => match self.find(k) {
                        Some(p) => self.value_at(p),
                        None => Value::Nil,
                    },
                },
                _ => match self.find(k) {
                    Some(p) => self.value_at(p),
                    None => Value::Nil,
                },
            }
        }

        #[inline]
        fn set_int(&mut self, i: i64, v: Value) {
            let n = self.arr_len();
            let j = (i as u64).wrapping_sub(1);
            if j < n as u64 {
                self.arr_set(j as usize, v);
                return;
            }
            if i as u64 == n as u64 + 1 && !matches!(v, Value::Nil) {
                self.take_int(i);
                self.arr_push(v);
                self.migrate();
                return;
            }
            if i == 2 && n == 0 && !matches!(v, Value::Nil) {
                // An array from 2, as a sieve's: an array part with a hole
                // at 1, not a hash part. (Only there: a hole further on
                // would change what `#` finds, which programs rely on.)
                let hole = self.take_int(1);
                self.take_int(2);
                self.arr_push(hole);
                self.arr_push(v);
                self.migrate();
                return;
            }
            self.set_hash(Value::Int(i), v);
        }

        /// Removes integer key `i` from the hash part: its value, nil if
        /// it was not there.
        fn take_int(&mut self, i: i64) -> Value {
            match self.int_pos(i) {
                Some(p) => {
                    let v = self.take_value_at(p);
                    self.remove_int(i);
                    v
                }
                None => Value::Nil,
            }
        }

        /// Moves the keys following the array part from the hash part into
        /// it.
        fn migrate(&mut self) {
            // (Most tables have no integer key in their hash part: a trace
            // tests it inline and calls the loop only when there is one.)
            if self.has_int_keys() {
                self.migrate_from_hash();
            }
        }

        /// Whether an integer key is in the hash part.
        fn has_int_keys(&self) -> bool {
            matches!(&self.index, Some(Index { ints: Some(_), .. }))
        }

        fn migrate_from_hash(&mut self) {
            loop {
                let next = self.arr_len() as i64 + 1;
                match self.int_pos(next) {
                    Some(p) if !self.value_is_nil(p) => {}
                    _ => return,
                }
                let v = self.take_int(next);
                self.arr_push(v);
            }
        }

        fn set_hash(&mut self, k: Value, v: Value) {
            if let Some(p) = self.find(&k) {
                self.set_value_at(p, v);
                return;
            }
            if matches!(v, Value::Nil) {
                return;
            }
            if self.compacts_on_insert() {
                self.compact();
            }
            let p = self.entries();
            let mut grown = false;
            match &k {
                Value::Str(s) => {
                    let b: &Vec<u8> = s;
                    self.grow_shape(Some(b));
                    if self.shape.is_none() {
                        let mut ix = self.index.take().unwrap_or_default();
                        let mut m = ix.strs.take().unwrap_or_default();
                        m.insert(b.clone(), p);
                        ix.strs = Some(m);
                        self.index = Some(ix);
                    }
                    if self.strs_version != 0 {
                        self.strs_version += 1;
                    }
                }
                Value::Int(i) => {
                    self.grow_shape(None);
                    let mut ix = self.index.take().unwrap_or_default();
                    let mut m = ix.ints.take().unwrap_or_default();
                    m.insert(*i, p);
                    let n = m.len();
                    ix.ints = Some(m);
                    self.index = Some(ix);
                    grown = n >= 4 && n & (n - 1) == 0;
                }
                other => {
                    self.grow_shape(None);
                    let mut ix = self.index.take().unwrap_or_default();
                    let mut m = ix.others.take().unwrap_or_default();
                    m.insert(other_key(other), p);
                    ix.others = Some(m);
                    self.index = Some(ix);
                }
            }
            self.push_entry(k, v);
            if grown {
                self.resize_array();
            }
        }

        /// Grows the array part to the largest power of two more than half
        /// of which the integer keys would use (PUC Lua's `computesizes`),
        /// moving those keys out of the hash part.
        fn resize_array(&mut self) {
            // Keys per slice (2^(i-1), 2^i].
            let mut nums: Vec<usize> = vec![0; 65];
            let mut total: usize = 0;
            let mut k = 0;
            while k < self.arr_len() {
                if !self.arr_is_nil(k) {
                    nums[ceil_log2(k as u64 + 1)] += 1;
                    total += 1;
                }
                k += 1;
            }
            if let Some(Index { ints: Some(ints), .. }) = &self.index {
                for (key, p) in ints {
                    if *key >= 1 && !self.value_is_nil(*p) {
                        nums[ceil_log2(*key as u64)] += 1;
                        total += 1;
                    }
                }
            }
            let mut a: usize = 0;
            let mut optimal: usize = 0;
            let mut i = 0;
            let mut twotoi: usize = 1;
            while i < 63 && total > twotoi / 2 {
                a += nums[i];
                if a > twotoi / 2 {
                    optimal = twotoi;
                }
                i += 1;
                twotoi *= 2;
            }
            if optimal <= self.arr_len() {
                return;
            }
            while self.arr_len() < optimal {
                let next = self.arr_len() as i64 + 1;
                let v = match self.int_pos(next) {
                    Some(p) => {
                        let v = self.take_value_at(p);
                        self.remove_int(next);
                        v
                    }
                    None => Value::Nil,
                };
                self.arr_push(v);
            }
            self.migrate();
        }

        /// Whether adding a key compacts the hash part first (`set_hash`):
        /// when it has 16, 32, 64... entries, more than half of them dead.
        /// Decision: dead entries are counted when the hash part doubles
        /// (amortized: PUC Lua counts its keys when its hash part is full),
        /// not kept in a counter: a store then needs no test of what it
        /// replaces, and tables no word for the count.
        fn compacts_on_insert(&self) -> bool {
            let n = self.entries();
            n >= 16 && n & (n - 1) == 0 && self.count_dead() * 2 > n
        }

        /// The entries of the hash part whose value is nil.
        fn count_dead(&self) -> usize {
            let mut dead = 0;
            if let Some(h) = &self.hash {
                for e in h[1..self.entries() + 1].iter() {
                    if is_dead(e) {
                        dead += 1;
                    }
                }
            }
            dead
        }

        /// Drops the dead entries of the hash part (not while a traversal
        /// may go on: only when a new key is added, which Lua forbids
        /// during traversals).
        fn compact(&mut self) {
            let n = self.entries();
            let Some(hash) = self.hash.take() else { return };
            // (A table whose keys come and go is a dictionary.)
            self.shape = None;
            self.index = None;
            let mut i = 0;
            while i < n {
                if !is_dead(&hash[i + 1]) {
                    let k = hash[i + 1].0.clone();
                    self.set_hash(k, entry_value(&hash, i));
                }
                i += 1;
            }
        }

        /// `t[k] = v` without metamethods; `k` is neither nil nor NaN.
        fn set(&mut self, k: Value, v: Value) {
            match k {
                Value::Int(i) => self.set_int(i, v),
                Value::Num(x) => match float_to_int(x) {
                    Some(i) => self.set_int(i, v),
                    None => self.set_hash(Value::Num(x), v),
                },
                other => self.set_hash(other, v),
            }
        }

        /// `#t`: a border (PUC Lua's `luaH_getn`): in the array part when
        /// it ends with nil, else counting on through the hash part.
        fn length(&self) -> i64 {
            let n = self.arr_len();
            // The usual case, with no loop (a trace does it inline): the
            // array part ends with a value, and no integer key is in the
            // hash part.
            if (n == 0 || !self.arr_is_nil(n - 1)) && !self.has_int_keys() {
                return n as i64;
            }
            self.border()
        }

        /// `length` when the array part ends with nil (a border inside it)
        /// or the hash part may hold the keys after it.
        fn border(&self) -> i64 {
            let n = self.arr_len();
            if n > 0 && self.arr_is_nil(n - 1) {
                // A border in the array: t[lo] non-nil (or lo 0), t[hi] nil.
                let mut lo: usize = 0;
                let mut hi: usize = n;
                while hi - lo > 1 {
                    let m = (lo + hi) / 2;
                    if self.arr_is_nil(m - 1) {
                        hi = m;
                    } else {
                        lo = m;
                    }
                }
                return lo as i64;
            }
            let mut k = n as i64;
            while !matches!(self.get_int(k + 1), Value::Nil) {
                k += 1;
            }
            k
        }

        /// The entry after key `k` (nil: the first), as `next` gives it;
        /// `None` for a key not in the table.
        fn next(&self, k: &Value) -> Option<(Value, Value)> {
            let mut start_arr: usize = 0;
            let mut start_hash: usize = 0;
            let key = normalize_key(k);
            match &key {
                Value::Nil => {}
                Value::Int(i) if *i >= 1 && (*i as u64) <= self.arr_len() as u64 => {
                    start_arr = *i as usize;
                }
                other => match self.find(other) {
                    Some(p) => {
                        start_arr = self.arr_len();
                        start_hash = p + 1;
                    }
                    None => return None,
                },
            }
            let mut i = start_arr;
            while i < self.arr_len() {
                if !self.arr_is_nil(i) {
                    return Some((Value::Int(i as i64 + 1), self.arr_get(i)));
                }
                i += 1;
            }
            let mut p = start_hash;
            while p < self.entries() {
                if !self.value_is_nil(p) {
                    return Some((self.key_at(p), self.value_at(p)));
                }
                p += 1;
            }
            Some((Value::Nil, Value::Nil))
        }
    }

    // ---- the lexer ------------------------------------------------------

    #[derive(Clone, PartialEq)]
    enum Tok {
        Eof,
        Name(String),
        Str(Vec<u8>),
        Int(i64),
        Num(f64),
        /// A keyword or a symbol.
        Sym(String),
    }

    struct Token {
        tok: Tok,
        line: usize,
        /// The source text, for "near" in syntax errors.
        text: String,
    }

    const KEYWORDS: [&str; 22] = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
        "not", "or", "repeat", "return", "then", "true", "until", "while",
    ];

    /// Symbols, longest first so that the first match is the token.
    const SYMBOLS: [&str; 33] = [
        "...", "..", "==", "~=", "<=", ">=", "<<", ">>", "//", "::", "+", "-", "*", "/", "%", "^", "#", "&", "~", "|",
        "<", ">", "=", "(", ")", "{", "}", "[", "]", ";", ":", ",", ".",
    ];

    fn is_name_start(c: u8) -> bool {
        (c >= b'a' && c <= b'z') || (c >= b'A' && c <= b'Z') || c == b'_'
    }

    fn is_digit(c: u8) -> bool {
        c >= b'0' && c <= b'9'
    }

    fn text_of(src: &[u8], from: usize, to: usize) -> String {
        let mut s = String::new();
        let mut i = from;
        while i < to {
            s.push(src[i] as char);
            i += 1;
        }
        s
    }

    struct Lexer {
        src: Vec<u8>,
        pos: usize,
        line: usize,
        chunk: String,
    }

    impl Lexer {
        fn peek_at(&self, k: usize) -> u8 {
            if self.pos + k < self.src.len() {
                self.src[self.pos + k]
            } else {
                0
            }
        }

        fn error(&self, msg: &str, near: &str) -> String {
            syntax_error(&self.chunk, self.line, msg, near)
        }

        /// The level of a long bracket opening at `pos` (`[[` is 0, `[==[` is
        /// 2), if one opens there.
        fn long_bracket(&self) -> Option<usize> {
            if self.peek_at(0) != b'[' {
                return None;
            }
            let mut k = 1;
            while self.peek_at(k) == b'=' {
                k += 1;
            }
            if self.peek_at(k) == b'[' {
                Some(k - 1)
            } else {
                None
            }
        }

        /// The contents of a long string or comment whose opening bracket
        /// of `level` is at `pos`.
        fn long_string(&mut self, level: usize, what: &str) -> Result<Vec<u8>, String> {
            let start_line = self.line;
            self.pos += level + 2;
            // A newline right after the opening bracket is skipped.
            if self.peek_at(0) == b'\r' || self.peek_at(0) == b'\n' {
                self.skip_newline();
            }
            let mut out: Vec<u8> = Vec::new();
            loop {
                if self.pos >= self.src.len() {
                    let _ = start_line;
                    return Err(self.error(&format!("unfinished long {}", what), "<eof>"));
                }
                let c = self.src[self.pos];
                if c == b']' {
                    let mut k = 1;
                    while self.peek_at(k) == b'=' {
                        k += 1;
                    }
                    if k - 1 == level && self.peek_at(k) == b']' {
                        self.pos += k + 1;
                        return Ok(out);
                    }
                    out.push(c);
                    self.pos += 1;
                } else if c == b'\n' || c == b'\r' {
                    self.skip_newline();
                    out.push(b'\n');
                } else {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }

        /// Skips `\n`, `\r`, `\r\n` or `\n\r`, counting one line.
        fn skip_newline(&mut self) {
            let c = self.src[self.pos];
            self.pos += 1;
            let d = self.peek_at(0);
            if (d == b'\n' || d == b'\r') && d != c {
                self.pos += 1;
            }
            self.line += 1;
        }

        /// Skips blanks and comments.
        fn skip_blank(&mut self) -> Result<(), String> {
            while self.pos < self.src.len() {
                let c = self.src[self.pos];
                if c == b'\n' || c == b'\r' {
                    self.skip_newline();
                } else if c == b' ' || c == b'\t' || c == 11 || c == 12 {
                    self.pos += 1;
                } else if c == b'-' && self.peek_at(1) == b'-' {
                    self.pos += 2;
                    if let Some(level) = self.long_bracket() {
                        self.long_string(level, "comment")?;
                    } else {
                        while self.pos < self.src.len() && self.src[self.pos] != b'\n' && self.src[self.pos] != b'\r' {
                            self.pos += 1;
                        }
                    }
                } else {
                    break;
                }
            }
            Ok(())
        }

        fn string(&mut self, quote: u8) -> Result<Vec<u8>, String> {
            let start = self.pos;
            self.pos += 1;
            let mut out: Vec<u8> = Vec::new();
            loop {
                if self.pos >= self.src.len() {
                    return Err(self.error("unfinished string", "<eof>"));
                }
                let c = self.src[self.pos];
                if c == quote {
                    self.pos += 1;
                    return Ok(out);
                }
                if c == b'\n' || c == b'\r' {
                    let near = text_of(&self.src, start, self.pos);
                    return Err(self.error("unfinished string", &near));
                }
                if c != b'\\' {
                    out.push(c);
                    self.pos += 1;
                    continue;
                }
                self.pos += 1;
                let e = self.peek_at(0);
                let simple = match e {
                    b'n' => Some(b'\n'),
                    b't' => Some(b'\t'),
                    b'r' => Some(b'\r'),
                    b'a' => Some(7),
                    b'b' => Some(8),
                    b'f' => Some(12),
                    b'v' => Some(11),
                    b'\\' => Some(b'\\'),
                    b'"' => Some(b'"'),
                    b'\'' => Some(b'\''),
                    _ => None,
                };
                if let Some(b) = simple {
                    out.push(b);
                    self.pos += 1;
                } else if e == b'\n' || e == b'\r' {
                    self.skip_newline();
                    out.push(b'\n');
                } else if e == b'x' {
                    let h1 = hex_digit(self.peek_at(1));
                    let h2 = hex_digit(self.peek_at(2));
                    match (h1, h2) {
                        (Some(a), Some(b)) => {
                            out.push((a * 16 + b) as u8);
                            self.pos += 3;
                        }
                        _ => {
                            let near = text_of(&self.src, start, (self.pos + 3).min(self.src.len()));
                            return Err(self.error("hexadecimal digit expected", &near));
                        }
                    }
                } else if e == b'z' {
                    self.pos += 1;
                    while self.pos < self.src.len() && is_space(self.src[self.pos]) {
                        if self.src[self.pos] == b'\n' || self.src[self.pos] == b'\r' {
                            self.skip_newline();
                        } else {
                            self.pos += 1;
                        }
                    }
                } else if is_digit(e) {
                    let mut n: u32 = 0;
                    let mut k = 0;
                    while k < 3 && is_digit(self.peek_at(0)) {
                        n = n * 10 + (self.peek_at(0) - b'0') as u32;
                        self.pos += 1;
                        k += 1;
                    }
                    if n > 255 {
                        let near = text_of(&self.src, start, self.pos);
                        return Err(self.error("decimal escape too large", &near));
                    }
                    out.push(n as u8);
                } else if e == b'u' {
                    self.pos += 1;
                    if self.peek_at(0) != b'{' {
                        let near = text_of(&self.src, start, self.pos);
                        return Err(self.error("missing '{' in \\u{xxxx}", &near));
                    }
                    self.pos += 1;
                    let mut n: u64 = 0;
                    while let Some(d) = hex_digit(self.peek_at(0)) {
                        n = n * 16 + d as u64;
                        if n > 0x7FFF_FFFF {
                            let near = text_of(&self.src, start, self.pos);
                            return Err(self.error("UTF-8 value too large", &near));
                        }
                        self.pos += 1;
                    }
                    if self.peek_at(0) != b'}' {
                        let near = text_of(&self.src, start, self.pos);
                        return Err(self.error("missing '}' in \\u{xxxx}", &near));
                    }
                    self.pos += 1;
                    utf8_encode(&mut out, n);
                } else {
                    let near = text_of(&self.src, start, (self.pos + 1).min(self.src.len()));
                    return Err(self.error("invalid escape sequence", &near));
                }
            }
        }

        fn number(&mut self) -> Result<Tok, String> {
            let start = self.pos;
            let hex = self.peek_at(0) == b'0' && (self.peek_at(1) == b'x' || self.peek_at(1) == b'X');
            if hex {
                self.pos += 2;
            }
            loop {
                let c = self.peek_at(0);
                let exp = if hex { c == b'p' || c == b'P' } else { c == b'e' || c == b'E' };
                if exp {
                    self.pos += 1;
                    if self.peek_at(0) == b'+' || self.peek_at(0) == b'-' {
                        self.pos += 1;
                    }
                } else if (hex && hex_digit(c).is_some()) || is_digit(c) || c == b'.' {
                    self.pos += 1;
                } else if is_name_start(c) {
                    // Lua reads letters into the numeral and rejects it.
                    self.pos += 1;
                } else {
                    break;
                }
            }
            let text = self.src[start..self.pos].to_vec();
            match str_to_number(&text) {
                Some(Value::Int(i)) => Ok(Tok::Int(i)),
                Some(Value::Num(x)) => Ok(Tok::Num(x)),
                _ => Err(self.error("malformed number", &text_of(&text, 0, text.len()))),
            }
        }

        fn next_token(&mut self) -> Result<Token, String> {
            self.skip_blank()?;
            let line = self.line;
            if self.pos >= self.src.len() {
                return Ok(Token { tok: Tok::Eof, line, text: "<eof>".to_string() });
            }
            let start = self.pos;
            let c = self.src[self.pos];
            let tok = if is_name_start(c) {
                while self.pos < self.src.len() && (is_name_start(self.src[self.pos]) || is_digit(self.src[self.pos])) {
                    self.pos += 1;
                }
                let name = text_of(&self.src, start, self.pos);
                if KEYWORDS.contains(&name.as_str()) {
                    Tok::Sym(name)
                } else {
                    Tok::Name(name)
                }
            } else if is_digit(c) || (c == b'.' && is_digit(self.peek_at(1))) {
                self.number()?
            } else if c == b'"' || c == b'\'' {
                Tok::Str(self.string(c)?)
            } else if let Some(level) = self.long_bracket() {
                Tok::Str(self.long_string(level, "string")?)
            } else {
                let mut found = String::new();
                let mut k = 0;
                while k < SYMBOLS.len() {
                    let sym = SYMBOLS[k].as_bytes();
                    let mut m = 0;
                    while m < sym.len() && self.peek_at(m) == sym[m] {
                        m += 1;
                    }
                    if m == sym.len() {
                        found = SYMBOLS[k].to_string();
                        break;
                    }
                    k += 1;
                }
                if found.is_empty() {
                    let near = text_of(&self.src, start, start + 1);
                    return Err(self.error("unexpected symbol", &near));
                }
                self.pos += found.len();
                Tok::Sym(found)
            };
            let text = text_of(&self.src, start, self.pos);
            Ok(Token { tok, line, text })
        }
    }

    /// A syntax error's message: `near` is a token's text, or `<eof>`.
    fn syntax_error(chunk: &str, line: usize, msg: &str, near: &str) -> String {
        if near == "<eof>" {
            format!("{}:{}: {} near <eof>", chunk, line, msg)
        } else {
            format!("{}:{}: {} near '{}'", chunk, line, msg, near)
        }
    }

    fn utf8_encode(out: &mut Vec<u8>, n: u64) {
        if n < 0x80 {
            out.push(n as u8);
        } else if n < 0x800 {
            out.push((0xC0 | (n >> 6)) as u8);
            out.push((0x80 | (n & 0x3F)) as u8);
        } else if n < 0x10000 {
            out.push((0xE0 | (n >> 12)) as u8);
            out.push((0x80 | ((n >> 6) & 0x3F)) as u8);
            out.push((0x80 | (n & 0x3F)) as u8);
        } else if n < 0x200000 {
            out.push((0xF0 | (n >> 18)) as u8);
            out.push((0x80 | ((n >> 12) & 0x3F)) as u8);
            out.push((0x80 | ((n >> 6) & 0x3F)) as u8);
            out.push((0x80 | (n & 0x3F)) as u8);
        } else if n < 0x4000000 {
            out.push((0xF8 | (n >> 24)) as u8);
            out.push((0x80 | ((n >> 18) & 0x3F)) as u8);
            out.push((0x80 | ((n >> 12) & 0x3F)) as u8);
            out.push((0x80 | ((n >> 6) & 0x3F)) as u8);
            out.push((0x80 | (n & 0x3F)) as u8);
        } else {
            out.push((0xFC | (n >> 30)) as u8);
            out.push((0x80 | ((n >> 24) & 0x3F)) as u8);
            out.push((0x80 | ((n >> 18) & 0x3F)) as u8);
            out.push((0x80 | ((n >> 12) & 0x3F)) as u8);
            out.push((0x80 | ((n >> 6) & 0x3F)) as u8);
            out.push((0x80 | (n & 0x3F)) as u8);
        }
    }

    /// The tokens of a chunk, ending with `Eof`; a leading `#` line is
    /// skipped, as `lua` does.
    fn lex(src: Vec<u8>, chunk: &str) -> Result<Vec<Token>, String> {
        let mut lx = Lexer { src, pos: 0, line: 1, chunk: chunk.to_string() };
        if lx.peek_at(0) == b'#' {
            while lx.pos < lx.src.len() && lx.src[lx.pos] != b'\n' {
                lx.pos += 1;
            }
        }
        let mut out: Vec<Token> = Vec::new();
        loop {
            let t = lx.next_token()?;
            let eof = t.tok == Tok::Eof;
            out.push(t);
            if eof {
                return Ok(out);
            }
        }
    }

    // ---- the syntax tree ------------------------------------------------

    #[derive(Clone, Copy, PartialEq)]
    enum BinOp {
        Add,
        Sub,
        Mul,
        Div,
        Mod,
        Pow,
        IDiv,
        BAnd,
        BOr,
        BXor,
        Shl,
        Shr,
        Concat,
        Eq,
        Ne,
        Lt,
        Le,
        Gt,
        Ge,
        And,
        Or,
    }

    #[derive(Clone, Copy, PartialEq)]
    enum UnOp {
        Neg,
        Not,
        Len,
        BNot,
    }

    enum Expr {
        Nil,
        True,
        False,
        Int(i64),
        Num(f64),
        Str(Rc<Vec<u8>>),
        Vararg,
        /// A local of the function being parsed, by its index in `vars`.
        Local(usize),
        /// An upvalue of the function, by its index in `upvals`.
        Upval(usize),
        Global(Rc<Vec<u8>>),
        Index(Box<Expr>, Box<Expr>, usize),
        Call(Box<Expr>, Vec<Expr>, usize),
        Method(Box<Expr>, Rc<Vec<u8>>, Vec<Expr>, usize),
        /// A function expression: its index in `children`.
        Function(usize),
        Bin(BinOp, Box<Expr>, Box<Expr>, usize),
        Un(UnOp, Box<Expr>, usize),
        Table(Vec<Field>, usize),
        Paren(Box<Expr>),
    }

    enum Field {
        Pos(Expr),
        Keyed(Expr, Expr),
    }

    enum Stat {
        Expr(Expr),
        Local(Vec<usize>, Vec<Expr>, usize),
        Assign(Vec<Expr>, Vec<Expr>, usize),
        /// The conditions with their blocks, and the `else` block.
        If(Vec<Expr>, Vec<Vec<Stat>>, Vec<Stat>),
        While(Expr, Vec<Stat>),
        Repeat(Vec<Stat>, Expr),
        NumFor(usize, Expr, Expr, Option<Expr>, Vec<Stat>, usize),
        GenFor(Vec<usize>, Vec<Expr>, Vec<Stat>, usize),
        Do(Vec<Stat>),
        Return(Vec<Expr>, usize),
        Break(usize),
        Goto(String, usize),
        Label(String, usize),
        LocalFunction(usize, usize),
    }

    struct VarInfo {
        name: String,
        /// Declared `<const>`: assigning to it is an error.
        is_const: bool,
        /// Whether a closure refers to it: then it lives in a cell.
        captured: bool,
    }

    struct UpvalDesc {
        name: String,
        /// A local of the enclosing function (its var index) or an upvalue
        /// of it (its upvalue index).
        from_local: bool,
        index: usize,
        is_const: bool,
    }

    struct FuncAst {
        params: Vec<usize>,
        is_vararg: bool,
        body: Vec<Stat>,
        vars: Vec<VarInfo>,
        upvals: Vec<UpvalDesc>,
        children: Vec<FuncAst>,
        name: String,
        line: usize,
        /// The line after the function's end, where Lua reports gotos
        /// without a label.
        end_line: usize,
    }

    // ---- the parser -----------------------------------------------------

    /// A function being parsed: its tree so far and the variables in
    /// scope, innermost block last.
    struct FuncState {
        ast: FuncAst,
        blocks: Vec<Vec<usize>>,
    }

    struct Parser {
        toks: Vec<Token>,
        pos: usize,
        chunk: String,
        funcs: Vec<FuncState>,
        /// One string object per distinct string constant or name of the
        /// chunk: a field's key in a table is then often the very object
        /// an instruction looks it up with (`field_cached`).
        strings: HashMap<Vec<u8>, Rc<Vec<u8>>>,
    }

    /// Binary operators: the operator, its left and right priorities.
    fn binop_of(tok: &Tok) -> Option<(BinOp, usize, usize)> {
        let s = match tok {
            Tok::Sym(s) => s.as_str(),
            _ => return None,
        };
        let r = match s {
            "+" => (BinOp::Add, 10, 10),
            "-" => (BinOp::Sub, 10, 10),
            "*" => (BinOp::Mul, 11, 11),
            "/" => (BinOp::Div, 11, 11),
            "%" => (BinOp::Mod, 11, 11),
            "//" => (BinOp::IDiv, 11, 11),
            "^" => (BinOp::Pow, 14, 13),
            "&" => (BinOp::BAnd, 6, 6),
            "|" => (BinOp::BOr, 4, 4),
            "~" => (BinOp::BXor, 5, 5),
            "<<" => (BinOp::Shl, 7, 7),
            ">>" => (BinOp::Shr, 7, 7),
            ".." => (BinOp::Concat, 9, 8),
            "==" => (BinOp::Eq, 3, 3),
            "~=" => (BinOp::Ne, 3, 3),
            "<" => (BinOp::Lt, 3, 3),
            "<=" => (BinOp::Le, 3, 3),
            ">" => (BinOp::Gt, 3, 3),
            ">=" => (BinOp::Ge, 3, 3),
            "and" => (BinOp::And, 2, 2),
            "or" => (BinOp::Or, 1, 1),
            _ => return None,
        };
        Some(r)
    }

    const UNARY_PRIORITY: usize = 12;

    fn new_func(name: &str, line: usize) -> FuncState {
        FuncState {
            ast: FuncAst {
                params: Vec::new(),
                is_vararg: false,
                body: Vec::new(),
                vars: Vec::new(),
                upvals: Vec::new(),
                children: Vec::new(),
                name: name.to_string(),
                line,
                end_line: line,
            },
            blocks: vec![Vec::new()],
        }
    }

    impl Parser {
        fn intern(&mut self, bytes: Vec<u8>) -> Rc<Vec<u8>> {
            if let Some(s) = self.strings.get(&bytes) {
                return s.clone();
            }
            let s = Rc::new(bytes.clone());
            self.strings.insert(bytes, s.clone());
            s
        }

        fn tok(&self) -> &Tok {
            &self.toks[self.pos].tok
        }

        fn line(&self) -> usize {
            self.toks[self.pos].line
        }

        fn is(&self, s: &str) -> bool {
            match &self.toks[self.pos].tok {
                Tok::Sym(t) => t == s,
                _ => false,
            }
        }

        fn advance(&mut self) {
            if self.pos + 1 < self.toks.len() {
                self.pos += 1;
            }
        }

        fn error_near(&self, msg: &str) -> String {
            let t = &self.toks[self.pos];
            syntax_error(&self.chunk, t.line, msg, &t.text)
        }

        fn accept(&mut self, s: &str) -> bool {
            if self.is(s) {
                self.advance();
                true
            } else {
                false
            }
        }

        fn want(&mut self, s: &str) -> Result<(), String> {
            if self.accept(s) {
                Ok(())
            } else {
                Err(self.error_near(&format!("'{}' expected", s)))
            }
        }

        /// Expects `what` closing `who` opened at `line`.
        fn want_match(&mut self, what: &str, who: &str, line: usize) -> Result<(), String> {
            if self.accept(what) {
                return Ok(());
            }
            if line == self.line() {
                Err(self.error_near(&format!("'{}' expected", what)))
            } else {
                Err(self.error_near(&format!("'{}' expected (to close '{}' at line {})", what, who, line)))
            }
        }

        fn name(&mut self) -> Result<String, String> {
            match self.tok().clone() {
                Tok::Name(n) => {
                    self.advance();
                    Ok(n)
                }
                _ => Err(self.error_near("<name> expected")),
            }
        }

        fn fs(&mut self) -> &mut FuncState {
            let n = self.funcs.len();
            &mut self.funcs[n - 1]
        }

        /// Declares a local (in scope once `activate` is called).
        fn declare(&mut self, name: &str) -> usize {
            let fs = self.fs();
            fs.ast.vars.push(VarInfo { name: name.to_string(), captured: false, is_const: false });
            fs.ast.vars.len() - 1
        }

        fn activate(&mut self, var: usize) {
            let fs = self.fs();
            let n = fs.blocks.len();
            fs.blocks[n - 1].push(var);
        }

        fn open_block(&mut self) {
            self.fs().blocks.push(Vec::new());
        }

        fn close_block(&mut self) {
            self.fs().blocks.pop();
        }

        /// The innermost local named `name` in scope in function `level`.
        fn find_local(&self, level: usize, name: &str) -> Option<usize> {
            let fs = &self.funcs[level];
            let mut b = fs.blocks.len();
            while b > 0 {
                b -= 1;
                let block = &fs.blocks[b];
                let mut k = block.len();
                while k > 0 {
                    k -= 1;
                    if fs.ast.vars[block[k]].name == name {
                        return Some(block[k]);
                    }
                }
            }
            None
        }

        /// The upvalue of function `level` for `name`, made (with those of
        /// the functions between) when an enclosing function has the local.
        fn find_upval(&mut self, level: usize, name: &str) -> Option<usize> {
            let mut k = 0;
            while k < self.funcs[level].ast.upvals.len() {
                if self.funcs[level].ast.upvals[k].name == name {
                    return Some(k);
                }
                k += 1;
            }
            if level == 0 {
                return None;
            }
            let desc = match self.find_local(level - 1, name) {
                Some(v) => {
                    self.funcs[level - 1].ast.vars[v].captured = true;
                    let is_const = self.funcs[level - 1].ast.vars[v].is_const;
                    UpvalDesc { name: name.to_string(), from_local: true, index: v, is_const }
                }
                None => match self.find_upval(level - 1, name) {
                    Some(u) => {
                        let is_const = self.funcs[level - 1].ast.upvals[u].is_const;
                        UpvalDesc { name: name.to_string(), from_local: false, index: u, is_const }
                    }
                    None => return None,
                },
            };
            self.funcs[level].ast.upvals.push(desc);
            Some(self.funcs[level].ast.upvals.len() - 1)
        }

        fn resolve(&mut self, name: &str) -> Expr {
            let level = self.funcs.len() - 1;
            if let Some(v) = self.find_local(level, name) {
                return Expr::Local(v);
            }
            match self.find_upval(level, name) {
                Some(u) => Expr::Upval(u),
                None => Expr::Global(self.intern(name.as_bytes().to_vec())),
            }
        }

        fn block_follow(&self, with_until: bool) -> bool {
            match self.tok() {
                Tok::Eof => true,
                Tok::Sym(s) => s == "else" || s == "elseif" || s == "end" || (with_until && s == "until"),
                _ => false,
            }
        }

        /// Statements up to the end of a block (in a scope the caller
        /// opened).
        fn statements(&mut self) -> Result<Vec<Stat>, String> {
            let mut out: Vec<Stat> = Vec::new();
            while !self.block_follow(true) {
                if self.is("return") {
                    let line = self.line();
                    self.advance();
                    let mut exprs: Vec<Expr> = Vec::new();
                    if !self.block_follow(true) && !self.is(";") {
                        exprs = self.expr_list()?;
                    }
                    self.accept(";");
                    out.push(Stat::Return(exprs, line));
                    if !self.block_follow(true) {
                        return Err(self.error_near("'<eof>' expected"));
                    }
                    break;
                }
                if let Some(s) = self.statement()? {
                    out.push(s);
                }
            }
            Ok(out)
        }

        fn block(&mut self) -> Result<Vec<Stat>, String> {
            self.open_block();
            let b = self.statements();
            self.close_block();
            b
        }

        fn statement(&mut self) -> Result<Option<Stat>, String> {
            let line = self.line();
            if self.accept(";") {
                return Ok(None);
            }
            if self.accept("if") {
                let mut conds: Vec<Expr> = Vec::new();
                let mut blocks: Vec<Vec<Stat>> = Vec::new();
                conds.push(self.expr()?);
                self.want("then")?;
                blocks.push(self.block()?);
                let mut els: Vec<Stat> = Vec::new();
                loop {
                    if self.accept("elseif") {
                        conds.push(self.expr()?);
                        self.want("then")?;
                        blocks.push(self.block()?);
                    } else if self.accept("else") {
                        els = self.block()?;
                        self.want_match("end", "if", line)?;
                        break;
                    } else {
                        self.want_match("end", "if", line)?;
                        break;
                    }
                }
                return Ok(Some(Stat::If(conds, blocks, els)));
            }
            if self.accept("while") {
                let cond = self.expr()?;
                self.want("do")?;
                let body = self.block()?;
                self.want_match("end", "while", line)?;
                return Ok(Some(Stat::While(cond, body)));
            }
            if self.accept("do") {
                let body = self.block()?;
                self.want_match("end", "do", line)?;
                return Ok(Some(Stat::Do(body)));
            }
            if self.accept("repeat") {
                // The condition sees the body's locals.
                self.open_block();
                let body = self.statements();
                let body = match body {
                    Ok(b) => b,
                    Err(e) => return Err(e),
                };
                self.want_match("until", "repeat", line)?;
                let cond = self.expr()?;
                self.close_block();
                return Ok(Some(Stat::Repeat(body, cond)));
            }
            if self.accept("for") {
                return self.for_statement(line).map(Some);
            }
            if self.accept("function") {
                return self.function_statement(line).map(Some);
            }
            if self.accept("local") {
                if self.accept("function") {
                    let name = self.name()?;
                    let var = self.declare(&name);
                    self.activate(var);
                    let f = self.function_body(&name, false, line)?;
                    return Ok(Some(Stat::LocalFunction(var, f)));
                }
                let mut names: Vec<String> = Vec::new();
                let mut consts: Vec<bool> = Vec::new();
                loop {
                    names.push(self.name()?);
                    consts.push(self.is("<"));
                    if self.accept("<") {
                        let attr = self.name()?;
                        if attr != "const" && attr != "close" {
                            return Err(syntax_error(
                                &self.chunk,
                                self.line(),
                                &format!("unknown attribute '{}'", attr),
                                &self.toks[self.pos].text,
                            ));
                        }
                        if attr == "close" {
                            return Err(format!("{}:{}: not supported: <close> variables", self.chunk, line));
                        }
                        self.want(">")?;
                    }
                    if !self.accept(",") {
                        break;
                    }
                }
                let mut exprs: Vec<Expr> = Vec::new();
                if self.accept("=") {
                    exprs = self.expr_list()?;
                }
                let mut vars: Vec<usize> = Vec::new();
                let mut k = 0;
                while k < names.len() {
                    let v = self.declare(&names[k]);
                    let n = self.funcs.len();
                    self.funcs[n - 1].ast.vars[v].is_const = consts[k];
                    vars.push(v);
                    k += 1;
                }
                for v in &vars {
                    self.activate(*v);
                }
                return Ok(Some(Stat::Local(vars, exprs, line)));
            }
            if self.accept("::") {
                let name = self.name()?;
                self.want("::")?;
                return Ok(Some(Stat::Label(name, line)));
            }
            if self.accept("return") {
                return Err(self.error_near("unexpected return"));
            }
            if self.accept("break") {
                return Ok(Some(Stat::Break(line)));
            }
            if self.accept("goto") {
                let name = self.name()?;
                return Ok(Some(Stat::Goto(name, line)));
            }
            // An assignment or a call.
            let first = self.suffixed_expr()?;
            if self.is("=") || self.is(",") {
                let mut targets: Vec<Expr> = vec![first];
                while self.accept(",") {
                    targets.push(self.suffixed_expr()?);
                }
                self.want("=")?;
                let exprs = self.expr_list()?;
                for t in &targets {
                    let n = self.funcs.len();
                    let fs = &self.funcs[n - 1];
                    let constant = match t {
                        Expr::Local(v) if fs.ast.vars[*v].is_const => Some(fs.ast.vars[*v].name.clone()),
                        Expr::Upval(u) if fs.ast.upvals[*u].is_const => Some(fs.ast.upvals[*u].name.clone()),
                        Expr::Local(_) | Expr::Upval(_) => None,
                        Expr::Global(_) | Expr::Index(_, _, _) => None,
                        _ => return Err(syntax_error(&self.chunk, line, "syntax error", "=")),
                    };
                    if let Some(name) = constant {
                        return Err(format!("{}:{}: attempt to assign to const variable '{}'", self.chunk, line, name));
                    }
                }
                return Ok(Some(Stat::Assign(targets, exprs, line)));
            }
            match first {
                Expr::Call(_, _, _) | Expr::Method(_, _, _, _) => Ok(Some(Stat::Expr(first))),
                _ => Err(self.error_near("syntax error")),
            }
        }

        fn for_statement(&mut self, line: usize) -> Result<Stat, String> {
            let name1 = self.name()?;
            if self.accept("=") {
                let start = self.expr()?;
                self.want(",")?;
                let limit = self.expr()?;
                let step = if self.accept(",") { Some(self.expr()?) } else { None };
                self.want("do")?;
                self.open_block();
                let var = self.declare(&name1);
                self.activate(var);
                let body = self.block();
                self.close_block();
                let body = body?;
                self.want_match("end", "for", line)?;
                return Ok(Stat::NumFor(var, start, limit, step, body, line));
            }
            let mut names: Vec<String> = vec![name1];
            while self.accept(",") {
                names.push(self.name()?);
            }
            if !self.is("in") {
                return Err(self.error_near("'=' or 'in' expected"));
            }
            self.advance();
            let exprs = self.expr_list()?;
            self.want("do")?;
            self.open_block();
            let mut vars: Vec<usize> = Vec::new();
            for n in &names {
                let v = self.declare(n);
                self.activate(v);
                vars.push(v);
            }
            let body = self.block();
            self.close_block();
            let body = body?;
            self.want_match("end", "for", line)?;
            Ok(Stat::GenFor(vars, exprs, body, line))
        }

        /// `function a.b.c:m() ... end`.
        fn function_statement(&mut self, line: usize) -> Result<Stat, String> {
            let n1 = self.name()?;
            let mut full = n1.clone();
            let mut target = self.resolve(&n1);
            let mut is_method = false;
            loop {
                if self.accept(".") {
                    let key = self.name()?;
                    full.push('.');
                    full.push_str(&key);
                    target = Expr::Index(Box::new(target), Box::new(Expr::Str(self.intern(key.into_bytes()))), line);
                } else if self.accept(":") {
                    let key = self.name()?;
                    full.push(':');
                    full.push_str(&key);
                    target = Expr::Index(Box::new(target), Box::new(Expr::Str(self.intern(key.into_bytes()))), line);
                    is_method = true;
                    break;
                } else {
                    break;
                }
            }
            let f = self.function_body(&full, is_method, line)?;
            Ok(Stat::Assign(vec![target], vec![Expr::Function(f)], line))
        }

        /// Parameters and body of a function, parsed as a child of the
        /// current one; its index in `children`.
        fn function_body(&mut self, name: &str, is_method: bool, line: usize) -> Result<usize, String> {
            self.funcs.push(new_func(name, line));
            let r = self.function_rest(is_method, line);
            let fs = self.funcs.pop().unwrap();
            r?;
            let parent = self.fs();
            parent.ast.children.push(fs.ast);
            Ok(parent.ast.children.len() - 1)
        }

        fn function_rest(&mut self, is_method: bool, line: usize) -> Result<(), String> {
            if is_method {
                let v = self.declare("self");
                self.activate(v);
                self.fs().ast.params.push(v);
            }
            self.want("(")?;
            if !self.is(")") {
                loop {
                    if self.accept("...") {
                        let n = self.funcs.len();
                        self.funcs[n - 1].ast.is_vararg = true;
                        break;
                    }
                    let n = self.name()?;
                    let v = self.declare(&n);
                    self.activate(v);
                    self.fs().ast.params.push(v);
                    if !self.accept(",") {
                        break;
                    }
                }
            }
            self.want(")")?;
            let body = self.statements()?;
            self.want_match("end", "function", line)?;
            let n = self.funcs.len();
            self.funcs[n - 1].ast.body = body;
            self.funcs[n - 1].ast.end_line = self.line();
            Ok(())
        }

        fn expr_list(&mut self) -> Result<Vec<Expr>, String> {
            let mut out: Vec<Expr> = vec![self.expr()?];
            while self.accept(",") {
                out.push(self.expr()?);
            }
            Ok(out)
        }

        fn expr(&mut self) -> Result<Expr, String> {
            self.subexpr(0)
        }

        fn subexpr(&mut self, limit: usize) -> Result<Expr, String> {
            let line = self.line();
            let unop = if self.is("not") {
                Some(UnOp::Not)
            } else if self.is("-") {
                Some(UnOp::Neg)
            } else if self.is("#") {
                Some(UnOp::Len)
            } else if self.is("~") {
                Some(UnOp::BNot)
            } else {
                None
            };
            let mut left = match unop {
                Some(op) => {
                    self.advance();
                    let e = self.subexpr(UNARY_PRIORITY)?;
                    fold_unary(op, e, line)
                }
                None => self.simple_expr()?,
            };
            loop {
                let (op, lp, rp) = match binop_of(self.tok()) {
                    Some(b) => b,
                    None => break,
                };
                if lp <= limit {
                    break;
                }
                let line = self.line();
                self.advance();
                let right = self.subexpr(rp)?;
                left = Expr::Bin(op, Box::new(left), Box::new(right), line);
            }
            Ok(left)
        }

        fn simple_expr(&mut self) -> Result<Expr, String> {
            let line = self.line();
            let e = match self.tok().clone() {
                Tok::Int(i) => Expr::Int(i),
                Tok::Num(x) => Expr::Num(x),
                Tok::Str(s) => Expr::Str(self.intern(s)),
                Tok::Sym(s) => {
                    if s == "nil" {
                        Expr::Nil
                    } else if s == "true" {
                        Expr::True
                    } else if s == "false" {
                        Expr::False
                    } else if s == "..." {
                        if !self.fs().ast.is_vararg {
                            return Err(self.error_near("cannot use '...' outside a vararg function"));
                        }
                        Expr::Vararg
                    } else if s == "{" {
                        return self.table_constructor();
                    } else if s == "function" {
                        self.advance();
                        let f = self.function_body("anonymous", false, line)?;
                        return Ok(Expr::Function(f));
                    } else {
                        return self.suffixed_expr();
                    }
                }
                _ => return self.suffixed_expr(),
            };
            self.advance();
            Ok(e)
        }

        fn primary_expr(&mut self) -> Result<Expr, String> {
            match self.tok().clone() {
                Tok::Name(n) => {
                    self.advance();
                    if n == "_ENV" {
                        return Err(format!("{}:{}: not supported: _ENV", self.chunk, self.line()));
                    }
                    Ok(self.resolve(&n))
                }
                Tok::Sym(s) if s == "(" => {
                    let line = self.line();
                    self.advance();
                    let e = self.expr()?;
                    self.want_match(")", "(", line)?;
                    Ok(Expr::Paren(Box::new(e)))
                }
                _ => Err(self.error_near("unexpected symbol")),
            }
        }

        fn suffixed_expr(&mut self) -> Result<Expr, String> {
            let mut e = self.primary_expr()?;
            loop {
                let line = self.line();
                if self.accept(".") {
                    let key = self.name()?;
                    e = Expr::Index(Box::new(e), Box::new(Expr::Str(self.intern(key.into_bytes()))), line);
                } else if self.accept("[") {
                    let k = self.expr()?;
                    self.want("]")?;
                    e = Expr::Index(Box::new(e), Box::new(k), line);
                } else if self.accept(":") {
                    let name = self.name()?;
                    let args = self.call_args()?;
                    e = Expr::Method(Box::new(e), self.intern(name.into_bytes()), args, line);
                } else if self.is("(") || self.is("{") || matches!(self.tok(), Tok::Str(_)) {
                    let args = self.call_args()?;
                    e = Expr::Call(Box::new(e), args, line);
                } else {
                    return Ok(e);
                }
            }
        }

        fn call_args(&mut self) -> Result<Vec<Expr>, String> {
            if let Tok::Str(s) = self.tok().clone() {
                self.advance();
                return Ok(vec![Expr::Str(self.intern(s))]);
            }
            if self.is("{") {
                return Ok(vec![self.table_constructor()?]);
            }
            let line = self.line();
            if !self.accept("(") {
                return Err(self.error_near("function arguments expected"));
            }
            if self.accept(")") {
                return Ok(Vec::new());
            }
            let args = self.expr_list()?;
            self.want_match(")", "(", line)?;
            Ok(args)
        }

        fn table_constructor(&mut self) -> Result<Expr, String> {
            let line = self.line();
            self.want("{")?;
            let mut fields: Vec<Field> = Vec::new();
            while !self.is("}") {
                if self.is("[") {
                    self.advance();
                    let k = self.expr()?;
                    self.want("]")?;
                    self.want("=")?;
                    let v = self.expr()?;
                    fields.push(Field::Keyed(k, v));
                } else if matches!(self.tok(), Tok::Name(_)) && self.pos + 1 < self.toks.len() && {
                    let next = &self.toks[self.pos + 1].tok;
                    *next == Tok::Sym("=".to_string())
                } {
                    let n = self.name()?;
                    self.advance();
                    let v = self.expr()?;
                    fields.push(Field::Keyed(Expr::Str(self.intern(n.into_bytes())), v));
                } else {
                    fields.push(Field::Pos(self.expr()?));
                }
                if !self.accept(",") && !self.accept(";") {
                    break;
                }
            }
            self.want_match("}", "{", line)?;
            Ok(Expr::Table(fields, line))
        }
    }

    /// `-` of a numeral is the negative numeral.
    fn fold_unary(op: UnOp, e: Expr, line: usize) -> Expr {
        match (op, &e) {
            (UnOp::Neg, Expr::Int(i)) => Expr::Int(i.wrapping_neg()),
            (UnOp::Neg, Expr::Num(x)) => Expr::Num(-*x),
            _ => Expr::Un(op, Box::new(e), line),
        }
    }

    /// The tree of a chunk: a vararg function without parameters.
    fn parse(toks: Vec<Token>, chunk: &str) -> Result<FuncAst, String> {
        let mut p = Parser {
            toks,
            pos: 0,
            chunk: chunk.to_string(),
            funcs: vec![new_func("main chunk", 0)],
            strings: HashMap::new(),
        };
        p.funcs[0].ast.is_vararg = true;
        let body = p.statements()?;
        if !matches!(p.tok(), Tok::Eof) {
            return Err(p.error_near("'<eof>' expected"));
        }
        let end_line = p.line();
        let mut fs = p.funcs.pop().unwrap();
        fs.ast.body = body;
        fs.ast.end_line = end_line;
        Ok(fs.ast)
    }

    // ---- bytecode -------------------------------------------------------

    /// The arithmetic and bitwise operators of `Instr::Arith`.
    #[derive(Clone, Copy, PartialEq)]
    enum Op {
        Add,
        Sub,
        Mul,
        Div,
        Mod,
        Pow,
        IDiv,
        BAnd,
        BOr,
        BXor,
        Shl,
        Shr,
    }

    /// The comparisons of `Instr::Cmp` (`~=`, `>`, `>=` are these with the
    /// result or the operands swapped).
    #[derive(Clone, Copy, PartialEq)]
    enum CmpOp {
        Eq,
        Lt,
        Le,
    }

    /// One instruction; `R[x]` is register `x` of the frame. Counts of
    /// values may be `MULTI`: up to the frame's top.
    enum Instr {
        /// `R[a] = R[b]`
        Move(usize, usize),
        /// `R[a] = K`
        LoadK(usize, Value),
        /// `R[a..a+n] = nil`
        LoadNil(usize, usize),
        GetUpval(usize, usize),
        /// `upvalue[u] = R[b]`
        SetUpval(usize, usize),
        /// `R[a] = the value in the cell R[b]`
        GetCell(usize, usize),
        /// `the cell R[a] = R[b]`
        SetCell(usize, usize),
        /// `R[a] = a new cell holding R[a]`
        NewCell(usize),
        /// `R[a] = the global name`; where it was found (`global_position`).
        GetGlobal(usize, Rc<Vec<u8>>, Rc<Cell<usize>>),
        SetGlobal(Rc<Vec<u8>>, usize, Rc<Cell<usize>>),
        /// `R[a] = R[b][R[c]]`
        GetTable(usize, usize, usize),
        /// `R[a] = R[b][K]`; where the key was found (`field_cached`).
        GetField(usize, usize, Value, Rc<ChainCache>),
        /// `R[a][R[b]] = R[c]`
        SetTable(usize, usize, usize),
        /// `R[a][K] = R[c]`; where the key was found last (`field_cached`).
        SetField(usize, Value, usize, Rc<RefCell<FieldCache>>),
        /// `R[a] = {}` with room for `n` items in the array part (the
        /// constructor's positional fields).
        NewTable(usize, usize),
        /// `R[a][first + i] = R[a + 1 + i]` for `i < n`
        SetList(usize, usize, usize),
        /// `R[a + 1] = R[b]; R[a] = R[b][K]`
        SelfOp(usize, usize, Value, Rc<ChainCache>),
        /// `R[a] = R[b] op R[c]`
        Arith(Op, usize, usize, usize),
        /// `R[a] = R[b] op K`
        ArithK(Op, usize, usize, Value),
        /// `R[a] = R[b] + R[c]`, and `-`, `*`, `/`: the operators of hot
        /// loops get instructions of their own, which do two integers or
        /// two floats inline (`arith` the rest).
        Add(usize, usize, usize),
        Sub(usize, usize, usize),
        Mul(usize, usize, usize),
        Div(usize, usize, usize),
        /// `R[a] = R[b] % R[c]`, and `//`
        Mod(usize, usize, usize),
        IDiv(usize, usize, usize),
        /// `R[a] = R[b] + K`, and `-`, `*`, `/`
        AddK(usize, usize, Value),
        SubK(usize, usize, Value),
        MulK(usize, usize, Value),
        DivK(usize, usize, Value),
        /// `R[a] = R[b] % K`, and `//`: integers and floats inline (an
        /// interpreted loop's `i % 2`, `n // 10`).
        ModK(usize, usize, Value),
        IDivK(usize, usize, Value),
        Unm(usize, usize),
        Not(usize, usize),
        Len(usize, usize),
        BNot(usize, usize),
        /// `R[a] = R[b] .. ... .. R[b + n - 1]`
        Concat(usize, usize, usize),
        Jmp(usize),
        /// Jumps to `t` when the truth of `R[a]` is `flag`.
        Test(usize, bool, usize),
        /// Jumps to `t` when `(R[a] op R[b]) == flag`.
        Cmp(CmpOp, usize, usize, bool, usize),
        /// Jumps to `t` when `(R[a] op K) == flag`.
        CmpK(CmpOp, usize, Value, bool, usize),
        /// `R[a] = R[b] op R[c]`, a boolean.
        SetCmp(CmpOp, usize, usize, usize),
        /// Calls `R[a]` with `nargs` arguments after it; its results go to
        /// `R[a..]`, `nres` of them.
        Call(usize, usize, usize),
        TailCall(usize, usize),
        Return(usize, usize),
        /// Prepares a numeric loop on `R[a..a+3]`; skips to `t` if it does
        /// not run.
        ForPrep(usize, usize),
        /// Counts a numeric loop, back to `t` while it runs.
        ForLoop(usize, usize),
        /// `R[a+3..a+3+n] = R[a](R[a+1], R[a+2])`
        TForCall(usize, usize),
        /// If `R[a+3]` is not nil, `R[a+2] = R[a+3]` and back to `t`.
        TForLoop(usize, usize),
        Closure(usize, usize),
        VarArg(usize, usize),
    }

    /// A compiled function.
    struct Proto {
        /// (A list of its own, never resized: one load fewer per
        /// instruction than the compiler's `Vec`.)
        code: Box<[Instr]>,
        lines: Vec<usize>,
        protos: Vec<Rc<Proto>>,
        /// Per upvalue: from a local (its register) of the enclosing
        /// function, or an upvalue of it.
        up_from_local: Vec<bool>,
        up_index: Vec<usize>,
        up_names: Vec<String>,
        nparams: usize,
        is_vararg: bool,
        maxstack: usize,
        /// The registers its frames make room for (`new_frame`): its own,
        /// or as many as a function it tail-called needed (the callee takes
        /// the frame over, growing it in place: `tail_frame`). In a trace,
        /// a list of registers it made stays virtual when it grows within
        /// its room, while growing past it is a call, to which the trace
        /// gives the list up (richards made 2M lists and 4M arrays so).
        /// Only grows; a trace takes it as a constant (promoted).
        room: Cell<usize>,
        name: String,
        chunk: String,
        /// The locals, for error messages: name, register, and the range
        /// of instructions where each is in scope.
        loc_names: Vec<String>,
        loc_regs: Vec<usize>,
        loc_start: Vec<usize>,
        loc_end: Vec<usize>,
    }

    // ---- the compiler ---------------------------------------------------

    struct Compiler {
        code: Vec<Instr>,
        lines: Vec<usize>,
        protos: Vec<Rc<Proto>>,
        /// The register of each variable of the function (by var index).
        var_reg: Vec<usize>,
        /// Registers below this hold locals.
        nactive: usize,
        /// The first free register.
        free: usize,
        maxstack: usize,
        line: usize,
        chunk: String,
        /// Per enclosing loop, the jumps of its `break`s.
        breaks: Vec<Vec<usize>>,
        /// Labels in scope: name, position, block level.
        labels: Vec<(String, usize, usize)>,
        /// Gotos not yet resolved: name, jump position, line, block level.
        gotos: Vec<(String, usize, usize, usize)>,
        level: usize,
        /// Locals for messages: index into `loc_*` per active local.
        loc_names: Vec<String>,
        loc_regs: Vec<usize>,
        loc_start: Vec<usize>,
        loc_end: Vec<usize>,
        /// Per active local (in order), its index in `loc_*`.
        active_locs: Vec<usize>,
    }

    fn is_multi(e: &Expr) -> bool {
        matches!(e, Expr::Call(_, _, _) | Expr::Method(_, _, _, _) | Expr::Vararg)
    }

    /// The constant an expression is, if it is a literal number or string.
    fn literal(e: &Expr) -> Option<Value> {
        match e {
            Expr::Int(i) => Some(Value::Int(*i)),
            Expr::Num(x) => Some(Value::Num(*x)),
            Expr::Str(s) => Some(Value::Str(s.clone())),
            _ => None,
        }
    }

    fn arith_op(op: BinOp) -> Option<Op> {
        let o = match op {
            BinOp::Add => Op::Add,
            BinOp::Sub => Op::Sub,
            BinOp::Mul => Op::Mul,
            BinOp::Div => Op::Div,
            BinOp::Mod => Op::Mod,
            BinOp::Pow => Op::Pow,
            BinOp::IDiv => Op::IDiv,
            BinOp::BAnd => Op::BAnd,
            BinOp::BOr => Op::BOr,
            BinOp::BXor => Op::BXor,
            BinOp::Shl => Op::Shl,
            BinOp::Shr => Op::Shr,
            _ => return None,
        };
        Some(o)
    }

    /// The instruction of `R[a] = R[b] op R[c]`.
    fn arith_instr(op: Op, a: usize, b: usize, c: usize) -> Instr {
        match op {
            Op::Add => Instr::Add(a, b, c),
            Op::Sub => Instr::Sub(a, b, c),
            Op::Mul => Instr::Mul(a, b, c),
            Op::Div => Instr::Div(a, b, c),
            Op::Mod => Instr::Mod(a, b, c),
            Op::IDiv => Instr::IDiv(a, b, c),
            _ => Instr::Arith(op, a, b, c),
        }
    }

    /// The instruction of `R[a] = R[b] op K`.
    fn arith_k_instr(op: Op, a: usize, b: usize, k: Value) -> Instr {
        match op {
            Op::Add => Instr::AddK(a, b, k),
            Op::Sub => Instr::SubK(a, b, k),
            Op::Mul => Instr::MulK(a, b, k),
            Op::Div => Instr::DivK(a, b, k),
            Op::Mod => Instr::ModK(a, b, k),
            Op::IDiv => Instr::IDivK(a, b, k),
            _ => Instr::ArithK(op, a, b, k),
        }
    }

    /// A comparison as `CmpOp`, whether its operands swap and whether its
    /// result is negated.
    fn cmp_op(op: BinOp) -> Option<(CmpOp, bool, bool)> {
        let c = match op {
            BinOp::Eq => (CmpOp::Eq, false, false),
            BinOp::Ne => (CmpOp::Eq, false, true),
            BinOp::Lt => (CmpOp::Lt, false, false),
            BinOp::Le => (CmpOp::Le, false, false),
            BinOp::Gt => (CmpOp::Lt, true, false),
            BinOp::Ge => (CmpOp::Le, true, false),
            _ => return None,
        };
        Some(c)
    }

    impl Compiler {
        fn emit(&mut self, i: Instr) -> usize {
            self.code.push(i);
            self.lines.push(self.line);
            self.code.len() - 1
        }

        fn here(&self) -> usize {
            self.code.len()
        }

        /// Points the jump at `at` to `target`.
        fn patch(&mut self, at: usize, target: usize) {
            let old = std::mem::replace(&mut self.code[at], Instr::Jmp(0));
            self.code[at] = match old {
                Instr::Jmp(_) => Instr::Jmp(target),
                Instr::Test(a, f, _) => Instr::Test(a, f, target),
                Instr::Cmp(op, a, b, f, _) => Instr::Cmp(op, a, b, f, target),
                Instr::CmpK(op, a, k, f, _) => Instr::CmpK(op, a, k, f, target),
                Instr::ForPrep(a, _) => Instr::ForPrep(a, target),
                other => other,
            };
        }

        fn patch_all(&mut self, jumps: &[usize], target: usize) {
            for j in jumps {
                self.patch(*j, target);
            }
        }

        fn alloc(&mut self, n: usize) -> usize {
            let r = self.free;
            self.free += n;
            if self.free > self.maxstack {
                self.maxstack = self.free;
            }
            r
        }

        /// Makes `var` a local in register `reg` from here on.
        fn activate(&mut self, ast: &FuncAst, var: usize, reg: usize) {
            self.var_reg[var] = reg;
            self.loc_names.push(ast.vars[var].name.clone());
            self.loc_regs.push(reg);
            self.loc_start.push(self.here());
            self.loc_end.push(usize::MAX);
            self.active_locs.push(self.loc_names.len() - 1);
        }

        /// Ends the scope of the locals from `nactive` up.
        fn deactivate_to(&mut self, nactive: usize) {
            while let Some(&l) = self.active_locs.last() {
                if self.loc_regs[l] < nactive {
                    break;
                }
                self.loc_end[l] = self.here();
                self.active_locs.pop();
            }
            self.nactive = nactive;
            self.free = nactive;
        }

        fn block(&mut self, ast: &FuncAst, stats: &[Stat]) -> Result<(), String> {
            let saved = self.nactive;
            self.level += 1;
            let nlabels = self.labels.len();
            for s in stats {
                self.statement(ast, s)?;
                self.free = self.nactive;
            }
            self.level -= 1;
            self.labels.truncate(nlabels);
            let level = self.level;
            for g in self.gotos.iter_mut() {
                if g.3 > level {
                    g.3 = level;
                }
            }
            self.deactivate_to(saved);
            Ok(())
        }

        fn statement(&mut self, ast: &FuncAst, s: &Stat) -> Result<(), String> {
            match s {
                Stat::Expr(e) => {
                    let base = self.free;
                    self.call_expr(ast, e, base, 0)?;
                }
                Stat::Local(vars, exprs, line) => {
                    self.line = *line;
                    let base = self.free;
                    self.expr_list_to(ast, exprs, base, vars.len())?;
                    let mut k = 0;
                    while k < vars.len() {
                        self.activate(ast, vars[k], base + k);
                        if ast.vars[vars[k]].captured {
                            self.emit(Instr::NewCell(base + k));
                        }
                        k += 1;
                    }
                    self.nactive = base + vars.len();
                    self.free = self.nactive;
                }
                Stat::LocalFunction(var, f) => {
                    let reg = self.alloc(1);
                    self.activate(ast, *var, reg);
                    self.nactive = reg + 1;
                    if ast.vars[*var].captured {
                        // The function sees itself through the cell.
                        self.emit(Instr::LoadNil(reg, 1));
                        self.emit(Instr::NewCell(reg));
                        let tmp = self.alloc(1);
                        self.function(ast, *f, tmp)?;
                        self.emit(Instr::SetCell(reg, tmp));
                    } else {
                        self.function(ast, *f, reg)?;
                    }
                }
                Stat::Assign(targets, exprs, line) => {
                    self.line = *line;
                    self.assign(ast, targets, exprs)?;
                }
                Stat::If(conds, blocks, els) => {
                    let mut ends: Vec<usize> = Vec::new();
                    let mut k = 0;
                    while k < conds.len() {
                        let skip = self.cond_jump(ast, &conds[k], false)?;
                        self.free = self.nactive;
                        self.block(ast, &blocks[k])?;
                        let last = k + 1 == conds.len() && els.is_empty();
                        if !last {
                            ends.push(self.emit(Instr::Jmp(0)));
                        }
                        let h = self.here();
                        self.patch_all(&skip, h);
                        k += 1;
                    }
                    if !els.is_empty() {
                        self.block(ast, els)?;
                    }
                    let h = self.here();
                    self.patch_all(&ends, h);
                }
                Stat::While(cond, body) => {
                    let start = self.here();
                    let exit = self.cond_jump(ast, cond, false)?;
                    self.free = self.nactive;
                    self.breaks.push(Vec::new());
                    self.block(ast, body)?;
                    self.emit(Instr::Jmp(start));
                    let h = self.here();
                    self.patch_all(&exit, h);
                    let brk = self.breaks.pop().unwrap();
                    self.patch_all(&brk, h);
                }
                Stat::Repeat(body, cond) => {
                    let start = self.here();
                    self.breaks.push(Vec::new());
                    // The condition is inside the body's scope.
                    let saved = self.nactive;
                    self.level += 1;
                    let nlabels = self.labels.len();
                    for s in body {
                        self.statement(ast, s)?;
                        self.free = self.nactive;
                    }
                    let back = self.cond_jump(ast, cond, false)?;
                    self.patch_all(&back, start);
                    self.level -= 1;
                    self.labels.truncate(nlabels);
                    self.deactivate_to(saved);
                    let h = self.here();
                    let brk = self.breaks.pop().unwrap();
                    self.patch_all(&brk, h);
                }
                Stat::NumFor(var, start, limit, step, body, line) => {
                    let base = self.free;
                    self.expr_to_reg(ast, start, base)?;
                    self.alloc(1);
                    self.expr_to_reg(ast, limit, base + 1)?;
                    self.alloc(1);
                    match step {
                        Some(s) => self.expr_to_reg(ast, s, base + 2)?,
                        None => {
                            self.emit(Instr::LoadK(base + 2, Value::Int(1)));
                        }
                    }
                    self.alloc(1);
                    self.line = *line;
                    let saved = self.nactive;
                    self.nactive = base + 3;
                    self.free = base + 3;
                    let prep = self.emit(Instr::ForPrep(base, 0));
                    let body_start = self.here();
                    self.alloc(1);
                    self.activate(ast, *var, base + 3);
                    self.nactive = base + 4;
                    if ast.vars[*var].captured {
                        self.emit(Instr::NewCell(base + 3));
                    }
                    self.breaks.push(Vec::new());
                    self.block(ast, body)?;
                    self.line = *line;
                    self.emit(Instr::ForLoop(base, body_start));
                    let h = self.here();
                    self.patch(prep, h);
                    let brk = self.breaks.pop().unwrap();
                    self.patch_all(&brk, h);
                    self.deactivate_to(saved);
                }
                Stat::GenFor(vars, exprs, body, line) => {
                    let base = self.free;
                    self.line = *line;
                    self.expr_list_to(ast, exprs, base, 3)?;
                    let saved = self.nactive;
                    self.nactive = base + 3;
                    self.free = base + 3;
                    let to_call = self.emit(Instr::Jmp(0));
                    let body_start = self.here();
                    self.alloc(vars.len());
                    let mut k = 0;
                    while k < vars.len() {
                        self.activate(ast, vars[k], base + 3 + k);
                        if ast.vars[vars[k]].captured {
                            self.emit(Instr::NewCell(base + 3 + k));
                        }
                        k += 1;
                    }
                    self.nactive = base + 3 + vars.len();
                    self.breaks.push(Vec::new());
                    self.block(ast, body)?;
                    self.line = *line;
                    let call = self.here();
                    self.patch(to_call, call);
                    self.emit(Instr::TForCall(base, vars.len()));
                    self.emit(Instr::TForLoop(base, body_start));
                    let h = self.here();
                    let brk = self.breaks.pop().unwrap();
                    self.patch_all(&brk, h);
                    self.deactivate_to(saved);
                }
                Stat::Do(body) => self.block(ast, body)?,
                Stat::Return(exprs, line) => {
                    self.line = *line;
                    self.return_stat(ast, exprs)?;
                }
                Stat::Break(line) => {
                    if self.breaks.is_empty() {
                        return Err(format!("{}:{}: break outside loop at line {}", self.chunk, ast.end_line, line));
                    }
                    let j = self.emit(Instr::Jmp(0));
                    let n = self.breaks.len();
                    self.breaks[n - 1].push(j);
                }
                Stat::Goto(name, line) => {
                    let j = self.emit(Instr::Jmp(0));
                    let mut k = self.labels.len();
                    while k > 0 {
                        k -= 1;
                        if self.labels[k].0 == *name {
                            let t = self.labels[k].1;
                            self.patch(j, t);
                            return Ok(());
                        }
                    }
                    let level = self.level;
                    self.gotos.push((name.clone(), j, *line, level));
                }
                Stat::Label(name, line) => {
                    let mut k = 0;
                    while k < self.labels.len() {
                        if self.labels[k].0 == *name {
                            return Err(format!(
                                "{}:{}: label '{}' already defined on line {}",
                                self.chunk, line, name, self.labels[k].1
                            ));
                        }
                        k += 1;
                    }
                    let h = self.here();
                    let level = self.level;
                    self.labels.push((name.clone(), h, level));
                    // Pending gotos of this block or of blocks inside it.
                    let mut k = 0;
                    while k < self.gotos.len() {
                        if self.gotos[k].0 == *name && self.gotos[k].3 >= level {
                            let j = self.gotos[k].1;
                            self.patch(j, h);
                            self.gotos.remove(k);
                        } else {
                            k += 1;
                        }
                    }
                }
            }
            Ok(())
        }

        fn return_stat(&mut self, ast: &FuncAst, exprs: &[Expr]) -> Result<(), String> {
            if exprs.len() == 1 {
                if let Expr::Call(_, _, _) | Expr::Method(_, _, _, _) = &exprs[0] {
                    let base = self.free;
                    self.call_expr(ast, &exprs[0], base, MULTI)?;
                    // The call just emitted becomes a tail call.
                    let last = self.code.len() - 1;
                    if let Instr::Call(a, n, _) = self.code[last] {
                        self.code[last] = Instr::TailCall(a, n);
                    }
                    return Ok(());
                }
                if let Expr::Local(v) = &exprs[0] {
                    if !ast.vars[*v].captured {
                        let r = self.var_reg[*v];
                        self.emit(Instr::Return(r, 1));
                        return Ok(());
                    }
                }
            }
            let base = self.free;
            let n = self.expr_list_to(ast, exprs, base, MULTI)?;
            self.emit(Instr::Return(base, n));
            Ok(())
        }

        fn assign(&mut self, ast: &FuncAst, targets: &[Expr], exprs: &[Expr]) -> Result<(), String> {
            if targets.len() == 1 && exprs.len() == 1 {
                // `x = e`: straight into the local's register, or through
                // one register.
                if let Expr::Local(v) = &targets[0] {
                    if !ast.vars[*v].captured {
                        let r = self.var_reg[*v];
                        return self.expr_to_reg(ast, &exprs[0], r);
                    }
                }
                if let Expr::Index(obj, key, line) = &targets[0] {
                    let o = self.expr_any_reg(ast, obj)?;
                    let k = literal(key);
                    let kr = if k.is_none() { self.expr_any_reg(ast, key)? } else { 0 };
                    let v = self.expr_any_reg(ast, &exprs[0])?;
                    self.line = *line;
                    match k {
                        Some(kv) => self.emit(Instr::SetField(o, kv, v, no_position())),
                        None => self.emit(Instr::SetTable(o, kr, v)),
                    };
                    return Ok(());
                }
                let v = self.expr_any_reg(ast, &exprs[0])?;
                self.store(ast, &targets[0], v);
                return Ok(());
            }
            // The tables and keys of the targets (a constant key stays a
            // constant: `a.x, a.y = ...` stores fields), then the values,
            // then the stores.
            let mut objs: Vec<usize> = Vec::new();
            let mut keys: Vec<usize> = Vec::new();
            for t in targets {
                if let Expr::Index(obj, key, _) = t {
                    let o = self.alloc(1);
                    self.expr_to_reg(ast, obj, o)?;
                    let k = if literal(key).is_none() {
                        let k = self.alloc(1);
                        self.expr_to_reg(ast, key, k)?;
                        k
                    } else {
                        0
                    };
                    objs.push(o);
                    keys.push(k);
                } else {
                    objs.push(0);
                    keys.push(0);
                }
            }
            let base = self.free;
            self.expr_list_to(ast, exprs, base, targets.len())?;
            let mut k = targets.len();
            while k > 0 {
                k -= 1;
                match &targets[k] {
                    Expr::Index(_, key, line) => {
                        self.line = *line;
                        match literal(key) {
                            Some(kv) => self.emit(Instr::SetField(objs[k], kv, base + k, no_position())),
                            None => self.emit(Instr::SetTable(objs[k], keys[k], base + k)),
                        };
                    }
                    t => self.store(ast, t, base + k),
                }
            }
            Ok(())
        }

        /// Stores register `src` into a variable.
        fn store(&mut self, ast: &FuncAst, target: &Expr, src: usize) {
            match target {
                Expr::Local(v) => {
                    let r = self.var_reg[*v];
                    if ast.vars[*v].captured {
                        self.emit(Instr::SetCell(r, src));
                    } else if r != src {
                        self.emit(Instr::Move(r, src));
                    }
                }
                Expr::Upval(u) => {
                    self.emit(Instr::SetUpval(*u, src));
                }
                Expr::Global(name) => {
                    self.emit(Instr::SetGlobal(name.clone(), src, Rc::new(Cell::new(usize::MAX))));
                }
                _ => {}
            }
        }

        /// Evaluates `exprs` into `base..`, adjusted to `want` values
        /// (`MULTI`: all, the frame's top set after them); the number of
        /// values (`MULTI` when the last expression gives them all).
        fn expr_list_to(&mut self, ast: &FuncAst, exprs: &[Expr], base: usize, want: usize) -> Result<usize, String> {
            let n = exprs.len();
            let mut k = 0;
            while k < n {
                let last = k + 1 == n;
                if self.free < base + k {
                    self.alloc(base + k - self.free);
                }
                self.free = base + k;
                if last && is_multi(&exprs[k]) && (want == MULTI || want > k) {
                    let need = if want == MULTI { MULTI } else { want - k };
                    self.multi_expr(ast, &exprs[k], base + k, need)?;
                    if want == MULTI {
                        return Ok(MULTI);
                    }
                    self.free = base + want;
                    if self.free > self.maxstack {
                        self.maxstack = self.free;
                    }
                    return Ok(want);
                }
                self.alloc(1);
                self.expr_to_reg(ast, &exprs[k], base + k)?;
                k += 1;
            }
            if want == MULTI {
                return Ok(n);
            }
            if n < want {
                self.emit(Instr::LoadNil(base + n, want - n));
            }
            self.free = base;
            self.alloc(want);
            Ok(want)
        }

        /// A call or `...` giving `want` values at `base`.
        fn multi_expr(&mut self, ast: &FuncAst, e: &Expr, base: usize, want: usize) -> Result<(), String> {
            match e {
                Expr::Vararg => {
                    if want != MULTI {
                        self.free = base;
                        self.alloc(want);
                    }
                    self.emit(Instr::VarArg(base, want));
                    Ok(())
                }
                _ => self.call_expr(ast, e, base, want),
            }
        }

        /// A call with its function at `base`, giving `nres` results there.
        fn call_expr(&mut self, ast: &FuncAst, e: &Expr, base: usize, nres: usize) -> Result<(), String> {
            self.free = base;
            let (args, line) = match e {
                Expr::Call(f, args, line) => {
                    self.alloc(1);
                    self.expr_to_reg(ast, f, base)?;
                    (args, *line)
                }
                Expr::Method(obj, name, args, line) => {
                    let o = self.expr_any_reg(ast, obj)?;
                    self.free = base;
                    self.alloc(2);
                    self.line = *line;
                    self.emit(Instr::SelfOp(base, o, Value::Str(name.clone()), new_chain_cache()));
                    (args, *line)
                }
                _ => return Err(format!("{}:{}: not a call", self.chunk, self.line)),
            };
            let first = self.free;
            let n = self.expr_list_to(ast, args, first, MULTI)?;
            self.line = line;
            let nargs = if n == MULTI { MULTI } else { first + n - base - 1 };
            self.emit(Instr::Call(base, nargs, nres));
            self.free = base;
            if nres != MULTI {
                self.alloc(nres.max(1));
            }
            Ok(())
        }

        /// The register holding `e`'s value: a local's own, or a new one.
        fn expr_any_reg(&mut self, ast: &FuncAst, e: &Expr) -> Result<usize, String> {
            if let Expr::Local(v) = e {
                if !ast.vars[*v].captured {
                    return Ok(self.var_reg[*v]);
                }
            }
            let r = self.alloc(1);
            self.expr_to_reg(ast, e, r)?;
            Ok(r)
        }

        /// Evaluates `e` (one value) into register `dst`.
        fn expr_to_reg(&mut self, ast: &FuncAst, e: &Expr, dst: usize) -> Result<(), String> {
            let saved_free = self.free;
            match e {
                Expr::Nil => {
                    self.emit(Instr::LoadNil(dst, 1));
                }
                Expr::True => {
                    self.emit(Instr::LoadK(dst, Value::Bool(true)));
                }
                Expr::False => {
                    self.emit(Instr::LoadK(dst, Value::Bool(false)));
                }
                Expr::Int(i) => {
                    self.emit(Instr::LoadK(dst, Value::Int(*i)));
                }
                Expr::Num(x) => {
                    self.emit(Instr::LoadK(dst, Value::Num(*x)));
                }
                Expr::Str(s) => {
                    self.emit(Instr::LoadK(dst, Value::Str(s.clone())));
                }
                Expr::Vararg => {
                    self.emit(Instr::VarArg(dst, 1));
                }
                Expr::Local(v) => {
                    let r = self.var_reg[*v];
                    if ast.vars[*v].captured {
                        self.emit(Instr::GetCell(dst, r));
                    } else if r != dst {
                        self.emit(Instr::Move(dst, r));
                    }
                }
                Expr::Upval(u) => {
                    self.emit(Instr::GetUpval(dst, *u));
                }
                Expr::Global(name) => {
                    self.emit(Instr::GetGlobal(dst, name.clone(), Rc::new(Cell::new(usize::MAX))));
                }
                Expr::Index(obj, key, line) => {
                    let o = self.expr_any_reg(ast, obj)?;
                    self.line = *line;
                    match literal(key) {
                        Some(k) => {
                            self.emit(Instr::GetField(dst, o, k, new_chain_cache()));
                        }
                        None => {
                            let k = self.expr_any_reg(ast, key)?;
                            self.line = *line;
                            self.emit(Instr::GetTable(dst, o, k));
                        }
                    }
                }
                Expr::Call(_, _, _) | Expr::Method(_, _, _, _) => {
                    let base = self.free;
                    self.call_expr(ast, e, base, 1)?;
                    if base != dst {
                        self.emit(Instr::Move(dst, base));
                    }
                }
                Expr::Function(f) => {
                    self.function(ast, *f, dst)?;
                }
                Expr::Paren(inner) => {
                    self.expr_to_reg(ast, inner, dst)?;
                }
                Expr::Un(op, a, line) => {
                    let r = self.expr_any_reg(ast, a)?;
                    self.line = *line;
                    match op {
                        UnOp::Neg => self.emit(Instr::Unm(dst, r)),
                        UnOp::Not => self.emit(Instr::Not(dst, r)),
                        UnOp::Len => self.emit(Instr::Len(dst, r)),
                        UnOp::BNot => self.emit(Instr::BNot(dst, r)),
                    };
                }
                Expr::Bin(BinOp::And, _, _, _) | Expr::Bin(BinOp::Or, _, _, _) => {
                    // Through a new register when `dst` is a local's: the
                    // right operand may read it.
                    let t = if dst < self.nactive { self.alloc(1) } else { dst };
                    let (a, b, is_and) = match e {
                        Expr::Bin(op, a, b, _) => (a, b, *op == BinOp::And),
                        _ => unreachable!(),
                    };
                    self.expr_to_reg(ast, a, t)?;
                    let j = self.emit(Instr::Test(t, !is_and, 0));
                    self.expr_to_reg(ast, b, t)?;
                    let h = self.here();
                    self.patch(j, h);
                    if t != dst {
                        self.emit(Instr::Move(dst, t));
                    }
                }
                Expr::Bin(BinOp::Concat, _, _, line) => {
                    // `a .. b .. c` is one instruction over consecutive
                    // registers.
                    let mut parts: Vec<&Expr> = Vec::new();
                    concat_parts(e, &mut parts);
                    let base = self.alloc(parts.len());
                    let mut k = 0;
                    while k < parts.len() {
                        self.free = base + k + 1;
                        self.expr_to_reg(ast, parts[k], base + k)?;
                        k += 1;
                    }
                    self.line = *line;
                    self.emit(Instr::Concat(dst, base, parts.len()));
                }
                Expr::Bin(op, a, b, line) => {
                    if let Some(o) = arith_op(*op) {
                        let ra = self.expr_any_reg(ast, a)?;
                        match literal(b) {
                            Some(k) if !matches!(k, Value::Str(_)) => {
                                self.line = *line;
                                self.emit(arith_k_instr(o, dst, ra, k));
                            }
                            _ => {
                                let rb = self.expr_any_reg(ast, b)?;
                                self.line = *line;
                                self.emit(arith_instr(o, dst, ra, rb));
                            }
                        }
                    } else {
                        let (c, swap, negate) = cmp_op(*op).unwrap();
                        let ra = self.expr_any_reg(ast, a)?;
                        let rb = self.expr_any_reg(ast, b)?;
                        self.line = *line;
                        let (x, y) = if swap { (rb, ra) } else { (ra, rb) };
                        self.emit(Instr::SetCmp(c, dst, x, y));
                        if negate {
                            self.emit(Instr::Not(dst, dst));
                        }
                    }
                }
                Expr::Table(fields, line) => {
                    let t = if dst < self.nactive { self.alloc(1) } else { dst };
                    self.line = *line;
                    let positional = fields.iter().filter(|f| matches!(f, Field::Pos(_))).count();
                    self.emit(Instr::NewTable(t, positional));
                    let mut pending: usize = 0;
                    let mut first: usize = 1;
                    let list_base = self.free;
                    let mut k = 0;
                    while k < fields.len() {
                        match &fields[k] {
                            Field::Pos(v) => {
                                let last = k + 1 == fields.len();
                                if last && is_multi(v) {
                                    self.free = list_base + pending;
                                    self.multi_expr(ast, v, list_base + pending, MULTI)?;
                                    self.line = *line;
                                    self.emit(Instr::SetList(t, MULTI, first));
                                    pending = 0;
                                } else {
                                    self.free = list_base + pending;
                                    let r = self.alloc(1);
                                    self.expr_to_reg(ast, v, r)?;
                                    pending += 1;
                                    if pending == 50 {
                                        self.emit(Instr::SetList(t, pending, first));
                                        first += pending;
                                        pending = 0;
                                    }
                                }
                            }
                            Field::Keyed(key, v) => {
                                self.free = list_base + pending;
                                let kl = literal(key);
                                let kr = if kl.is_none() { self.expr_any_reg(ast, key)? } else { 0 };
                                let vr = self.expr_any_reg(ast, v)?;
                                self.line = *line;
                                match kl {
                                    Some(kv) => self.emit(Instr::SetField(t, kv, vr, no_position())),
                                    None => self.emit(Instr::SetTable(t, kr, vr)),
                                };
                            }
                        }
                        k += 1;
                    }
                    if pending > 0 {
                        self.emit(Instr::SetList(t, pending, first));
                    }
                    if t != dst {
                        self.emit(Instr::Move(dst, t));
                    }
                }
            }
            self.free = saved_free;
            Ok(())
        }

        /// Jumps (to patch) taken when the truth of `e` is `jump_if`.
        fn cond_jump(&mut self, ast: &FuncAst, e: &Expr, jump_if: bool) -> Result<Vec<usize>, String> {
            let saved_free = self.free;
            let r = match e {
                Expr::Bin(BinOp::And, a, b, _) => {
                    if jump_if {
                        let skip = self.cond_jump(ast, a, false)?;
                        let j = self.cond_jump(ast, b, true)?;
                        let h = self.here();
                        self.patch_all(&skip, h);
                        j
                    } else {
                        let mut j = self.cond_jump(ast, a, false)?;
                        j.extend(self.cond_jump(ast, b, false)?);
                        j
                    }
                }
                Expr::Bin(BinOp::Or, a, b, _) => {
                    if jump_if {
                        let mut j = self.cond_jump(ast, a, true)?;
                        j.extend(self.cond_jump(ast, b, true)?);
                        j
                    } else {
                        let skip = self.cond_jump(ast, a, true)?;
                        let j = self.cond_jump(ast, b, false)?;
                        let h = self.here();
                        self.patch_all(&skip, h);
                        j
                    }
                }
                Expr::Un(UnOp::Not, a, _) => self.cond_jump(ast, a, !jump_if)?,
                Expr::Paren(a) => self.cond_jump(ast, a, jump_if)?,
                Expr::Bin(op, a, b, line) if cmp_op(*op).is_some() => {
                    let (c, swap, negate) = cmp_op(*op).unwrap();
                    let flag = jump_if != negate;
                    let ra = self.expr_any_reg(ast, a)?;
                    match literal(b) {
                        Some(k) if !swap => {
                            self.line = *line;
                            vec![self.emit(Instr::CmpK(c, ra, k, flag, 0))]
                        }
                        _ => {
                            let rb = self.expr_any_reg(ast, b)?;
                            self.line = *line;
                            let (x, y) = if swap { (rb, ra) } else { (ra, rb) };
                            vec![self.emit(Instr::Cmp(c, x, y, flag, 0))]
                        }
                    }
                }
                Expr::True | Expr::Int(_) | Expr::Num(_) | Expr::Str(_) => {
                    if jump_if {
                        vec![self.emit(Instr::Jmp(0))]
                    } else {
                        Vec::new()
                    }
                }
                Expr::Nil | Expr::False => {
                    if jump_if {
                        Vec::new()
                    } else {
                        vec![self.emit(Instr::Jmp(0))]
                    }
                }
                _ => {
                    let r = self.expr_any_reg(ast, e)?;
                    vec![self.emit(Instr::Test(r, jump_if, 0))]
                }
            };
            self.free = saved_free;
            Ok(r)
        }

        /// A closure of child `f` into `dst`.
        fn function(&mut self, ast: &FuncAst, f: usize, dst: usize) -> Result<(), String> {
            let child = &ast.children[f];
            let mut p = compile_function(child, &self.chunk)?;
            // Upvalues from this function's locals name their registers.
            let mut k = 0;
            while k < child.upvals.len() {
                if child.upvals[k].from_local {
                    p.up_index[k] = self.var_reg[child.upvals[k].index];
                }
                k += 1;
            }
            self.protos.push(Rc::new(p));
            let idx = self.protos.len() - 1;
            self.emit(Instr::Closure(dst, idx));
            Ok(())
        }
    }

    /// The operands of a chain of `..` (right associative), in order.
    fn concat_parts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
        if let Expr::Bin(BinOp::Concat, a, b, _) = e {
            out.push(a);
            concat_parts(b, out);
        } else {
            out.push(e);
        }
    }

    fn compile_function(ast: &FuncAst, chunk: &str) -> Result<Proto, String> {
        let mut c = Compiler {
            code: Vec::new(),
            lines: Vec::new(),
            protos: Vec::new(),
            var_reg: vec![0; ast.vars.len()],
            nactive: 0,
            free: 0,
            maxstack: 2,
            line: ast.line,
            chunk: chunk.to_string(),
            breaks: Vec::new(),
            labels: Vec::new(),
            gotos: Vec::new(),
            level: 0,
            loc_names: Vec::new(),
            loc_regs: Vec::new(),
            loc_start: Vec::new(),
            loc_end: Vec::new(),
            active_locs: Vec::new(),
        };
        let mut k = 0;
        while k < ast.params.len() {
            let r = c.alloc(1);
            c.activate(ast, ast.params[k], r);
            k += 1;
        }
        c.nactive = ast.params.len();
        k = 0;
        while k < ast.params.len() {
            if ast.vars[ast.params[k]].captured {
                c.emit(Instr::NewCell(k));
            }
            k += 1;
        }
        c.block(ast, &ast.body)?;
        if let Some(g) = c.gotos.first() {
            return Err(format!("{}:{}: no visible label '{}' for <goto> at line {}", chunk, ast.end_line, g.0, g.2));
        }
        c.emit(Instr::Return(0, 0));
        let mut up_from_local: Vec<bool> = Vec::new();
        let mut up_index: Vec<usize> = Vec::new();
        let mut up_names: Vec<String> = Vec::new();
        for u in &ast.upvals {
            up_from_local.push(u.from_local);
            up_index.push(u.index);
            up_names.push(u.name.clone());
        }
        let maxstack = c.maxstack + 1;
        Ok(Proto {
            room: Cell::new(maxstack),
            code: c.code.into_boxed_slice(),
            lines: c.lines,
            protos: c.protos,
            up_from_local,
            up_index,
            up_names,
            nparams: ast.params.len(),
            is_vararg: ast.is_vararg,
            maxstack,
            name: ast.name.clone(),
            chunk: chunk.to_string(),
            loc_names: c.loc_names,
            loc_regs: c.loc_regs,
            loc_start: c.loc_start,
            loc_end: c.loc_end,
        })
    }

    // ---- the interpreter's state and errors -----------------------------

    struct Interp {
        globals: Rc<RefCell<Table>>,
        /// The shape of new tables.
        empty_shape: Rc<Shape>,
        /// `"__index"` and `"__newindex"`, for lookups in metatables (made
        /// once; the interpreter is a constant of a trace: so are they).
        index_name: Vec<u8>,
        newindex_name: Vec<u8>,
        /// `"__index"` as a Lua string: the key of the interpreter's caches
        /// of `__index` (`inherited_cached`).
        index_key: Value,
        /// The keys of the metatables' events, by `Event` (a lookup of a
        /// handler makes no string).
        event_keys: Vec<Vec<u8>>,
        /// What `type` gives, by `type_index`, and `""`: made once.
        type_names: Vec<Value>,
        empty_string: Value,
        /// The bytes of the empty string, for an absent separator (made
        /// once: a call makes no list).
        no_bytes: Rc<Vec<u8>>,
        /// The strings of one byte, by the byte: `string.char` of one byte
        /// and `string.sub` of one make none.
        byte_strings: Vec<Value>,
        /// `true` and `false`, which comparisons and `not` give (see
        /// `bool_value`), and the same two by `b as usize` (a list: a trace
        /// reads the fields, constants of the interpreter, not its items).
        true_value: Value,
        false_value: Value,
        bools: Vec<Value>,
        /// What `pairs` and `ipairs` give a generic `for`: `next`, `ipairs`'s
        /// iterator and its first control, 0, made once (a call makes no
        /// value).
        next_fn: Value,
        ipairs_step_fn: Value,
        zero: Value,
        /// The metatable of strings (`__index` is the `string` table).
        string_meta: RefCell<Option<Rc<RefCell<Table>>>>,
        /// `package.loaded`.
        loaded: Rc<RefCell<Table>>,
        /// The state of `math.random` (xoshiro256**).
        rng: RefCell<Vec<u64>>,
        /// Pattern matchers not in use (a replacement function of `gsub`
        /// may match patterns too): a search makes none.
        matchers: RefCell<Vec<Matcher>>,
        /// The registers of returned calls, emptied (`give_regs`): a call
        /// in the interpreter takes its frame's from here (`take_regs`),
        /// with nothing to allocate, zero and collect.
        spare_regs: RefCell<Vec<Vec<Value>>>,
        /// `NILS` nils, copied at once into a new frame's registers (see
        /// `nils_to`).
        nils: Vec<Value>,
    }

    /// The boolean `b` without a new value (PyPy's `newbool`): in a trace,
    /// a guard on `b` and a constant, which a test of it then folds; in the
    /// interpreter, one of the two by index, with no branch to mispredict
    /// (closures.lua's `x % 2 == 0` alternates: ~8% faster than a branch).
    fn bool_value(interp: &Interp, b: bool) -> Value {
        if we_are_jitted() {
            if b {
                interp.true_value.clone()
            } else {
                interp.false_value.clone()
            }
        } else {
            interp.bools[b as usize].clone()
        }
    }

    enum LuaError {
        /// A message still to get the position of a Lua line: `level` 1 is
        /// the innermost running Lua function, 2 its caller, ...
        Msg(String, usize),
        /// An error value, positioned already or not a string.
        Value(Value),
        /// An operation's error about one of its operands (`attempt to
        /// index a nil value`): the interpreter adds what the operand is
        /// (` (local 'x')`) and the position.
        Operand(String),
    }

    fn err<T>(msg: String) -> Result<T, LuaError> {
        Err(LuaError::Msg(msg, 1))
    }

    fn operand_err<T>(msg: String) -> Result<T, LuaError> {
        Err(LuaError::Operand(msg))
    }

    /// Gives a pending message the position of instruction `pc` of
    /// `proto` when it is for this level.
    #[dont_look_inside]
    fn locate(e: LuaError, proto: &Proto, pc: usize) -> LuaError {
        match e {
            LuaError::Msg(msg, level) => {
                if level <= 1 {
                    let text = format!("{}:{}: {}", proto.chunk, proto.lines[pc], msg);
                    LuaError::Value(lstr(&text))
                } else {
                    LuaError::Msg(msg, level - 1)
                }
            }
            LuaError::Operand(msg) => locate(LuaError::Msg(msg, 1), proto, pc),
            other => other,
        }
    }

    /// The error value a caught error gives `pcall`.
    fn error_value(e: LuaError) -> Value {
        match e {
            LuaError::Msg(msg, _) => lstr(&msg),
            LuaError::Operand(msg) => lstr(&msg),
            LuaError::Value(v) => v,
        }
    }

    /// What a register holds, for messages: ` (local 'x')`, ` (global
    /// 'f')`, ... or nothing (PUC Lua's `varinfo`).
    #[dont_look_inside]
    fn var_info(proto: &Proto, pc: usize, reg: usize) -> String {
        let mut k = 0;
        while k < proto.loc_names.len() {
            if proto.loc_regs[k] == reg && proto.loc_start[k] <= pc && pc < proto.loc_end[k] {
                let name = &proto.loc_names[k];
                if name.starts_with('(') {
                    return String::new();
                }
                return format!(" (local '{}')", name);
            }
            k += 1;
        }
        // The last instruction before `pc` that set the register.
        let mut i = pc;
        while i > 0 {
            i -= 1;
            match &proto.code[i] {
                Instr::GetGlobal(a, name, _) if *a == reg => return format!(" (global '{}')", show_bytes(name)),
                Instr::GetField(a, _, Value::Str(k), _) if *a == reg => return format!(" (field '{}')", show_bytes(k)),
                Instr::GetField(a, _, Value::Int(k), _) if *a == reg && *k >= 0 && *k <= 255 => {
                    return " (field 'integer index')".to_string()
                }
                Instr::GetUpval(a, u) if *a == reg => return format!(" (upvalue '{}')", proto.up_names[*u]),
                Instr::SelfOp(a, _, Value::Str(k), _) if *a == reg => return format!(" (method '{}')", show_bytes(k)),
                Instr::LoadK(a, Value::Str(k)) if *a == reg => return format!(" (constant '{}')", show_bytes(k)),
                Instr::Move(a, b) if *a == reg => return var_info(proto, i, *b),
                Instr::GetCell(a, b) if *a == reg => return var_info(proto, i, *b),
                other => {
                    if writes_reg(other, reg) {
                        return String::new();
                    }
                }
            }
        }
        String::new()
    }

    /// Whether an instruction sets register `reg` (the ones `var_info`
    /// does not name).
    fn writes_reg(i: &Instr, reg: usize) -> bool {
        let dst = match i {
            Instr::Move(a, _) => *a,
            Instr::LoadK(a, _) => *a,
            Instr::GetGlobal(a, _, _) => *a,
            Instr::GetField(a, _, _, _) => *a,
            Instr::GetTable(a, _, _) => *a,
            Instr::GetUpval(a, _) => *a,
            Instr::Arith(_, a, _, _) => *a,
            Instr::ArithK(_, a, _, _) => *a,
            Instr::Add(a, _, _) => *a,
            Instr::Sub(a, _, _) => *a,
            Instr::Mul(a, _, _) => *a,
            Instr::Div(a, _, _) => *a,
            Instr::Mod(a, _, _) => *a,
            Instr::IDiv(a, _, _) => *a,
            Instr::AddK(a, _, _) => *a,
            Instr::SubK(a, _, _) => *a,
            Instr::MulK(a, _, _) => *a,
            Instr::DivK(a, _, _) => *a,
            Instr::ModK(a, _, _) => *a,
            Instr::IDivK(a, _, _) => *a,
            Instr::Concat(a, _, _) => *a,
            Instr::Call(a, _, _) => *a,
            Instr::NewTable(a, _) => *a,
            Instr::Closure(a, _) => *a,
            Instr::LoadNil(a, n) => return *a <= reg && reg < *a + *n,
            _ => return false,
        };
        dst == reg
    }

    /// The length of a string value's bytes.
    fn str_len(s: &Rc<Vec<u8>>) -> i64 {
        let b: &Vec<u8> = s;
        b.len() as i64
    }

    /// A copy of a string value's bytes.
    fn bytes_of(s: &Rc<Vec<u8>>) -> Vec<u8> {
        let b: &Vec<u8> = s;
        b.clone()
    }

    fn show_bytes(b: &[u8]) -> String {
        let mut s = String::new();
        for c in b {
            s.push(*c as char);
        }
        s
    }

    // ---- metatables -----------------------------------------------------

    fn metatable(interp: &Interp, v: &Value) -> Option<Rc<RefCell<Table>>> {
        match v {
            Value::Table(t) => t.borrow().meta.clone(),
            Value::Str(_) => interp.string_meta.borrow().clone(),
            _ => None,
        }
    }

    /// The metamethod `event` of `v`, or nil.
    fn metamethod(interp: &Interp, v: &Value, event: Event) -> Value {
        match metatable(interp, v) {
            Some(mt) => meta_get(&mt.borrow(), event_key(interp, event as usize)),
            None => Value::Nil,
        }
    }

    /// The key of the handler of the event numbered `e` (in a trace, a
    /// constant: the list's items are not).
    #[elidable]
    fn event_key(interp: &Interp, e: usize) -> &Vec<u8> {
        &interp.event_keys[e]
    }

    /// The handler under the key `k` in the metatable `mt`: in a trace, at
    /// the position of `k` in `mt`'s shape, promoted (a class's metatable
    /// keeps its shape), a constant.
    fn meta_get(mt: &Table, k: &Vec<u8>) -> Value {
        if we_are_jitted() {
            if let Some(p) = shape_position(&mt.shape, k) {
                return if p == usize::MAX { Value::Nil } else { mt.value_at(p) };
            }
        }
        mt.get_str(k)
    }

    /// The events of metatables, by the key of their handler.
    #[derive(Clone, Copy)]
    enum Event {
        Index,
        NewIndex,
        Call,
        Len,
        ToString,
        Name,
        Eq,
        Lt,
        Le,
        Unm,
        BNot,
        Concat,
        Pairs,
        Add,
        Sub,
        Mul,
        Div,
        Mod,
        Pow,
        IDiv,
        BAnd,
        BOr,
        BXor,
        Shl,
        Shr,
    }

    /// The keys of the events, in the order of `Event`.
    const EVENT_NAMES: [&str; 25] = [
        "__index",
        "__newindex",
        "__call",
        "__len",
        "__tostring",
        "__name",
        "__eq",
        "__lt",
        "__le",
        "__unm",
        "__bnot",
        "__concat",
        "__pairs",
        "__add",
        "__sub",
        "__mul",
        "__div",
        "__mod",
        "__pow",
        "__idiv",
        "__band",
        "__bor",
        "__bxor",
        "__shl",
        "__shr",
    ];

    /// The first result of calling `f` with the first `n` (at most three)
    /// of `x`, `y`, `z` (a metamethod, `table.sort`'s comparator): a Lua
    /// function gets them in its frame, made with them, and its first
    /// result is read there (no lists of arguments and results).
    fn call1(
        interp: &Interp,
        f: &Value,
        n: usize,
        x: Value,
        y: Value,
        z: Value,
        depth: usize,
    ) -> Result<Value, LuaError> {
        if let Value::Func(c) = f {
            let proto: &Proto = &c.proto;
            let mut frame = blank_frame(proto);
            if n > 0 {
                give_arg(&mut frame, proto, 0, x);
            }
            if n > 1 {
                give_arg(&mut frame, proto, 1, y);
            }
            if n > 2 {
                give_arg(&mut frame, proto, 2, z);
            }
            return Ok(first_result(&run_frame(interp, c, frame, depth)?));
        }
        let mut args: Vec<Value> = Vec::with_capacity(n);
        if n > 0 {
            args.push(x);
        }
        if n > 1 {
            args.push(y);
        }
        if n > 2 {
            args.push(z);
        }
        call1_list(interp, f, args, depth)
    }

    /// The first result of calling `f` with the arguments `args`.
    fn call1_list(interp: &Interp, f: &Value, args: Vec<Value>, depth: usize) -> Result<Value, LuaError> {
        if let Value::Func(c) = f {
            // (Taken from the callee's frame: no list of results.)
            return Ok(first_result(&run_closure(interp, c, args, depth)?));
        }
        let mut r = call_value(interp, f, args, depth)?;
        if r.is_empty() {
            Ok(Value::Nil)
        } else {
            Ok(r.swap_remove(0))
        }
    }

    /// Where an instruction found its name: the shapes of the tables it
    /// looked in last and the position in each (`usize::MAX`: not there);
    /// for a dictionary, the position to look at first.
    /// Held in a `RefCell` (one object with its fields: a cell per field
    /// was six objects, and a load more for each field read).
    struct FieldCache {
        /// The shape met last that was not in the cache, and its position
        /// (looked at first: a site sees mostly one shape).
        shape: Option<Rc<Shape>>,
        shape_pos: usize,
        /// The shapes before it, up to `SHAPES_CACHED - 1`, the oldest
        /// replaced by a new one (`next`).
        more: Vec<(Rc<Shape>, usize)>,
        next: usize,
        pos: usize,
    }

    /// How many shapes an instruction remembers: a site that sees the
    /// objects of a few classes (richards' tasks, deltablue's constraints)
    /// finds each of their shapes there.
    const SHAPES_CACHED: usize = 4;

    /// The cache of an instruction not run yet.
    fn no_position() -> Rc<RefCell<FieldCache>> {
        Rc::new(RefCell::new(FieldCache {
            shape: None,
            shape_pos: usize::MAX,
            more: Vec::new(),
            next: 0,
            pos: usize::MAX,
        }))
    }

    /// The position of the string key `k` in the hash part of the table
    /// `tb`. In a trace, a constant: that of the key in the table's shape
    /// (promoted). The interpreter remembers the last shapes and positions
    /// (`cache`: objects of one class get their fields in one order, so one
    /// shape serves them all): no hashing, even to learn the key is not
    /// there. For a dictionary, `dict_position`.
    fn field_position(tb: &Table, k: &Value, cache: &RefCell<FieldCache>) -> Option<usize> {
        let Value::Str(ks) = k else { return None };
        let b: &Vec<u8> = ks;
        if let Some(shape) = &tb.shape {
            let p = if we_are_jitted() { shape_pos(promote(&**shape), b) } else { shape_pos_cached(shape, b, cache) };
            return position(p);
        }
        let p = promote(cache.borrow().pos);
        let found = dict_position(tb, ks, p)?;
        if p == usize::MAX {
            cache.borrow_mut().pos = found;
        }
        Some(found)
    }

    /// The position of the string `ks` in the hash part of `tb` (a
    /// dictionary): `p`, where the instruction found it first (a constant in
    /// a trace, `usize::MAX` until it is found: the caller remembers it
    /// then), checked (the same string object: the parser makes one per
    /// name), else found by hashing; in a trace the lookup is a read and a
    /// comparison.
    fn dict_position(tb: &Table, ks: &Rc<Vec<u8>>, p: usize) -> Option<usize> {
        if p < tb.entries() {
            if let Value::Str(s) = &tb.key_at(p) {
                // (Strings made at run time are other objects.)
                if Rc::ptr_eq(s, ks) || **s == **ks {
                    return Some(p);
                }
            }
        }
        tb.str_pos(ks)
    }

    /// The position of the global `name` in the globals table `t`: in a
    /// trace, where `t` is a constant, a constant of `t`'s version (which
    /// a new string key changes); in the interpreter `dict_position`, with
    /// the instruction's `pos`.
    fn global_position(t: &Table, name: &Rc<Vec<u8>>, pos: &Cell<usize>) -> Option<usize> {
        if we_are_jitted() {
            str_pos_at(t, t.strs_version, name)
        } else {
            let p = promote(pos.get());
            let found = dict_position(t, name, p)?;
            if p == usize::MAX {
                pos.set(found);
            }
            Some(found)
        }
    }

    /// `shape_pos` through the interpreter's cache of the last shapes (a
    /// shape never changes: nor does the key's position in it).
    fn shape_pos_cached(shape: &Rc<Shape>, k: &Vec<u8>, cache: &RefCell<FieldCache>) -> usize {
        {
            let c = cache.borrow();
            if let Some(last) = &c.shape {
                if Rc::ptr_eq(last, shape) {
                    return c.shape_pos;
                }
            }
        }
        shape_pos_more(shape, k, &mut cache.borrow_mut())
    }

    /// `shape_pos_cached` when `shape` is not the first one looked at.
    fn shape_pos_more(shape: &Rc<Shape>, k: &Vec<u8>, c: &mut FieldCache) -> usize {
        let mut i = 0;
        while i < c.more.len() {
            if Rc::ptr_eq(&c.more[i].0, shape) {
                return c.more[i].1;
            }
            i += 1;
        }
        let p = shape_pos(shape, k);
        // The new shape is looked at first, the one it replaces next.
        let old = c.shape.clone();
        let old_p = c.shape_pos;
        c.shape = Some(shape.clone());
        c.shape_pos = p;
        if let Some(old) = old {
            if c.more.len() < SHAPES_CACHED - 1 {
                c.more.push((old, old_p));
            } else {
                let i = c.next;
                c.more[i] = (old, old_p);
                c.next = (i + 1) % (SHAPES_CACHED - 1);
            }
        }
        p
    }

    /// Where an instruction with a constant string key (`obj.k`, `obj:k()`)
    /// found it, in each table of the chain of `__index` tables it went
    /// through (the object, its class, the class's parent, ...): one cache
    /// per table and per metatable, each seeing few shapes.
    struct ChainCache {
        /// The key in the object itself.
        own: Rc<RefCell<FieldCache>>,
        /// Per table after the object on the chain: the caches of `__index`
        /// in the metatable before it and of the key in it, made with the
        /// instruction (a list made as lookups first went that far was a
        /// borrow and a test at each level of each lookup).
        inherited: Vec<(Rc<RefCell<FieldCache>>, Rc<RefCell<FieldCache>>)>,
    }

    fn new_chain_cache() -> Rc<ChainCache> {
        let mut inherited = Vec::with_capacity(MAX_CHAIN - 1);
        while inherited.len() < MAX_CHAIN - 1 {
            inherited.push((no_position(), no_position()));
        }
        Rc::new(ChainCache { own: no_position(), inherited })
    }

    /// The value of the string key `k` in `tb` itself, through
    /// `field_position` (nil: not there).
    fn own_cached(tb: &Table, k: &Value, cache: &RefCell<FieldCache>) -> Value {
        match field_position(tb, k, cache) {
            Some(p) => tb.value_at(p),
            None => Value::Nil,
        }
    }

    /// `own_cached` of the table `t`, and its metatable: the table's
    /// borrow ends before the metatable's begins (see `field_by_shapes`).
    fn own_and_meta(
        t: &Rc<RefCell<Table>>,
        k: &Value,
        cache: &RefCell<FieldCache>,
    ) -> (Value, Option<Rc<RefCell<Table>>>) {
        let tb = t.borrow();
        (own_cached(&tb, k, cache), tb.meta.clone())
    }

    /// `obj[k]` (`k` a constant string) when `obj`'s own entry is nil and
    /// its metatable is `mt`: the entry of the table `mt`'s `__index` is
    /// (its class), and so on, through at most `levels` tables (the object
    /// the first), with `c`'s caches of each. `None` when the chain goes on
    /// through a function (or any other value) or beyond `levels` tables:
    /// `index` follows any chain. (Called by `field_cached` and
    /// `method_cached` after the object's own entry, the common case.)
    #[unroll_safe]
    fn inherited_cached(
        interp: &Interp,
        mt: &Rc<RefCell<Table>>,
        k: &Value,
        c: &ChainCache,
        levels: usize,
    ) -> Option<Value> {
        let mut mt = mt.clone();
        let mut n = 1;
        while n < levels {
            let (index_cache, key_cache) = &c.inherited[n - 1];
            let h = {
                let mtb = mt.borrow();
                let Some(p) = field_position(&mtb, &interp.index_key, index_cache) else { return Some(Value::Nil) };
                mtb.value_at(p)
            };
            let Value::Table(t) = &h else {
                return if matches!(h, Value::Nil) { Some(Value::Nil) } else { None };
            };
            let (v, meta) = own_and_meta(t, k, key_cache);
            if !matches!(v, Value::Nil) {
                return Some(v);
            }
            let Some(next) = meta else { return Some(Value::Nil) };
            mt = next;
            n += 1;
        }
        None
    }

    /// How many tables of a chain `inherited_cached` looks in: in a trace,
    /// which has followed the chain through the shapes (`field_by_shapes`),
    /// only the object (`obj.k`) or the object and its class (`obj:k()`),
    /// as far as a dictionary may be; the interpreter as far as a trace.
    fn chain_levels(in_trace: usize) -> usize {
        if we_are_jitted() {
            in_trace
        } else {
            MAX_CHAIN
        }
    }

    /// `obj[k]` for a method call through the caches of its chain (`None`:
    /// `index` follows the chain); in a trace, through the shapes of `obj`'s
    /// chain of `__index` tables (a string's methods through `index`).
    fn method_cached(interp: &Interp, obj: &Value, k: &Value, c: &ChainCache) -> Option<Value> {
        if we_are_jitted() {
            if let Value::Str(ks) = k {
                let b: &Vec<u8> = ks;
                let found = match obj {
                    Value::Str(_) => string_method_by_shapes(interp, b),
                    _ => field_by_shapes(interp, obj, b),
                };
                if let Some(v) = found {
                    if !matches!(v, Value::Nil) {
                        return Some(v);
                    }
                }
            }
        }
        let t = match obj {
            Value::Table(t) => t,
            Value::Str(_) if !we_are_jitted() => return string_method_cached(interp, k, c),
            _ => return None,
        };
        let (v, meta) = own_and_meta(t, k, &c.own);
        match &meta {
            Some(mt) if matches!(v, Value::Nil) => inherited_cached(interp, mt, k, c, chain_levels(2)),
            _ => Some(v),
        }
    }

    /// A string's method `k` (`s:sub(...)`): the entry of the table the
    /// strings' metatable's `__index` is (`string`), through `c`'s caches
    /// of the tables after the object. `None` for nil, which is an error
    /// when the metatable has no `__index` (`index` tells which).
    fn string_method_cached(interp: &Interp, k: &Value, c: &ChainCache) -> Option<Value> {
        let mt = interp.string_meta.borrow().clone()?;
        match inherited_cached(interp, &mt, k, c, MAX_CHAIN) {
            Some(Value::Nil) => None,
            found => found,
        }
    }

    /// The longest chain of `__index` tables a trace follows, and the
    /// interpreter's caches (`inherited_cached`).
    const MAX_CHAIN: usize = 4;

    /// The position of the string `k` in a table of shape `shape` (`None`:
    /// the table is a dictionary), from the trace's guard on the shape.
    fn shape_position(shape: &Option<Rc<Shape>>, k: &Vec<u8>) -> Option<usize> {
        match shape {
            Some(shape) => Some(shape_pos(promote(&**shape), k)),
            None => None,
        }
    }

    /// `obj[k]` in a trace (`k` a constant string), through the shapes of
    /// the tables on `obj`'s chain of `__index` tables: a guard on each
    /// table's shape (and on its metatable's), where the key is and whether
    /// it is there being constants. `None` when a table on the way is a
    /// dictionary, the chain goes on through a function, or it is longer
    /// than `MAX_CHAIN`.
    #[unroll_safe]
    fn field_by_shapes(interp: &Interp, obj: &Value, k: &Vec<u8>) -> Option<Value> {
        let Value::Table(first) = obj else { return None };
        let mut t = first.clone();
        let mut n = 0;
        while n < MAX_CHAIN {
            n += 1;
            // (The table's borrow ends before its metatable's begins: in
            // a trace, the two borrow counts are fields the optimizer
            // cannot tell apart, and a nested borrow made it write the
            // first one's count twice, where now it writes nothing.)
            let mt = {
                let tb = t.borrow();
                let p = shape_position(&tb.shape, k)?;
                if p != usize::MAX && !tb.value_is_nil(p) {
                    return Some(tb.value_at(p));
                }
                match &tb.meta {
                    Some(mt) => mt.clone(),
                    None => return Some(Value::Nil),
                }
            };
            let next = {
                let mtb = mt.borrow();
                let q = shape_position(&mtb.shape, &interp.index_name)?;
                if q == usize::MAX {
                    return Some(Value::Nil);
                }
                match &mtb.value_at(q) {
                    Value::Nil => return Some(Value::Nil),
                    Value::Table(class) => class.clone(),
                    _ => return None,
                }
            };
            t = next;
        }
        None
    }

    /// A string's method `k` in a trace: through the shapes of the strings'
    /// metatable and of the table its `__index` is (`string`), each a
    /// guard, as `field_by_shapes` follows a table's chain (`None`: the
    /// chain is not such tables; `index` follows it).
    fn string_method_by_shapes(interp: &Interp, k: &Vec<u8>) -> Option<Value> {
        let mt = interp.string_meta.borrow().clone()?;
        let class = meta_get(&mt.borrow(), &interp.index_name);
        if !matches!(class, Value::Table(_)) {
            return None;
        }
        field_by_shapes(interp, &class, k)
    }

    /// `obj[k]` (`k` a constant) through the caches of its chain (`None`:
    /// `index` follows the chain); in a trace, through the shapes of `obj`'s
    /// chain of `__index` tables. Other constant keys (integers) take
    /// `index_fast`.
    fn field_cached(interp: &Interp, obj: &Value, k: &Value, cache: &ChainCache) -> Option<Value> {
        let Value::Str(ks) = k else { return index_fast(obj, k) };
        if we_are_jitted() {
            let b: &Vec<u8> = ks;
            if let Some(v) = field_by_shapes(interp, obj, b) {
                return Some(v);
            }
        }
        let Value::Table(t) = obj else { return None };
        let (v, meta) = own_and_meta(t, k, &cache.own);
        match &meta {
            Some(mt) if matches!(v, Value::Nil) => inherited_cached(interp, mt, k, cache, chain_levels(1)),
            _ => Some(v),
        }
    }

    /// `obj[k] = v` (`k` a constant string) through `field_position` when
    /// `obj` is a table: whether it was done. A key whose entry is there
    /// takes the value, nil too (the entry stays, dead); an absent or dead one is `__newindex`'s if the
    /// metatable may have one; a new key is added with a constant next
    /// shape when adding it does not compact the table, and nil for an
    /// absent one is nothing.
    fn set_field_cached(interp: &Interp, obj: &Value, k: &Value, v: &Value, cache: &RefCell<FieldCache>) -> bool {
        let Value::Table(t) = obj else { return false };
        let is_nil = matches!(v, Value::Nil);
        let (p, mt) = {
            let mut tb = t.borrow_mut();
            let p = field_position(&tb, k, cache);
            if let Some(p) = p {
                if !tb.value_is_nil(p) {
                    tb.set_value_at(p, v.clone());
                    return true;
                }
            }
            (p, tb.meta.clone())
        };
        // A dead or absent entry is `__newindex`'s if the metatable may
        // have one: asked with the table not borrowed (the metatable may
        // be the table itself; and in a trace the two borrow counts would
        // be written back, as in `field_by_shapes`).
        if may_have_newindex(interp, &mt) {
            return false;
        }
        let mut tb = t.borrow_mut();
        match p {
            Some(p) => {
                tb.set_value_at(p, v.clone());
                true
            }
            None if !is_nil && !tb.compacts_on_insert() => {
                let Value::Str(ks) = k else { return false };
                let b: &Vec<u8> = ks;
                let next = match &tb.shape {
                    Some(shape) => {
                        let shape: &Shape = promote(&**shape);
                        if shape.len >= MAX_SHAPE_LEN {
                            return false;
                        }
                        shape_with(shape, b)
                    }
                    None => return false,
                };
                tb.push_entry(k.clone(), v.clone());
                tb.shape = Some(next);
                true
            }
            // Nil for a string key that is not there: nothing to do (a
            // constructor's field given nil, cleared again).
            None => is_nil && matches!(k, Value::Str(_)),
        }
    }

    /// Whether the metatable `meta` of a table, if any, may have a
    /// `__newindex` (in a trace, a constant of the metatable's shape; a
    /// dictionary may).
    fn may_have_newindex(interp: &Interp, meta: &Option<Rc<RefCell<Table>>>) -> bool {
        match meta {
            Some(mt) => match &mt.borrow().shape {
                Some(shape) if !we_are_jitted() => shape.newindex,
                shape => shape_position(shape, &interp.newindex_name) != Some(usize::MAX),
            },
            None => false,
        }
    }

    /// `t[key]` when `t` is a table holding the key, or one without a
    /// metatable (the common case, without `index`'s loop).
    #[inline]
    fn index_fast(obj: &Value, key: &Value) -> Option<Value> {
        if let Value::Table(t) = obj {
            let tb = t.borrow();
            let v = match key {
                Value::Int(i) => tb.get_int(*i),
                Value::Str(s) => tb.get_str(s),
                _ => return None,
            };
            if !matches!(v, Value::Nil) || tb.meta.is_none() {
                return Some(v);
            }
        }
        None
    }

    /// `t[key] = v` when `t` is a table without a metatable and `key` an
    /// integer or a string: whether it was done.
    #[inline]
    fn set_index_fast(obj: &Value, key: &Value, v: &Value) -> bool {
        if let Value::Table(t) = obj {
            let mut tb = t.borrow_mut();
            if tb.meta.is_none() {
                match key {
                    Value::Int(i) => {
                        tb.set_int(*i, v.clone());
                        return true;
                    }
                    Value::Str(_) => {
                        tb.set_hash(key.clone(), v.clone());
                        return true;
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// `obj[key]` with `__index`.
    fn index(interp: &Interp, obj: &Value, key: &Value, depth: usize) -> Result<Value, LuaError> {
        let mut o = obj.clone();
        let mut loops = 0;
        while loops < 2000 {
            loops += 1;
            let h = match &o {
                Value::Table(t) => {
                    let tb = t.borrow();
                    let v = tb.get(key);
                    if !matches!(v, Value::Nil) {
                        return Ok(v);
                    }
                    match &tb.meta {
                        None => return Ok(Value::Nil),
                        Some(mt) => {
                            let h = meta_get(&mt.borrow(), &interp.index_name);
                            if matches!(h, Value::Nil) {
                                return Ok(Value::Nil);
                            }
                            h
                        }
                    }
                }
                other => {
                    let h = metamethod(interp, other, Event::Index);
                    if matches!(h, Value::Nil) {
                        return operand_err(format!("attempt to index a {} value", type_name(other)));
                    }
                    h
                }
            };
            if is_callable(&h) {
                return call1(interp, &h, 2, o, key.clone(), Value::Nil, depth);
            }
            o = h;
        }
        err("'__index' chain too long; possible loop".to_string())
    }

    fn is_callable(v: &Value) -> bool {
        matches!(v, Value::Func(_) | Value::Builtin(_) | Value::Native(_))
    }

    /// `t[k] = v` without metamethods, with Lua's checks of the key.
    fn raw_set(t: &Rc<RefCell<Table>>, k: Value, v: Value) -> Result<(), LuaError> {
        match &k {
            Value::Nil => return err("table index is nil".to_string()),
            Value::Num(x) if x.is_nan() => return err("table index is NaN".to_string()),
            _ => {}
        }
        // (A table may be its own key: its id is its address, read with
        // no borrow of it.)
        t.borrow_mut().set(k, v);
        Ok(())
    }

    /// `obj[key] = v` with `__newindex`.
    fn set_index(interp: &Interp, obj: &Value, key: Value, v: Value, depth: usize) -> Result<(), LuaError> {
        let mut o = obj.clone();
        let mut loops = 0;
        while loops < 2000 {
            loops += 1;
            let h = match &o {
                Value::Table(t) => {
                    let h = {
                        let tb = t.borrow();
                        match &tb.meta {
                            None => Value::Nil,
                            Some(mt) => {
                                if matches!(tb.get(&key), Value::Nil) {
                                    meta_get(&mt.borrow(), &interp.newindex_name)
                                } else {
                                    Value::Nil
                                }
                            }
                        }
                    };
                    if matches!(h, Value::Nil) {
                        return raw_set(t, key, v);
                    }
                    h
                }
                other => {
                    let h = metamethod(interp, other, Event::NewIndex);
                    if matches!(h, Value::Nil) {
                        return operand_err(format!("attempt to index a {} value", type_name(other)));
                    }
                    h
                }
            };
            if is_callable(&h) {
                call1(interp, &h, 3, o, key, v, depth)?;
                return Ok(());
            }
            o = h;
        }
        err("'__newindex' chain too long; possible loop".to_string())
    }

    // ---- operations -----------------------------------------------------

    fn op_event(op: Op) -> Event {
        match op {
            Op::Add => Event::Add,
            Op::Sub => Event::Sub,
            Op::Mul => Event::Mul,
            Op::Div => Event::Div,
            Op::Mod => Event::Mod,
            Op::Pow => Event::Pow,
            Op::IDiv => Event::IDiv,
            Op::BAnd => Event::BAnd,
            Op::BOr => Event::BOr,
            Op::BXor => Event::BXor,
            Op::Shl => Event::Shl,
            Op::Shr => Event::Shr,
        }
    }

    fn is_bitwise(op: Op) -> bool {
        matches!(op, Op::BAnd | Op::BOr | Op::BXor | Op::Shl | Op::Shr)
    }

    fn int_arith(op: Op, x: i64, y: i64) -> Result<Value, LuaError> {
        let r = match op {
            Op::Add => Value::Int(x.wrapping_add(y)),
            Op::Sub => Value::Int(x.wrapping_sub(y)),
            Op::Mul => Value::Int(x.wrapping_mul(y)),
            Op::Div => Value::Num(x as f64 / y as f64),
            Op::Pow => Value::Num((x as f64).powf(y as f64)),
            Op::IDiv => {
                if y == 0 {
                    return err("attempt to divide by zero".to_string());
                }
                Value::Int(int_idiv(x, y))
            }
            Op::Mod => {
                if y == 0 {
                    return err("attempt to perform 'n%0'".to_string());
                }
                Value::Int(int_mod(x, y))
            }
            Op::BAnd => Value::Int(x & y),
            Op::BOr => Value::Int(x | y),
            Op::BXor => Value::Int(x ^ y),
            Op::Shl => Value::Int(shift_left(x, y)),
            Op::Shr => Value::Int(shift_left(x, y.wrapping_neg())),
        };
        Ok(r)
    }

    fn float_arith(op: Op, x: f64, y: f64) -> Value {
        match op {
            Op::Add => Value::Num(x + y),
            Op::Sub => Value::Num(x - y),
            Op::Mul => Value::Num(x * y),
            Op::Div => Value::Num(x / y),
            Op::Pow => Value::Num(x.powf(y)),
            Op::IDiv => Value::Num((x / y).floor()),
            _ => Value::Num(float_mod(x, y)),
        }
    }

    /// `a op b`: numbers (strings converted, but not for bitwise
    /// operators), else the metamethod.
    fn arith(interp: &Interp, op: Op, a: &Value, b: &Value, depth: usize) -> Result<Value, LuaError> {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => return int_arith(op, *x, *y),
            (Value::Num(x), Value::Num(y)) if !is_bitwise(op) => return Ok(float_arith(op, *x, *y)),
            (Value::Int(x), Value::Num(y)) if !is_bitwise(op) => return Ok(float_arith(op, *x as f64, *y)),
            (Value::Num(x), Value::Int(y)) if !is_bitwise(op) => return Ok(float_arith(op, *x, *y as f64)),
            _ => {}
        }
        arith_slow(interp, op, a, b, depth)
    }

    #[dont_look_inside]
    fn arith_slow(interp: &Interp, op: Op, a: &Value, b: &Value, depth: usize) -> Result<Value, LuaError> {
        if is_bitwise(op) {
            let both_numbers = matches!(a, Value::Int(_) | Value::Num(_)) && matches!(b, Value::Int(_) | Value::Num(_));
            if both_numbers {
                match (to_integer(a), to_integer(b)) {
                    (Some(x), Some(y)) => return int_arith(op, x, y),
                    _ => return operand_err("number has no integer representation".to_string()),
                }
            }
        } else if !matches!(a, Value::Table(_)) && !matches!(b, Value::Table(_)) {
            if let (Some(x), Some(y)) = (to_number(a), to_number(b)) {
                return arith(interp, op, &x, &y, depth);
            }
        }
        let mut h = metamethod(interp, a, op_event(op));
        if matches!(h, Value::Nil) {
            h = metamethod(interp, b, op_event(op));
        }
        if matches!(h, Value::Nil) {
            let bad = if is_bitwise(op) {
                if matches!(a, Value::Int(_) | Value::Num(_)) {
                    b
                } else {
                    a
                }
            } else if to_number(a).is_none() {
                a
            } else {
                b
            };
            if !is_bitwise(op) && (matches!(a, Value::Str(_)) || matches!(b, Value::Str(_))) {
                // Strings' arithmetic metamethods give up this way.
                return err(format!(
                    "attempt to {} a '{}' with a '{}'",
                    &EVENT_NAMES[op_event(op) as usize][2..],
                    type_name(a),
                    type_name(b)
                ));
            }
            let what = if is_bitwise(op) { "perform bitwise operation on" } else { "perform arithmetic on" };
            return operand_err(format!("attempt to {} a {} value", what, type_name(bad)));
        }
        call1(interp, &h, 2, a.clone(), b.clone(), Value::Nil, depth)
    }

    /// Which operand (0 or 1) an arithmetic error is about, for `var_info`.
    fn arith_culprit(op: Op, a: &Value) -> usize {
        if is_bitwise(op) {
            let integral = match a {
                Value::Int(_) => true,
                Value::Num(x) => float_to_int(*x).is_some(),
                _ => false,
            };
            if integral {
                1
            } else {
                0
            }
        } else if to_number(a).is_none() {
            0
        } else {
            1
        }
    }

    fn unm(interp: &Interp, a: &Value, depth: usize) -> Result<Value, LuaError> {
        match a {
            Value::Int(x) => Ok(Value::Int(x.wrapping_neg())),
            Value::Num(x) => Ok(Value::Num(-*x)),
            _ => {
                if !matches!(a, Value::Table(_)) {
                    if let Some(n) = to_number(a) {
                        return unm(interp, &n, depth);
                    }
                }
                let h = metamethod(interp, a, Event::Unm);
                if matches!(h, Value::Nil) {
                    if let Value::Str(_) = a {
                        return err("attempt to unm a 'string' with a 'string'".to_string());
                    }
                    return operand_err(format!("attempt to perform arithmetic on a {} value", type_name(a)));
                }
                call1(interp, &h, 2, a.clone(), a.clone(), Value::Nil, depth)
            }
        }
    }

    fn bnot(interp: &Interp, a: &Value, depth: usize) -> Result<Value, LuaError> {
        match a {
            Value::Int(x) => Ok(Value::Int(!*x)),
            Value::Num(x) => match float_to_int(*x) {
                Some(i) => Ok(Value::Int(!i)),
                None => operand_err("number has no integer representation".to_string()),
            },
            _ => {
                let h = metamethod(interp, a, Event::BNot);
                if matches!(h, Value::Nil) {
                    return operand_err(format!("attempt to perform bitwise operation on a {} value", type_name(a)));
                }
                call1(interp, &h, 2, a.clone(), a.clone(), Value::Nil, depth)
            }
        }
    }

    fn length(interp: &Interp, a: &Value, depth: usize) -> Result<Value, LuaError> {
        match a {
            Value::Str(s) => Ok(Value::Int(str_len(s))),
            Value::Table(t) => {
                let h = metamethod(interp, a, Event::Len);
                if matches!(h, Value::Nil) {
                    Ok(Value::Int(t.borrow().length()))
                } else {
                    // (`__len` gets the operand twice, as in PUC Lua.)
                    call1(interp, &h, 2, a.clone(), a.clone(), Value::Nil, depth)
                }
            }
            _ => {
                let h = metamethod(interp, a, Event::Len);
                if matches!(h, Value::Nil) {
                    return operand_err(format!("attempt to get length of a {} value", type_name(a)));
                }
                call1(interp, &h, 2, a.clone(), a.clone(), Value::Nil, depth)
            }
        }
    }

    /// `a == b` with `__eq`.
    fn equals(interp: &Interp, a: &Value, b: &Value, depth: usize) -> Result<bool, LuaError> {
        if raw_equal(a, b) {
            return Ok(true);
        }
        if let (Value::Table(_), Value::Table(_)) = (a, b) {
            let mut h = metamethod(interp, a, Event::Eq);
            if matches!(h, Value::Nil) {
                h = metamethod(interp, b, Event::Eq);
            }
            if !matches!(h, Value::Nil) {
                let r = call1(interp, &h, 2, a.clone(), b.clone(), Value::Nil, depth)?;
                return Ok(truthy(&r));
            }
        }
        Ok(false)
    }

    /// `a < b` (or `a <= b` when `le`), with `__lt`/`__le`.
    fn less(interp: &Interp, a: &Value, b: &Value, le: bool, depth: usize) -> Result<bool, LuaError> {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => return Ok(if le { *x <= *y } else { *x < *y }),
            (Value::Num(x), Value::Num(y)) => return Ok(if le { *x <= *y } else { *x < *y }),
            (Value::Int(x), Value::Num(y)) => {
                return Ok(if le { le_int_float(*x, *y) } else { lt_int_float(*x, *y) });
            }
            (Value::Num(x), Value::Int(y)) => {
                return Ok(if le { le_float_int(*x, *y) } else { lt_float_int(*x, *y) });
            }
            (Value::Str(x), Value::Str(y)) => {
                let xs: &Vec<u8> = x;
                let ys: &Vec<u8> = y;
                return Ok(if le { xs <= ys } else { xs < ys });
            }
            _ => {}
        }
        let event = if le { Event::Le } else { Event::Lt };
        let mut h = metamethod(interp, a, event);
        if matches!(h, Value::Nil) {
            h = metamethod(interp, b, event);
        }
        if matches!(h, Value::Nil) {
            let ta = type_name(a);
            let tb = type_name(b);
            if ta == tb {
                return err(format!("attempt to compare two {} values", ta));
            }
            return err(format!("attempt to compare {} with {}", ta, tb));
        }
        let r = call1(interp, &h, 2, a.clone(), b.clone(), Value::Nil, depth)?;
        Ok(truthy(&r))
    }

    fn compare(interp: &Interp, op: CmpOp, a: &Value, b: &Value, depth: usize) -> Result<bool, LuaError> {
        // (Two integers or two floats first: the interpreter's loops
        // compare them at each turn, through two calls otherwise.)
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => return Ok(compare_numbers(op, *x, *y)),
            (Value::Num(x), Value::Num(y)) => return Ok(compare_numbers(op, *x, *y)),
            _ => {}
        }
        match op {
            CmpOp::Eq => equals(interp, a, b, depth),
            CmpOp::Lt => less(interp, a, b, false, depth),
            CmpOp::Le => less(interp, a, b, true, depth),
        }
    }

    /// `op` of two integers or two floats.
    fn compare_numbers<T: PartialOrd>(op: CmpOp, x: T, y: T) -> bool {
        match op {
            CmpOp::Eq => x == y,
            CmpOp::Lt => x < y,
            CmpOp::Le => x <= y,
        }
    }

    /// `table.concat(t, sep, i, j)`'s string.
    fn table_concat(tb: &Table, sep: &Vec<u8>, i: i64, j: i64) -> Result<Vec<u8>, LuaError> {
        // The size of the result first, so that its buffer is made once
        // (a number's text guessed; up to the first item that is neither,
        // an error then).
        let mut size: usize = 0;
        let mut k = i;
        while k <= j {
            match tb.get_int(k) {
                Value::Str(s) => size += str_len(&s) as usize,
                Value::Int(_) | Value::Num(_) => size += 8,
                _ => break,
            }
            if k < j {
                size += sep.len();
            }
            if k == i64::MAX {
                break;
            }
            k += 1;
        }
        let mut out: Vec<u8> = Vec::with_capacity(size);
        let mut k = i;
        while k <= j {
            let v = tb.get_int(k);
            if !is_str_or_number(&v) {
                return err(format!("invalid value ({}) at index {} in table for 'concat'", type_name(&v), k));
            }
            append_text(&mut out, &v);
            if k < j {
                out.extend_from_slice(sep);
            }
            if k == i64::MAX {
                break;
            }
            k += 1;
        }
        Ok(out)
    }

    fn is_str_or_number(v: &Value) -> bool {
        matches!(v, Value::Str(_) | Value::Int(_) | Value::Num(_))
    }

    fn append_text(out: &mut Vec<u8>, v: &Value) {
        match v {
            Value::Str(s) => out.extend_from_slice(s),
            Value::Int(i) => append_int(out, *i),
            _ => out.extend_from_slice(&number_text(v)),
        }
    }

    /// Appends the decimal text of `i` (as `number_text` writes it),
    /// without making a string of it first.
    fn append_int(out: &mut Vec<u8>, i: i64) {
        let m: u64 = if i < 0 {
            out.push(b'-');
            (i as u64).wrapping_neg()
        } else {
            i as u64
        };
        // The power of ten of the first digit (at most 10^19, so `p * 10`
        // never overflows while it is at most `m`).
        let mut p: u64 = 1;
        while m / p >= 10 {
            p *= 10;
        }
        while p > 0 {
            out.push(b'0' + (m / p % 10) as u8);
            p /= 10;
        }
    }

    /// `R[b] .. R[b + 1] .. ... .. R[b + n - 1]`, the operands read in
    /// place in the registers (no list of them). Strings and numbers are
    /// written into one buffer; a trace goes into this (the number of
    /// operands is a constant of the instruction) and gives the frame to no
    /// call, which only `__concat` needs.
    #[unroll_safe]
    fn concat(interp: &Interp, frame: &Frame, b: usize, n: usize, depth: usize) -> Result<Value, LuaError> {
        let mut size = 0;
        let mut k = 0;
        while k < n {
            match &frame.regs[b + k] {
                Value::Str(s) => {
                    let bytes: &Vec<u8> = s;
                    size += bytes.len();
                }
                Value::Int(_) | Value::Num(_) => size += 24,
                _ => return concat_meta(interp, &frame.regs, b, n, depth),
            }
            k += 1;
        }
        let mut out: Vec<u8> = Vec::with_capacity(size);
        let mut k = 0;
        while k < n {
            append_text(&mut out, &frame.regs[b + k]);
            k += 1;
        }
        Ok(bstr(out))
    }

    /// `concat` of operands some of which are neither strings nor numbers:
    /// right to left, a pair at a time, with `__concat` where one of the
    /// pair is not a string or a number.
    fn concat_meta(interp: &Interp, regs: &Vec<Value>, b: usize, n: usize, depth: usize) -> Result<Value, LuaError> {
        let mut right = regs[b + n - 1].clone();
        let mut k = n - 1;
        while k > 0 {
            k -= 1;
            let left = &regs[b + k];
            if is_str_or_number(left) && is_str_or_number(&right) {
                let mut out: Vec<u8> = Vec::new();
                append_text(&mut out, left);
                append_text(&mut out, &right);
                right = bstr(out);
                continue;
            }
            let mut h = metamethod(interp, left, Event::Concat);
            if matches!(h, Value::Nil) {
                h = metamethod(interp, &right, Event::Concat);
            }
            if matches!(h, Value::Nil) {
                let bad = if is_str_or_number(left) { &right } else { left };
                return operand_err(format!("attempt to concatenate a {} value", type_name(bad)));
            }
            right = call1(interp, &h, 2, left.clone(), right, Value::Nil, depth)?;
        }
        Ok(right)
    }

    /// Which of the operands `R[b..b + n]` of a failed concatenation the
    /// error is about (from 0).
    fn concat_culprit(regs: &Vec<Value>, b: usize, n: usize) -> usize {
        let mut k = n;
        while k > 0 {
            k -= 1;
            if !is_str_or_number(&regs[b + k]) {
                return k;
            }
        }
        0
    }

    /// `tostring(v)`, with `__tostring` and `__name`.
    fn tostring(interp: &Interp, v: &Value, depth: usize) -> Result<Vec<u8>, LuaError> {
        let mut out: Vec<u8> = Vec::new();
        append_tostring(interp, &mut out, v, depth)?;
        Ok(out)
    }

    /// Appends `tostring(v)` to `out`: a string or a number as it is, with
    /// no string of its own (`print`, `string.format`'s `%s`).
    fn append_tostring(interp: &Interp, out: &mut Vec<u8>, v: &Value, depth: usize) -> Result<(), LuaError> {
        let h = metamethod(interp, v, Event::ToString);
        if !matches!(h, Value::Nil) {
            let r = call1(interp, &h, 1, v.clone(), Value::Nil, Value::Nil, depth)?;
            if !is_str_or_number(&r) {
                return err("'__tostring' must return a string".to_string());
            }
            append_text(out, &r);
            return Ok(());
        }
        match v {
            Value::Nil => out.extend_from_slice(b"nil"),
            Value::Bool(b) => {
                if *b {
                    out.extend_from_slice(b"true")
                } else {
                    out.extend_from_slice(b"false")
                }
            }
            Value::Int(_) | Value::Num(_) | Value::Str(_) => append_text(out, v),
            Value::Table(t) => {
                let name = metamethod(interp, v, Event::Name);
                let id = rgc::compute_unique_id(t);
                let text = match name {
                    Value::Str(s) => format!("{}: 0x{:014x}", show_bytes(&s), id),
                    _ => format!("table: 0x{:014x}", id),
                };
                out.extend_from_slice(text.as_bytes());
            }
            Value::Func(c) => {
                out.extend_from_slice(format!("function: 0x{:014x}", rgc::compute_unique_id(c)).as_bytes())
            }
            Value::Native(n) => {
                out.extend_from_slice(format!("function: 0x{:014x}", rgc::compute_unique_id(n)).as_bytes())
            }
            Value::Builtin(b) => {
                out.extend_from_slice(format!("function: builtin: 0x{:014x}", builtin_address(*b)).as_bytes())
            }
            Value::Cell(_) => out.extend_from_slice(b"cell"),
        }
        Ok(())
    }

    /// A made-up address of a library function, which is no object (Lua
    /// shows addresses).
    fn builtin_address(b: Builtin) -> i64 {
        0x5555_0000_0000 + b as i64 * 64
    }

    // ---- calls and the interpreter loop --------------------------------

    /// One call of a Lua function: its registers, its extra arguments, the
    /// top after an instruction giving `MULTI` values, and where its
    /// results are once it returns.
    struct Frame {
        regs: Vec<Value>,
        /// The extra arguments of a vararg function (`None`: none).
        varargs: Option<Vec<Value>>,
        top: usize,
        ret_base: usize,
        ret_n: usize,
    }

    /// A frame for `proto` with arguments `args[from..from + n]`.
    #[unroll_safe]
    fn new_frame(interp: &Interp, proto: &Proto, args: &mut Vec<Value>, from: usize, n: usize) -> Frame {
        let mut regs = take_regs(interp, promote(proto.room.get()));
        let mut k = 0;
        while k < proto.nparams {
            if k < n {
                regs.push(std::mem::replace(&mut args[from + k], Value::Nil));
            } else {
                regs.push(Value::Nil);
            }
            k += 1;
        }
        nils_to(interp, &mut regs, proto.maxstack);
        let mut varargs = None;
        if proto.is_vararg && n > proto.nparams {
            let mut extra: Vec<Value> = Vec::with_capacity(n - proto.nparams);
            let mut j = proto.nparams;
            while j < n {
                extra.push(std::mem::replace(&mut args[from + j], Value::Nil));
                j += 1;
            }
            varargs = Some(extra);
        }
        Frame { regs, varargs, top: 0, ret_base: 0, ret_n: 0 }
    }

    /// Nils the registers `regs` up to `n`, as `grow`. The interpreter
    /// copies them from `Interp::nils`, one copy where a push each was a
    /// check of the room, a store and the new length (a tenth of the
    /// instructions of a call of fib). A trace pushes them: its frame's
    /// registers are virtual, their nils constants.
    fn nils_to(interp: &Interp, regs: &mut Vec<Value>, n: usize) {
        if !we_are_jitted() && regs.len() < n {
            let k = (n - regs.len()).min(NILS);
            regs.extend_from_slice(&interp.nils[..k]);
        }
        grow(regs, n);
    }

    /// How many nils `Interp::nils` holds (most functions have fewer
    /// registers).
    const NILS: usize = 64;

    /// An empty list for the registers of a frame with room for `room`
    /// (see `Interp::spare_regs`). In a trace, a new one: it stays virtual
    /// with its frame.
    fn take_regs(interp: &Interp, room: usize) -> Vec<Value> {
        if !we_are_jitted() {
            let spare = interp.spare_regs.borrow_mut().pop();
            if let Some(regs) = spare {
                return regs;
            }
        }
        Vec::with_capacity(room)
    }

    /// Keeps the registers of a returned call for another, emptied
    /// (`truncate` drops their values: they keep nothing alive).
    fn give_regs(interp: &Interp, regs: Vec<Value>) {
        let mut regs = regs;
        regs.truncate(0);
        let mut spare = interp.spare_regs.borrow_mut();
        if spare.len() < SPARE_REGS {
            spare.push(regs);
        }
    }

    /// Most lists `Interp::spare_regs` keeps (as many as calls return in a
    /// row, a recursion's depth: more would only hold memory).
    const SPARE_REGS: usize = 64;

    /// Makes room for register `n - 1`. The test is traced (it folds where
    /// the trace knows the frame's size: a call made from the trace); the
    /// loop that grows the registers is a call, given the registers.
    fn ensure(frame: &mut Frame, n: usize) {
        if frame.regs.len() < n {
            grow(&mut frame.regs, n);
        }
    }

    #[unroll_safe]
    fn grow(regs: &mut Vec<Value>, n: usize) {
        while regs.len() < n {
            regs.push(Value::Nil);
        }
    }

    /// Nils the registers of a returning frame but its results
    /// `regs[a..a + n]`, in traces only (the interpreter leaves them to the
    /// frame's death). A trace writes the registers of a frame it did not
    /// make (a loop's, a function's entered from outside) back when it
    /// ends, each value made real: a box per number left in a register.
    /// Nil is a constant: fib made three boxes per call, two of them dead.
    #[unroll_safe]
    fn clear_dead_registers(frame: &mut Frame, size: usize, a: usize, n: usize) {
        let mut k = 0;
        while k < size {
            if k < a || k >= a + n {
                frame.regs[k] = Value::Nil;
            }
            k += 1;
        }
    }

    /// The results of a returned frame, as a list.
    fn take_results(frame: &mut Frame) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::with_capacity(frame.ret_n);
        let mut k = 0;
        while k < frame.ret_n {
            out.push(std::mem::replace(&mut frame.regs[frame.ret_base + k], Value::Nil));
            k += 1;
        }
        out
    }

    /// A frame for `proto` (its registers nil) whose arguments are not in
    /// registers nor in a list: `give_arg` gives them one by one (the
    /// library's and the metamethods' calls of Lua functions).
    fn blank_frame(proto: &Proto) -> Frame {
        let mut regs: Vec<Value> = Vec::with_capacity(promote(proto.room.get()));
        grow(&mut regs, proto.maxstack);
        Frame { regs, varargs: None, top: 0, ret_base: 0, ret_n: 0 }
    }

    /// Gives a frame of `blank_frame` its argument `k` (given in order), as
    /// `new_frame` places it: a parameter's register, or an extra argument
    /// of a vararg function (dropped by another function).
    fn give_arg(frame: &mut Frame, proto: &Proto, k: usize, v: Value) {
        if k < proto.nparams {
            frame.regs[k] = v;
        } else if proto.is_vararg {
            let mut extra = match frame.varargs.take() {
                Some(extra) => extra,
                None => Vec::new(),
            };
            extra.push(v);
            frame.varargs = Some(extra);
        }
    }

    /// Runs the Lua function `c` in `frame`, made for it with its
    /// arguments, until it returns: the frame, the results in it.
    fn run_frame(interp: &Interp, c: &Rc<Closure>, frame: Frame, depth: usize) -> Result<Frame, LuaError> {
        if depth >= MAX_DEPTH {
            return err("stack overflow".to_string());
        }
        let mut frame = frame;
        if let Some(e) = run(interp, c.clone(), &mut frame, depth + 1) {
            return Err(e);
        }
        Ok(frame)
    }

    /// The first result of a returned frame.
    fn first_result(frame: &Frame) -> Value {
        if frame.ret_n > 0 {
            frame.regs[frame.ret_base].clone()
        } else {
            Value::Nil
        }
    }

    /// Runs the Lua function `c` with `args` until it returns: its frame,
    /// the results in it.
    fn run_closure(interp: &Interp, c: &Rc<Closure>, args: Vec<Value>, depth: usize) -> Result<Frame, LuaError> {
        let proto: &Proto = &c.proto;
        let mut frame = blank_frame(proto);
        let mut k = 0;
        for v in args {
            give_arg(&mut frame, proto, k, v);
            k += 1;
        }
        run_frame(interp, c, frame, depth)
    }

    /// Calls `f` (any value: `__call` for the others).
    fn call_value(interp: &Interp, f: &Value, args: Vec<Value>, depth: usize) -> Result<Vec<Value>, LuaError> {
        match f {
            Value::Func(c) => Ok(take_results(&mut run_closure(interp, c, args, depth)?)),
            Value::Builtin(b) => call_builtin_list(interp, *b, args, depth),
            Value::Native(g) => {
                let mut results: Vec<Value> = Vec::new();
                call_native(interp, g, &mut results, 0, MULTI)?;
                Ok(results)
            }
            _ => {
                let h = metamethod(interp, f, Event::Call);
                if matches!(h, Value::Nil) {
                    return err(format!("attempt to call a {} value", type_name(f)));
                }
                let mut a = args;
                a.insert(0, f.clone());
                call_value(interp, &h, a, depth)
            }
        }
    }

    /// The call of the library function `b` in `R[a]` with the `n`
    /// arguments after it, its results put at `R[a..]` as `nres` asks
    /// (`MULTI`: all, the top after them), reading and writing the
    /// registers (no lists of arguments and results).
    fn call_builtin_at(
        interp: &Interp,
        b: Builtin,
        frame: &mut Frame,
        a: usize,
        n: usize,
        nres: usize,
        depth: usize,
    ) -> Result<(), LuaError> {
        // (A constant of the trace, as a call site calls one function: the
        // fast path's tests on it fold.)
        let b = promote(b);
        let count = match call_builtin_fast(interp, b, frame, a, n, nres) {
            Some(count) => count,
            None if we_are_jitted() => call_builtin_aside(interp, b, frame, a, n, nres, depth)?,
            None => call_builtin(interp, b, frame, a, n, nres, depth)?,
        };
        end_results(frame, a, nres, count);
        Ok(())
    }

    /// `call_builtin` in a trace: on a frame of its own holding the function
    /// and its arguments, whose results are then copied to `R[a..]`. Given the
    /// caller's frame, the call would force it: the frame, its registers and
    /// a box for each number in them made, and every later access to a
    /// register in the trace one to memory (json's encoder did so at every
    /// `gsub` and `format`).
    #[unroll_safe]
    fn call_builtin_aside(
        interp: &Interp,
        b: Builtin,
        frame: &mut Frame,
        a: usize,
        n: usize,
        nres: usize,
        depth: usize,
    ) -> Result<usize, LuaError> {
        // (Room for the results a call puts, as many as it is asked for.)
        let room = if nres != MULTI && nres > n + 1 { nres } else { n + 1 };
        let mut regs: Vec<Value> = Vec::with_capacity(room);
        let mut k = 0;
        while k <= n {
            regs.push(frame.regs[a + k].clone());
            k += 1;
        }
        grow(&mut regs, room);
        let mut aside = Frame { regs, varargs: None, top: 0, ret_base: 0, ret_n: 0 };
        let r = call_builtin(interp, b, &mut aside, 0, n, nres, depth);
        if let Ok(count) = r {
            let moved = if nres == MULTI { count } else { count.min(nres) };
            ensure(frame, a + moved);
            let mut k = 0;
            while k < moved {
                frame.regs[a + k] = aside.regs[k].clone();
                k += 1;
            }
        }
        r
    }

    /// The call of the library function `b` with the `n` arguments after
    /// `R[a]`, for the common calls of a few functions with arguments of the
    /// types they expect, made in a trace (which goes into it, so that the
    /// frame need not be given to a call): how many results it put at
    /// `R[a..]` (see `put_result`; `None`: any other call, nothing done).
    fn call_builtin_fast(
        interp: &Interp,
        b: Builtin,
        frame: &mut Frame,
        a: usize,
        n: usize,
        nres: usize,
    ) -> Option<usize> {
        let x = if n >= 1 { &frame.regs[a + 1] } else { &Value::Nil };
        let y = if n >= 2 { &frame.regs[a + 2] } else { &Value::Nil };
        let v = match (b, n, x, y) {
            (Builtin::StrByte, 1 | 2, Value::Str(s), Value::Nil | Value::Int(_)) => {
                let bytes: &Vec<u8> = s;
                let i = match y {
                    Value::Int(i) => pos_relative(*i, bytes.len()),
                    _ => 1,
                };
                if i < 1 || (i as u64) > bytes.len() as u64 {
                    return None;
                }
                Value::Int(bytes[(i - 1) as usize] as i64)
            }
            (Builtin::StrSub, 2 | 3, Value::Str(s), Value::Int(i)) => {
                let j = match (n, &frame.regs[a + n]) {
                    (2, _) => -1,
                    (_, Value::Int(j)) => *j,
                    _ => return None,
                };
                let bytes: &Vec<u8> = s;
                substring(interp, bytes, *i, j)
            }
            (Builtin::StrFind, 2 | 3, Value::Str(s), Value::Str(p)) if nres <= 1 => {
                let init = match (n, &frame.regs[a + n]) {
                    (2, _) => 1,
                    (_, Value::Int(i)) => *i,
                    _ => return None,
                };
                match find_first(interp, s, p, init) {
                    0 => Value::Nil,
                    i if i > 0 => Value::Int(i),
                    _ => return None,
                }
            }
            (Builtin::StrChar, 1, Value::Int(c), _) if *c >= 0 && *c <= 255 => interp.byte_strings[*c as usize].clone(),
            (Builtin::StrLen, 1, Value::Str(s), _) => Value::Int(str_len(s)),
            (Builtin::Type, 1, _, _) => interp.type_names[type_index(x)].clone(),
            (Builtin::MathFloor, 1, Value::Int(_), _) => x.clone(),
            (Builtin::MathFloor, 1, Value::Num(f), _) => float_to_int_or_float(f.floor()),
            (Builtin::MathSqrt, 1, Value::Num(f), _) => Value::Num(f.sqrt()),
            (Builtin::MathAbs, 1, Value::Int(i), _) => Value::Int(if *i < 0 { i.wrapping_neg() } else { *i }),
            (Builtin::MathAbs, 1, Value::Num(f), _) => Value::Num(f.abs()),
            (Builtin::ToNumber, 1, Value::Int(_) | Value::Num(_), _) => x.clone(),
            (Builtin::ToNumber, 1, Value::Str(s), _) => str_to_number(s).unwrap_or(Value::Nil),
            (Builtin::ToNumber, 1, _, _) => Value::Nil,
            // (An item that is not a string or a number: the error is the
            // other call's.)
            (Builtin::TabConcat, 1, Value::Table(t), _) => {
                let tb = t.borrow();
                bstr(table_concat(&tb, &interp.no_bytes, 1, tb.length()).ok()?)
            }
            (Builtin::TabInsert, 2, Value::Table(t), _) => {
                let mut tb = t.borrow_mut();
                let len = tb.length();
                tb.set_int(len + 1, y.clone());
                return Some(0);
            }
            (Builtin::Select, _, _, _) if is_count_selector(x) => Value::Int(n as i64 - 1),
            (Builtin::SetMetatable, 2, Value::Table(t), Value::Nil | Value::Table(_)) => {
                set_metatable(t, y).ok()?;
                x.clone()
            }
            (Builtin::Next, 1 | 2, Value::Table(_), _) => {
                let entry = next_step(x, y).ok()?;
                return Some(entry_results(&mut frame.regs, a, nres, entry));
            }
            (Builtin::Pairs, 1, Value::Table(t), _) if t.borrow().meta.is_none() => {
                let t = x.clone();
                return Some(pairs_results(interp, &mut frame.regs, a, nres, t));
            }
            (Builtin::IPairs, 1, _, _) => {
                let t = x.clone();
                return Some(ipairs_results(interp, &mut frame.regs, a, nres, t));
            }
            _ => return None,
        };
        Some(one(&mut frame.regs, a, nres, v))
    }

    /// `string.sub(s, i, j)`.
    fn substring(interp: &Interp, s: &Vec<u8>, i: i64, j: i64) -> Value {
        let from = pos_relative(i, s.len()).max(1);
        let to = pos_relative(j, s.len()).min(s.len() as i64);
        if from > to {
            return interp.empty_string.clone();
        }
        if from == to {
            return interp.byte_strings[s[(from - 1) as usize] as usize].clone();
        }
        sub_str(s, (from - 1) as usize, to as usize)
    }

    /// Puts `results` at `R[a..]`, adjusted to `nres` (`MULTI`: all, the
    /// top after them).
    fn place_results(frame: &mut Frame, a: usize, results: Vec<Value>, nres: usize) {
        let count = put_results(&mut frame.regs, a, nres, 0, results);
        end_results(frame, a, nres, count);
    }

    /// Completes the `count` results of a call put at `R[a..]` (see
    /// `put_result`): nils for the others `nres` asks for, the top after
    /// them.
    #[unroll_safe]
    fn end_results(frame: &mut Frame, a: usize, nres: usize, count: usize) {
        let want = if nres == MULTI { count } else { nres };
        let mut k = count;
        while k < want {
            frame.regs[a + k] = Value::Nil;
            k += 1;
        }
        frame.top = a + want;
    }

    /// Moves the results of a returned `callee` to `R[a..]` of `frame`.
    #[unroll_safe]
    fn move_results(frame: &mut Frame, a: usize, callee: &mut Frame, nres: usize) {
        let n = callee.ret_n;
        let want = if nres == MULTI { n } else { nres };
        if nres == MULTI {
            ensure(frame, a + want);
        }
        let mut k = 0;
        while k < want {
            if k < n {
                frame.regs[a + k] = std::mem::replace(&mut callee.regs[callee.ret_base + k], Value::Nil);
            } else {
                frame.regs[a + k] = Value::Nil;
            }
            k += 1;
        }
        frame.top = a + want;
    }

    /// Where the JIT's logs show a position. (Named by the driver only.)
    #[allow(dead_code)]
    fn location(pc: usize, proto: &Rc<Proto>, interp: &Interp) -> String {
        let _ = interp;
        format!("{} ({}:{}) #{} {}", proto.name, proto.chunk, proto.lines[pc], pc, instr_name(&proto.code[pc]))
    }

    fn instr_name(i: &Instr) -> &'static str {
        match i {
            Instr::Move(_, _) => "MOVE",
            Instr::LoadK(_, _) => "LOADK",
            Instr::LoadNil(_, _) => "LOADNIL",
            Instr::GetUpval(_, _) => "GETUPVAL",
            Instr::SetUpval(_, _) => "SETUPVAL",
            Instr::GetCell(_, _) => "GETCELL",
            Instr::SetCell(_, _) => "SETCELL",
            Instr::NewCell(_) => "NEWCELL",
            Instr::GetGlobal(_, _, _) => "GETGLOBAL",
            Instr::SetGlobal(_, _, _) => "SETGLOBAL",
            Instr::GetTable(_, _, _) => "GETTABLE",
            Instr::GetField(_, _, _, _) => "GETFIELD",
            Instr::SetTable(_, _, _) => "SETTABLE",
            Instr::SetField(_, _, _, _) => "SETFIELD",
            Instr::NewTable(..) => "NEWTABLE",
            Instr::SetList(_, _, _) => "SETLIST",
            Instr::SelfOp(_, _, _, _) => "SELF",
            Instr::Arith(_, _, _, _) => "ARITH",
            Instr::ArithK(_, _, _, _) => "ARITHK",
            Instr::Add(_, _, _) => "ADD",
            Instr::Sub(_, _, _) => "SUB",
            Instr::Mul(_, _, _) => "MUL",
            Instr::Div(_, _, _) => "DIV",
            Instr::AddK(_, _, _) => "ADDK",
            Instr::SubK(_, _, _) => "SUBK",
            Instr::MulK(_, _, _) => "MULK",
            Instr::DivK(_, _, _) => "DIVK",
            Instr::Mod(_, _, _) => "MOD",
            Instr::IDiv(_, _, _) => "IDIV",
            Instr::ModK(_, _, _) => "MODK",
            Instr::IDivK(_, _, _) => "IDIVK",
            Instr::Unm(_, _) => "UNM",
            Instr::Not(_, _) => "NOT",
            Instr::Len(_, _) => "LEN",
            Instr::BNot(_, _) => "BNOT",
            Instr::Concat(_, _, _) => "CONCAT",
            Instr::Jmp(_) => "JMP",
            Instr::Test(_, _, _) => "TEST",
            Instr::Cmp(_, _, _, _, _) => "CMP",
            Instr::CmpK(_, _, _, _, _) => "CMPK",
            Instr::SetCmp(_, _, _, _) => "SETCMP",
            Instr::Call(_, _, _) => "CALL",
            Instr::TailCall(_, _) => "TAILCALL",
            Instr::Return(_, _) => "RETURN",
            Instr::ForPrep(_, _) => "FORPREP",
            Instr::ForLoop(_, _) => "FORLOOP",
            Instr::TForCall(_, _) => "TFORCALL",
            Instr::TForLoop(_, _) => "TFORLOOP",
            Instr::Closure(_, _) => "CLOSURE",
            Instr::VarArg(_, _) => "VARARG",
        }
    }

    /// The instruction at `pc`: the code never changes once compiled, so
    /// with `pc` and the prototype green this is a constant of the trace.
    #[elidable]
    fn fetch(proto: &Proto, pc: usize) -> &Instr {
        &proto.code[pc]
    }

    fn cell_of(v: &Value) -> Rc<RefCell<Value>> {
        match v {
            Value::Cell(c) => c.clone(),
            _ => Rc::new(RefCell::new(Value::Nil)),
        }
    }

    /// The error of a call of a value that cannot be called.
    #[dont_look_inside]
    fn call_error(f: &Value, proto: &Proto, pc: usize, reg: usize) -> LuaError {
        locate(
            LuaError::Msg(format!("attempt to call a {} value{}", type_name(f), var_info(proto, pc, reg)), 1),
            proto,
            pc,
        )
    }

    /// The error of `R[b] op R[c]`, about the operand at fault.
    fn arith_error(e: LuaError, op: Op, frame: &Frame, b: usize, c: usize, proto: &Proto, pc: usize) -> LuaError {
        let culprit = if arith_culprit(op, &frame.regs[b]) == 0 { b } else { c };
        operand_error(e, proto, pc, culprit)
    }

    /// An error about register `reg`'s value: `msg` with what the register
    /// holds.
    #[dont_look_inside]
    fn operand_error(e: LuaError, proto: &Proto, pc: usize, reg: usize) -> LuaError {
        match e {
            LuaError::Operand(msg) => {
                let info = var_info(proto, pc, reg);
                let text = match msg.strip_prefix("number has") {
                    Some(rest) => format!("number{} has{}", info, rest),
                    None => format!("{}{}", msg, info),
                };
                locate(LuaError::Msg(text, 1), proto, pc)
            }
            other => locate(other, proto, pc),
        }
    }

    /// Prepares a numeric `for` on `R[a..a+3]` (start, limit, step):
    /// whether it runs. An integer loop keeps in `R[a+1]` the last value of
    /// its control (PUC Lua keeps the count of turns left, which would be a
    /// new value each turn).
    fn for_prep(frame: &mut Frame, a: usize) -> Result<bool, LuaError> {
        let init = frame.regs[a].clone();
        let limit = frame.regs[a + 1].clone();
        let step = frame.regs[a + 2].clone();
        if let (Value::Int(i), Value::Int(s)) = (&init, &step) {
            let (i, s) = (*i, *s);
            if s == 0 {
                return err("'for' step is zero".to_string());
            }
            // The limit as an integer, clipped (a float limit floors or
            // ceils toward the loop).
            let lim: i64 = match &limit {
                Value::Int(l) => *l,
                Value::Num(x) => {
                    let x = *x;
                    if x.is_nan() {
                        return Ok(false);
                    }
                    let f = if s > 0 { x.floor() } else { x.ceil() };
                    if f >= TWO63 {
                        i64::MAX
                    } else if f < -TWO63 {
                        i64::MIN
                    } else {
                        f as i64
                    }
                }
                Value::Str(_) => match to_number(&limit) {
                    Some(Value::Int(l)) => l,
                    _ => return err(for_error("limit", &limit)),
                },
                _ => return err(for_error("limit", &limit)),
            };
            if (s > 0 && i > lim) || (s < 0 && i < lim) {
                return Ok(false);
            }
            let count: u64 = if s > 0 {
                ((lim as u64).wrapping_sub(i as u64)) / (s as u64)
            } else {
                ((i as u64).wrapping_sub(lim as u64)) / ((-(s + 1)) as u64 + 1)
            };
            // (Between `i` and the limit: exact in wrapping arithmetic.)
            let last = (i as u64).wrapping_add(count.wrapping_mul(s as u64)) as i64;
            frame.regs[a + 1] = Value::Int(last);
            frame.regs[a + 3] = init;
            return Ok(true);
        }
        let i = match init {
            Value::Int(_) | Value::Num(_) => to_float(&init).unwrap(),
            _ => return err(for_error("initial value", &init)),
        };
        let l = match limit {
            Value::Int(_) | Value::Num(_) => to_float(&limit).unwrap(),
            _ => return err(for_error("limit", &limit)),
        };
        let s = match step {
            Value::Int(_) | Value::Num(_) => to_float(&step).unwrap(),
            _ => return err(for_error("step", &step)),
        };
        if s == 0.0 {
            return err("'for' step is zero".to_string());
        }
        if (s > 0.0 && i > l) || (s < 0.0 && i < l) || i.is_nan() || l.is_nan() {
            return Ok(false);
        }
        frame.regs[a] = Value::Num(i);
        frame.regs[a + 1] = Value::Num(l);
        frame.regs[a + 2] = Value::Num(s);
        frame.regs[a + 3] = Value::Num(i);
        Ok(true)
    }

    fn for_error(what: &str, v: &Value) -> String {
        format!("bad 'for' {} (number expected, got {})", what, type_name(v))
    }

    /// One more turn of a numeric `for`: whether it goes on.
    fn for_loop(frame: &mut Frame, a: usize) -> bool {
        match (&frame.regs[a], &frame.regs[a + 1], &frame.regs[a + 2]) {
            // (The control and its copy share one value: a turn makes
            // one.)
            (Value::Int(i), Value::Int(last), Value::Int(s)) => {
                let (i, last, s) = (*i, *last, *s);
                if i == last {
                    return false;
                }
                let next = Value::Int(i.wrapping_add(s));
                frame.regs[a] = next.clone();
                frame.regs[a + 3] = next;
                true
            }
            (Value::Num(i), Value::Num(l), Value::Num(s)) => {
                let (i, l, s) = (*i, *l, *s);
                let next = i + s;
                let goes_on = if s > 0.0 { next <= l } else { next >= l };
                if goes_on {
                    let next = Value::Num(next);
                    frame.regs[a] = next.clone();
                    frame.regs[a + 3] = next;
                }
                goes_on
            }
            _ => false,
        }
    }

    /// Runs `closure` in `frame` (its arguments in place) until it returns;
    /// its results are then `frame.regs[ret_base..ret_base + ret_n]`. The
    /// error it ends with, if any (an `Option` rather than a `Result`: one
    /// pointer, so that the JIT can call compiled code for a call).
    fn run(interp: &Interp, closure: Rc<Closure>, frame: &mut Frame, depth: usize) -> Option<LuaError> {
        let mut closure = closure;
        let mut proto: Rc<Proto> = closure.proto.clone();
        let mut pc: usize = 0;
        loop {
            jit_merge_point!(DRIVER; pc, proto, interp; frame, closure, depth);
            let here = pc;
            pc += 1;
            match fetch(&proto, here) {
                Instr::Move(a, b) => {
                    frame.regs[*a] = frame.regs[*b].clone();
                }
                Instr::LoadK(a, k) => {
                    frame.regs[*a] = k.clone();
                }
                Instr::LoadNil(a, n) => {
                    let mut k = 0;
                    while k < *n {
                        frame.regs[*a + k] = Value::Nil;
                        k += 1;
                    }
                }
                Instr::GetUpval(a, u) => {
                    frame.regs[*a] = closure.upvals[*u].borrow().clone();
                }
                Instr::SetUpval(u, b) => {
                    let v = frame.regs[*b].clone();
                    *closure.upvals[*u].borrow_mut() = v;
                }
                Instr::GetCell(a, b) => {
                    let v = match &frame.regs[*b] {
                        Value::Cell(c) => c.borrow().clone(),
                        _ => Value::Nil,
                    };
                    frame.regs[*a] = v;
                }
                Instr::SetCell(a, b) => {
                    let v = frame.regs[*b].clone();
                    if let Value::Cell(c) = &frame.regs[*a] {
                        *c.borrow_mut() = v;
                    }
                }
                Instr::NewCell(a) => {
                    let v = std::mem::replace(&mut frame.regs[*a], Value::Nil);
                    frame.regs[*a] = Value::Cell(Rc::new(RefCell::new(v)));
                }
                Instr::GetGlobal(a, name, pos) => {
                    let g = interp.globals.borrow();
                    // One table: a constant of the trace, and the position
                    // of the name in it too.
                    let t: &Table = promote(&*g);
                    let v = match global_position(t, name, pos) {
                        Some(p) => t.value_at(p),
                        None => Value::Nil,
                    };
                    frame.regs[*a] = v;
                }
                Instr::SetGlobal(name, b, pos) => {
                    let v = frame.regs[*b].clone();
                    let mut g = interp.globals.borrow_mut();
                    let t: &Table = promote(&*g);
                    match global_position(t, name, pos) {
                        // A live global changes value: nothing else changes.
                        Some(p) if !g.value_is_nil(p) && !matches!(v, Value::Nil) => g.set_value_at(p, v),
                        _ => g.set(Value::Str(name.clone()), v),
                    }
                }
                Instr::GetTable(a, b, c) => {
                    if let Some(v) = index_fast(&frame.regs[*b], &frame.regs[*c]) {
                        frame.regs[*a] = v;
                        continue;
                    }
                    let r = index(interp, &frame.regs[*b], &frame.regs[*c], depth);
                    match r {
                        Ok(v) => frame.regs[*a] = v,
                        Err(e) => return Some(operand_error(e, &proto, here, *b)),
                    }
                }
                Instr::GetField(a, b, k, cache) => {
                    if let Some(v) = field_cached(interp, &frame.regs[*b], k, cache) {
                        frame.regs[*a] = v;
                        continue;
                    }
                    let r = index(interp, &frame.regs[*b], k, depth);
                    match r {
                        Ok(v) => frame.regs[*a] = v,
                        Err(e) => return Some(operand_error(e, &proto, here, *b)),
                    }
                }
                Instr::SetTable(a, b, c) => {
                    if set_index_fast(&frame.regs[*a], &frame.regs[*b], &frame.regs[*c]) {
                        continue;
                    }
                    let k = frame.regs[*b].clone();
                    let v = frame.regs[*c].clone();
                    if let Err(e) = set_index(interp, &frame.regs[*a], k, v, depth) {
                        return Some(operand_error(e, &proto, here, *a));
                    }
                }
                Instr::SetField(a, k, c, cache) => {
                    if set_field_cached(interp, &frame.regs[*a], k, &frame.regs[*c], cache) {
                        continue;
                    }
                    if set_index_fast(&frame.regs[*a], k, &frame.regs[*c]) {
                        continue;
                    }
                    let v = frame.regs[*c].clone();
                    if let Err(e) = set_index(interp, &frame.regs[*a], k.clone(), v, depth) {
                        return Some(operand_error(e, &proto, here, *a));
                    }
                }
                Instr::NewTable(a, n) => {
                    let t = empty_table(Some(interp.empty_shape.clone()), *n);
                    frame.regs[*a] = Value::Table(Rc::new(RefCell::new(t)));
                }
                Instr::SetList(a, n, first) => {
                    let count = if *n == MULTI { frame.top - *a - 1 } else { *n };
                    let table = match &frame.regs[*a] {
                        Value::Table(t) => Some(t.clone()),
                        _ => None,
                    };
                    if let Some(t) = table {
                        let mut tb = t.borrow_mut();
                        let mut k = 0;
                        while k < count {
                            let v = std::mem::replace(&mut frame.regs[*a + 1 + k], Value::Nil);
                            tb.set_int((*first + k) as i64, v);
                            k += 1;
                        }
                    }
                }
                Instr::SelfOp(a, b, k, cache) => {
                    let obj = frame.regs[*b].clone();
                    if let Some(v) = method_cached(interp, &obj, k, cache) {
                        frame.regs[*a + 1] = obj;
                        frame.regs[*a] = v;
                        continue;
                    }
                    let r = index(interp, &obj, k, depth);
                    match r {
                        Ok(v) => {
                            frame.regs[*a + 1] = obj;
                            frame.regs[*a] = v;
                        }
                        Err(e) => return Some(operand_error(e, &proto, here, *b)),
                    }
                }
                Instr::Arith(op, a, b, c) => {
                    let r = arith(interp, *op, &frame.regs[*b], &frame.regs[*c], depth);
                    match r {
                        Ok(v) => frame.regs[*a] = v,
                        Err(e) => return Some(arith_error(e, *op, frame, *b, *c, &proto, here)),
                    }
                }
                Instr::ArithK(op, a, b, k) => {
                    let r = arith(interp, *op, &frame.regs[*b], k, depth);
                    match r {
                        Ok(v) => frame.regs[*a] = v,
                        Err(e) => return Some(operand_error(e, &proto, here, *b)),
                    }
                }
                Instr::Add(a, b, c) => {
                    let (x, y) = (&frame.regs[*b], &frame.regs[*c]);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Int(x.wrapping_add(*y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x + *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 + *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x + *y as f64),
                        _ => match arith(interp, Op::Add, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(arith_error(e, Op::Add, frame, *b, *c, &proto, here)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::AddK(a, b, k) => {
                    let (x, y) = (&frame.regs[*b], k);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Int(x.wrapping_add(*y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x + *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 + *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x + *y as f64),
                        _ => match arith(interp, Op::Add, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(operand_error(e, &proto, here, *b)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::Sub(a, b, c) => {
                    let (x, y) = (&frame.regs[*b], &frame.regs[*c]);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Int(x.wrapping_sub(*y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x - *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 - *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x - *y as f64),
                        _ => match arith(interp, Op::Sub, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(arith_error(e, Op::Sub, frame, *b, *c, &proto, here)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::SubK(a, b, k) => {
                    let (x, y) = (&frame.regs[*b], k);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Int(x.wrapping_sub(*y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x - *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 - *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x - *y as f64),
                        _ => match arith(interp, Op::Sub, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(operand_error(e, &proto, here, *b)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::Mul(a, b, c) => {
                    let (x, y) = (&frame.regs[*b], &frame.regs[*c]);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Int(x.wrapping_mul(*y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x * *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 * *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x * *y as f64),
                        _ => match arith(interp, Op::Mul, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(arith_error(e, Op::Mul, frame, *b, *c, &proto, here)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::MulK(a, b, k) => {
                    let (x, y) = (&frame.regs[*b], k);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Int(x.wrapping_mul(*y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x * *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 * *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x * *y as f64),
                        _ => match arith(interp, Op::Mul, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(operand_error(e, &proto, here, *b)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::Div(a, b, c) => {
                    let (x, y) = (&frame.regs[*b], &frame.regs[*c]);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Num(*x as f64 / *y as f64),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x / *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 / *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x / *y as f64),
                        _ => match arith(interp, Op::Div, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(arith_error(e, Op::Div, frame, *b, *c, &proto, here)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::DivK(a, b, k) => {
                    let (x, y) = (&frame.regs[*b], k);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => Value::Num(*x as f64 / *y as f64),
                        (Value::Num(x), Value::Num(y)) => Value::Num(*x / *y),
                        (Value::Int(x), Value::Num(y)) => Value::Num(*x as f64 / *y),
                        (Value::Num(x), Value::Int(y)) => Value::Num(*x / *y as f64),
                        _ => match arith(interp, Op::Div, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(operand_error(e, &proto, here, *b)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::Mod(a, b, c) => {
                    let (x, y) = (&frame.regs[*b], &frame.regs[*c]);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) if *y != 0 => Value::Int(int_mod(*x, *y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(float_mod(*x, *y)),
                        _ => match arith(interp, Op::Mod, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(arith_error(e, Op::Mod, frame, *b, *c, &proto, here)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::IDiv(a, b, c) => {
                    let (x, y) = (&frame.regs[*b], &frame.regs[*c]);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) if *y != 0 => Value::Int(int_idiv(*x, *y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num((*x / *y).floor()),
                        _ => match arith(interp, Op::IDiv, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(arith_error(e, Op::IDiv, frame, *b, *c, &proto, here)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::ModK(a, b, k) => {
                    let (x, y) = (&frame.regs[*b], k);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) if *y != 0 => Value::Int(int_mod(*x, *y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num(float_mod(*x, *y)),
                        _ => match arith(interp, Op::Mod, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(operand_error(e, &proto, here, *b)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::IDivK(a, b, k) => {
                    let (x, y) = (&frame.regs[*b], k);
                    let v = match (x, y) {
                        (Value::Int(x), Value::Int(y)) if *y != 0 => Value::Int(int_idiv(*x, *y)),
                        (Value::Num(x), Value::Num(y)) => Value::Num((*x / *y).floor()),
                        _ => match arith(interp, Op::IDiv, x, y, depth) {
                            Ok(v) => v,
                            Err(e) => return Some(operand_error(e, &proto, here, *b)),
                        },
                    };
                    frame.regs[*a] = v;
                }
                Instr::Unm(a, b) => match unm(interp, &frame.regs[*b], depth) {
                    Ok(v) => frame.regs[*a] = v,
                    Err(e) => return Some(operand_error(e, &proto, here, *b)),
                },
                Instr::BNot(a, b) => match bnot(interp, &frame.regs[*b], depth) {
                    Ok(v) => frame.regs[*a] = v,
                    Err(e) => return Some(operand_error(e, &proto, here, *b)),
                },
                Instr::Not(a, b) => {
                    let v = !truthy(&frame.regs[*b]);
                    frame.regs[*a] = bool_value(interp, v);
                }
                Instr::Len(a, b) => match length(interp, &frame.regs[*b], depth) {
                    Ok(v) => frame.regs[*a] = v,
                    Err(e) => return Some(operand_error(e, &proto, here, *b)),
                },
                Instr::Concat(a, b, n) => match concat(interp, frame, *b, *n, depth) {
                    Ok(v) => frame.regs[*a] = v,
                    Err(e) => {
                        // (The operands are as they were: `__concat` runs
                        // in a frame of its own.)
                        let culprit = *b + concat_culprit(&frame.regs, *b, *n);
                        return Some(operand_error(e, &proto, here, culprit));
                    }
                },
                Instr::Jmp(t) => {
                    pc = *t;
                    if pc <= here {
                        can_enter_jit!(DRIVER; pc, proto, interp; frame, closure, depth);
                    }
                }
                Instr::Test(a, flag, t) => {
                    if truthy(&frame.regs[*a]) == *flag {
                        pc = *t;
                        if pc <= here {
                            can_enter_jit!(DRIVER; pc, proto, interp; frame, closure, depth);
                        }
                    }
                }
                Instr::Cmp(op, a, b, flag, t) => {
                    // (Two integers or two floats inline: a loop's test.)
                    let (x, y) = (&frame.regs[*a], &frame.regs[*b]);
                    let c = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => compare_numbers(*op, *x, *y),
                        (Value::Num(x), Value::Num(y)) => compare_numbers(*op, *x, *y),
                        _ => match compare(interp, *op, x, y, depth) {
                            Ok(c) => c,
                            Err(e) => return Some(locate(e, &proto, here)),
                        },
                    };
                    if c == *flag {
                        pc = *t;
                        if pc <= here {
                            can_enter_jit!(DRIVER; pc, proto, interp; frame, closure, depth);
                        }
                    }
                }
                Instr::CmpK(op, a, k, flag, t) => {
                    // (Two integers or two floats inline: a loop's test.)
                    let (x, y) = (&frame.regs[*a], k);
                    let c = match (x, y) {
                        (Value::Int(x), Value::Int(y)) => compare_numbers(*op, *x, *y),
                        (Value::Num(x), Value::Num(y)) => compare_numbers(*op, *x, *y),
                        _ => match compare(interp, *op, x, y, depth) {
                            Ok(c) => c,
                            Err(e) => return Some(locate(e, &proto, here)),
                        },
                    };
                    if c == *flag {
                        pc = *t;
                        if pc <= here {
                            can_enter_jit!(DRIVER; pc, proto, interp; frame, closure, depth);
                        }
                    }
                }
                Instr::SetCmp(op, a, b, c) => {
                    let r = compare(interp, *op, &frame.regs[*b], &frame.regs[*c], depth);
                    match r {
                        Ok(v) => frame.regs[*a] = bool_value(interp, v),
                        Err(e) => return Some(locate(e, &proto, here)),
                    }
                }
                Instr::Call(a, nargs, nres) => {
                    let a = *a;
                    let n = if *nargs == MULTI { frame.top - a - 1 } else { *nargs };
                    let f = frame.regs[a].clone();
                    if let Value::Func(c) = &f {
                        if depth + 1 >= MAX_DEPTH {
                            return Some(locate(LuaError::Msg("stack overflow".to_string(), 1), &proto, here));
                        }
                        // (A constant of the trace: the callee's frame has a
                        // constant size, and may be virtual.)
                        let callee_proto: &Proto = promote(&*c.proto);
                        let mut callee = new_frame(interp, callee_proto, &mut frame.regs, a + 1, n);
                        if let Some(e) = run(interp, c.clone(), &mut callee, depth + 1) {
                            return Some(locate(e, &proto, here));
                        }
                        if *nres == 1 && callee.ret_n >= 1 {
                            // (A call in an expression: one result, moved
                            // here without a call.)
                            frame.regs[a] = callee.regs[callee.ret_base].clone();
                            frame.top = a + 1;
                        } else {
                            move_results(frame, a, &mut callee, *nres);
                        }
                        // (A trace's frame is virtual: nothing to keep.)
                        if !we_are_jitted() {
                            give_regs(interp, callee.regs);
                        }
                    } else if let Value::Builtin(b) = &f {
                        if let Err(e) = call_builtin_at(interp, *b, frame, a, n, *nres, depth) {
                            return Some(locate(e, &proto, here));
                        }
                    } else {
                        if !is_callable(&f) && matches!(metamethod(interp, &f, Event::Call), Value::Nil) {
                            return Some(call_error(&f, &proto, here, a));
                        }
                        let mut args: Vec<Value> = Vec::with_capacity(n);
                        let mut k = 0;
                        while k < n {
                            args.push(std::mem::replace(&mut frame.regs[a + 1 + k], Value::Nil));
                            k += 1;
                        }
                        match call_value(interp, &f, args, depth) {
                            Ok(results) => place_results(frame, a, results, *nres),
                            Err(e) => return Some(locate(e, &proto, here)),
                        }
                    }
                }
                Instr::TailCall(a, nargs) => {
                    let a = *a;
                    let n = if *nargs == MULTI { frame.top - a - 1 } else { *nargs };
                    let f = frame.regs[a].clone();
                    if let Value::Func(c) = &f {
                        // (A constant of the trace, as a call's: the frame
                        // is set up for a known function; the next merge
                        // point would guard on it anyway.)
                        let callee_proto: &Proto = promote(&*c.proto);
                        // The callee takes this frame over: this
                        // function's frames make room for its registers.
                        if callee_proto.maxstack > proto.room.get() {
                            proto.room.set(callee_proto.maxstack);
                        }
                        tail_frame(frame, callee_proto, a, n);
                        closure = c.clone();
                        proto = closure.proto.clone();
                        pc = 0;
                    } else if let Value::Builtin(b) = &f {
                        if let Err(e) = call_builtin_at(interp, *b, frame, a, n, MULTI, depth) {
                            return Some(locate(e, &proto, here));
                        }
                        frame.ret_base = a;
                        frame.ret_n = frame.top - a;
                        return None;
                    } else {
                        if !is_callable(&f) && matches!(metamethod(interp, &f, Event::Call), Value::Nil) {
                            return Some(call_error(&f, &proto, here, a));
                        }
                        let mut args: Vec<Value> = Vec::with_capacity(n);
                        let mut k = 0;
                        while k < n {
                            args.push(std::mem::replace(&mut frame.regs[a + 1 + k], Value::Nil));
                            k += 1;
                        }
                        match call_value(interp, &f, args, depth) {
                            Ok(results) => {
                                let count = results.len();
                                place_results(frame, a, results, MULTI);
                                frame.ret_base = a;
                                frame.ret_n = count;
                                return None;
                            }
                            Err(e) => return Some(locate(e, &proto, here)),
                        }
                    }
                }
                Instr::Return(a, n) => {
                    frame.ret_base = *a;
                    frame.ret_n = if *n == MULTI { frame.top - *a } else { *n };
                    if we_are_jitted() {
                        clear_dead_registers(frame, proto.maxstack, frame.ret_base, frame.ret_n);
                    }
                    return None;
                }
                Instr::ForPrep(a, t) => match for_prep(frame, *a) {
                    Ok(true) => {}
                    Ok(false) => pc = *t,
                    Err(e) => return Some(locate(e, &proto, here)),
                },
                Instr::ForLoop(a, t) => {
                    if for_loop(frame, *a) {
                        pc = *t;
                        can_enter_jit!(DRIVER; pc, proto, interp; frame, closure, depth);
                    }
                }
                Instr::TForCall(a, n) => {
                    let a = *a;
                    let f = frame.regs[a].clone();
                    if !is_callable(&f) && matches!(metamethod(interp, &f, Event::Call), Value::Nil) {
                        return Some(call_error(&f, &proto, here, a));
                    }
                    if let Err(e) = for_call(interp, &f, frame, a, *n, depth) {
                        return Some(locate(e, &proto, here));
                    }
                }
                Instr::TForLoop(a, t) => {
                    if !matches!(frame.regs[*a + 3], Value::Nil) {
                        frame.regs[*a + 2] = frame.regs[*a + 3].clone();
                        pc = *t;
                        can_enter_jit!(DRIVER; pc, proto, interp; frame, closure, depth);
                    }
                }
                Instr::Closure(a, idx) => {
                    let p = proto.protos[*idx].clone();
                    let mut upvals: Vec<Rc<RefCell<Value>>> = Vec::with_capacity(p.up_index.len());
                    let mut k = 0;
                    while k < p.up_index.len() {
                        if p.up_from_local[k] {
                            upvals.push(cell_of(&frame.regs[p.up_index[k]]));
                        } else {
                            upvals.push(closure.upvals[p.up_index[k]].clone());
                        }
                        k += 1;
                    }
                    frame.regs[*a] = Value::Func(Rc::new(Closure { proto: p, upvals }));
                }
                Instr::VarArg(a, n) => {
                    let a = *a;
                    let count = match &frame.varargs {
                        Some(v) => v.len(),
                        None => 0,
                    };
                    let want = if *n == MULTI { count } else { *n };
                    ensure(frame, a + want);
                    let mut k = 0;
                    while k < want {
                        let v = match &frame.varargs {
                            Some(extra) if k < count => extra[k].clone(),
                            _ => Value::Nil,
                        };
                        frame.regs[a + k] = v;
                        k += 1;
                    }
                    frame.top = a + want;
                }
            }
        }
    }

    /// One turn of a generic `for` whose iterator `f`, state and control
    /// are `R[a..a + 3]`: its `n` variables set at `R[a + 3..]` (the first
    /// nil when it is done). The library's iterators put them there without
    /// lists.
    fn for_call(
        interp: &Interp,
        f: &Value,
        frame: &mut Frame,
        a: usize,
        n: usize,
        depth: usize,
    ) -> Result<(), LuaError> {
        let vars = a + 3;
        let count = match f {
            Value::Builtin(Builtin::Next) => {
                let entry = next_step(&frame.regs[a + 1], &frame.regs[a + 2])?;
                entry_results(&mut frame.regs, vars, n, entry)
            }
            Value::Builtin(Builtin::IpairsStep) => {
                let entry = ipairs_step(interp, &frame.regs[a + 1], &frame.regs[a + 2], depth)?;
                entry_results(&mut frame.regs, vars, n, entry)
            }
            Value::Native(g) => call_native(interp, g, &mut frame.regs, vars, n)?,
            // (A Lua function: its frame made with the state and the
            // control, its results moved from it, no lists.)
            Value::Func(c) => {
                let proto: &Proto = &c.proto;
                let mut callee = blank_frame(proto);
                give_arg(&mut callee, proto, 0, frame.regs[a + 1].clone());
                give_arg(&mut callee, proto, 1, frame.regs[a + 2].clone());
                let mut callee = run_frame(interp, c, callee, depth)?;
                move_results(frame, vars, &mut callee, n);
                return Ok(());
            }
            _ => {
                let args = vec![frame.regs[a + 1].clone(), frame.regs[a + 2].clone()];
                let results = call_value(interp, f, args, depth)?;
                put_results(&mut frame.regs, vars, n, 0, results)
            }
        };
        end_results(frame, vars, n, count);
        Ok(())
    }

    /// Makes `frame` the frame of a tail call of `proto` whose `n` arguments
    /// are at `R[a + 1..]`, as `new_frame` would make it, in place: the
    /// arguments move down (each to a register below its own), the other
    /// registers are cleared.
    #[unroll_safe]
    fn tail_frame(frame: &mut Frame, proto: &Proto, a: usize, n: usize) {
        let np = proto.nparams;
        frame.varargs = None;
        if proto.is_vararg && n > np {
            let mut extra: Vec<Value> = Vec::with_capacity(n - np);
            let mut j = np;
            while j < n {
                extra.push(std::mem::replace(&mut frame.regs[a + 1 + j], Value::Nil));
                j += 1;
            }
            frame.varargs = Some(extra);
        }
        ensure(frame, proto.maxstack);
        let mut k = 0;
        while k < np {
            frame.regs[k] = if k < n { std::mem::replace(&mut frame.regs[a + 1 + k], Value::Nil) } else { Value::Nil };
            k += 1;
        }
        let len = frame.regs.len();
        while k < len {
            frame.regs[k] = Value::Nil;
            k += 1;
        }
        frame.top = 0;
    }

    // ---- the library: arguments ----------------------------------------

    /// The functions of the library.
    #[derive(Clone, Copy, PartialEq)]
    enum Builtin {
        Print,
        Type,
        ToString,
        ToNumber,
        Pairs,
        IPairs,
        IpairsStep,
        Next,
        Select,
        RawGet,
        RawSet,
        RawEqual,
        RawLen,
        Assert,
        Error,
        PCall,
        XPCall,
        SetMetatable,
        GetMetatable,
        Require,
        CollectGarbage,
        OsExit,
        OsClock,
        OsTime,
        OsGetenv,
        IoWrite,
        IoRead,
        FileWrite,
        StrLen,
        StrSub,
        StrUpper,
        StrLower,
        StrRep,
        StrReverse,
        StrByte,
        StrChar,
        StrFormat,
        StrFind,
        StrMatch,
        StrGmatch,
        StrGsub,
        TabInsert,
        TabRemove,
        TabConcat,
        TabSort,
        TabPack,
        TabUnpack,
        TabMove,
        Load,
        SearchPath,
        MathDeg,
        MathRad,
        MathFloor,
        MathCeil,
        MathSqrt,
        MathAbs,
        MathMax,
        MathMin,
        MathFmod,
        MathModf,
        MathExp,
        MathLog,
        MathSin,
        MathCos,
        MathTan,
        MathAsin,
        MathAcos,
        MathAtan,
        MathToInteger,
        MathType,
        MathUlt,
        MathRandom,
        MathRandomseed,
        /// `gmatch`'s iterator (a `Value::Native` with its state).
        GmatchStep,
    }

    /// Each library function: its table (or none), its name, itself.
    const LIBRARY: [(&str, &str, Builtin); 72] = [
        ("", "print", Builtin::Print),
        ("", "type", Builtin::Type),
        ("", "tostring", Builtin::ToString),
        ("", "tonumber", Builtin::ToNumber),
        ("", "pairs", Builtin::Pairs),
        ("", "ipairs", Builtin::IPairs),
        ("", "next", Builtin::Next),
        ("", "select", Builtin::Select),
        ("", "rawget", Builtin::RawGet),
        ("", "rawset", Builtin::RawSet),
        ("", "rawequal", Builtin::RawEqual),
        ("", "rawlen", Builtin::RawLen),
        ("", "assert", Builtin::Assert),
        ("", "error", Builtin::Error),
        ("", "pcall", Builtin::PCall),
        ("", "xpcall", Builtin::XPCall),
        ("", "setmetatable", Builtin::SetMetatable),
        ("", "getmetatable", Builtin::GetMetatable),
        ("", "require", Builtin::Require),
        ("", "collectgarbage", Builtin::CollectGarbage),
        ("", "unpack", Builtin::TabUnpack),
        ("os", "exit", Builtin::OsExit),
        ("os", "clock", Builtin::OsClock),
        ("os", "time", Builtin::OsTime),
        ("os", "getenv", Builtin::OsGetenv),
        ("io", "write", Builtin::IoWrite),
        ("io", "read", Builtin::IoRead),
        ("string", "len", Builtin::StrLen),
        ("string", "sub", Builtin::StrSub),
        ("string", "upper", Builtin::StrUpper),
        ("string", "lower", Builtin::StrLower),
        ("string", "rep", Builtin::StrRep),
        ("string", "reverse", Builtin::StrReverse),
        ("string", "byte", Builtin::StrByte),
        ("string", "char", Builtin::StrChar),
        ("string", "format", Builtin::StrFormat),
        ("string", "find", Builtin::StrFind),
        ("string", "match", Builtin::StrMatch),
        ("string", "gmatch", Builtin::StrGmatch),
        ("string", "gsub", Builtin::StrGsub),
        ("table", "insert", Builtin::TabInsert),
        ("table", "remove", Builtin::TabRemove),
        ("table", "concat", Builtin::TabConcat),
        ("table", "sort", Builtin::TabSort),
        ("table", "pack", Builtin::TabPack),
        ("table", "unpack", Builtin::TabUnpack),
        ("table", "move", Builtin::TabMove),
        ("", "load", Builtin::Load),
        ("package", "searchpath", Builtin::SearchPath),
        ("math", "deg", Builtin::MathDeg),
        ("math", "rad", Builtin::MathRad),
        ("math", "floor", Builtin::MathFloor),
        ("math", "ceil", Builtin::MathCeil),
        ("math", "sqrt", Builtin::MathSqrt),
        ("math", "abs", Builtin::MathAbs),
        ("math", "max", Builtin::MathMax),
        ("math", "min", Builtin::MathMin),
        ("math", "fmod", Builtin::MathFmod),
        ("math", "modf", Builtin::MathModf),
        ("math", "exp", Builtin::MathExp),
        ("math", "log", Builtin::MathLog),
        ("math", "sin", Builtin::MathSin),
        ("math", "cos", Builtin::MathCos),
        ("math", "tan", Builtin::MathTan),
        ("math", "asin", Builtin::MathAsin),
        ("math", "acos", Builtin::MathAcos),
        ("math", "atan", Builtin::MathAtan),
        ("math", "tointeger", Builtin::MathToInteger),
        ("math", "type", Builtin::MathType),
        ("math", "ult", Builtin::MathUlt),
        ("math", "random", Builtin::MathRandom),
        ("math", "randomseed", Builtin::MathRandomseed),
    ];

    /// The name errors give a library function (`string.rep`).
    fn builtin_name(b: Builtin) -> String {
        let mut k = 0;
        while k < LIBRARY.len() {
            let (lib, name, f) = LIBRARY[k];
            if f == b {
                if lib.is_empty() {
                    return name.to_string();
                }
                return format!("{}.{}", lib, name);
            }
            k += 1;
        }
        if b == Builtin::FileWrite {
            return "write".to_string();
        }
        if b == Builtin::IpairsStep || b == Builtin::GmatchStep {
            return "for iterator".to_string();
        }
        "?".to_string()
    }

    /// The arguments of a library call: the `n` values after `R[a]`, its
    /// own slot, read where they are. (A frame rather than its registers:
    /// a `Copy` struct holding a list is copied with the list.)
    #[derive(Clone, Copy)]
    struct Args<'a> {
        frame: &'a Frame,
        a: usize,
        n: usize,
    }

    impl<'a> Args<'a> {
        fn len(&self) -> usize {
            self.n
        }

        fn is_empty(&self) -> bool {
            self.n == 0
        }

        /// Argument `i` (from 0), one of the `n`.
        fn at(&self, i: usize) -> &'a Value {
            &self.frame.regs[self.a + 1 + i]
        }
    }

    /// Argument `i`, nil past the last.
    fn arg(args: Args, i: usize) -> Value {
        if i < args.len() {
            args.at(i).clone()
        } else {
            Value::Nil
        }
    }

    /// The arguments from the `from`th on, as a list of their own (to call
    /// a function with them).
    fn args_list(args: Args, from: usize) -> Vec<Value> {
        let mut list: Vec<Value> = Vec::with_capacity(args.len().saturating_sub(from));
        let mut k = from;
        while k < args.len() {
            list.push(args.at(k).clone());
            k += 1;
        }
        list
    }

    fn type_got(args: Args, i: usize) -> &'static str {
        if i < args.len() {
            type_name(args.at(i))
        } else {
            "no value"
        }
    }

    fn arg_error<T>(b: Builtin, i: usize, msg: &str) -> Result<T, LuaError> {
        err(format!("bad argument #{} to '{}' ({})", i + 1, builtin_name(b), msg))
    }

    fn type_error<T>(b: Builtin, args: Args, i: usize, expected: &str) -> Result<T, LuaError> {
        arg_error(b, i, &format!("{} expected, got {}", expected, type_got(args, i)))
    }

    fn check_int(b: Builtin, args: Args, i: usize) -> Result<i64, LuaError> {
        let v = arg(args, i);
        match to_integer(&v) {
            Some(n) => Ok(n),
            None => {
                if matches!(v, Value::Num(_)) || (matches!(v, Value::Str(_)) && to_number(&v).is_some()) {
                    arg_error(b, i, "number has no integer representation")
                } else {
                    type_error(b, args, i, "number")
                }
            }
        }
    }

    fn opt_int(b: Builtin, args: Args, i: usize, default: i64) -> Result<i64, LuaError> {
        if matches!(arg(args, i), Value::Nil) {
            Ok(default)
        } else {
            check_int(b, args, i)
        }
    }

    fn check_num(b: Builtin, args: Args, i: usize) -> Result<f64, LuaError> {
        match to_float(&arg(args, i)) {
            Some(x) => Ok(x),
            None => type_error(b, args, i, "number"),
        }
    }

    /// A number argument as it is (integer or float).
    fn check_number(b: Builtin, args: Args, i: usize) -> Result<Value, LuaError> {
        match to_number(&arg(args, i)) {
            Some(v) => Ok(v),
            None => type_error(b, args, i, "number"),
        }
    }

    fn check_str(b: Builtin, args: Args, i: usize) -> Result<Rc<Vec<u8>>, LuaError> {
        match arg(args, i) {
            Value::Str(s) => Ok(s),
            v @ (Value::Int(_) | Value::Num(_)) => Ok(Rc::new(number_text(&v))),
            _ => type_error(b, args, i, "string"),
        }
    }

    fn check_table(b: Builtin, args: Args, i: usize) -> Result<Rc<RefCell<Table>>, LuaError> {
        match arg(args, i) {
            Value::Table(t) => Ok(t),
            _ => type_error(b, args, i, "table"),
        }
    }

    /// A string position argument made absolute (`-1` is the last byte).
    fn pos_relative(pos: i64, len: usize) -> i64 {
        if pos >= 0 {
            pos
        } else if pos.wrapping_neg() as u64 > len as u64 {
            0
        } else {
            len as i64 + pos + 1
        }
    }

    /// Ends the program with `code` (`os.exit`), its output flushed.
    fn exit_now(code: i32) {
        std::io::stdout().flush().unwrap();
        std::process::exit(code);
    }

    fn write_out(bytes: &[u8]) {
        std::io::stdout().write_all(bytes).unwrap();
    }

    // ---- the library: calls --------------------------------------------

    /// Puts `v`, result `k` of a call whose results go to `regs[a..]`, in
    /// its place if the call wants it (`nres` results; `MULTI`: all, the
    /// list grown for them).
    fn put_result(regs: &mut Vec<Value>, a: usize, nres: usize, k: usize, v: Value) {
        if nres == MULTI {
            if regs.len() <= a + k {
                grow(regs, a + k + 1);
            }
            regs[a + k] = v;
        } else if k < nres {
            regs[a + k] = v;
        }
    }

    /// Puts `list` as results `from..` of a call (see `put_result`): how
    /// many results the call has then.
    fn put_results(regs: &mut Vec<Value>, a: usize, nres: usize, from: usize, list: Vec<Value>) -> usize {
        let mut k = from;
        for v in list {
            put_result(regs, a, nres, k, v);
            k += 1;
        }
        k
    }

    /// Puts the only result of a call (see `put_result`).
    fn one(regs: &mut Vec<Value>, a: usize, nres: usize, v: Value) -> usize {
        put_result(regs, a, nres, 0, v);
        1
    }

    fn two(regs: &mut Vec<Value>, a: usize, nres: usize, x: Value, y: Value) -> usize {
        put_result(regs, a, nres, 0, x);
        put_result(regs, a, nres, 1, y);
        2
    }

    fn three(regs: &mut Vec<Value>, a: usize, nres: usize, x: Value, y: Value, z: Value) -> usize {
        put_result(regs, a, nres, 0, x);
        put_result(regs, a, nres, 1, y);
        put_result(regs, a, nres, 2, z);
        3
    }

    /// Puts a table's entry (`None`: there is none), the results of `next`
    /// and of `ipairs`'s iterator.
    fn entry_results(regs: &mut Vec<Value>, a: usize, nres: usize, entry: Option<(Value, Value)>) -> usize {
        match entry {
            Some((k, v)) => two(regs, a, nres, k, v),
            None => one(regs, a, nres, Value::Nil),
        }
    }

    /// Puts what `pairs(t)` gives a generic `for` (`next`, `t`, nil).
    fn pairs_results(interp: &Interp, regs: &mut Vec<Value>, a: usize, nres: usize, t: Value) -> usize {
        three(regs, a, nres, interp.next_fn.clone(), t, Value::Nil)
    }

    /// Puts what `ipairs(t)` gives a generic `for` (its iterator, `t`, 0).
    fn ipairs_results(interp: &Interp, regs: &mut Vec<Value>, a: usize, nres: usize, t: Value) -> usize {
        three(regs, a, nres, interp.ipairs_step_fn.clone(), t, interp.zero.clone())
    }

    /// Whether `v` is `select`'s `'#'` (the count of the other arguments).
    fn is_count_selector(v: &Value) -> bool {
        match v {
            Value::Str(s) => {
                let s: &Vec<u8> = s;
                s.len() == 1 && s[0] == b'#'
            }
            _ => false,
        }
    }

    /// Sets the metatable of `t` to `mt` (a table or nil), unless its
    /// metatable is protected (has a `__metatable` field).
    fn set_metatable(t: &Rc<RefCell<Table>>, mt: &Value) -> Result<(), LuaError> {
        if let Some(old) = &t.borrow().meta {
            if !matches!(old.borrow().get_str(&b"__metatable".to_vec()), Value::Nil) {
                return err("cannot change a protected metatable".to_string());
            }
        }
        t.borrow_mut().meta = match mt {
            Value::Table(m) => Some(m.clone()),
            _ => None,
        };
        Ok(())
    }

    /// Makes the arguments of the call in `regs[a]` from the `from`th on
    /// (of `n`) its results, moving them down: how many they are.
    fn args_as_results(regs: &mut Vec<Value>, a: usize, n: usize, from: usize, nres: usize) -> usize {
        let mut k = from;
        while k < n {
            let v = regs[a + 1 + k].clone();
            put_result(regs, a, nres, k - from, v);
            k += 1;
        }
        n.saturating_sub(from)
    }

    /// Calls `g` (a library function with a state) with its results put
    /// at `regs[a..]` (see `call_builtin`); it takes no arguments.
    fn call_native(
        interp: &Interp,
        g: &NativeFn,
        regs: &mut Vec<Value>,
        a: usize,
        nres: usize,
    ) -> Result<usize, LuaError> {
        match g.kind {
            Builtin::GmatchStep => gmatch_step(interp, g, regs, a, nres),
            _ => err("bad native function".to_string()),
        }
    }

    /// The entry of table `t` after key `k` (`None`: `k` is the last).
    fn next_step(t: &Value, k: &Value) -> Result<Option<(Value, Value)>, LuaError> {
        match t {
            Value::Table(tb) => match tb.borrow().next(k) {
                Some((Value::Nil, _)) => Ok(None),
                Some(entry) => Ok(Some(entry)),
                None => err("invalid key to 'next'".to_string()),
            },
            _ => err(format!("bad argument #1 to 'next' (table expected, got {})", type_name(t))),
        }
    }

    /// The entry of `t` at the integer after `k` (`None`: its value is nil).
    fn ipairs_step(interp: &Interp, t: &Value, k: &Value, depth: usize) -> Result<Option<(Value, Value)>, LuaError> {
        let i = match k {
            Value::Int(i) => i.wrapping_add(1),
            _ => 1,
        };
        let v = match t {
            Value::Table(tb) if tb.borrow().meta.is_none() => tb.borrow().get_int(i),
            _ => index(interp, t, &Value::Int(i), depth)?,
        };
        if matches!(v, Value::Nil) {
            Ok(None)
        } else {
            Ok(Some((Value::Int(i), v)))
        }
    }

    /// A library call whose arguments are a list of their own: the list,
    /// the function's slot put first, is the registers of a frame for the
    /// call, then its results.
    fn call_builtin_list(interp: &Interp, b: Builtin, args: Vec<Value>, depth: usize) -> Result<Vec<Value>, LuaError> {
        let n = args.len();
        let mut regs = args;
        regs.insert(0, Value::Builtin(b));
        let mut frame = Frame { regs, varargs: None, top: 0, ret_base: 0, ret_n: 0 };
        let count = call_builtin(interp, b, &mut frame, 0, n, MULTI, depth)?;
        let mut results = frame.regs;
        results.truncate(count);
        Ok(results)
    }

    /// The call of the library function `b` whose `n` arguments follow
    /// `R[a]`, its own slot, in `frame`: it reads them there and puts its
    /// results at `R[a..]` (see `put_result`), and returns how many it has.
    /// So a call from the interpreter loop builds no lists of arguments and
    /// results.
    fn call_builtin(
        interp: &Interp,
        b: Builtin,
        frame: &mut Frame,
        a: usize,
        n: usize,
        nres: usize,
        depth: usize,
    ) -> Result<usize, LuaError> {
        let args = Args { frame, a, n };
        // The functions of one result give it here, the others put theirs.
        let v = match b {
            Builtin::Print => {
                let mut out: Vec<u8> = Vec::new();
                let mut k = 0;
                while k < args.len() {
                    if k > 0 {
                        out.push(b'\t');
                    }
                    append_tostring(interp, &mut out, args.at(k), depth)?;
                    k += 1;
                }
                out.push(b'\n');
                write_out(&out);
                return Ok(0);
            }
            Builtin::Type => {
                if args.is_empty() {
                    return arg_error(b, 0, "value expected");
                }
                interp.type_names[type_index(args.at(0))].clone()
            }
            Builtin::ToString => {
                if args.is_empty() {
                    return arg_error(b, 0, "value expected");
                }
                bstr(tostring(interp, args.at(0), depth)?)
            }
            Builtin::ToNumber => tonumber(b, args)?,
            Builtin::Pairs => {
                let t = arg(args, 0);
                let h = metamethod(interp, &t, Event::Pairs);
                if !matches!(h, Value::Nil) {
                    let mut r = call_value(interp, &h, vec![t], depth)?;
                    r.resize(3, Value::Nil);
                    return Ok(put_results(&mut frame.regs, a, nres, 0, r));
                }
                if !matches!(t, Value::Table(_)) {
                    return type_error(b, args, 0, "table");
                }
                return Ok(pairs_results(interp, &mut frame.regs, a, nres, t));
            }
            Builtin::IPairs => {
                if args.is_empty() {
                    return arg_error(b, 0, "value expected");
                }
                let t = arg(args, 0);
                return Ok(ipairs_results(interp, &mut frame.regs, a, nres, t));
            }
            Builtin::IpairsStep => {
                let entry = ipairs_step(interp, &arg(args, 0), &arg(args, 1), depth)?;
                return Ok(entry_results(&mut frame.regs, a, nres, entry));
            }
            Builtin::Next => {
                check_table(b, args, 0)?;
                let entry = next_step(args.at(0), &arg(args, 1))?;
                return Ok(entry_results(&mut frame.regs, a, nres, entry));
            }
            Builtin::Select => {
                if is_count_selector(&arg(args, 0)) {
                    return Ok(one(&mut frame.regs, a, nres, Value::Int(n as i64 - 1)));
                }
                let i = check_int(b, args, 0)?;
                let count = n as i64 - 1;
                let start = if i < 0 {
                    if -i > count {
                        return arg_error(b, 0, "index out of range");
                    }
                    count + i + 1
                } else if i == 0 {
                    return arg_error(b, 0, "index out of range");
                } else {
                    i.min(n as i64)
                };
                return Ok(args_as_results(&mut frame.regs, a, n, start as usize, nres));
            }
            Builtin::RawGet => {
                let t = check_table(b, args, 0)?;
                let v = t.borrow().get(&arg(args, 1));
                v
            }
            Builtin::RawSet => {
                let t = check_table(b, args, 0)?;
                raw_set(&t, arg(args, 1), arg(args, 2))?;
                arg(args, 0)
            }
            Builtin::RawEqual => bool_value(interp, raw_equal(&arg(args, 0), &arg(args, 1))),
            Builtin::RawLen => match arg(args, 0) {
                Value::Table(t) => Value::Int(t.borrow().length()),
                Value::Str(s) => Value::Int(str_len(&s)),
                _ => return arg_error(b, 0, "table or string expected"),
            },
            Builtin::Assert => {
                if args.is_empty() {
                    return arg_error(b, 0, "value expected");
                }
                if truthy(args.at(0)) {
                    return Ok(args_as_results(&mut frame.regs, a, n, 0, nres));
                }
                if args.len() < 2 {
                    return err("assertion failed!".to_string());
                }
                return match args.at(1) {
                    Value::Str(s) => Err(LuaError::Msg(show_bytes(s), 1)),
                    other => Err(LuaError::Value(other.clone())),
                };
            }
            Builtin::Error => {
                let v = arg(args, 0);
                let level = opt_int(b, args, 1, 1)?;
                return match &v {
                    Value::Str(s) if level > 0 => Err(LuaError::Msg(show_bytes(s), level as usize)),
                    _ => Err(LuaError::Value(v)),
                };
            }
            Builtin::PCall => {
                if args.is_empty() {
                    return arg_error(b, 0, "value expected");
                }
                let f = arg(args, 0);
                return Ok(match call_with_args(interp, &f, frame, a, n, 1, nres, depth + 1) {
                    Ok(count) => {
                        put_result(&mut frame.regs, a, nres, 0, bool_value(interp, true));
                        count
                    }
                    Err(e) => two(&mut frame.regs, a, nres, Value::Bool(false), error_value(e)),
                });
            }
            Builtin::XPCall => {
                if args.len() < 2 {
                    return arg_error(b, 1, "value expected");
                }
                let f = arg(args, 0);
                let handler = arg(args, 1);
                return Ok(match call_with_args(interp, &f, frame, a, n, 2, nres, depth + 1) {
                    Ok(count) => {
                        put_result(&mut frame.regs, a, nres, 0, bool_value(interp, true));
                        count
                    }
                    Err(e) => {
                        let r = match call_value(interp, &handler, vec![error_value(e)], depth + 1) {
                            Ok(r) => r,
                            Err(e2) => vec![error_value(e2)],
                        };
                        status_results(&mut frame.regs, a, nres, false, r)
                    }
                });
            }
            Builtin::SetMetatable => {
                let t = check_table(b, args, 0)?;
                let mt = arg(args, 1);
                if !matches!(mt, Value::Nil | Value::Table(_)) {
                    return type_error(b, args, 1, "nil or table");
                }
                set_metatable(&t, &mt)?;
                arg(args, 0)
            }
            Builtin::GetMetatable => match metatable(interp, &arg(args, 0)) {
                Some(mt) => {
                    let protected = mt.borrow().get_str(&b"__metatable".to_vec());
                    if matches!(protected, Value::Nil) {
                        Value::Table(mt)
                    } else {
                        protected
                    }
                }
                None => Value::Nil,
            },
            Builtin::Require => {
                let r = require(interp, b, args, depth)?;
                return Ok(put_results(&mut frame.regs, a, nres, 0, r));
            }
            Builtin::CollectGarbage => {
                let opt = match arg(args, 0) {
                    Value::Str(s) => show_bytes(&s),
                    Value::Nil => "collect".to_string(),
                    _ => return type_error(b, args, 0, "string"),
                };
                match opt.as_str() {
                    "collect" => {
                        rpython::rgc::collect();
                        Value::Int(0)
                    }
                    // A step of this collector is a whole collection: the
                    // step finishes a cycle (5.4's `true`).
                    "step" => {
                        rpython::rgc::collect();
                        Value::Bool(true)
                    }
                    "incremental" | "generational" => Value::Int(0),
                    // The heap in KB (0 untranslated, where Rust owns the objects).
                    "count" => Value::Num(rpython::rgc::heap_size() as f64 / 1024.0),
                    "isrunning" => Value::Bool(true),
                    "stop" | "restart" | "setpause" | "setstepmul" => Value::Int(0),
                    _ => return arg_error(b, 0, &format!("invalid option '{}'", opt)),
                }
            }
            Builtin::OsExit => {
                let code = match arg(args, 0) {
                    Value::Nil => 0,
                    Value::Bool(t) => {
                        if t {
                            0
                        } else {
                            1
                        }
                    }
                    _ => check_int(b, args, 0)? as i32,
                };
                exit_now(code);
                return Ok(0);
            }
            Builtin::OsClock => Value::Num(rpython::time::clock()),
            Builtin::OsTime => match arg(args, 0) {
                Value::Nil => Value::Int(rpython::time::time().floor() as i64),
                Value::Table(_) => return err("not supported: os.time with a table".to_string()),
                _ => return type_error(b, args, 0, "table"),
            },
            Builtin::OsGetenv => {
                let name = check_str(b, args, 0)?;
                match std::env::var(show_bytes(&name)) {
                    Ok(value) => lstr(&value),
                    Err(_) => Value::Nil,
                }
            }
            Builtin::IoWrite => {
                io_write(b, args, 0)?;
                stdout_file(interp)
            }
            Builtin::FileWrite => {
                io_write(b, args, 1)?;
                arg(args, 0)
            }
            Builtin::IoRead => io_read(b, args)?,
            Builtin::StrLen => Value::Int(str_len(&check_str(b, args, 0)?)),
            Builtin::StrSub => {
                let s_rc = check_str(b, args, 0)?;
                let s: &Vec<u8> = &s_rc;
                substring(interp, s, check_int(b, args, 1)?, opt_int(b, args, 2, -1)?)
            }
            Builtin::StrUpper | Builtin::StrLower => {
                let s_rc = check_str(b, args, 0)?;
                let s: &Vec<u8> = &s_rc;
                let mut out: Vec<u8> = Vec::with_capacity(s.len());
                for c in s.iter() {
                    out.push(if b == Builtin::StrUpper { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() });
                }
                bstr(out)
            }
            Builtin::StrRep => {
                let s_rc = check_str(b, args, 0)?;
                let s: &Vec<u8> = &s_rc;
                let times = check_int(b, args, 1)?;
                let sep_rc = match arg(args, 2) {
                    Value::Nil => interp.no_bytes.clone(),
                    _ => check_str(b, args, 2)?,
                };
                let sep: &Vec<u8> = &sep_rc;
                if times <= 0 {
                    return Ok(one(&mut frame.regs, a, nres, interp.empty_string.clone()));
                }
                let total = (s.len() as u64 + sep.len() as u64).saturating_mul(times as u64);
                if total >= (1u64 << 31) {
                    return err("resulting string too large".to_string());
                }
                let mut out: Vec<u8> = Vec::with_capacity(total as usize);
                let mut k = 0;
                while k < times {
                    if k > 0 {
                        out.extend_from_slice(&sep);
                    }
                    out.extend_from_slice(&s);
                    k += 1;
                }
                bstr(out)
            }
            Builtin::StrReverse => {
                let s_rc = check_str(b, args, 0)?;
                let s: &Vec<u8> = &s_rc;
                let mut out = s.to_vec();
                out.reverse();
                bstr(out)
            }
            Builtin::StrByte => {
                let s_rc = check_str(b, args, 0)?;
                let s: &Vec<u8> = &s_rc;
                let len = s.len();
                let i = pos_relative(opt_int(b, args, 1, 1)?, len);
                let j = match arg(args, 2) {
                    Value::Nil => i,
                    _ => pos_relative(check_int(b, args, 2)?, len),
                };
                let from = if i < 1 { 1 } else { i };
                let to = if j > len as i64 { len as i64 } else { j };
                let mut k = from;
                while k <= to {
                    put_result(&mut frame.regs, a, nres, (k - from) as usize, Value::Int(s[(k - 1) as usize] as i64));
                    k += 1;
                }
                return Ok(if to >= from { (to - from + 1) as usize } else { 0 });
            }
            Builtin::StrChar => {
                let mut out: Vec<u8> = Vec::with_capacity(args.len());
                let mut k = 0;
                while k < args.len() {
                    let c = check_int(b, args, k)?;
                    if c < 0 || c > 255 {
                        return arg_error(b, k, "value out of range");
                    }
                    out.push(c as u8);
                    k += 1;
                }
                if out.len() == 1 {
                    interp.byte_strings[out[0] as usize].clone()
                } else {
                    bstr(out)
                }
            }
            Builtin::StrFormat => bstr(format_string(interp, b, args, depth)?),
            Builtin::StrFind => return str_find(interp, b, frame, a, n, nres, true),
            Builtin::StrMatch => return str_find(interp, b, frame, a, n, nres, false),
            Builtin::StrGmatch => {
                let s_rc = check_str(b, args, 0)?;
                let p_rc = check_str(b, args, 1)?;
                let len = str_len(&s_rc) as usize;
                let init = pos_relative(opt_int(b, args, 2, 1)?, len);
                let start = if init < 1 {
                    0
                } else if init as u64 > len as u64 + 1 {
                    len + 1
                } else {
                    (init - 1) as usize
                };
                let state =
                    vec![Value::Str(s_rc.clone()), Value::Str(p_rc.clone()), Value::Int(start as i64), Value::Int(-1)];
                let g = NativeFn { kind: Builtin::GmatchStep, state: RefCell::new(state) };
                Value::Native(Rc::new(g))
            }
            Builtin::StrGsub => {
                let (s, count) = str_gsub(interp, b, args, depth)?;
                return Ok(two(&mut frame.regs, a, nres, s, Value::Int(count)));
            }
            Builtin::TabInsert => {
                let t = check_table(b, args, 0)?;
                let len = t.borrow().length();
                match args.len() {
                    2 => {
                        t.borrow_mut().set_int(len + 1, arg(args, 1));
                    }
                    3 => {
                        let pos = check_int(b, args, 1)?;
                        if (pos as u64).wrapping_sub(1) >= (len as u64).wrapping_add(1) {
                            return arg_error(b, 1, "position out of bounds");
                        }
                        let mut tb = t.borrow_mut();
                        if len as u64 == tb.arr_len() as u64 {
                            tb.arr_insert((pos - 1) as usize, arg(args, 2));
                            return Ok(0);
                        }
                        let mut k = len + 1;
                        while k > pos {
                            let v = tb.get_int(k - 1);
                            tb.set_int(k, v);
                            k -= 1;
                        }
                        tb.set_int(pos, arg(args, 2));
                    }
                    _ => return err("wrong number of arguments to 'insert'".to_string()),
                }
                return Ok(0);
            }
            Builtin::TabRemove => {
                let t = check_table(b, args, 0)?;
                let size = t.borrow().length();
                let mut pos = size;
                if args.len() >= 2 {
                    pos = check_int(b, args, 1)?;
                    if pos != size && (pos as u64).wrapping_sub(1) > size as u64 {
                        return arg_error(b, 1, "position out of bounds");
                    }
                }
                let mut tb = t.borrow_mut();
                if pos >= 1 && pos <= size && size as u64 == tb.arr_len() as u64 {
                    tb.arr_remove((pos - 1) as usize)
                } else {
                    let v = tb.get_int(pos);
                    let mut k = pos;
                    while k < size {
                        let next = tb.get_int(k + 1);
                        tb.set_int(k, next);
                        k += 1;
                    }
                    tb.set_int(k, Value::Nil);
                    v
                }
            }
            Builtin::TabConcat => {
                let t = check_table(b, args, 0)?;
                let sep_rc = match arg(args, 1) {
                    Value::Nil => interp.no_bytes.clone(),
                    _ => check_str(b, args, 1)?,
                };
                let sep: &Vec<u8> = &sep_rc;
                let i = opt_int(b, args, 2, 1)?;
                let j = match arg(args, 3) {
                    Value::Nil => t.borrow().length(),
                    _ => check_int(b, args, 3)?,
                };
                let tb = t.borrow();
                bstr(table_concat(&tb, sep, i, j)?)
            }
            Builtin::TabSort => {
                let t = check_table(b, args, 0)?;
                let comp = arg(args, 1);
                if !matches!(comp, Value::Nil) && !is_callable(&comp) {
                    return type_error(b, args, 1, "function");
                }
                table_sort(interp, &t, &comp, depth)?;
                return Ok(0);
            }
            Builtin::TabPack => {
                let t = table_value(interp);
                if let Value::Table(tb) = &t {
                    let mut tt = tb.borrow_mut();
                    let mut k = 0;
                    while k < n {
                        tt.set_int(k as i64 + 1, arg(args, k));
                        k += 1;
                    }
                    tt.set(lstr("n"), Value::Int(n as i64));
                }
                t
            }
            Builtin::TabUnpack => {
                let t = arg(args, 0);
                let i = opt_int(b, args, 1, 1)?;
                let j = match arg(args, 2) {
                    Value::Nil => match length(interp, &t, depth)? {
                        Value::Int(len) => len,
                        _ => 0,
                    },
                    _ => check_int(b, args, 2)?,
                };
                if i > j {
                    return Ok(0);
                }
                if (j as u64).wrapping_sub(i as u64) >= 1_000_000 {
                    return err("too many results to unpack".to_string());
                }
                let mut k = i;
                while k <= j {
                    let v = index(interp, &t, &Value::Int(k), depth)?;
                    put_result(&mut frame.regs, a, nres, (k - i) as usize, v);
                    k += 1;
                }
                return Ok((j - i + 1) as usize);
            }
            Builtin::MathFloor | Builtin::MathCeil => {
                let v = check_number(b, args, 0)?;
                match v {
                    Value::Num(x) => {
                        let f = if b == Builtin::MathFloor { x.floor() } else { x.ceil() };
                        float_to_int_or_float(f)
                    }
                    other => other,
                }
            }
            Builtin::MathDeg => Value::Num(check_num(b, args, 0)? * (180.0 / std::f64::consts::PI)),
            Builtin::MathRad => Value::Num(check_num(b, args, 0)? * (std::f64::consts::PI / 180.0)),
            Builtin::TabMove => {
                let f = check_int(b, args, 1)?;
                let e = check_int(b, args, 2)?;
                let t = check_int(b, args, 3)?;
                let src = arg(args, 0);
                check_table(b, args, 0)?;
                let dst = match arg(args, 4) {
                    Value::Nil => src.clone(),
                    _ => {
                        check_table(b, args, 4)?;
                        arg(args, 4)
                    }
                };
                if e >= f {
                    if !(f > 0 || e < i64::MAX + f) {
                        return arg_error(b, 2, "too many elements to move");
                    }
                    let count = e - f + 1;
                    if t > i64::MAX - count + 1 {
                        return arg_error(b, 3, "destination wrap around");
                    }
                    if t > e || t <= f || !raw_equal(&src, &dst) {
                        let mut i = 0;
                        while i < count {
                            let v = index(interp, &src, &Value::Int(f + i), depth)?;
                            set_index(interp, &dst, Value::Int(t + i), v, depth)?;
                            i += 1;
                        }
                    } else {
                        let mut i = count - 1;
                        while i >= 0 {
                            let v = index(interp, &src, &Value::Int(f + i), depth)?;
                            set_index(interp, &dst, Value::Int(t + i), v, depth)?;
                            i -= 1;
                        }
                    }
                }
                dst
            }
            Builtin::Load => {
                let chunk = match arg(args, 0) {
                    Value::Str(s) => bytes_of(&s),
                    f if is_callable(&f) => {
                        let mut all: Vec<u8> = Vec::new();
                        loop {
                            let piece = call1(interp, &f, 0, Value::Nil, Value::Nil, Value::Nil, depth)?;
                            match piece {
                                Value::Str(s) if str_len(&s) > 0 => all.extend_from_slice(&s),
                                Value::Nil | Value::Str(_) => break,
                                _ => {
                                    let msg = lstr("reader function must return a string");
                                    return Ok(two(&mut frame.regs, a, nres, Value::Nil, msg));
                                }
                            }
                        }
                        all
                    }
                    _ => return type_error(b, args, 0, "string"),
                };
                if !matches!(arg(args, 3), Value::Nil) {
                    return err("not supported: load with an environment (_ENV)".to_string());
                }
                let name = match arg(args, 1) {
                    Value::Str(s) => bytes_of(&s),
                    _ => match arg(args, 0) {
                        Value::Str(s) => bytes_of(&s),
                        _ => b"=(load)".to_vec(),
                    },
                };
                match load_chunk(chunk, &source_id(&name)) {
                    Ok(f) => f,
                    Err(e) => return Ok(two(&mut frame.regs, a, nres, Value::Nil, error_value(e))),
                }
            }
            Builtin::SearchPath => {
                let name_rc = check_str(b, args, 0)?;
                let path_rc = check_str(b, args, 1)?;
                match search_path(&show_bytes(&name_rc), &show_bytes(&path_rc)) {
                    Ok(file) => lstr(&file),
                    Err(tried) => return Ok(two(&mut frame.regs, a, nres, Value::Nil, lstr(&tried))),
                }
            }
            Builtin::MathSqrt => Value::Num(check_num(b, args, 0)?.sqrt()),
            Builtin::MathExp => Value::Num(check_num(b, args, 0)?.exp()),
            Builtin::MathSin => Value::Num(check_num(b, args, 0)?.sin()),
            Builtin::MathCos => Value::Num(check_num(b, args, 0)?.cos()),
            Builtin::MathTan => Value::Num(check_num(b, args, 0)?.tan()),
            Builtin::MathAsin => Value::Num(check_num(b, args, 0)?.asin()),
            Builtin::MathAcos => Value::Num(check_num(b, args, 0)?.acos()),
            Builtin::MathAtan => {
                let y = check_num(b, args, 0)?;
                let x = match arg(args, 1) {
                    Value::Nil => 1.0,
                    _ => check_num(b, args, 1)?,
                };
                Value::Num(y.atan2(x))
            }
            Builtin::MathLog => {
                let x = check_num(b, args, 0)?;
                let r = match arg(args, 1) {
                    Value::Nil => x.ln(),
                    _ => {
                        let base = check_num(b, args, 1)?;
                        if base == 2.0 {
                            x.log2()
                        } else if base == 10.0 {
                            x.log10()
                        } else {
                            x.ln() / base.ln()
                        }
                    }
                };
                Value::Num(r)
            }
            Builtin::MathAbs => match check_number(b, args, 0)? {
                Value::Int(i) => Value::Int(if i < 0 { i.wrapping_neg() } else { i }),
                Value::Num(x) => Value::Num(x.abs()),
                other => other,
            },
            Builtin::MathMax | Builtin::MathMin => {
                let mut best = check_number(b, args, 0)?;
                let mut k = 1;
                while k < args.len() {
                    let v = check_number(b, args, k)?;
                    let better = if b == Builtin::MathMax {
                        less(interp, &best, &v, false, depth)?
                    } else {
                        less(interp, &v, &best, false, depth)?
                    };
                    if better {
                        best = v;
                    }
                    k += 1;
                }
                best
            }
            Builtin::MathFmod => {
                let x = check_number(b, args, 0)?;
                let d = check_number(b, args, 1)?;
                match (&x, &d) {
                    (Value::Int(i), Value::Int(j)) => {
                        if *j == 0 {
                            return arg_error(b, 1, "zero");
                        }
                        Value::Int(if *j == -1 { 0 } else { *i % *j })
                    }
                    _ => Value::Num(to_float(&x).unwrap() % to_float(&d).unwrap()),
                }
            }
            Builtin::MathModf => {
                let (ip, frac) = match check_number(b, args, 0)? {
                    Value::Num(x) => {
                        let ip = if x < 0.0 { x.ceil() } else { x.floor() };
                        let frac = if x == f64::INFINITY || x == f64::NEG_INFINITY { 0.0 } else { x - ip };
                        (float_to_int_or_float(ip), frac)
                    }
                    other => (other, 0.0),
                };
                return Ok(two(&mut frame.regs, a, nres, ip, Value::Num(frac)));
            }
            Builtin::MathToInteger => match arg(args, 0) {
                Value::Int(i) => Value::Int(i),
                Value::Num(x) => match float_to_int(x) {
                    Some(i) => Value::Int(i),
                    None => Value::Nil,
                },
                Value::Str(s) => match str_to_number(&s) {
                    Some(Value::Int(i)) => Value::Int(i),
                    Some(Value::Num(x)) => match float_to_int(x) {
                        Some(i) => Value::Int(i),
                        None => Value::Nil,
                    },
                    _ => Value::Nil,
                },
                _ => {
                    if args.is_empty() {
                        return arg_error(b, 0, "value expected");
                    }
                    Value::Nil
                }
            },
            Builtin::MathType => {
                if args.is_empty() {
                    return arg_error(b, 0, "value expected");
                }
                match args.at(0) {
                    Value::Int(_) => lstr("integer"),
                    Value::Num(_) => lstr("float"),
                    _ => Value::Nil,
                }
            }
            Builtin::MathUlt => {
                let x = check_int(b, args, 0)?;
                let y = check_int(b, args, 1)?;
                Value::Bool((x as u64) < (y as u64))
            }
            Builtin::MathRandom => math_random(interp, b, args)?,
            Builtin::MathRandomseed => {
                let n1 = opt_int(b, args, 0, 0)?;
                let n2 = opt_int(b, args, 1, 0)?;
                set_seed(interp, n1 as u64, n2 as u64);
                return Ok(two(&mut frame.regs, a, nres, Value::Int(n1), Value::Int(n2)));
            }
            Builtin::GmatchStep => return err("bad native function".to_string()),
        };
        Ok(one(&mut frame.regs, a, nres, v))
    }

    /// Puts the results of `pcall` and `xpcall`: `ok`, then those of the
    /// call or of the handler.
    /// Calls `f` with the arguments of the library call at `R[a]` (of `n`)
    /// from the `from`th on, its results put as results `1..` of that call
    /// (after the status of `pcall` or `xpcall`; see `put_result`): a Lua
    /// function gets its frame made with them and its results are read
    /// there (no lists of arguments and results). How many results the
    /// call has then.
    fn call_with_args(
        interp: &Interp,
        f: &Value,
        frame: &mut Frame,
        a: usize,
        n: usize,
        from: usize,
        nres: usize,
        depth: usize,
    ) -> Result<usize, LuaError> {
        if let Value::Func(c) = f {
            let proto: &Proto = &c.proto;
            let mut callee = blank_frame(proto);
            let mut k = from;
            while k < n {
                give_arg(&mut callee, proto, k - from, frame.regs[a + 1 + k].clone());
                k += 1;
            }
            let callee = run_frame(interp, c, callee, depth)?;
            let mut k = 0;
            while k < callee.ret_n {
                put_result(&mut frame.regs, a, nres, 1 + k, callee.regs[callee.ret_base + k].clone());
                k += 1;
            }
            return Ok(1 + callee.ret_n);
        }
        let rest = args_list(Args { frame, a, n }, from);
        let r = call_value(interp, f, rest, depth)?;
        Ok(put_results(&mut frame.regs, a, nres, 1, r))
    }

    fn status_results(regs: &mut Vec<Value>, a: usize, nres: usize, ok: bool, r: Vec<Value>) -> usize {
        put_result(regs, a, nres, 0, Value::Bool(ok));
        put_results(regs, a, nres, 1, r)
    }

    /// A float with an integral value as an integer when it fits.
    fn float_to_int_or_float(f: f64) -> Value {
        match float_to_int(f) {
            Some(i) => Value::Int(i),
            None => Value::Num(f),
        }
    }

    fn tonumber(b: Builtin, args: Args) -> Result<Value, LuaError> {
        if args.is_empty() {
            return arg_error(b, 0, "value expected");
        }
        if matches!(arg(args, 1), Value::Nil) {
            return Ok(match args.at(0) {
                Value::Int(_) | Value::Num(_) => args.at(0).clone(),
                Value::Str(s) => match str_to_number(s) {
                    Some(v) => v,
                    None => Value::Nil,
                },
                _ => Value::Nil,
            });
        }
        let base = check_int(b, args, 1)?;
        let s_rc = match args.at(0) {
            Value::Str(s) => s.clone(),
            _ => return type_error(b, args, 0, "string"),
        };
        let s: &Vec<u8> = &s_rc;
        if base < 2 || base > 36 {
            return arg_error(b, 1, "base out of range");
        }
        let mut i = 0;
        let mut j = s.len();
        while i < j && is_space(s[i]) {
            i += 1;
        }
        while j > i && is_space(s[j - 1]) {
            j -= 1;
        }
        let mut neg = false;
        if i < j && (s[i] == b'-' || s[i] == b'+') {
            neg = s[i] == b'-';
            i += 1;
        }
        if i >= j {
            return Ok(Value::Nil);
        }
        let mut n: i64 = 0;
        while i < j {
            let c = s[i].to_ascii_lowercase();
            let d = if c.is_ascii_digit() {
                (c - b'0') as i64
            } else if c.is_ascii_lowercase() {
                (c - b'a') as i64 + 10
            } else {
                return Ok(Value::Nil);
            };
            if d >= base {
                return Ok(Value::Nil);
            }
            n = n.wrapping_mul(base).wrapping_add(d);
            i += 1;
        }
        Ok(Value::Int(if neg { n.wrapping_neg() } else { n }))
    }

    fn stdout_file(interp: &Interp) -> Value {
        let io = interp.globals.borrow().get_str(&b"io".to_vec());
        index_raw(&io, "stdout")
    }

    fn index_raw(t: &Value, key: &str) -> Value {
        match t {
            Value::Table(tb) => tb.borrow().get_str(&key.as_bytes().to_vec()),
            _ => Value::Nil,
        }
    }

    fn io_write(b: Builtin, args: Args, from: usize) -> Result<(), LuaError> {
        let mut out: Vec<u8> = Vec::new();
        let mut k = from;
        while k < args.len() {
            match args.at(k) {
                Value::Str(s) => out.extend_from_slice(s),
                Value::Int(i) => out.extend_from_slice(i.to_string().as_bytes()),
                Value::Num(x) => out.extend_from_slice(fmt_g(*x, 14, false, false).as_bytes()),
                _ => return type_error(b, args, k, "string"),
            }
            k += 1;
        }
        write_out(&out);
        Ok(())
    }

    fn io_read(b: Builtin, args: Args) -> Result<Value, LuaError> {
        std::io::stdout().flush().unwrap();
        let fmt = match arg(args, 0) {
            Value::Nil => "l".to_string(),
            Value::Str(s) => show_bytes(&s).trim_start_matches('*').to_string(),
            Value::Int(n) => {
                // A number of bytes: read a line's worth (stdin is read by
                // lines here), as much as asked.
                let mut line = String::new();
                let got = std::io::stdin().read_line(&mut line).unwrap_or(0);
                if got == 0 {
                    return Ok(Value::Nil);
                }
                let bytes = line.into_bytes();
                let take = (n.max(0) as usize).min(bytes.len());
                return Ok(bstr(bytes[..take].to_vec()));
            }
            _ => return arg_error(b, 0, "invalid format"),
        };
        if fmt.starts_with('a') {
            let mut all = String::new();
            let _ = std::io::stdin().read_to_string(&mut all);
            return Ok(lstr(&all));
        }
        let mut line = String::new();
        let got = std::io::stdin().read_line(&mut line).unwrap_or(0);
        if got == 0 {
            return Ok(Value::Nil);
        }
        if fmt.starts_with('n') {
            return Ok(match str_to_number(line.as_bytes()) {
                Some(v) => v,
                None => Value::Nil,
            });
        }
        if fmt.starts_with('l') && line.ends_with('\n') {
            line.pop();
        }
        Ok(lstr(&line))
    }

    /// `require(name)`: `package.loaded[name]`, or the first file of
    /// `package.path` run with `name`.
    fn require(interp: &Interp, b: Builtin, args: Args, depth: usize) -> Result<Vec<Value>, LuaError> {
        let name_rc = check_str(b, args, 0)?;
        let name: &Vec<u8> = &name_rc;
        let loaded = interp.loaded.borrow().get_str(&name);
        if !matches!(loaded, Value::Nil) {
            return Ok(vec![loaded]);
        }
        let package = interp.globals.borrow().get_str(&b"package".to_vec());
        let path = match index_raw(&package, "path") {
            Value::Str(s) => show_bytes(&s),
            _ => return err("'package.path' must be a string".to_string()),
        };
        let preload = index_raw(&index_raw(&package, "preload"), &show_bytes(name));
        if !matches!(preload, Value::Nil) {
            let r = call_value(interp, &preload, vec![Value::Str(name_rc.clone()), lstr(":preload:")], depth)?;
            let v = if r.is_empty() || matches!(r[0], Value::Nil) { Value::Bool(true) } else { r[0].clone() };
            interp.loaded.borrow_mut().set(Value::Str(name_rc.clone()), v.clone());
            return Ok(vec![v, lstr(":preload:")]);
        }
        let tried = match search_path(&show_bytes(name), &path) {
            Ok(candidate) => {
                let src = match std::fs::read(&candidate) {
                    Ok(s) => s,
                    Err(_) => return err(format!("cannot read '{}'", candidate)),
                };
                let chunk = chunk_id(&candidate);
                let f = load_chunk(src, &chunk)?;
                let r = call_value(interp, &f, vec![Value::Str(name_rc.clone()), lstr(&candidate)], depth)?;
                let v = if r.is_empty() || matches!(r[0], Value::Nil) { Value::Bool(true) } else { r[0].clone() };
                let already = interp.loaded.borrow().get_str(&name);
                if !matches!(already, Value::Nil) {
                    return Ok(vec![already, lstr(&candidate)]);
                }
                interp.loaded.borrow_mut().set(Value::Str(name_rc.clone()), v.clone());
                return Ok(vec![v, lstr(&candidate)]);
            }
            Err(tried) => tried,
        };
        err(format!(
            "module '{}' not found:\n\tno field package.preload['{}']\n\t{}",
            show_bytes(name),
            show_bytes(name),
            tried
        ))
    }

    /// The first file of `path` (templates separated by `;`, `?` standing
    /// for `name` with its dots as `/`) that can be read, or the list of
    /// those tried.
    fn search_path(name: &str, path: &str) -> Result<String, String> {
        let file_name = name.replace('.', "/");
        let mut tried = String::new();
        for template in path.split(';') {
            if template.is_empty() {
                continue;
            }
            let candidate = template.replace('?', &file_name);
            if std::fs::read(&candidate).is_ok() {
                return Ok(candidate);
            }
            if !tried.is_empty() {
                tried.push_str("\n\t");
            }
            tried.push_str(&format!("no file '{}'", candidate));
        }
        Err(tried)
    }

    /// How messages name a chunk loaded from a string (PUC Lua's
    /// `luaO_chunkid`): `=name` and `@file` as given, else `[string
    /// "first line..."]`.
    fn source_id(name: &[u8]) -> String {
        if !name.is_empty() && name[0] == b'=' {
            let mut s = show_bytes(&name[1..]);
            s.truncate(59);
            return s;
        }
        if !name.is_empty() && name[0] == b'@' {
            return chunk_id(&show_bytes(&name[1..]));
        }
        let mut line_end = name.len();
        let mut k = 0;
        while k < name.len() {
            if name[k] == b'\n' {
                line_end = k;
                break;
            }
            k += 1;
        }
        let limit = 45;
        if line_end == name.len() && name.len() < limit {
            return format!("[string \"{}\"]", show_bytes(name));
        }
        let n = line_end.min(limit);
        format!("[string \"{}...\"]", show_bytes(&name[..n]))
    }

    /// A chunk compiled into a function (of no upvalues).
    fn load_chunk(src: Vec<u8>, chunk: &str) -> Result<Value, LuaError> {
        let toks = match lex(src, chunk) {
            Ok(t) => t,
            Err(msg) => return Err(LuaError::Value(lstr(&msg))),
        };
        let ast = match parse(toks, chunk) {
            Ok(a) => a,
            Err(msg) => return Err(LuaError::Value(lstr(&msg))),
        };
        let proto = match compile_function(&ast, chunk) {
            Ok(p) => p,
            Err(msg) => return Err(LuaError::Value(lstr(&msg))),
        };
        Ok(Value::Func(Rc::new(Closure { proto: Rc::new(proto), upvals: Vec::new() })))
    }

    // ---- math.random: xoshiro256**, as Lua 5.4 ----------------------------

    fn next_rand(interp: &Interp) -> u64 {
        let mut s = interp.rng.borrow_mut();
        let result = (s[1].wrapping_mul(5)).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    fn set_seed(interp: &Interp, n1: u64, n2: u64) {
        {
            let mut s = interp.rng.borrow_mut();
            s[0] = n1;
            s[1] = 0xff;
            s[2] = n2;
            s[3] = 0;
        }
        let mut k = 0;
        while k < 16 {
            next_rand(interp);
            k += 1;
        }
    }

    fn math_random(interp: &Interp, b: Builtin, args: Args) -> Result<Value, LuaError> {
        let rv = next_rand(interp);
        let (low, up) = match args.len() {
            0 => return Ok(Value::Num((rv >> 11) as f64 * (0.5f64).powi(53))),
            1 => {
                let up = check_int(b, args, 0)?;
                if up == 0 {
                    return Ok(Value::Int(rv as i64));
                }
                (1, up)
            }
            2 => (check_int(b, args, 0)?, check_int(b, args, 1)?),
            _ => return err("wrong number of arguments".to_string()),
        };
        if low > up {
            return arg_error(b, 0, "interval is empty");
        }
        let n = (up as u64).wrapping_sub(low as u64);
        let mut ran = rv;
        if n & n.wrapping_add(1) == 0 {
            ran &= n;
        } else {
            let mut lim = n;
            lim |= lim >> 1;
            lim |= lim >> 2;
            lim |= lim >> 4;
            lim |= lim >> 8;
            lim |= lim >> 16;
            lim |= lim >> 32;
            ran &= lim;
            while ran > n {
                ran = next_rand(interp) & lim;
            }
        }
        Ok(Value::Int(ran.wrapping_add(low as u64) as i64))
    }

    // ---- string.format --------------------------------------------------

    /// Appends `body` padded to `width` to `out` (no string of its own):
    /// left-justified with `-`, with zeros after the sign with `0` (numbers
    /// only).
    fn pad(out: &mut Vec<u8>, body: &[u8], width: usize, left: bool, zero: bool) {
        let fill = width.saturating_sub(body.len());
        if left {
            out.extend_from_slice(body);
            push_times(out, b' ', fill);
        } else if zero {
            let mut start = 0;
            if !body.is_empty() && (body[0] == b'-' || body[0] == b'+' || body[0] == b' ') {
                out.push(body[0]);
                start = 1;
            }
            if body.len() > start + 1 && body[start] == b'0' && (body[start + 1] == b'x' || body[start + 1] == b'X') {
                out.push(b'0');
                out.push(body[start + 1]);
                start += 2;
            }
            push_times(out, b'0', fill);
            out.extend_from_slice(&body[start..]);
        } else {
            push_times(out, b' ', fill);
            out.extend_from_slice(body);
        }
    }

    fn push_times(out: &mut Vec<u8>, c: u8, n: usize) {
        let mut k = 0;
        while k < n {
            out.push(c);
            k += 1;
        }
    }

    fn add_sign(body: String, plus: bool, space: bool) -> String {
        if body.starts_with('-') {
            body
        } else if plus {
            format!("+{}", body)
        } else if space {
            format!(" {}", body)
        } else {
            body
        }
    }

    /// `%q` of a string.
    fn quote_string(s: &[u8], out: &mut Vec<u8>) {
        out.push(b'"');
        let mut k = 0;
        while k < s.len() {
            let c = s[k];
            if c == b'"' || c == b'\\' || c == b'\n' {
                out.push(b'\\');
                out.push(c);
            } else if c == 0 || (c < 32 || c == 127) {
                let next_digit = k + 1 < s.len() && s[k + 1].is_ascii_digit();
                if next_digit {
                    out.extend_from_slice(format!("\\{:03}", c).as_bytes());
                } else {
                    out.extend_from_slice(format!("\\{}", c).as_bytes());
                }
            } else {
                out.push(c);
            }
            k += 1;
        }
        out.push(b'"');
    }

    fn format_string(interp: &Interp, b: Builtin, args: Args, depth: usize) -> Result<Vec<u8>, LuaError> {
        let fmt_rc = check_str(b, args, 0)?;
        let fmt: &Vec<u8> = &fmt_rc;
        let mut out: Vec<u8> = Vec::new();
        let mut argi = 1;
        let mut i = 0;
        while i < fmt.len() {
            let c = fmt[i];
            i += 1;
            if c != b'%' {
                out.push(c);
                continue;
            }
            if i < fmt.len() && fmt[i] == b'%' {
                out.push(b'%');
                i += 1;
                continue;
            }
            let spec_start = i;
            let (mut left, mut zero, mut plus, mut space, mut alt) = (false, false, false, false, false);
            while i < fmt.len() && b"-0+ #".contains(&fmt[i]) {
                match fmt[i] {
                    b'-' => left = true,
                    b'0' => zero = true,
                    b'+' => plus = true,
                    b' ' => space = true,
                    _ => alt = true,
                }
                i += 1;
            }
            let mut width: usize = 0;
            let mut wd = 0;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                width = width * 10 + (fmt[i] - b'0') as usize;
                i += 1;
                wd += 1;
            }
            let mut precision: Option<usize> = None;
            let mut pd = 0;
            if i < fmt.len() && fmt[i] == b'.' {
                i += 1;
                let mut p = 0;
                while i < fmt.len() && fmt[i].is_ascii_digit() {
                    p = p * 10 + (fmt[i] - b'0') as usize;
                    i += 1;
                    pd += 1;
                }
                precision = Some(p);
            }
            if i >= fmt.len() {
                return err("invalid conversion '%' to 'format'".to_string());
            }
            let conv = fmt[i];
            i += 1;
            if wd > 2 || pd > 2 {
                let spec = show_bytes(&fmt[spec_start - 1..i]);
                return err(format!("invalid conversion '{}' to 'format'", spec));
            }
            if argi >= args.len() && conv != b'%' {
                return arg_error(b, argi, "no value");
            }
            match conv {
                b'd' | b'i' | b'u' if width == 0 && precision.is_none() && !plus && !space => {
                    // (The common plain `%d`: its digits straight into the
                    // output.)
                    append_int(&mut out, check_int(b, args, argi)?);
                }
                b'd' | b'i' | b'u' => {
                    let n = check_int(b, args, argi)?;
                    let mut s = (if n < 0 { (n as u64).wrapping_neg() } else { n as u64 }).to_string();
                    if let Some(p) = precision {
                        while s.len() < p {
                            s.insert(0, '0');
                        }
                        if p == 0 && n == 0 {
                            s = String::new();
                        }
                    }
                    if n < 0 {
                        s.insert(0, '-');
                    }
                    let s = add_sign(s, plus, space);
                    pad(&mut out, s.as_bytes(), width, left, zero && precision.is_none());
                }
                b'c' => {
                    let n = check_int(b, args, argi)?;
                    let fill = width.saturating_sub(1);
                    if !left {
                        push_times(&mut out, b' ', fill);
                    }
                    out.push(n as u8);
                    if left {
                        push_times(&mut out, b' ', fill);
                    }
                }
                b'x' | b'X' | b'o' => {
                    let n = check_int(b, args, argi)? as u64;
                    let mut s = if conv == b'o' {
                        format!("{:o}", n)
                    } else if conv == b'x' {
                        format!("{:x}", n)
                    } else {
                        format!("{:X}", n)
                    };
                    if let Some(p) = precision {
                        while s.len() < p {
                            s.insert(0, '0');
                        }
                    }
                    if alt && n != 0 {
                        if conv == b'o' {
                            s.insert(0, '0');
                        } else if conv == b'x' {
                            s.insert_str(0, "0x");
                        } else {
                            s.insert_str(0, "0X");
                        }
                    }
                    pad(&mut out, s.as_bytes(), width, left, zero && precision.is_none());
                }
                b'e' | b'E' | b'f' | b'F' | b'g' | b'G' => {
                    let x = check_num(b, args, argi)?;
                    let p = precision.unwrap_or(6);
                    let s = match conv {
                        b'e' | b'E' => fmt_e(x, p, conv == b'E'),
                        b'f' | b'F' => fmt_f(x, p),
                        _ => fmt_g(x, p, conv == b'G', alt),
                    };
                    let s =
                        if alt && (conv == b'f' || conv == b'F') && !s.contains('.') { format!("{}.", s) } else { s };
                    let s = add_sign(s, plus, space);
                    let finite = !x.is_nan() && x != f64::INFINITY && x != f64::NEG_INFINITY;
                    pad(&mut out, s.as_bytes(), width, left, zero && finite);
                }
                b'a' | b'A' => return err("not supported: '%a' in string.format".to_string()),
                b'q' => {
                    let v = arg(args, argi);
                    match &v {
                        Value::Str(s) => quote_string(s, &mut out),
                        Value::Int(n) => {
                            if *n == i64::MIN {
                                out.extend_from_slice(b"0x8000000000000000");
                            } else {
                                out.extend_from_slice(n.to_string().as_bytes());
                            }
                        }
                        Value::Num(x) => {
                            if *x == f64::INFINITY {
                                out.extend_from_slice(b"1e9999");
                            } else if *x == f64::NEG_INFINITY {
                                out.extend_from_slice(b"-1e9999");
                            } else if x.is_nan() {
                                out.extend_from_slice(b"(0/0)");
                            } else if float_to_int(*x).is_some() {
                                out.extend_from_slice(format!("{}e+00", fmt_g(*x, 17, false, false)).as_bytes());
                            } else {
                                return err("not supported: '%q' of a float that is not integral".to_string());
                            }
                        }
                        Value::Nil | Value::Bool(_) => append_tostring(interp, &mut out, &v, depth)?,
                        _ => return arg_error(b, argi, "value has no literal form"),
                    }
                }
                b's' => {
                    let v = arg(args, argi);
                    if width == 0 {
                        // (Straight into the output, cut there.)
                        let start = out.len();
                        append_tostring(interp, &mut out, &v, depth)?;
                        if let Some(p) = precision {
                            if out.len() - start > p {
                                out.truncate(start + p);
                            }
                        }
                    } else {
                        let mut s = tostring(interp, &v, depth)?;
                        if let Some(p) = precision {
                            if s.len() > p {
                                s.truncate(p);
                            }
                        }
                        pad(&mut out, &s, width, left, false);
                    }
                }
                _ => {
                    let spec = show_bytes(&fmt[spec_start - 1..i]);
                    return err(format!("invalid conversion '{}' to 'format'", spec));
                }
            }
            argi += 1;
        }
        Ok(out)
    }

    // ---- Lua patterns ---------------------------------------------------

    const CAP_UNFINISHED: i64 = -1;
    const CAP_POSITION: i64 = -2;
    const MAX_CAPTURES: usize = 32;
    const MAX_MATCH_DEPTH: usize = 200;

    /// The state of one match of a pattern against a subject (PUC Lua's
    /// `MatchState`): positions are byte indexes.
    struct Matcher {
        level: usize,
        cap_start: Vec<usize>,
        cap_len: Vec<i64>,
        depth: usize,
        /// What is known of the pattern of this search.
        an: Analysis,
        /// What is known of the last patterns searched with before it: a
        /// program searches with a few (json.lua's decoder alternates
        /// three), and finding the first set and the class ends of each
        /// again at each search was a sixth of its time.
        memo: Vec<Analysis>,
        /// The bytes each class of `CLASS_LETTERS` matches, 256 bits each
        /// (made once per matcher; matchers are reused).
        class_sets: Vec<u64>,
    }

    /// What a matcher found out about a pattern, the same for every search
    /// with it.
    struct Analysis {
        pat: Rc<Vec<u8>>,
        /// Per position of the pattern: where the single character class
        /// starting there ends (`class_end`), once found (`usize::MAX`: not
        /// yet). A search tries the pattern at each position of the
        /// subject, and PUC Lua finds the end of a `[...]` again at each
        /// (json.lua's `gsub('[%c"\\]', ...)`: 4.5% of its time).
        ends: Vec<usize>,
        /// The bytes the first item of the pattern matches (`first_item`),
        /// 256 bits: a search skips the others with one test each, where
        /// PUC Lua parses a `[...]` again at each character (json.lua's
        /// `gsub` and `find` of classes: 6% of its time).
        first: Vec<u64>,
        /// The first item from position `item_from` (`usize::MAX`: not
        /// found yet) as `first_item` gives it.
        item_from: usize,
        item: Option<(usize, usize)>,
    }

    fn analysis(pat: &Rc<Vec<u8>>) -> Analysis {
        let bytes: &Vec<u8> = pat;
        Analysis {
            pat: pat.clone(),
            ends: vec![usize::MAX; bytes.len()],
            first: vec![0; 4],
            item_from: usize::MAX,
            item: None,
        }
    }

    /// Patterns a matcher remembers besides its current one.
    const PATTERNS_REMEMBERED: usize = 4;

    /// The letters of the classes of patterns (`%a`, ...; upper case for
    /// their complements), in the order of `Matcher::class_sets`.
    const CLASS_LETTERS: &[u8] = b"acdglpsuwxz";

    fn class_matches(c: u8, cl: u8) -> bool {
        let res = match cl.to_ascii_lowercase() {
            b'a' => c.is_ascii_alphabetic(),
            b'c' => c.is_ascii_control(),
            b'd' => c.is_ascii_digit(),
            b'g' => c.is_ascii_graphic(),
            b'l' => c.is_ascii_lowercase(),
            b'p' => c.is_ascii_punctuation(),
            b's' => c == b' ' || (c >= 9 && c <= 13),
            b'u' => c.is_ascii_uppercase(),
            b'w' => c.is_ascii_alphanumeric(),
            b'x' => c.is_ascii_hexdigit(),
            b'z' => c == 0,
            _ => return cl == c,
        };
        if cl.is_ascii_uppercase() {
            !res
        } else {
            res
        }
    }

    impl Matcher {
        fn pat_at(&self, src: &[u8], pat: &[u8], p: usize) -> u8 {
            let _ = src;
            if p < pat.len() {
                pat[p]
            } else {
                0
            }
        }

        /// The end of the single-character class at `p`.
        fn class_end(&mut self, src: &[u8], pat: &[u8], p: usize) -> Result<usize, LuaError> {
            match self.an.ends.get(p) {
                Some(&e) if e != usize::MAX => Ok(e),
                _ => {
                    let e = self.find_class_end(src, pat, p)?;
                    if p < self.an.ends.len() {
                        self.an.ends[p] = e;
                    }
                    Ok(e)
                }
            }
        }

        fn find_class_end(&self, src: &[u8], pat: &[u8], p: usize) -> Result<usize, LuaError> {
            let plen = pat.len();
            let c = pat[p];
            let mut p = p + 1;
            if c == b'%' {
                if p >= plen {
                    return err("malformed pattern (ends with '%')".to_string());
                }
                return Ok(p + 1);
            }
            if c == b'[' {
                if self.pat_at(src, pat, p) == b'^' {
                    p += 1;
                }
                loop {
                    if p >= plen {
                        return err("malformed pattern (missing ']')".to_string());
                    }
                    let cc = pat[p];
                    p += 1;
                    if cc == b'%' && p < plen {
                        p += 1;
                    }
                    if self.pat_at(src, pat, p) == b']' && p < plen {
                        break;
                    }
                }
                return Ok(p + 1);
            }
            Ok(p)
        }

        /// Whether `c` is in the set `[...]` from `p` (at `[`) to `ec` (at
        /// `]`).
        fn bracket_class(&self, src: &[u8], pat: &[u8], c: u8, p: usize, ec: usize) -> bool {
            let mut p = p;
            let mut sig = true;
            if self.pat_at(src, pat, p + 1) == b'^' {
                sig = false;
                p += 1;
            }
            p += 1;
            while p < ec {
                if pat[p] == b'%' {
                    p += 1;
                    if class_matches(c, self.pat_at(src, pat, p)) {
                        return sig;
                    }
                    p += 1;
                } else if self.pat_at(src, pat, p + 1) == b'-' && p + 2 < ec {
                    if pat[p] <= c && c <= pat[p + 2] {
                        return sig;
                    }
                    p += 3;
                } else {
                    if pat[p] == c {
                        return sig;
                    }
                    p += 1;
                }
            }
            !sig
        }

        fn single_match(&self, src: &[u8], pat: &[u8], s: usize, p: usize, ep: usize) -> bool {
            if s >= src.len() {
                return false;
            }
            let c = src[s];
            match pat[p] {
                b'.' => true,
                b'%' => class_matches(c, self.pat_at(src, pat, p + 1)),
                b'[' => self.bracket_class(src, pat, c, p, ep - 1),
                pc => pc == c,
            }
        }

        /// Where the item a match of the pattern from `p` must begin with
        /// is (`q..ep`), when every match consumes first a character that
        /// item matches: the first item after the captures' starts (they
        /// consume nothing) is a single character class (not `%b`, `%f`,
        /// a back reference, `)` or the final `$`) with no quantifier or
        /// `+`. A search then skips the positions whose character that
        /// item does not match instead of trying the whole pattern at each
        /// (PUC Lua tries it: `gsub("%s+", " ")` started a match at every
        /// character).
        fn first_item(&mut self, src: &[u8], pat: &[u8], p: usize) -> Result<Option<(usize, usize)>, LuaError> {
            if self.an.item_from != p {
                self.an.item = self.find_first_item(src, pat, p)?;
                self.an.item_from = p;
            }
            Ok(self.an.item)
        }

        fn find_first_item(&mut self, src: &[u8], pat: &[u8], p: usize) -> Result<Option<(usize, usize)>, LuaError> {
            let mut q = p;
            while q < pat.len() && pat[q] == b'(' {
                q += if self.pat_at(src, pat, q + 1) == b')' { 2 } else { 1 };
            }
            if q >= pat.len() || pat[q] == b')' || (pat[q] == b'$' && q + 1 == pat.len()) {
                return Ok(None);
            }
            let next = self.pat_at(src, pat, q + 1);
            if pat[q] == b'%' && (next == b'b' || next == b'f' || next.is_ascii_digit()) {
                return Ok(None);
            }
            let ep = self.class_end(src, pat, q)?;
            if matches!(self.pat_at(src, pat, ep), b'*' | b'?' | b'-') {
                return Ok(None);
            }
            self.first_set(pat, q, ep);
            Ok(Some((q, ep)))
        }

        /// Makes `first` the bytes the single character class `q..ep`
        /// matches (as `single_match` tells).
        fn first_set(&mut self, pat: &[u8], q: usize, ep: usize) {
            let all = pat[q] == b'.';
            for w in self.an.first.iter_mut() {
                *w = if all { u64::MAX } else { 0 };
            }
            match pat[q] {
                b'.' => {}
                b'%' => self.add_class(self.pat_at(pat, pat, q + 1)),
                b'[' => self.add_bracket(pat, q, ep - 1),
                c => self.add_range(c, c),
            }
        }

        /// Adds to `first` the bytes of the set `[...]` from `p` (at `[`)
        /// to `ec` (at `]`), read as `bracket_class` reads it.
        fn add_bracket(&mut self, pat: &[u8], p: usize, ec: usize) {
            let mut p = p;
            let negated = self.pat_at(pat, pat, p + 1) == b'^';
            if negated {
                p += 1;
            }
            p += 1;
            while p < ec {
                if pat[p] == b'%' {
                    p += 1;
                    self.add_class(self.pat_at(pat, pat, p));
                    p += 1;
                } else if self.pat_at(pat, pat, p + 1) == b'-' && p + 2 < ec {
                    self.add_range(pat[p], pat[p + 2]);
                    p += 3;
                } else {
                    self.add_range(pat[p], pat[p]);
                    p += 1;
                }
            }
            if negated {
                for w in self.an.first.iter_mut() {
                    *w = !*w;
                }
            }
        }

        /// Adds to `first` the bytes `%cl` matches (`class_matches`).
        fn add_class(&mut self, cl: u8) {
            let lower = cl.to_ascii_lowercase();
            match CLASS_LETTERS.iter().position(|l| *l == lower) {
                Some(i) => {
                    for k in 0..4 {
                        let set = self.class_sets[4 * i + k];
                        self.an.first[k] |= if cl.is_ascii_uppercase() { !set } else { set };
                    }
                }
                None => self.add_range(cl, cl),
            }
        }

        /// Adds the bytes `lo..=hi` to `first`.
        fn add_range(&mut self, lo: u8, hi: u8) {
            let mut c = lo as usize;
            while c <= hi as usize {
                self.an.first[c / 64] |= 1u64 << (c % 64);
                c += 1;
            }
        }

        /// The first position from `s` where a match may start: where the
        /// subject's character is in `first`, when there is a first `item`
        /// (`first_item`), else `s` itself; `None` when no position left
        /// may.
        fn next_start(&self, src: &[u8], s: usize, item: Option<(usize, usize)>) -> Option<usize> {
            if item.is_none() {
                return Some(s);
            }
            let mut s = s;
            while s < src.len() && self.an.first[(src[s] / 64) as usize] & (1u64 << (src[s] % 64)) == 0 {
                s += 1;
            }
            if s < src.len() {
                Some(s)
            } else {
                None
            }
        }

        /// The end of a match of the pattern from `p` at subject `s`, where
        /// `next_start` stopped for the first item `item`. When the whole
        /// pattern is that item, one character class (json.lua's `gsub` of
        /// `[%c"\\]`), the byte at `s` is in its set: the match is that
        /// byte, with no class parsed again.
        fn match_at(
            &mut self,
            src: &[u8],
            pat: &[u8],
            s: usize,
            p: usize,
            item: Option<(usize, usize)>,
        ) -> Result<Option<usize>, LuaError> {
            if let Some((q, ep)) = item {
                if q == p && ep == pat.len() && s < src.len() {
                    return Ok(Some(s + 1));
                }
            }
            self.do_match(src, pat, s, p)
        }

        /// The end of a match of the pattern from `p` at subject `s`.
        fn do_match(&mut self, src: &[u8], pat: &[u8], s: usize, p: usize) -> Result<Option<usize>, LuaError> {
            if self.depth == 0 {
                return err("pattern too complex".to_string());
            }
            self.depth -= 1;
            let r = self.match_loop(src, pat, s, p);
            self.depth += 1;
            r
        }

        fn match_loop(&mut self, src: &[u8], pat: &[u8], s: usize, p: usize) -> Result<Option<usize>, LuaError> {
            let mut s = s;
            let mut p = p;
            let plen = pat.len();
            loop {
                if p >= plen {
                    return Ok(Some(s));
                }
                match pat[p] {
                    b'(' => {
                        if self.pat_at(src, pat, p + 1) == b')' {
                            return self.start_capture(src, pat, s, p + 2, CAP_POSITION);
                        }
                        return self.start_capture(src, pat, s, p + 1, CAP_UNFINISHED);
                    }
                    b')' => return self.end_capture(src, pat, s, p + 1),
                    b'$' if p + 1 == plen => {
                        return Ok(if s == src.len() { Some(s) } else { None });
                    }
                    b'%' if self.pat_at(src, pat, p + 1) == b'b' => match self.match_balance(src, pat, s, p + 2)? {
                        Some(e) => {
                            s = e;
                            p += 4;
                            continue;
                        }
                        None => return Ok(None),
                    },
                    b'%' if self.pat_at(src, pat, p + 1) == b'f' => {
                        p += 2;
                        if self.pat_at(src, pat, p) != b'[' {
                            return err("missing '[' after '%f' in pattern".to_string());
                        }
                        let ep = self.class_end(src, pat, p)?;
                        let prev = if s == 0 { 0 } else { src[s - 1] };
                        let cur = if s < src.len() { src[s] } else { 0 };
                        if !self.bracket_class(src, pat, prev, p, ep - 1)
                            && self.bracket_class(src, pat, cur, p, ep - 1)
                        {
                            p = ep;
                            continue;
                        }
                        return Ok(None);
                    }
                    b'%' if self.pat_at(src, pat, p + 1).is_ascii_digit() => {
                        match self.match_capture(src, pat, s, self.pat_at(src, pat, p + 1))? {
                            Some(e) => {
                                s = e;
                                p += 2;
                                continue;
                            }
                            None => return Ok(None),
                        }
                    }
                    _ => {
                        let ep = self.class_end(src, pat, p)?;
                        let epc = self.pat_at(src, pat, ep);
                        let ep_in = ep < plen;
                        if !self.single_match(src, pat, s, p, ep) {
                            if ep_in && (epc == b'*' || epc == b'?' || epc == b'-') {
                                p = ep + 1;
                                continue;
                            }
                            return Ok(None);
                        }
                        if ep_in && epc == b'?' {
                            if let Some(r) = self.do_match(src, pat, s + 1, ep + 1)? {
                                return Ok(Some(r));
                            }
                            p = ep + 1;
                            continue;
                        }
                        if ep_in && epc == b'+' {
                            return self.max_expand(src, pat, s + 1, p, ep);
                        }
                        if ep_in && epc == b'*' {
                            return self.max_expand(src, pat, s, p, ep);
                        }
                        if ep_in && epc == b'-' {
                            return self.min_expand(src, pat, s, p, ep);
                        }
                        s += 1;
                        p = ep;
                    }
                }
            }
        }

        fn max_expand(
            &mut self,
            src: &[u8],
            pat: &[u8],
            s: usize,
            p: usize,
            ep: usize,
        ) -> Result<Option<usize>, LuaError> {
            let mut i: usize = 0;
            while self.single_match(src, pat, s + i, p, ep) {
                i += 1;
            }
            loop {
                if let Some(r) = self.do_match(src, pat, s + i, ep + 1)? {
                    return Ok(Some(r));
                }
                if i == 0 {
                    return Ok(None);
                }
                i -= 1;
            }
        }

        fn min_expand(
            &mut self,
            src: &[u8],
            pat: &[u8],
            s: usize,
            p: usize,
            ep: usize,
        ) -> Result<Option<usize>, LuaError> {
            let mut s = s;
            loop {
                if let Some(r) = self.do_match(src, pat, s, ep + 1)? {
                    return Ok(Some(r));
                }
                if self.single_match(src, pat, s, p, ep) {
                    s += 1;
                } else {
                    return Ok(None);
                }
            }
        }

        fn start_capture(
            &mut self,
            src: &[u8],
            pat: &[u8],
            s: usize,
            p: usize,
            what: i64,
        ) -> Result<Option<usize>, LuaError> {
            if self.level >= MAX_CAPTURES {
                return err("too many captures".to_string());
            }
            // (Made as captures open: most patterns have none or few.)
            if self.level == self.cap_start.len() {
                self.cap_start.push(s);
                self.cap_len.push(what);
            } else {
                self.cap_start[self.level] = s;
                self.cap_len[self.level] = what;
            }
            self.level += 1;
            let r = self.do_match(src, pat, s, p)?;
            if r.is_none() {
                self.level -= 1;
            }
            Ok(r)
        }

        fn end_capture(&mut self, src: &[u8], pat: &[u8], s: usize, p: usize) -> Result<Option<usize>, LuaError> {
            let mut l = self.level;
            let mut found = false;
            while l > 0 {
                l -= 1;
                if self.cap_len[l] == CAP_UNFINISHED {
                    found = true;
                    break;
                }
            }
            if !found {
                return err("invalid pattern capture".to_string());
            }
            self.cap_len[l] = (s - self.cap_start[l]) as i64;
            let r = self.do_match(src, pat, s, p)?;
            if r.is_none() {
                self.cap_len[l] = CAP_UNFINISHED;
            }
            Ok(r)
        }

        fn match_balance(&mut self, src: &[u8], pat: &[u8], s: usize, p: usize) -> Result<Option<usize>, LuaError> {
            if p + 1 >= pat.len() {
                return err("malformed pattern (missing arguments to '%b')".to_string());
            }
            if s >= src.len() || src[s] != pat[p] {
                return Ok(None);
            }
            let open = pat[p];
            let close = pat[p + 1];
            let mut cont = 1;
            let mut s = s + 1;
            while s < src.len() {
                let c = src[s];
                if c == close {
                    cont -= 1;
                    if cont == 0 {
                        return Ok(Some(s + 1));
                    }
                } else if c == open {
                    cont += 1;
                }
                s += 1;
            }
            Ok(None)
        }

        fn match_capture(&mut self, src: &[u8], pat: &[u8], s: usize, l: u8) -> Result<Option<usize>, LuaError> {
            let _ = pat;
            let idx = l as i64 - b'1' as i64;
            if idx < 0 || idx as usize >= self.level || self.cap_len[idx as usize] == CAP_UNFINISHED {
                return err(format!("invalid capture index %{}", idx + 1));
            }
            let start = self.cap_start[idx as usize];
            let len = self.cap_len[idx as usize].max(0) as usize;
            if src.len() - s >= len && src[start..start + len] == src[s..s + len] {
                return Ok(Some(s + len));
            }
            Ok(None)
        }

        /// Where capture `i` of a match `s..e` is (the whole match when
        /// there are no captures and `i` is 0): its start and its length,
        /// `CAP_POSITION` for a position capture.
        fn capture_span(&self, i: usize, s: usize, e: usize) -> Result<(usize, i64), LuaError> {
            if i >= self.level {
                if i != 0 {
                    return err(format!("invalid capture index %{}", i + 1));
                }
                return Ok((s, (e - s) as i64));
            }
            let l = self.cap_len[i];
            if l == CAP_UNFINISHED {
                return err("unfinished capture".to_string());
            }
            Ok((self.cap_start[i], l))
        }

        /// Capture `i` of a match `s..e` (see `capture_span`).
        fn capture(&self, src: &[u8], pat: &[u8], i: usize, s: usize, e: usize) -> Result<Value, LuaError> {
            let _ = pat;
            let (start, l) = self.capture_span(i, s, e)?;
            if l == CAP_POSITION {
                return Ok(Value::Int(start as i64 + 1));
            }
            Ok(sub_str(src, start, start + l as usize))
        }

        /// Appends the text of capture `i` of a match `s..e` to `out`, as
        /// `append_text` would the value of `capture` (made for nothing
        /// else).
        fn append_capture(&self, out: &mut Vec<u8>, src: &[u8], i: usize, s: usize, e: usize) -> Result<(), LuaError> {
            let (start, l) = self.capture_span(i, s, e)?;
            if l == CAP_POSITION {
                append_int(out, start as i64 + 1);
            } else {
                out.extend_from_slice(&src[start..start + l as usize]);
            }
            Ok(())
        }

        /// All the captures (or the whole match when `whole` and there are
        /// none).
        fn captures(&self, src: &[u8], pat: &[u8], s: usize, e: usize, whole: bool) -> Result<Vec<Value>, LuaError> {
            let mut out: Vec<Value> = Vec::new();
            self.put_captures(src, pat, s, e, whole, &mut out, 0, MULTI, 0)?;
            Ok(out)
        }

        /// Puts the captures (as `captures`) as results `from..` of a call
        /// (see `put_result`): how many results the call has then.
        fn put_captures(
            &self,
            src: &[u8],
            pat: &[u8],
            s: usize,
            e: usize,
            whole: bool,
            regs: &mut Vec<Value>,
            a: usize,
            nres: usize,
            from: usize,
        ) -> Result<usize, LuaError> {
            let n = self.capture_count(whole);
            let mut i = 0;
            while i < n {
                put_result(regs, a, nres, from + i, self.capture(src, pat, i, s, e)?);
                i += 1;
            }
            Ok(from + n)
        }

        /// How many captures `captures` gives.
        fn capture_count(&self, whole: bool) -> usize {
            if self.level == 0 && whole {
                1
            } else {
                self.level
            }
        }

        fn reset(&mut self) {
            self.level = 0;
            self.depth = MAX_MATCH_DEPTH;
        }

        /// Ready for a search with the pattern `pat` (every search starts
        /// so): what is known of it becomes the current analysis, the one
        /// before remembered (the oldest forgotten).
        fn start(&mut self, pat: &Rc<Vec<u8>>) {
            // (Most often the same string: a constant of the program.)
            let same = |a: &Analysis| Rc::ptr_eq(&a.pat, pat) || *a.pat == **pat;
            if same(&self.an) {
                return;
            }
            let known = self.memo.iter().position(same);
            let an = match known {
                Some(i) => self.memo.remove(i),
                None => analysis(pat),
            };
            let before = std::mem::replace(&mut self.an, an);
            if self.memo.len() == PATTERNS_REMEMBERED {
                self.memo.remove(0);
            }
            self.memo.push(before);
        }
    }

    fn matcher() -> Matcher {
        let mut class_sets: Vec<u64> = vec![0; 4 * CLASS_LETTERS.len()];
        for (i, l) in CLASS_LETTERS.iter().enumerate() {
            for c in 0..256usize {
                if class_matches(c as u8, *l) {
                    class_sets[4 * i + c / 64] |= 1u64 << (c % 64);
                }
            }
        }
        Matcher {
            level: 0,
            cap_start: Vec::new(),
            cap_len: Vec::new(),
            depth: MAX_MATCH_DEPTH,
            an: analysis(&Rc::new(Vec::new())),
            memo: Vec::new(),
            class_sets,
        }
    }

    /// A matcher not in use, for one search; `give_matcher` takes it back.
    fn take_matcher(interp: &Interp) -> Matcher {
        let spare = interp.matchers.borrow_mut().pop();
        match spare {
            Some(m) => m,
            None => matcher(),
        }
    }

    fn give_matcher(interp: &Interp, m: Matcher) {
        interp.matchers.borrow_mut().push(m);
    }

    /// Whether the pattern `p` has a special character (else `find` looks
    /// for it as plain text). Of a string (immutable): in a trace, a
    /// constant pattern's answer is a constant.
    #[elidable]
    fn has_specials(p: &Vec<u8>) -> bool {
        for c in p {
            if b"^$*+?.([%-".contains(c) {
                return true;
            }
        }
        false
    }

    /// `string.find` (`find`) and `string.match` of the `n` arguments after
    /// `regs[a]`, their results put at `regs[a..]` (see `call_builtin`).
    fn str_find(
        interp: &Interp,
        b: Builtin,
        frame: &mut Frame,
        a: usize,
        n: usize,
        nres: usize,
        find: bool,
    ) -> Result<usize, LuaError> {
        let args = Args { frame, a, n };
        let s_rc = check_str(b, args, 0)?;
        let s: &Vec<u8> = &s_rc;
        let p_rc = check_str(b, args, 1)?;
        let p: &Vec<u8> = &p_rc;
        let init = opt_int(b, args, 2, 1)?;
        let plain = find && (truthy(&arg(args, 3)) || !has_specials(p));
        let mut m = take_matcher(interp);
        let r = match find_span(&mut m, s, &p_rc, init, plain) {
            Ok(Some((start, end))) if find => {
                two(&mut frame.regs, a, nres, Value::Int(start as i64 + 1), Value::Int(end as i64));
                m.put_captures(s, p, start, end, false, &mut frame.regs, a, nres, 2)
            }
            Ok(Some((start, end))) => m.put_captures(s, p, start, end, true, &mut frame.regs, a, nres, 0),
            Ok(None) => Ok(one(&mut frame.regs, a, nres, Value::Nil)),
            Err(e) => Err(e),
        };
        give_matcher(interp, m);
        r
    }

    /// Where `p` is first found in `s` from position `init` (Lua's: from
    /// 1, or back from the end), as a plain string when `plain`: the
    /// start and end of the match, its captures left in `m`.
    fn find_span(
        m: &mut Matcher,
        s: &Vec<u8>,
        p_rc: &Rc<Vec<u8>>,
        init: i64,
        plain: bool,
    ) -> Result<Option<(usize, usize)>, LuaError> {
        let p: &Vec<u8> = p_rc;
        let len = s.len();
        let init = pos_relative(init, len).max(1);
        if init > len as i64 + 1 {
            return Ok(None);
        }
        let init = (init - 1) as usize;
        m.reset();
        if plain {
            let n = p.len();
            let mut i = init;
            while i + n <= len {
                if s[i..i + n] == p[..] {
                    return Ok(Some((i, i + n)));
                }
                i += 1;
            }
            return Ok(None);
        }
        let anchor = !p.is_empty() && p[0] == b'^';
        let pstart = if anchor { 1 } else { 0 };
        m.start(p_rc);
        let first = if anchor { None } else { m.first_item(s, p, pstart)? };
        let mut s1 = init;
        loop {
            let Some(at) = m.next_start(s, s1, first) else {
                return Ok(None);
            };
            s1 = at;
            m.reset();
            if let Some(e) = m.match_at(s, p, s1, pstart, first)? {
                return Ok(Some((s1, e)));
            }
            s1 += 1;
            if anchor || s1 > len {
                return Ok(None);
            }
        }
    }

    /// Where `string.find(s, p, init)` finds `p` first (its first result):
    /// 0 for nowhere, -1 for a pattern it rejects (the full call reports
    /// the error). A call of the fast path (whose trace does not go into
    /// the search).
    fn find_first(interp: &Interp, s: &Vec<u8>, p: &Rc<Vec<u8>>, init: i64) -> i64 {
        let mut m = take_matcher(interp);
        let r = find_span(&mut m, s, p, init, !has_specials(p));
        give_matcher(interp, m);
        match r {
            Ok(Some((start, _))) => start as i64 + 1,
            Ok(None) => 0,
            Err(_) => -1,
        }
    }

    /// One step of a `gmatch` iterator: its state is the subject, the
    /// pattern, the position and the end of the last match.
    fn gmatch_step(
        interp: &Interp,
        g: &NativeFn,
        regs: &mut Vec<Value>,
        a: usize,
        nres: usize,
    ) -> Result<usize, LuaError> {
        let mut m = take_matcher(interp);
        let r = gmatch_step_with(&mut m, g, regs, a, nres);
        give_matcher(interp, m);
        r
    }

    fn gmatch_step_with(
        m: &mut Matcher,
        g: &NativeFn,
        regs: &mut Vec<Value>,
        a: usize,
        nres: usize,
    ) -> Result<usize, LuaError> {
        let (s, p, mut pos, last) = {
            let st = g.state.borrow();
            let s = match &st[0] {
                Value::Str(s) => s.clone(),
                _ => Rc::new(Vec::new()),
            };
            let p = match &st[1] {
                Value::Str(p) => p.clone(),
                _ => Rc::new(Vec::new()),
            };
            let pos = match &st[2] {
                Value::Int(i) => *i as usize,
                _ => 0,
            };
            let last = match &st[3] {
                Value::Int(i) => *i,
                _ => -1,
            };
            (s, p, pos, last)
        };
        m.start(&p);
        let s: &Vec<u8> = &s;
        let p: &Vec<u8> = &p;
        let len = s.len();
        let first = if pos <= len { m.first_item(s, p, 0)? } else { None };
        while pos <= len {
            let Some(at) = m.next_start(s, pos, first) else {
                break;
            };
            pos = at;
            m.reset();
            if let Some(e) = m.match_at(s, p, pos, 0, first)? {
                if e as i64 != last {
                    let count = m.put_captures(s, p, pos, e, true, regs, a, nres, 0)?;
                    let mut st = g.state.borrow_mut();
                    st[2] = Value::Int(e as i64);
                    st[3] = Value::Int(e as i64);
                    return Ok(count);
                }
            }
            pos += 1;
        }
        g.state.borrow_mut()[2] = Value::Int(len as i64 + 1);
        Ok(0)
    }

    /// `string.gsub`: the new string and the number of matches replaced.
    fn str_gsub(interp: &Interp, b: Builtin, args: Args, depth: usize) -> Result<(Value, i64), LuaError> {
        let mut m = take_matcher(interp);
        let r = str_gsub_with(&mut m, interp, b, args, depth);
        give_matcher(interp, m);
        r
    }

    fn str_gsub_with(
        m: &mut Matcher,
        interp: &Interp,
        b: Builtin,
        args: Args,
        depth: usize,
    ) -> Result<(Value, i64), LuaError> {
        let s_rc = check_str(b, args, 0)?;
        let s: &Vec<u8> = &s_rc;
        let p_rc = check_str(b, args, 1)?;
        let p: &Vec<u8> = &p_rc;
        let repl = arg(args, 2);
        match &repl {
            Value::Str(_) | Value::Int(_) | Value::Num(_) | Value::Table(_) => {}
            r if is_callable(r) => {}
            _ => return type_error(b, args, 2, "string/function/table"),
        }
        let max_n = match arg(args, 3) {
            Value::Nil => i64::MAX,
            _ => check_int(b, args, 3)?,
        };
        let anchor = !p.is_empty() && p[0] == b'^';
        let pstart = if anchor { 1 } else { 0 };
        let len = s.len();
        // The new string: `s[..copied]` replaced, the bytes up to a match
        // copied at the match (not one by one), and none when nothing
        // changes, as PUC Lua returns the subject then (its buffer is made
        // at the first match).
        let mut out: Option<Vec<u8>> = None;
        let mut copied = 0;
        let mut changed = false;
        let mut src = 0;
        let mut last: i64 = -1;
        let mut n: i64 = 0;
        m.start(&p_rc);
        let first = if anchor || max_n <= 0 { None } else { m.first_item(s, p, pstart)? };
        while n < max_n {
            let Some(at) = m.next_start(s, src, first) else {
                break;
            };
            src = at;
            m.reset();
            let e = m.match_at(s, p, src, pstart, first)?;
            match e {
                Some(e) if e as i64 != last => {
                    n += 1;
                    let mut buf = out.take().unwrap_or_default();
                    buf.extend_from_slice(&s[copied..src]);
                    changed = add_value(interp, &m, s, p, &mut buf, src, e, &repl, depth)? || changed;
                    out = Some(buf);
                    src = e;
                    copied = e;
                    last = e as i64;
                }
                _ => {
                    if src < len {
                        src += 1;
                    } else {
                        break;
                    }
                }
            }
            if anchor {
                break;
            }
        }
        if !changed {
            // (The string value itself, or one of a number's text.)
            let subject = match args.at(0) {
                Value::Str(_) => args.at(0).clone(),
                _ => Value::Str(s_rc.clone()),
            };
            return Ok((subject, n));
        }
        let mut buf = out.take().unwrap_or_default();
        buf.extend_from_slice(&s[copied..]);
        Ok((bstr(buf), n))
    }

    /// Appends the replacement of the match `s..e` to `out`: whether it
    /// is another text than the match's (false for nil or false, which
    /// keep the match).
    fn add_value(
        interp: &Interp,
        m: &Matcher,
        subject: &[u8],
        pat: &[u8],
        out: &mut Vec<u8>,
        s: usize,
        e: usize,
        repl: &Value,
        depth: usize,
    ) -> Result<bool, LuaError> {
        let value = match repl {
            Value::Str(r) => return add_template(m, subject, out, s, e, r),
            Value::Int(_) | Value::Num(_) => return add_template(m, subject, out, s, e, &number_text(repl)),
            Value::Table(_) => {
                let key = m.capture(subject, pat, 0, s, e)?;
                index(interp, repl, &key, depth)?
            }
            // (A Lua function gets the captures in its frame: no list.)
            Value::Func(c) => {
                let proto: &Proto = &c.proto;
                let mut frame = blank_frame(proto);
                let mut i = 0;
                while i < m.capture_count(true) {
                    give_arg(&mut frame, proto, i, m.capture(subject, pat, i, s, e)?);
                    i += 1;
                }
                first_result(&run_frame(interp, c, frame, depth)?)
            }
            _ => {
                let caps = m.captures(subject, pat, s, e, true)?;
                call1_list(interp, repl, caps, depth)?
            }
        };
        match &value {
            Value::Nil | Value::Bool(false) => {
                out.extend_from_slice(&subject[s..e]);
                Ok(false)
            }
            Value::Str(_) | Value::Int(_) | Value::Num(_) => {
                append_text(out, &value);
                Ok(true)
            }
            other => err(format!("invalid replacement value (a {})", type_name(other))),
        }
    }

    /// Appends the replacement string `r` of the match `s..e` to `out`, its
    /// `%0`..`%9` replaced by the captures (read in the subject: no strings
    /// of them).
    fn add_template(
        m: &Matcher,
        subject: &[u8],
        out: &mut Vec<u8>,
        s: usize,
        e: usize,
        r: &Vec<u8>,
    ) -> Result<bool, LuaError> {
        let mut k = 0;
        while k < r.len() {
            let c = r[k];
            k += 1;
            if c != b'%' {
                out.push(c);
                continue;
            }
            let d = if k < r.len() { r[k] } else { 0 };
            k += 1;
            if d == b'%' {
                out.push(b'%');
            } else if d == b'0' {
                out.extend_from_slice(&subject[s..e]);
            } else if d.is_ascii_digit() {
                m.append_capture(out, subject, (d - b'1') as usize, s, e)?;
            } else {
                return err("invalid use of '%' in replacement string".to_string());
            }
        }
        Ok(true)
    }

    // ---- table.sort: PUC Lua's quicksort --------------------------------

    fn sort_less(interp: &Interp, comp: &Value, a: &Value, b: &Value, depth: usize) -> Result<bool, LuaError> {
        if matches!(comp, Value::Nil) {
            less(interp, a, b, false, depth)
        } else {
            let r = call1(interp, comp, 2, a.clone(), b.clone(), Value::Nil, depth)?;
            Ok(truthy(&r))
        }
    }

    fn table_sort(interp: &Interp, t: &Rc<RefCell<Table>>, comp: &Value, depth: usize) -> Result<(), LuaError> {
        let n = t.borrow().length();
        if n > 1 {
            if n >= i32::MAX as i64 {
                return err("bad argument #1 to 'table.sort' (array too big)".to_string());
            }
            // Sorted in a list, written back after (the comparator may not
            // see the table half-sorted as Lua's does; it should not look).
            let mut a: Vec<Value> = Vec::with_capacity(n as usize + 1);
            a.push(Value::Nil);
            let mut k = 1;
            while k <= n {
                a.push(t.borrow().get_int(k));
                k += 1;
            }
            aux_sort(interp, &mut a, 1, n as usize, comp, depth)?;
            let mut tb = t.borrow_mut();
            let mut k = 1;
            while k <= n as usize {
                let v = std::mem::replace(&mut a[k], Value::Nil);
                tb.set_int(k as i64, v);
                k += 1;
            }
        }
        Ok(())
    }

    fn aux_sort(
        interp: &Interp,
        a: &mut Vec<Value>,
        lo: usize,
        up: usize,
        comp: &Value,
        depth: usize,
    ) -> Result<(), LuaError> {
        let mut lo = lo;
        let mut up = up;
        while lo < up {
            // Sort the elements lo, (lo+up)/2 and up.
            if sort_less(interp, comp, &a[up], &a[lo], depth)? {
                a.swap(lo, up);
            }
            if up - lo == 1 {
                break;
            }
            let p = lo + (up - lo) / 2;
            if sort_less(interp, comp, &a[p], &a[lo], depth)? {
                a.swap(p, lo);
            } else if sort_less(interp, comp, &a[up], &a[p], depth)? {
                a.swap(p, up);
            }
            if up - lo == 2 {
                break;
            }
            let pivot = a[p].clone();
            a.swap(p, up - 1);
            // Partition: a[lo] <= P == a[up-1] <= a[up].
            let mut i = lo;
            let mut j = up - 1;
            loop {
                i += 1;
                while sort_less(interp, comp, &a[i], &pivot, depth)? {
                    if i == up - 1 {
                        return err("invalid order function for sorting".to_string());
                    }
                    i += 1;
                }
                j -= 1;
                while sort_less(interp, comp, &pivot, &a[j], depth)? {
                    if j < i {
                        return err("invalid order function for sorting".to_string());
                    }
                    j -= 1;
                }
                if j < i {
                    break;
                }
                a.swap(i, j);
            }
            a.swap(up - 1, i);
            let p = i;
            // Recurse into the smaller part, loop on the larger.
            if p - lo < up - p {
                aux_sort(interp, a, lo, p - 1, comp, depth)?;
                lo = p + 1;
            } else {
                aux_sort(interp, a, p + 1, up, comp, depth)?;
                up = p - 1;
            }
        }
        Ok(())
    }

    // ---- start-up -------------------------------------------------------

    fn new_interp() -> Interp {
        let (yes, no) = (Value::Bool(true), Value::Bool(false));
        let interp = Interp {
            globals: Rc::new(RefCell::new(Table { strs_version: 1, ..empty_table(None, 0) })),
            string_meta: RefCell::new(None),
            loaded: Rc::new(RefCell::new(empty_table(None, 0))),
            empty_shape: new_shape(HashMap::new(), 0),
            index_name: b"__index".to_vec(),
            newindex_name: b"__newindex".to_vec(),
            index_key: lstr("__index"),
            event_keys: EVENT_NAMES.iter().map(|n| n.as_bytes().to_vec()).collect(),
            type_names: TYPE_NAMES.iter().map(|n| lstr(n)).collect(),
            empty_string: lstr(""),
            no_bytes: Rc::new(Vec::new()),
            byte_strings: (0..256).map(|c| bstr(vec![c as u8])).collect(),
            true_value: yes.clone(),
            false_value: no.clone(),
            bools: vec![no, yes],
            next_fn: Value::Builtin(Builtin::Next),
            ipairs_step_fn: Value::Builtin(Builtin::IpairsStep),
            zero: Value::Int(0),
            rng: RefCell::new(vec![0, 0, 0, 0]),
            matchers: RefCell::new(Vec::new()),
            spare_regs: RefCell::new(Vec::new()),
            nils: vec![Value::Nil; NILS],
        };
        let libs = ["string", "table", "math", "os", "io", "package"];
        for lib in libs {
            let t = table_value(&interp);
            interp.globals.borrow_mut().set(lstr(lib), t.clone());
            interp.loaded.borrow_mut().set(lstr(lib), t);
        }
        let mut k = 0;
        while k < LIBRARY.len() {
            let (lib, name, f) = LIBRARY[k];
            if lib.is_empty() {
                interp.globals.borrow_mut().set(lstr(name), Value::Builtin(f));
            } else {
                let t = interp.globals.borrow().get_str(&lib.as_bytes().to_vec());
                if let Value::Table(tb) = t {
                    tb.borrow_mut().set(lstr(name), Value::Builtin(f));
                }
            }
            k += 1;
        }
        let g = Value::Table(interp.globals.clone());
        interp.globals.borrow_mut().set(lstr("_G"), g.clone());
        interp.loaded.borrow_mut().set(lstr("_G"), g);
        interp.globals.borrow_mut().set(lstr("_VERSION"), lstr("Lua 5.4"));
        let math = interp.globals.borrow().get_str(&b"math".to_vec());
        if let Value::Table(m) = &math {
            let mut mt = m.borrow_mut();
            mt.set(lstr("pi"), Value::Num(std::f64::consts::PI));
            mt.set(lstr("huge"), Value::Num(f64::INFINITY));
            mt.set(lstr("maxinteger"), Value::Int(i64::MAX));
            mt.set(lstr("mininteger"), Value::Int(i64::MIN));
        }
        // io.stdout with its `write` method.
        let stdout = table_value(&interp);
        let file_meta = table_value(&interp);
        let file_methods = table_value(&interp);
        if let (Value::Table(f), Value::Table(fm), Value::Table(methods)) = (&stdout, &file_meta, &file_methods) {
            methods.borrow_mut().set(lstr("write"), Value::Builtin(Builtin::FileWrite));
            fm.borrow_mut().set(lstr("__index"), file_methods.clone());
            fm.borrow_mut().set(lstr("__name"), lstr("FILE*"));
            f.borrow_mut().meta = Some(fm.clone());
        }
        let io = interp.globals.borrow().get_str(&b"io".to_vec());
        if let Value::Table(t) = &io {
            t.borrow_mut().set(lstr("stdout"), stdout);
        }
        // Strings index the `string` table.
        let string = interp.globals.borrow().get_str(&b"string".to_vec());
        let smeta = new_table(&interp);
        let smeta = Rc::new(RefCell::new(smeta));
        smeta.borrow_mut().set(lstr("__index"), string);
        *interp.string_meta.borrow_mut() = Some(smeta);
        let package = interp.globals.borrow().get_str(&b"package".to_vec());
        let preload = table_value(&interp);
        if let Value::Table(p) = &package {
            let mut pt = p.borrow_mut();
            pt.set(
                lstr("path"),
                lstr("/usr/local/share/lua/5.4/?.lua;/usr/local/share/lua/5.4/?/init.lua;./?.lua;./?/init.lua"),
            );
            pt.set(lstr("loaded"), Value::Table(interp.loaded.clone()));
            pt.set(lstr("preload"), preload);
            pt.set(lstr("cpath"), lstr(""));
            pt.set(lstr("config"), lstr("/\n;\n?\n!\n-\n"));
        }
        set_seed(&interp, 0, 0);
        interp
    }

    /// Prints an error that ends the program as `lua` does: the message
    /// and a traceback header on stderr.
    fn report(interp: &Interp, e: LuaError) {
        std::io::stdout().flush().unwrap();
        let v = error_value(e);
        let msg = match &v {
            Value::Str(s) => show_bytes(s),
            Value::Int(_) | Value::Num(_) => show_bytes(&number_text(&v)),
            _ => {
                let h = metamethod(interp, &v, Event::ToString);
                if matches!(h, Value::Nil) {
                    format!("(error object is a {} value)", type_name(&v))
                } else {
                    match tostring(interp, &v, 0) {
                        Ok(s) => show_bytes(&s),
                        Err(_) => format!("(error object is a {} value)", type_name(&v)),
                    }
                }
            }
        };
        eprintln!("lua: {}\nstack traceback:\n\t[C]: in ?", msg);
    }

    /// How messages name a file: as given, or its last 56 bytes after
    /// `...` when it is longer than 59 (PUC Lua's `luaO_chunkid`).
    fn chunk_id(name: &str) -> String {
        let n = name.len();
        if n <= 59 {
            return name.to_string();
        }
        let bytes = name.as_bytes();
        let mut s = "...".to_string();
        s.push_str(&show_bytes(&bytes[n - 56..]));
        s
    }

    /// `rpylua FILE [ARGS]` (or `-e CODE`): runs a Lua program.
    pub fn entry_point(argv: Vec<String>) -> i32 {
        let interp = new_interp();
        if argv.len() < 2 {
            eprintln!("usage: rpylua FILE [ARGS] | -e CODE");
            return 1;
        }
        let (src, chunk, script) = if argv[1] == "-e" {
            if argv.len() < 3 {
                eprintln!("lua: '-e' needs argument");
                return 1;
            }
            (argv[2].as_bytes().to_vec(), "(command line)".to_string(), 2)
        } else {
            match std::fs::read(&argv[1]) {
                Ok(s) => (s, chunk_id(&argv[1]), 1),
                Err(_) => {
                    eprintln!("lua: cannot open {}", argv[1]);
                    return 1;
                }
            }
        };
        // `arg`: the script at 0, its arguments from 1.
        let arg_table = table_value(&interp);
        let mut script_args: Vec<Value> = Vec::new();
        if let Value::Table(t) = &arg_table {
            let mut tb = t.borrow_mut();
            let mut k = 0;
            while k < argv.len() {
                let i = k as i64 - script as i64;
                tb.set(Value::Int(i), lstr(&argv[k]));
                if i > 0 {
                    script_args.push(lstr(&argv[k]));
                }
                k += 1;
            }
        }
        interp.globals.borrow_mut().set(lstr("arg"), arg_table);
        let f = match load_chunk(src, &chunk) {
            Ok(f) => f,
            Err(e) => {
                report(&interp, e);
                return 1;
            }
        };
        let r = call_value(&interp, &f, script_args, 0);
        std::io::stdout().flush().unwrap();
        match r {
            Ok(_) => 0,
            Err(e) => {
                report(&interp, e);
                1
            }
        }
    }
}
