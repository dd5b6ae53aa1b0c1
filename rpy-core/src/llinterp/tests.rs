use super::*;
use crate::entity::EntityRef;
use crate::llbuild::*;
use crate::lloperation::{IntOp, LlOp};
use crate::lltype::{INT, SIGNED, UINT, UNSIGNED};

const I8: LlType = LlType::Int { bits: 8, signed: true };
const U8: LlType = LlType::Int { bits: 8, signed: false };
const I16: LlType = LlType::Int { bits: 16, signed: true };
const U16: LlType = LlType::Int { bits: 16, signed: false };

fn checked_ty(t: &LlType) -> LlType {
    LlType::Struct(vec![LlType::Bool, t.clone()])
}

/// A translator holding one graph `f(params) = opname(params)`.
fn one_op(opname: &str, params: &[LlType], result: LlType) -> (Translator, GraphId) {
    let op = LlOp::from_name(opname).expect("an operation of the table");
    let mut t = Translator::default();
    let g = t.graphs.push(LlGraphBuilder::single_op(op, params, result));
    (t, g)
}

fn run(opname: &str, params: &[LlType], result: LlType, args: Vec<LlValue>) -> LlValue {
    let (t, g) = one_op(opname, params, result);
    interpret(&t, g, args).unwrap()
}

fn int(v: i128) -> LlValue {
    LlValue::Int(v)
}

fn binop(opname: &str, t: &LlType, a: i128, b: i128) -> LlValue {
    run(opname, &[t.clone(), t.clone()], t.clone(), vec![int(a), int(b)])
}

fn cmp(opname: &str, t: &LlType, a: i128, b: i128) -> bool {
    run(opname, &[t.clone(), t.clone()], LlType::Bool, vec![int(a), int(b)]).as_bool().unwrap()
}

fn checked(opname: &str, t: &LlType, a: i128, b: i128) -> Option<i128> {
    let arg_t = if opname.contains("lshift") { UINT } else { t.clone() };
    match run(opname, &[t.clone(), arg_t], checked_ty(t), vec![int(a), int(b)]) {
        LlValue::Struct(f) => match (&f[0], &f[1]) {
            (LlValue::Bool(true), LlValue::Int(v)) => Some(*v),
            (LlValue::Bool(false), LlValue::Int(0)) => None,
            other => panic!("bad checked result {other:?}"),
        },
        other => panic!("bad checked result {other:?}"),
    }
}

fn fop(opname: &str, a: f64, b: f64) -> f64 {
    run(opname, &[LlType::Float, LlType::Float], LlType::Float, vec![LlValue::Float(a), LlValue::Float(b)])
        .as_float()
        .unwrap()
}

fn funop(opname: &str, a: f64) -> f64 {
    run(opname, &[LlType::Float], LlType::Float, vec![LlValue::Float(a)]).as_float().unwrap()
}

/// `fn fact(n: i64) -> i64 { let mut acc = 1; while n > 1 { acc *= n; n -= 1 } acc }`
fn factorial(t: &mut Translator) -> GraphId {
    let mut b = LlGraphBuilder::new("fact", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let (head, hv) = b.block(&[SIGNED, SIGNED]);
    let (body, bv) = b.block(&[SIGNED, SIGNED]);
    let (done, dv) = b.block(&[SIGNED]);
    b.goto(start, head, vec![n.into(), c_int(1, SIGNED)]);
    let cond = b.op(head, LlOp::Int(IntOp::Gt), vec![hv[0].into(), c_int(1, SIGNED)], LlType::Bool);
    b.branch(head, cond.into(), (body, vec![hv[0].into(), hv[1].into()]), (done, vec![hv[1].into()]));
    let acc = b.op(body, LlOp::Int(IntOp::Mul), vec![bv[1].into(), bv[0].into()], SIGNED);
    let n1 = b.op(body, LlOp::Int(IntOp::Sub), vec![bv[0].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![n1.into(), acc.into()]);
    b.ret(done, dv[0].into());
    t.graphs.push(b.finish())
}

#[test]
fn factorial_loop() {
    let mut t = Translator::default();
    let g = factorial(&mut t);
    assert_eq!(interpret(&t, g, vec![int(0)]), Ok(int(1)));
    assert_eq!(interpret(&t, g, vec![int(5)]), Ok(int(120)));
    assert_eq!(interpret(&t, g, vec![int(20)]), Ok(int(2432902008176640000)));
    // 21! wraps as i64 multiplication does.
    let mut expect = 1i64;
    for i in 2..=21i64 {
        expect = expect.wrapping_mul(i);
    }
    assert_eq!(interpret(&t, g, vec![int(21)]), Ok(int(expect as i128)));
}

#[test]
fn link_args_are_read_before_inputargs_are_written() {
    // fib by (a, b) -> (b, a + b), a link back to its own block.
    let mut b = LlGraphBuilder::new("fib", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let (lp, v) = b.block(&[SIGNED, SIGNED, SIGNED]);
    b.goto(start, lp, vec![n.into(), c_int(0, SIGNED), c_int(1, SIGNED)]);
    let more = b.op(lp, LlOp::Int(IntOp::Gt), vec![v[0].into(), c_int(0, SIGNED)], LlType::Bool);
    let n1 = b.op(lp, LlOp::Int(IntOp::Sub), vec![v[0].into(), c_int(1, SIGNED)], SIGNED);
    let s = b.op(lp, LlOp::Int(IntOp::Add), vec![v[1].into(), v[2].into()], SIGNED);
    let (done, dv) = b.block(&[SIGNED]);
    b.branch(lp, more.into(), (lp, vec![n1.into(), v[2].into(), s.into()]), (done, vec![v[1].into()]));
    b.ret(done, dv[0].into());
    let mut t = Translator::default();
    let g = t.graphs.push(b.finish());
    assert_eq!(interpret(&t, g, vec![int(10)]), Ok(int(55)));
    assert_eq!(interpret(&t, g, vec![int(90)]), Ok(int(2880067194370816120)));
}

#[test]
fn wrapping_arithmetic_per_width() {
    assert_eq!(binop("int_add", &I8, 127, 1), int(-128));
    assert_eq!(binop("uint_sub", &U8, 0, 1), int(255));
    assert_eq!(binop("int_mul", &I16, 300, 300), int(300i16.wrapping_mul(300) as i128));
    assert_eq!(binop("uint_mul", &UNSIGNED, u64::MAX as i128, 3), int(u64::MAX.wrapping_mul(3) as i128));
    assert_eq!(run("int_neg", &[INT], INT, vec![int(i32::MIN as i128)]), int(i32::MIN as i128));
    assert_eq!(run("int_abs", &[I8], I8, vec![int(-128)]), int(-128));
    assert_eq!(run("int_abs", &[I8], I8, vec![int(-5)]), int(5));
    assert_eq!(run("uint_invert", &[U16], U16, vec![int(1)]), int(0xfffe));
    assert_eq!(run("int_invert", &[SIGNED], SIGNED, vec![int(0)]), int(-1));
    assert_eq!(binop("int_and", &I8, -1, 0x35), int(0x35));
    assert_eq!(binop("uint_xor", &U8, 0xff, 0x0f), int(0xf0));
}

#[test]
fn division_truncates_toward_zero() {
    assert_eq!(binop("int_floordiv", &SIGNED, -7, 2), int(-3));
    assert_eq!(binop("int_mod", &SIGNED, -7, 2), int(-1));
    assert_eq!(binop("int_mod", &SIGNED, 7, -2), int(1));
    assert_eq!(binop("uint_floordiv", &U8, 250, 7), int(35));
    // Operands of uint_* on a signed lltype are read unsigned.
    assert_eq!(binop("uint_floordiv", &I8, -2, 2), int(127));
}

#[test]
fn shifts() {
    assert_eq!(binop("int_rshift", &I8, -8, 1), int(-4));
    assert_eq!(binop("uint_rshift", &U8, 0x80, 1), int(0x40));
    assert_eq!(binop("int_lshift", &I8, 1, 7), int(-128));
    assert_eq!(checked("int_lshift_checked", &INT, 1, 31), Some(i32::MIN as i128));
    assert_eq!(checked("int_lshift_checked", &INT, 1, 32), None);
    assert_eq!(checked("uint_lshift_checked", &UNSIGNED, 3, 63), Some(1i128 << 63));
}

#[test]
fn comparisons_by_family() {
    assert!(cmp("int_lt", &SIGNED, -1, 0));
    assert!(!cmp("uint_lt", &UNSIGNED, u64::MAX as i128, 0));
    // uint_lt on a signed 8-bit value reads -1 as 255.
    assert!(!cmp("uint_lt", &I8, -1, 0));
    assert!(cmp("int_ge", &U8, 5, 5));
    assert!(cmp("int_ne", &INT, 1, 2));
    // Bools compare as Rust orders them.
    let r = run("int_lt", &[LlType::Bool, LlType::Bool], LlType::Bool, vec![LlValue::Bool(false), LlValue::Bool(true)]);
    assert_eq!(r, LlValue::Bool(true));
    let r = run("int_and", &[LlType::Bool, LlType::Bool], LlType::Bool, vec![LlValue::Bool(true), LlValue::Bool(true)]);
    assert_eq!(r, LlValue::Bool(true));
}

#[test]
fn min_max() {
    assert_eq!(binop("int_min", &SIGNED, -3, 2), int(-3));
    assert_eq!(binop("uint_max", &U8, 3, 200), int(200));
    assert_eq!(binop("int_max", &I8, -3, 2), int(2));
}

#[test]
fn checked_arithmetic() {
    assert_eq!(checked("int_add_checked", &INT, i32::MAX as i128, 1), None);
    assert_eq!(checked("int_add_checked", &INT, 40, 2), Some(42));
    assert_eq!(checked("uint_sub_checked", &UNSIGNED, 0, 1), None);
    assert_eq!(checked("uint_mul_checked", &UNSIGNED, 1 << 32, 1 << 32), None);
    assert_eq!(checked("int_mul_checked", &I8, -8, 16), Some(-128));
    assert_eq!(checked("int_floordiv_checked", &SIGNED, i64::MIN as i128, -1), None);
    assert_eq!(checked("int_floordiv_checked", &SIGNED, 7, 0), None);
    assert_eq!(checked("int_mod_checked", &SIGNED, i64::MIN as i128, -1), None);
    assert_eq!(checked("int_mod_checked", &SIGNED, -7, 3), Some(-1));
    assert_eq!(checked("uint_floordiv_checked", &U8, 7, 0), None);
    let neg = |v| match run("int_neg_checked", &[I8], checked_ty(&I8), vec![int(v)]) {
        LlValue::Struct(f) => f,
        other => panic!("{other:?}"),
    };
    assert_eq!(neg(-128), vec![LlValue::Bool(false), int(0)]);
    assert_eq!(neg(5), vec![LlValue::Bool(true), int(-5)]);
}

#[test]
fn saturating_arithmetic() {
    assert_eq!(binop("int_add_sat", &I8, 100, 100), int(127));
    assert_eq!(binop("int_sub_sat", &I8, -100, 100), int(-128));
    assert_eq!(binop("uint_sub_sat", &U8, 1, 2), int(0));
    assert_eq!(binop("int_mul_sat", &SIGNED, i64::MIN as i128, -1), int(i64::MAX as i128));
    assert_eq!(binop("int_mul_sat", &SIGNED, -(1 << 40), 1 << 40), int(i64::MIN as i128));
    assert_eq!(binop("uint_mul_sat", &U16, 300, 300), int(65535));
}

#[test]
fn pow_rotate_bitcount() {
    let pow = |t: &LlType, x, e| {
        run(if t.is_signed() { "int_pow" } else { "uint_pow" }, &[t.clone(), UINT], t.clone(), vec![int(x), int(e)])
    };
    assert_eq!(pow(&SIGNED, 3, 41), int(3i64.wrapping_pow(41) as i128));
    assert_eq!(pow(&SIGNED, -2, 63), int(i64::MIN as i128));
    assert_eq!(pow(&U8, 3, 5), int(243));
    assert_eq!(pow(&U8, 3, 6), int(3u8.wrapping_pow(6) as i128));
    assert_eq!(pow(&INT, 7, 0), int(1));
    let rot = |op, t: &LlType, x, n| run(op, &[t.clone(), UINT], t.clone(), vec![int(x), int(n)]);
    assert_eq!(rot("uint_rotl", &U8, 0x81, 1), int(0x03));
    assert_eq!(rot("uint_rotr", &U8, 0x81, 9), int(0xc0));
    assert_eq!(rot("int_rotl", &I8, -128, 1), int(1));
    let count = |op, t: &LlType, x| run(op, std::slice::from_ref(t), UINT, vec![int(x)]);
    assert_eq!(count("uint_clz", &U16, 1), int(15));
    assert_eq!(count("int_clz", &I8, -1), int(0));
    assert_eq!(count("uint_ctz", &UNSIGNED, 0), int(64));
    assert_eq!(count("int_popcount", &SIGNED, -1), int(64));
}

#[test]
fn float_operations() {
    assert_eq!(fop("float_add", 0.1, 0.2), 0.1 + 0.2);
    assert_eq!(fop("float_truediv", 1.0, 0.0), f64::INFINITY);
    assert_eq!(fop("float_mod", -7.5, 2.0), -1.5);
    assert_eq!(fop("float_min", f64::NAN, 1.0), 1.0);
    assert_eq!(fop("float_max", 2.0, f64::NAN), 2.0);
    assert!(fop("float_min", f64::NAN, f64::NAN).is_nan());
    assert_eq!(funop("float_neg", 0.0).to_bits(), (-0.0f64).to_bits());
    assert_eq!(funop("float_sqrt", 2.0), 2f64.sqrt());
    assert_eq!(funop("float_floor", -1.5), -2.0);
    assert_eq!(funop("float_ceil", -1.5), -1.0);
    assert_eq!(funop("float_log", 1.0), 0.0);
    assert_eq!(funop("float_abs", -3.0), 3.0);
    assert_eq!(funop("float_tan", 1.0), 1f64.tan());
    assert_eq!(funop("float_asin", 0.5), 0.5f64.asin());
    assert_eq!(funop("float_acos", -1.0), std::f64::consts::PI);
    assert!(funop("float_acos", 2.0).is_nan());
    assert_eq!(funop("float_atan", f64::INFINITY), std::f64::consts::FRAC_PI_2);
    assert_eq!(funop("float_log10", 1000.0), 3.0);
    assert_eq!(funop("float_log2", 0.125), -3.0);
    assert_eq!(fop("float_pow", 2.0, 0.5), 2f64.powf(0.5));
    assert_eq!(fop("float_pow", f64::NAN, 0.0), 1.0);
    assert_eq!(fop("float_atan2", 1.0, -1.0), 1f64.atan2(-1.0));
    assert_eq!(fop("float_atan2", -0.0, -1.0), -std::f64::consts::PI);
    let powi = run("float_powi", &[LlType::Float, INT], LlType::Float, vec![LlValue::Float(1.5), int(-3)]);
    assert_eq!(powi, LlValue::Float(1.5f64.powi(-3)));
    let ne = run(
        "float_ne",
        &[LlType::Float, LlType::Float],
        LlType::Bool,
        vec![LlValue::Float(f64::NAN), LlValue::Float(f64::NAN)],
    );
    assert_eq!(ne, LlValue::Bool(true));
    let eq = run(
        "float_eq",
        &[LlType::Float, LlType::Float],
        LlType::Bool,
        vec![LlValue::Float(f64::NAN), LlValue::Float(f64::NAN)],
    );
    assert_eq!(eq, LlValue::Bool(false));
}

#[test]
fn casts() {
    let cast = |op, from: &LlType, to: &LlType, v: LlValue| run(op, std::slice::from_ref(from), to.clone(), vec![v]);
    assert_eq!(cast("cast_primitive", &SIGNED, &UINT, int(-1)), int(u32::MAX as i128));
    assert_eq!(cast("cast_primitive", &U8, &I16, int(255)), int(255));
    assert_eq!(cast("cast_primitive", &I8, &UNSIGNED, int(-1)), int(u64::MAX as i128));
    assert_eq!(cast("cast_primitive", &INT, &I8, int(0x1ff)), int(-1));
    assert_eq!(cast("cast_primitive", &LlType::Bool, &SIGNED, LlValue::Bool(true)), int(1));
    assert_eq!(cast("cast_primitive", &U8, &LlType::UniChar, int(0xe9)), int(0xe9));
    let f = LlValue::Float;
    assert_eq!(cast("cast_float_to_int", &LlType::Float, &INT, f(1e20)), int(i32::MAX as i128));
    assert_eq!(cast("cast_float_to_int", &LlType::Float, &SIGNED, f(f64::NAN)), int(0));
    assert_eq!(cast("cast_float_to_int", &LlType::Float, &I8, f(-1e9)), int(-128));
    assert_eq!(cast("cast_float_to_int", &LlType::Float, &SIGNED, f(-2.9)), int(-2));
    assert_eq!(cast("cast_float_to_uint", &LlType::Float, &U8, f(-1.5)), int(0));
    assert_eq!(cast("cast_float_to_uint", &LlType::Float, &UNSIGNED, f(f64::INFINITY)), int(u64::MAX as i128));
    assert_eq!(cast("cast_uint_to_float", &UNSIGNED, &LlType::Float, int(u64::MAX as i128)), f(u64::MAX as f64));
    assert_eq!(cast("cast_int_to_float", &SIGNED, &LlType::Float, int(i64::MIN as i128)), f(i64::MIN as f64));
    assert_eq!(cast("cast_int_to_float", &SIGNED, &LlType::Float, int((1 << 53) + 1)), f(((1i64 << 53) + 1) as f64));
    assert_eq!(cast("cast_uint_to_float", &I8, &LlType::Float, int(-1)), f(255.0));
    assert_eq!(
        cast("convert_float_bytes_to_longlong", &LlType::Float, &UNSIGNED, f(-2.5)),
        int((-2.5f64).to_bits() as i128)
    );
    assert_eq!(cast("convert_float_bytes_to_longlong", &LlType::Float, &SIGNED, f(-0.0)), int(i64::MIN as i128));
    let nan = 0x7ff8_0000_dead_beefu64;
    match cast("convert_longlong_bytes_to_float", &UNSIGNED, &LlType::Float, int(nan as i128)) {
        LlValue::Float(x) => assert_eq!(x.to_bits(), nan),
        other => panic!("{other:?}"),
    }
}

#[test]
fn integer_switch_with_default() {
    let mut b = LlGraphBuilder::new("classify", &[INT], SIGNED);
    let x = b.params()[0];
    let start = b.start();
    let ret = b.returnblock();
    b.switch(
        start,
        x.into(),
        vec![
            (ConstValue::Int(1), ret, vec![c_int(10, SIGNED)]),
            (ConstValue::Int(-5), ret, vec![c_int(20, SIGNED)]),
            (ConstValue::Str("default".into()), ret, vec![c_int(0, SIGNED)]),
        ],
    );
    let mut t = Translator::default();
    let g = t.graphs.push(b.finish());
    assert_eq!(interpret(&t, g, vec![int(1)]), Ok(int(10)));
    assert_eq!(interpret(&t, g, vec![int(-5)]), Ok(int(20)));
    assert_eq!(interpret(&t, g, vec![int(7)]), Ok(int(0)));
}

#[test]
fn tuples() {
    let pair = LlType::Struct(vec![SIGNED, LlType::Float]);
    let mut b = LlGraphBuilder::new(
        "swapish",
        std::slice::from_ref(&pair),
        LlType::Struct(vec![LlType::Float, SIGNED, LlType::Bool]),
    );
    let p = b.params()[0];
    let start = b.start();
    let a = b.op(start, LlOp::TupleGetitem, vec![p.into(), c_int(0, SIGNED)], SIGNED);
    let f = b.op(start, LlOp::TupleGetitem, vec![p.into(), c_int(1, SIGNED)], LlType::Float);
    let a2 = b.op(start, LlOp::Int(IntOp::Add), vec![a.into(), c_int(1, SIGNED)], SIGNED);
    let r = b.op(
        start,
        LlOp::TupleNew,
        vec![f.into(), a2.into(), c_bool(true)],
        LlType::Struct(vec![LlType::Float, SIGNED, LlType::Bool]),
    );
    b.ret(start, r.into());
    let mut t = Translator::default();
    let g = t.graphs.push(b.finish());
    let out = interpret(&t, g, vec![LlValue::Struct(vec![int(41), LlValue::Float(0.5)])]).unwrap();
    assert_eq!(out, LlValue::Struct(vec![LlValue::Float(0.5), int(42), LlValue::Bool(true)]));
}

/// `fn fib(n: i64) -> i64 { if n < 2 { n } else { fib(n - 1) + fib(n - 2) } }`
#[test]
fn recursive_calls() {
    let mut t = Translator::default();
    let me = GraphId::new(0);
    let mut b = LlGraphBuilder::new("fib", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let small = b.op(start, LlOp::Int(IntOp::Lt), vec![n.into(), c_int(2, SIGNED)], LlType::Bool);
    let (rec, rv) = b.block(&[SIGNED]);
    let ret = b.returnblock();
    b.branch(start, small.into(), (ret, vec![n.into()]), (rec, vec![n.into()]));
    let n1 = b.op(rec, LlOp::Int(IntOp::Sub), vec![rv[0].into(), c_int(1, SIGNED)], SIGNED);
    let n2 = b.op(rec, LlOp::Int(IntOp::Sub), vec![rv[0].into(), c_int(2, SIGNED)], SIGNED);
    let f1 = b.op(rec, LlOp::DirectCall, vec![c_func(me), n1.into()], SIGNED);
    let f2 = b.op(rec, LlOp::DirectCall, vec![c_func(me), n2.into()], SIGNED);
    let s = b.op(rec, LlOp::Int(IntOp::Add), vec![f1.into(), f2.into()], SIGNED);
    b.ret(rec, s.into());
    assert_eq!(t.graphs.push(b.finish()), me);
    assert_eq!(interpret(&t, me, vec![int(20)]), Ok(int(6765)));
}

#[test]
fn deep_recursion_does_not_use_the_host_stack() {
    // sum(n) = if n == 0 { 0 } else { n + sum(n - 1) }, 200_000 frames deep.
    let mut t = Translator::default();
    let me = GraphId::new(0);
    let mut b = LlGraphBuilder::new("sum", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let zero = b.op(start, LlOp::Int(IntOp::Eq), vec![n.into(), c_int(0, SIGNED)], LlType::Bool);
    let (rec, rv) = b.block(&[SIGNED]);
    let ret = b.returnblock();
    b.branch(start, zero.into(), (ret, vec![c_int(0, SIGNED)]), (rec, vec![n.into()]));
    let n1 = b.op(rec, LlOp::Int(IntOp::Sub), vec![rv[0].into(), c_int(1, SIGNED)], SIGNED);
    let s1 = b.op(rec, LlOp::DirectCall, vec![c_func(me), n1.into()], SIGNED);
    let s = b.op(rec, LlOp::Int(IntOp::Add), vec![rv[0].into(), s1.into()], SIGNED);
    b.ret(rec, s.into());
    t.graphs.push(b.finish());
    assert_eq!(interpret(&t, me, vec![int(200_000)]), Ok(int(200_000 * 200_001 / 2)));
}

#[test]
fn panic_text() {
    let mut b = LlGraphBuilder::new("boom", &[SIGNED], SIGNED).file("src/main.rs");
    let x = b.params()[0];
    let start = b.start();
    let neg = b.op(start, LlOp::Int(IntOp::Lt), vec![x.into(), c_int(0, SIGNED)], LlType::Bool);
    b.op(start, LlOp::PanicIf, vec![neg.into(), c_str("attempt to divide by zero"), c_pos(3, 9)], LlType::Void);
    let (bad, _) = b.block(&[]);
    let ret = b.returnblock();
    let big = b.op(start, LlOp::Int(IntOp::Gt), vec![x.into(), c_int(100, SIGNED)], LlType::Bool);
    b.branch(start, big.into(), (bad, vec![]), (ret, vec![x.into()]));
    b.panic(bad, "explicit panic", 7, 5);
    let mut t = Translator::default();
    let g = t.graphs.push(b.finish());
    assert_eq!(interpret(&t, g, vec![int(5)]), Ok(int(5)));
    let p = interpret(&t, g, vec![int(-1)]).unwrap_err();
    assert_eq!(p, Panic { message: "attempt to divide by zero".into(), file: "src/main.rs".into(), line: 3, col: 9 });
    let p = interpret(&t, g, vec![int(101)]).unwrap_err();
    assert_eq!(
        p.stderr_text_with_thread_id(4242),
        "\nthread 'main' (4242) panicked at src/main.rs:7:5:\nexplicit panic\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    );
    assert_eq!(p.stderr_text(), p.stderr_text_with_thread_id(std::process::id() as u64));
}

#[test]
fn index_out_of_bounds_message_matches_rust() {
    let mut b = LlGraphBuilder::new("index", &[UNSIGNED, UNSIGNED], UNSIGNED).file("src/main.rs");
    let p = b.params();
    let start = b.start();
    b.op(start, LlOp::PanicIndexIf, vec![p[0].into(), p[1].into(), c_pos(4, 13)], LlType::Void);
    let r = b.op(start, LlOp::SameAs, vec![p[1].into()], UNSIGNED);
    b.ret(start, r.into());
    let mut t = Translator::default();
    let g = t.graphs.push(b.finish());
    assert_eq!(interpret(&t, g, vec![int(3), int(2)]), Ok(int(2)));
    let p = interpret(&t, g, vec![int(3), int(3)]).unwrap_err();
    assert_eq!((p.line, p.col), (4, 13));
    let v = std::hint::black_box(vec![0u8; 3]);
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let err = std::panic::catch_unwind(|| v[std::hint::black_box(3)]).unwrap_err();
    std::panic::set_hook(prev);
    assert_eq!(&p.message, err.downcast_ref::<String>().unwrap());
    let p = interpret(&t, g, vec![int(0), int(u64::MAX as i128)]).unwrap_err();
    assert_eq!(p.message, format!("index out of bounds: the len is 0 but the index is {}", u64::MAX));
}

#[test]
fn debug_texts() {
    assert_eq!(ll_debug_text(&int(-1), &I8), "-1");
    assert_eq!(ll_debug_text(&int(255), &U8), "255");
    assert_eq!(ll_debug_text(&int(65), &LlType::Char), "65");
    assert_eq!(ll_debug_text(&int('\n' as i128), &LlType::UniChar), "'\\n'");
    assert_eq!(ll_debug_text(&int('é' as i128), &LlType::UniChar), format!("{:?}", 'é'));
    assert_eq!(ll_debug_text(&LlValue::Float(1.0), &LlType::Float), "1.0");
    assert_eq!(ll_debug_text(&LlValue::Float(1e21), &LlType::Float), format!("{:?}", 1e21f64));
    assert_eq!(ll_debug_text(&LlValue::Float(f64::NAN), &LlType::Float), "NaN");
    assert_eq!(ll_debug_text(&LlValue::Void, &LlType::Void), "()");
    let t = LlType::Struct(vec![SIGNED, LlType::Bool]);
    assert_eq!(ll_debug_text(&LlValue::Struct(vec![int(3), LlValue::Bool(false)]), &t), "(3, false)");
    assert_eq!(ll_debug_text(&LlValue::Struct(vec![int(3)]), &LlType::Struct(vec![SIGNED])), "(3,)");
}

#[test]
fn constants_of_every_type() {
    let t = LlType::Struct(vec![LlType::Bool, SIGNED]);
    let none = Constant { value: ConstValue::None, ty: crate::flow::ConstTy::Meta, concretetype: Some(t.clone()) };
    assert_eq!(const_value(&none), LlValue::Struct(vec![LlValue::Bool(false), int(0)]));
    let tup = Constant {
        value: ConstValue::Tuple(vec![ConstValue::Bool(true), ConstValue::Int(-1)]),
        ty: crate::flow::ConstTy::Meta,
        concretetype: Some(t),
    };
    assert_eq!(const_value(&tup), LlValue::Struct(vec![LlValue::Bool(true), int(-1)]));
    let wrapped = Constant { value: ConstValue::Int(300), ty: crate::flow::ConstTy::Meta, concretetype: Some(U8) };
    assert_eq!(const_value(&wrapped), int(44));
}
