//! The integer operations of the low-level operation table
//! (`rpy_core::lloperation`) as Rust defines them on each primitive type:
//! one implementation for the LLInterpreter and the JIT's interpreters.

use std::fmt::Debug;

macro_rules! int_ops {
    ($($variant:ident = $name:literal $(, $signed_only:ident)?;)*) => {
        /// An operation of the integer families `int_X` (signed) and
        /// `uint_X` (unsigned) of the low-level table, by its `X`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum IntOp { $($variant,)* }

        impl IntOp {
            /// Every operation, in the table's order.
            pub const ALL: &'static [IntOp] = &[$(IntOp::$variant,)*];

            /// The name without the family's prefix (`add_checked`).
            pub fn name(self) -> &'static str {
                match self { $(IntOp::$variant => $name,)* }
            }

            pub fn from_name(name: &str) -> Option<IntOp> {
                match name { $($name => Some(IntOp::$variant),)* _ => None }
            }

            /// Exists in the signed family only (`int_neg`, not `uint_neg`).
            pub fn signed_only(self) -> bool {
                match self { $(IntOp::$variant => int_ops!(@signed_only $($signed_only)?),)* }
            }
        }
    };
    (@signed_only signed_only) => { true };
    (@signed_only) => { false };
}

int_ops! {
    Add = "add";
    Sub = "sub";
    Mul = "mul";
    Invert = "invert";
    And = "and";
    Or = "or";
    Xor = "xor";
    Floordiv = "floordiv";
    Mod = "mod";
    Lshift = "lshift";
    Rshift = "rshift";
    Lt = "lt";
    Le = "le";
    Eq = "eq";
    Ne = "ne";
    Gt = "gt";
    Ge = "ge";
    Min = "min";
    Max = "max";
    AddOvf = "add_ovf";
    SubOvf = "sub_ovf";
    MulOvf = "mul_ovf";
    AddChecked = "add_checked";
    SubChecked = "sub_checked";
    MulChecked = "mul_checked";
    FloordivChecked = "floordiv_checked";
    ModChecked = "mod_checked";
    LshiftChecked = "lshift_checked";
    AddSat = "add_sat";
    SubSat = "sub_sat";
    MulSat = "mul_sat";
    Pow = "pow";
    PowChecked = "pow_checked";
    Rotl = "rotl";
    Rotr = "rotr";
    Clz = "clz";
    Ctz = "ctz";
    Popcount = "popcount";
    Neg = "neg", signed_only;
    Abs = "abs", signed_only;
    NegChecked = "neg_checked", signed_only;
    NegOvf = "neg_ovf", signed_only;
}

/// Calls the generic function `$f::<T>($args)` with the Rust integer type
/// `T` of the given signedness and width.
#[macro_export]
macro_rules! int_dispatch {
    ($signed:expr, $bits:expr, $f:ident, $($args:expr),*) => {
        match ($signed, $bits) {
            (true, 8) => $f::<i8>($($args),*),
            (true, 16) => $f::<i16>($($args),*),
            (true, 32) => $f::<i32>($($args),*),
            (true, 64) => $f::<i64>($($args),*),
            (false, 8) => $f::<u8>($($args),*),
            (false, 16) => $f::<u16>($($args),*),
            (false, 32) => $f::<u32>($($args),*),
            (false, 64) => $f::<u64>($($args),*),
            (false, 1) => $f::<u8>($($args),*),
            (s, b) => panic!("{}", format!("no {} integer type of {b} bits", if s { "signed" } else { "unsigned" })),
        }
    };
}

/// The primitive integer types, with the operations of the table as Rust
/// defines them.
pub trait RInt: Copy + Ord + Debug {
    const BITS: u32;
    fn from_i128(v: i128) -> Self;
    fn to_i128(self) -> i128;
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
    fn wadd(self, o: Self) -> Self;
    fn wsub(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
    fn wneg(self) -> Self;
    fn wabs(self) -> Self;
    fn not(self) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn cdiv(self, o: Self) -> Option<Self>;
    fn crem(self, o: Self) -> Option<Self>;
    fn shl(self, n: u32) -> Self;
    fn shr(self, n: u32) -> Self;
    fn cadd(self, o: Self) -> Option<Self>;
    fn csub(self, o: Self) -> Option<Self>;
    fn cmul(self, o: Self) -> Option<Self>;
    fn cneg(self) -> Option<Self>;
    fn cshl(self, n: u32) -> Option<Self>;
    fn sadd(self, o: Self) -> Self;
    fn ssub(self, o: Self) -> Self;
    fn smul(self, o: Self) -> Self;
    fn wpow(self, e: u32) -> Self;
    fn cpow(self, e: u32) -> Option<Self>;
    fn rotl(self, n: u32) -> Self;
    fn rotr(self, n: u32) -> Self;
    fn clz(self) -> u32;
    fn ctz(self) -> u32;
    fn popcount(self) -> u32;
}

macro_rules! impl_rint {
    ($($t:ident: $abs:expr),*) => {$(
        impl RInt for $t {
            const BITS: u32 = $t::BITS;
            fn from_i128(v: i128) -> Self { v as $t }
            fn to_i128(self) -> i128 { self as i128 }
            fn to_f64(self) -> f64 { self as f64 }
            fn from_f64(v: f64) -> Self { v as $t }
            fn wadd(self, o: Self) -> Self { self.wrapping_add(o) }
            fn wsub(self, o: Self) -> Self { self.wrapping_sub(o) }
            fn wmul(self, o: Self) -> Self { self.wrapping_mul(o) }
            fn wneg(self) -> Self { self.wrapping_neg() }
            fn wabs(self) -> Self { let f: fn($t) -> $t = $abs; f(self) }
            fn not(self) -> Self { !self }
            fn and(self, o: Self) -> Self { self & o }
            fn or(self, o: Self) -> Self { self | o }
            fn xor(self, o: Self) -> Self { self ^ o }
            fn cdiv(self, o: Self) -> Option<Self> { self.checked_div(o) }
            fn crem(self, o: Self) -> Option<Self> { self.checked_rem(o) }
            fn shl(self, n: u32) -> Self { self.wrapping_shl(n) }
            fn shr(self, n: u32) -> Self { self.wrapping_shr(n) }
            fn cadd(self, o: Self) -> Option<Self> { self.checked_add(o) }
            fn csub(self, o: Self) -> Option<Self> { self.checked_sub(o) }
            fn cmul(self, o: Self) -> Option<Self> { self.checked_mul(o) }
            fn cneg(self) -> Option<Self> { self.checked_neg() }
            fn cshl(self, n: u32) -> Option<Self> { self.checked_shl(n) }
            fn sadd(self, o: Self) -> Self { self.saturating_add(o) }
            fn ssub(self, o: Self) -> Self { self.saturating_sub(o) }
            fn smul(self, o: Self) -> Self { self.saturating_mul(o) }
            fn wpow(self, e: u32) -> Self { self.wrapping_pow(e) }
            fn cpow(self, e: u32) -> Option<Self> { self.checked_pow(e) }
            fn rotl(self, n: u32) -> Self { self.rotate_left(n) }
            fn rotr(self, n: u32) -> Self { self.rotate_right(n) }
            fn clz(self) -> u32 { self.leading_zeros() }
            fn ctz(self) -> u32 { self.trailing_zeros() }
            fn popcount(self) -> u32 { self.count_ones() }
        }
    )*};
}

// `int_abs` exists only for signed types; unsigned ones never see it.
impl_rint!(i8: i8::wrapping_abs, i16: i16::wrapping_abs, i32: i32::wrapping_abs, i64: i64::wrapping_abs);
impl_rint!(u8: |x| x, u16: |x| x, u32: |x| x, u64: |x| x);

pub enum IntOut {
    Int(i128),
    Bool(bool),
    /// The result of a `*_checked` operation.
    Checked(Option<i128>),
}

pub fn int_to_float<T: RInt>(v: i128) -> f64 {
    T::from_i128(v).to_f64()
}

pub fn float_to_int<T: RInt>(v: f64) -> i128 {
    T::from_f64(v).to_i128()
}

/// `{int,uint}_<op>(a, b)` on the Rust type `T`. `a` and `b` are
/// reinterpreted in `T` (which is how a value of another signedness but the
/// same width reads in it); operands of type `rffi.UINT` (shift counts,
/// exponents) are read as `u32`.
pub fn int_op<T: RInt>(op: IntOp, a: i128, b: i128) -> IntOut {
    let x = T::from_i128(a);
    let y = T::from_i128(b);
    let n = b as u32;
    let int = |v: T| IntOut::Int(v.to_i128());
    let checked = |v: Option<T>| IntOut::Checked(v.map(T::to_i128));
    let nonzero = |v: Option<T>| {
        v.unwrap_or_else(|| panic!("{}", format!("{} by zero or overflowing: the rtyper must guard it", op.name())))
    };
    match op {
        IntOp::Add => int(x.wadd(y)),
        IntOp::Sub => int(x.wsub(y)),
        IntOp::Mul => int(x.wmul(y)),
        IntOp::Neg => int(x.wneg()),
        IntOp::Abs => int(x.wabs()),
        IntOp::Invert => int(x.not()),
        IntOp::And => int(x.and(y)),
        IntOp::Or => int(x.or(y)),
        IntOp::Xor => int(x.xor(y)),
        IntOp::Floordiv => int(nonzero(x.cdiv(y))),
        IntOp::Mod => int(nonzero(x.crem(y))),
        IntOp::Lshift => int(x.shl(y.to_i128() as u32)),
        IntOp::Rshift => int(x.shr(y.to_i128() as u32)),
        IntOp::Lt => IntOut::Bool(x < y),
        IntOp::Le => IntOut::Bool(x <= y),
        IntOp::Eq => IntOut::Bool(x == y),
        IntOp::Ne => IntOut::Bool(x != y),
        IntOp::Gt => IntOut::Bool(x > y),
        IntOp::Ge => IntOut::Bool(x >= y),
        IntOp::Min => int(x.min(y)),
        IntOp::Max => int(x.max(y)),
        IntOp::AddOvf => IntOut::Bool(x.cadd(y).is_none()),
        IntOp::SubOvf => IntOut::Bool(x.csub(y).is_none()),
        IntOp::MulOvf => IntOut::Bool(x.cmul(y).is_none()),
        IntOp::NegOvf => IntOut::Bool(x.cneg().is_none()),
        IntOp::AddChecked => checked(x.cadd(y)),
        IntOp::SubChecked => checked(x.csub(y)),
        IntOp::MulChecked => checked(x.cmul(y)),
        IntOp::NegChecked => checked(x.cneg()),
        IntOp::FloordivChecked => checked(x.cdiv(y)),
        IntOp::ModChecked => checked(x.crem(y)),
        IntOp::LshiftChecked => checked(x.cshl(n)),
        IntOp::AddSat => int(x.sadd(y)),
        IntOp::SubSat => int(x.ssub(y)),
        IntOp::MulSat => int(x.smul(y)),
        IntOp::Pow => int(x.wpow(n)),
        IntOp::PowChecked => checked(x.cpow(n)),
        IntOp::Rotl => int(x.rotl(n)),
        IntOp::Rotr => int(x.rotr(n)),
        IntOp::Clz => IntOut::Int(x.clz() as i128),
        IntOp::Ctz => IntOut::Int(x.ctz() as i128),
        IntOp::Popcount => IntOut::Int(x.popcount() as i128),
    }
}

pub fn int_debug<T: RInt>(v: i128) -> String {
    format!("{:?}", T::from_i128(v))
}
