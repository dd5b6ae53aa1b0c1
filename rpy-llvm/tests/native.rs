//! End-to-end tests of the backend: hand-built low-level graphs are
//! compiled to assembly, assembled and linked with a generated C `main` (and
//! C versions of the runtime's panic functions), and run. Every result is
//! compared with the LLInterpreter's, through the exported ABI, so these
//! tests check the lowering of every operation against Rust's semantics, the
//! ABI (argument truncation, result extension, struct results), and the
//! panic path.
//!
//! x86-64 runs natively. AArch64 runs when `aarch64-linux-gnu-gcc` and
//! `qemu-aarch64` are installed (the CI script installs them), and is
//! skipped with a note otherwise. A last test embeds two translated modules
//! in one Rust program with `global_asm!`, as the proc macro does.
//!
//! The heap programs of `heaptests/src/programs.rs` run here too, on both
//! targets, with a C stand-in for the GC's allocation ABI that never
//! collects: it checks the lowering of the heap operations and the inline
//! allocation on both targets. `heaptests` runs them with the real GC.

use rpy_core::entity::EntityRef;
use rpy_core::flow::{ConstValue, GraphId};
use rpy_core::llbuild::*;
use rpy_core::llinterp::{interpret, LlValue};
use rpy_core::lloperation::{FloatOp, IntOp, LlOp};
use rpy_core::lltype::{LlType, INT, SIGNED, UINT, UNSIGNED};
use rpy_core::translator::Translator;
use rpy_llvm::{compile, gc, Export, Options};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "../heaptests/src/programs.rs"]
#[allow(dead_code)]
mod heap_programs;

const I8: LlType = LlType::Int { bits: 8, signed: true };
const U8: LlType = LlType::Int { bits: 8, signed: false };
const I16: LlType = LlType::Int { bits: 16, signed: true };
const U16: LlType = LlType::Int { bits: 16, signed: false };
const F: LlType = LlType::Float;
const B: LlType = LlType::Bool;

/// One exported function and the argument tuples to call it with.
struct Case {
    graph: GraphId,
    symbol: String,
    params: Vec<LlType>,
    result: LlType,
    inputs: Vec<Vec<LlValue>>,
}

struct Program {
    t: Translator,
    cases: Vec<Case>,
    /// The graph that panics, called by the C main's `check` mode.
    check: GraphId,
}

fn one_op(t: &mut Translator, opname: &str, params: &[LlType], result: &LlType) -> GraphId {
    let op = LlOp::from_name(opname).expect("an operation of the table");
    t.graphs.push(LlGraphBuilder::single_op(op, params, result.clone()))
}

fn int_values(t: &LlType) -> Vec<i128> {
    let (min, max) = t.int_range().unwrap();
    let mut vs: Vec<i128> = [0, 1, 2, 3, 7, -1, -7, 100, -100, 0x5555_5555_5555_5555, min, max, min + 1, max - 1]
        .iter()
        .map(|v| t.wrap(*v))
        .collect();
    vs.sort();
    vs.dedup();
    vs
}

fn float_values() -> Vec<f64> {
    vec![
        0.0,
        -0.0,
        1.0,
        -1.5,
        2.5,
        0.1,
        1e20,
        -1e20,
        255.9,
        256.0,
        -128.5,
        9.223372036854776e18,
        1.8446744073709552e19,
        4294967295.5,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
    ]
}

fn pairs(a: &[LlValue], b: &[LlValue]) -> Vec<Vec<LlValue>> {
    a.iter().flat_map(|x| b.iter().map(move |y| vec![x.clone(), y.clone()])).collect()
}

fn ints(t: &LlType) -> Vec<LlValue> {
    int_values(t).into_iter().map(|v| LlValue::from_int(v, t)).collect()
}

fn uints32(extra: &[i128]) -> Vec<LlValue> {
    let mut v: Vec<i128> = vec![0, 1, 2, 3, 7, 31, 63, 64, 65, 100, u32::MAX as i128];
    v.extend(extra);
    v.into_iter().map(LlValue::Int).collect()
}

/// `fn fact(n: i64) -> i64`, a loop.
fn factorial(t: &mut Translator) -> GraphId {
    let mut b = LlGraphBuilder::new("fact", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let (head, hv) = b.block(&[SIGNED, SIGNED]);
    let (body, bv) = b.block(&[SIGNED, SIGNED]);
    b.goto(start, head, vec![n.into(), c_int(1, SIGNED)]);
    let cond = b.op(head, LlOp::Int(IntOp::Gt), vec![hv[0].into(), c_int(1, SIGNED)], B);
    let ret = b.returnblock();
    b.branch(head, cond.into(), (body, vec![hv[0].into(), hv[1].into()]), (ret, vec![hv[1].into()]));
    let acc = b.op(body, LlOp::Int(IntOp::Mul), vec![bv[1].into(), bv[0].into()], SIGNED);
    let n1 = b.op(body, LlOp::Int(IntOp::Sub), vec![bv[0].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![n1.into(), acc.into()]);
    t.graphs.push(b.finish())
}

/// `fn fib(n: u32) -> u64`, recursive, through `direct_call`.
fn fib(t: &mut Translator) -> GraphId {
    let me = GraphId::new(t.graphs.len());
    let mut b = LlGraphBuilder::new("fib", &[UINT], UNSIGNED);
    let n = b.params()[0];
    let start = b.start();
    let small = b.op(start, LlOp::Uint(IntOp::Lt), vec![n.into(), c_int(2, UINT)], B);
    let (rec, rv) = b.block(&[UINT]);
    let (base, bv) = b.block(&[UINT]);
    b.branch(start, small.into(), (base, vec![n.into()]), (rec, vec![n.into()]));
    let wide = b.op(base, LlOp::CastPrimitive, vec![bv[0].into()], UNSIGNED);
    b.ret(base, wide.into());
    let n1 = b.op(rec, LlOp::Uint(IntOp::Sub), vec![rv[0].into(), c_int(1, UINT)], UINT);
    let n2 = b.op(rec, LlOp::Uint(IntOp::Sub), vec![rv[0].into(), c_int(2, UINT)], UINT);
    let f1 = b.op(rec, LlOp::DirectCall, vec![c_func(me), n1.into()], UNSIGNED);
    let f2 = b.op(rec, LlOp::DirectCall, vec![c_func(me), n2.into()], UNSIGNED);
    let s = b.op(rec, LlOp::Uint(IntOp::Add), vec![f1.into(), f2.into()], UNSIGNED);
    b.ret(rec, s.into());
    let g = t.graphs.push(b.finish());
    assert_eq!(g, me);
    g
}

/// `fn mk(p: (i8, f64), flag: bool, c: char) -> (i8, (u8, f64), bool, (), char, u16)`:
/// a struct parameter and a nested struct result through the buffer ABI.
fn mk(t: &mut Translator) -> (GraphId, Vec<LlType>, LlType) {
    let inner = LlType::Struct(vec![U8, F]);
    let res = LlType::Struct(vec![I8, inner.clone(), B, LlType::Void, LlType::UniChar, U16]);
    let params = vec![LlType::Struct(vec![I8, F]), B, LlType::UniChar];
    let mut b = LlGraphBuilder::new("mk", &params, res.clone());
    let p = b.params();
    let start = b.start();
    let x = b.op(start, LlOp::TupleGetitem, vec![p[0].into(), c_int(0, SIGNED)], I8);
    let f = b.op(start, LlOp::TupleGetitem, vec![p[0].into(), c_int(1, SIGNED)], F);
    let negx = b.op(start, LlOp::Int(IntOp::Neg), vec![x.into()], I8);
    let u = b.op(start, LlOp::CastPrimitive, vec![x.into()], U8);
    let half = b.op(start, LlOp::Float(FloatOp::Mul), vec![f.into(), c_float(0.5)], F);
    let inner_v = b.op(start, LlOp::TupleNew, vec![u.into(), half.into()], inner);
    let notflag = b.op(start, LlOp::BoolNot, vec![p[1].into()], B);
    let c16 = b.op(start, LlOp::CastPrimitive, vec![p[2].into()], U16);
    let r = b.op(
        start,
        LlOp::TupleNew,
        vec![negx.into(), inner_v.into(), notflag.into(), c_unit(), p[2].into(), c16.into()],
        res.clone(),
    );
    b.ret(start, r.into());
    (t.graphs.push(b.finish()), params, res)
}

/// `fn classify(c: char) -> i32 { match c { 'a' => 1, 'b' | 'c' => 2, _ => 0 } }`
fn classify(t: &mut Translator) -> GraphId {
    let mut b = LlGraphBuilder::new("classify", &[LlType::UniChar], INT);
    let c = b.params()[0];
    let start = b.start();
    let ret = b.returnblock();
    let (two, _) = b.block(&[]);
    b.switch(
        start,
        c.into(),
        vec![
            (ConstValue::Char('a'), ret, vec![c_int(1, INT)]),
            (ConstValue::Char('b'), two, vec![]),
            (ConstValue::Char('c'), two, vec![]),
            (ConstValue::Str("default".into()), ret, vec![c_int(-1, INT)]),
        ],
    );
    b.ret(two, c_int(2, INT));
    t.graphs.push(b.finish())
}

/// `fn check(x: i64) -> i64`: `panic_if(x < 0, "negative")`, an index
/// check of `x` against a length of 1000, then `panic!("too big")` (a block
/// ending in a noreturn operation) when `x > 100`, else `x`.
fn check(t: &mut Translator) -> GraphId {
    let mut b = LlGraphBuilder::new("check", &[SIGNED], SIGNED).file("src/bin/check.rs");
    let x = b.params()[0];
    let start = b.start();
    let neg = b.op(start, LlOp::Int(IntOp::Lt), vec![x.into(), c_int(0, SIGNED)], B);
    b.op(
        start,
        LlOp::PanicIf,
        vec![neg.into(), c_str("negative: \"quoted\" # not a comment"), c_pos(3, 9)],
        LlType::Void,
    );
    let index = b.op(start, LlOp::CastPrimitive, vec![x.into()], UNSIGNED);
    b.op(start, LlOp::PanicIndexIf, vec![c_int(1000, UNSIGNED), index.into(), c_pos(5, 13)], LlType::Void);
    let big = b.op(start, LlOp::Int(IntOp::Gt), vec![x.into(), c_int(100, SIGNED)], B);
    let (bad, _) = b.block(&[]);
    let ret = b.returnblock();
    b.branch(start, big.into(), (bad, vec![]), (ret, vec![x.into()]));
    b.op(bad, LlOp::Panic, vec![c_str("too big"), c_pos(14, 5)], LlType::Void);
    t.graphs.push(b.finish())
}

fn int_result(op: &str, t: &LlType) -> LlType {
    match op {
        "lt" | "le" | "eq" | "ne" | "gt" | "ge" => B,
        o if o.ends_with("_ovf") => B,
        "clz" | "ctz" | "popcount" => UINT,
        o if o.ends_with("_checked") => LlType::Struct(vec![B, t.clone()]),
        _ => t.clone(),
    }
}

fn build_program() -> Program {
    let mut t = Translator::default();
    let mut cases = Vec::new();
    let add = |cases: &mut Vec<Case>, graph, params: Vec<LlType>, result: LlType, inputs: Vec<Vec<LlValue>>| {
        let symbol = format!("rpy_case_{}", cases.len());
        cases.push(Case { graph, symbol, params, result, inputs });
    };

    let g = factorial(&mut t);
    add(&mut cases, g, vec![SIGNED], SIGNED, [0, 1, 5, 20, 21, 30].iter().map(|v| vec![LlValue::Int(*v)]).collect());
    let g = fib(&mut t);
    add(&mut cases, g, vec![UINT], UNSIGNED, [0, 1, 2, 10, 25].iter().map(|v| vec![LlValue::Int(*v)]).collect());
    let (g, params, res) = mk(&mut t);
    let mk_inputs = [(-128, 1.5, true, 'a'), (5, -0.0, false, 'é'), (-1, f64::NAN, true, '\u{10ffff}')]
        .iter()
        .map(|(x, f, b, c)| {
            vec![
                LlValue::Struct(vec![LlValue::Int(*x), LlValue::Float(*f)]),
                LlValue::Bool(*b),
                LlValue::Int(*c as i128),
            ]
        })
        .collect();
    add(&mut cases, g, params, res, mk_inputs);
    let g = classify(&mut t);
    add(&mut cases, g, vec![LlType::UniChar], INT, "abcdz".chars().map(|c| vec![LlValue::Int(c as i128)]).collect());
    let g = check(&mut t);
    add(&mut cases, g, vec![SIGNED], SIGNED, vec![vec![LlValue::Int(0)], vec![LlValue::Int(42)]]);
    let check_graph = g;

    // Every integer operation, on every width, with the family that
    // matches the type's signedness.
    let int_ops = rpy_core::lloperation::IntOp::ALL.iter().map(|op| op.name());
    for ty in [I8, U8, I16, U16, INT, UINT, SIGNED, UNSIGNED] {
        let family = if ty.is_signed() { "int" } else { "uint" };
        let bits = ty.int_bits().unwrap() as i128;
        for op in int_ops.clone() {
            if !ty.is_signed() && matches!(op, "neg" | "abs" | "neg_checked" | "neg_ovf") {
                continue;
            }
            let name = format!("{family}_{op}");
            let result = int_result(op, &ty);
            let vals = ints(&ty);
            let (params, inputs) = match op {
                "neg" | "abs" | "invert" | "neg_checked" | "neg_ovf" | "clz" | "ctz" | "popcount" => {
                    (vec![ty.clone()], vals.iter().map(|v| vec![v.clone()]).collect())
                }
                "pow" | "pow_checked" | "rotl" | "rotr" => {
                    (vec![ty.clone(), UINT], pairs(&vals, &uints32(&[bits - 1])))
                }
                "lshift_checked" => (vec![ty.clone(), UINT], pairs(&vals, &uints32(&[bits - 1, bits, bits + 1]))),
                "lshift" | "rshift" => {
                    let counts: Vec<LlValue> = [0, 1, 3, bits - 1].iter().map(|n| LlValue::Int(*n)).collect();
                    (vec![ty.clone(), ty.clone()], pairs(&vals, &counts))
                }
                "floordiv" | "mod" => {
                    // The rtyper guards these against 0 and MIN / -1.
                    let (min, _) = ty.int_range().unwrap();
                    let ok = |p: &Vec<LlValue>| {
                        let (a, b) = (p[0].as_int().unwrap(), p[1].as_int().unwrap());
                        b != 0 && !(ty.is_signed() && a == min && b == -1)
                    };
                    (vec![ty.clone(), ty.clone()], pairs(&vals, &vals).into_iter().filter(ok).collect())
                }
                _ => (vec![ty.clone(), ty.clone()], pairs(&vals, &vals)),
            };
            let g = one_op(&mut t, &name, &params, &result);
            add(&mut cases, g, params, result, inputs);
        }
    }
    // Operands of the other signedness: uint_* on signed types and back.
    for (name, ty) in
        [("uint_lt", I8), ("int_lt", U8), ("uint_floordiv", INT), ("int_max", UNSIGNED), ("uint_rshift", I16)]
    {
        let result = int_result(name.split_once('_').unwrap().1, &ty);
        let vals = ints(&ty);
        let inputs = pairs(&vals, &vals)
            .into_iter()
            .filter(|p| !(name.contains("div") && p[1].as_int() == Some(0)))
            .filter(|p| !name.contains("shift") || (0..16).contains(&p[1].as_int().unwrap()))
            .collect();
        let g = one_op(&mut t, name, &[ty.clone(), ty.clone()], &result);
        add(&mut cases, g, vec![ty.clone(), ty.clone()], result, inputs);
    }
    // Bools.
    let bools = vec![LlValue::Bool(false), LlValue::Bool(true)];
    for name in ["int_lt", "uint_ge", "int_eq", "int_and", "int_or", "int_xor", "int_max"] {
        let g = one_op(&mut t, name, &[B, B], &B);
        add(&mut cases, g, vec![B, B], B, pairs(&bools, &bools));
    }
    let g = one_op(&mut t, "bool_not", &[B], &B);
    add(&mut cases, g, vec![B], B, bools.iter().map(|b| vec![b.clone()]).collect());

    // Casts between all integer-like types.
    let all_ints = [I8, U8, I16, U16, INT, UINT, SIGNED, UNSIGNED, B, LlType::Char, LlType::UniChar];
    for from in &all_ints {
        let vals: Vec<Vec<LlValue>> = if *from == B {
            bools.iter().map(|b| vec![b.clone()]).collect()
        } else {
            ints(from).into_iter().map(|v| vec![v]).collect()
        };
        for to in &all_ints {
            let g = one_op(&mut t, "cast_primitive", std::slice::from_ref(from), to);
            add(&mut cases, g, vec![from.clone()], to.clone(), vals.clone());
        }
        for name in ["cast_int_to_float", "cast_uint_to_float"] {
            let g = one_op(&mut t, name, std::slice::from_ref(from), &F);
            add(&mut cases, g, vec![from.clone()], F, vals.clone());
        }
    }
    let floats: Vec<LlValue> = float_values().into_iter().map(LlValue::Float).collect();
    for to in [I8, U8, I16, U16, INT, UINT, SIGNED, UNSIGNED] {
        for name in ["cast_float_to_int", "cast_float_to_uint"] {
            let g = one_op(&mut t, name, &[F], &to);
            add(&mut cases, g, vec![F], to.clone(), floats.iter().map(|f| vec![f.clone()]).collect());
        }
    }

    // Float operations.
    for op in ["add", "sub", "mul", "truediv", "mod", "min", "max", "pow", "atan2"] {
        let g = one_op(&mut t, &format!("float_{op}"), &[F, F], &F);
        add(&mut cases, g, vec![F, F], F, pairs(&floats, &floats));
    }
    for op in ["lt", "le", "eq", "ne", "gt", "ge"] {
        let g = one_op(&mut t, &format!("float_{op}"), &[F, F], &B);
        add(&mut cases, g, vec![F, F], B, pairs(&floats, &floats));
    }
    for op in [
        "neg", "abs", "sqrt", "floor", "ceil", "sin", "cos", "tan", "asin", "acos", "atan", "exp", "log", "log10",
        "log2",
    ] {
        let g = one_op(&mut t, &format!("float_{op}"), &[F], &F);
        add(&mut cases, g, vec![F], F, floats.iter().map(|f| vec![f.clone()]).collect());
    }
    // Bit casts, both ways.
    let g = one_op(&mut t, "convert_float_bytes_to_longlong", &[F], &UNSIGNED);
    add(&mut cases, g, vec![F], UNSIGNED, floats.iter().map(|f| vec![f.clone()]).collect());
    let g = one_op(&mut t, "convert_longlong_bytes_to_float", &[UNSIGNED], &F);
    add(&mut cases, g, vec![UNSIGNED], F, ints(&UNSIGNED).into_iter().map(|v| vec![v]).collect());
    let exps: Vec<LlValue> = [0, 1, 2, 3, -1, -2, 7, 31, -31, 1000, -1000, i32::MAX as i128, i32::MIN as i128]
        .iter()
        .map(|v| LlValue::Int(*v))
        .collect();
    let g = one_op(&mut t, "float_powi", &[F, INT], &F);
    add(&mut cases, g, vec![F, INT], F, pairs(&floats, &exps));

    // Programs that allocate, link and read GC objects.
    for e in heap_programs::add_programs(&mut t) {
        if !e.small_inputs.is_empty() {
            let inputs = e.small_inputs.iter().map(|a| a.iter().map(|v| LlValue::Int(*v as i128)).collect()).collect();
            add(&mut cases, e.graph, e.params, e.result, inputs);
        }
    }

    Program { t, cases, check: check_graph }
}

/// A leaf of the exported ABI: its 64-bit representation and whether it is
/// a float.
#[derive(Clone, Copy)]
struct Slot {
    bits: u64,
    float: bool,
}

fn slots(v: &LlValue, t: &LlType, out: &mut Vec<Slot>) {
    match (t, v) {
        (LlType::Void, _) => {}
        (LlType::Struct(ts), LlValue::Struct(vs)) => ts.iter().zip(vs).for_each(|(t, v)| slots(v, t, out)),
        (LlType::Float, LlValue::Float(f)) => out.push(Slot { bits: f.to_bits(), float: true }),
        (LlType::Bool, LlValue::Bool(b)) => out.push(Slot { bits: *b as u64, float: false }),
        (_, LlValue::Int(i)) => out.push(Slot { bits: *i as u64, float: false }),
        _ => panic!("{v:?} is not a {t}"),
    }
}

/// The argument slots for a call, with garbage in the bits above an
/// integer's width: the callee must truncate.
fn arg_slots(args: &[LlValue], params: &[LlType]) -> Vec<Slot> {
    let mut leaves = Vec::new();
    let mut types = Vec::new();
    for (a, p) in args.iter().zip(params) {
        slots(a, p, &mut leaves);
        leaf_types(p, &mut types);
    }
    leaves
        .into_iter()
        .zip(types)
        .map(|(s, t)| {
            let bits = t.int_bits().unwrap_or(64);
            if s.float || bits >= 64 {
                s
            } else {
                let garbage = 0xa5a5_a5a5_a5a5_a5a5u64 & !((1u64 << bits) - 1);
                Slot { bits: (s.bits & ((1u64 << bits) - 1)) | garbage, float: false }
            }
        })
        .collect()
}

fn leaf_types(t: &LlType, out: &mut Vec<LlType>) {
    match t {
        LlType::Void => {}
        LlType::Struct(ts) => ts.iter().for_each(|t| leaf_types(t, out)),
        t => out.push(t.clone()),
    }
}

/// The C program calling every case and printing each result's slots in
/// hex, one call per line; `check N` calls the panicking function instead.
fn c_main(p: &Program) -> String {
    let mut s = String::from(
        r#"#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double d(uint64_t b) { double x; memcpy(&x, &b, 8); return x; }
static uint64_t bits(double x) { uint64_t b; memcpy(&b, &x, 8); return b; }

void rpy_rt_panic(const uint8_t *msg, size_t msg_len, const uint8_t *file, size_t file_len, uint32_t line, uint32_t col) {
    fflush(stdout);
    fprintf(stderr, "\nthread 'main' (%d) panicked at %.*s:%u:%u:\n%.*s\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
            (int)getpid(), (int)file_len, file, line, col, (int)msg_len, msg);
    exit(101);
}

void rpy_rt_panic_index(uint64_t len, uint64_t index, const uint8_t *file, size_t file_len, uint32_t line, uint32_t col) {
    fflush(stdout);
    fprintf(stderr, "\nthread 'main' (%d) panicked at %.*s:%u:%u:\nindex out of bounds: the len is %llu but the index is %llu\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
            (int)getpid(), (int)file_len, file, line, col, (unsigned long long)len, (unsigned long long)index);
    exit(101);
}
"#,
    );
    let class_sizes: Vec<String> = (0..gc::NUM_SIZE_CLASSES).map(|c| gc::class_size(c).to_string()).collect();
    s.push_str(&GC_STAND_IN.replace("CLASS_SIZES", &class_sizes.join(", ")));
    let mut runs = String::new();
    for (k, case) in p.cases.iter().enumerate() {
        let mut ptypes = Vec::new();
        for pt in &case.params {
            leaf_types(pt, &mut ptypes);
        }
        let mut rleaves = Vec::new();
        leaf_types(&case.result, &mut rleaves);
        let sret = matches!(case.result, LlType::Struct(_));
        let mut decl_params: Vec<String> = Vec::new();
        if sret {
            decl_params.push("uint64_t *".into());
        }
        decl_params.extend(ptypes.iter().map(|t| if *t == F { "double".to_string() } else { "int64_t".to_string() }));
        let ret = match &case.result {
            LlType::Float => "double",
            LlType::Struct(_) | LlType::Void => "void",
            _ => "int64_t",
        };
        let _ = writeln!(s, "extern {ret} {}({});", case.symbol, decl_params.join(", "));
        let n = ptypes.len().max(1);
        let _ = writeln!(s, "static const uint64_t in_{k}[][{n}] = {{");
        for args in &case.inputs {
            let a = arg_slots(args, &case.params);
            let items: Vec<String> = a.iter().map(|s| format!("0x{:x}ull", s.bits)).collect();
            let items = if items.is_empty() { vec!["0".to_string()] } else { items };
            let _ = writeln!(s, "  {{{}}},", items.join(", "));
        }
        let _ = writeln!(s, "}};");
        let call_args: Vec<String> = ptypes
            .iter()
            .enumerate()
            .map(|(i, t)| if *t == F { format!("d(a[{i}])") } else { format!("(int64_t)a[{i}]") })
            .collect();
        let _ = writeln!(s, "static void run_{k}(void) {{");
        let _ = writeln!(s, "  for (size_t i = 0; i < {}; i++) {{", case.inputs.len());
        let _ = writeln!(s, "    const uint64_t *a = in_{k}[i]; (void)a;");
        if sret {
            let _ = writeln!(s, "    uint64_t buf[{}];", rleaves.len().max(1));
            let mut all = vec!["buf".to_string()];
            all.extend(call_args);
            let _ = writeln!(s, "    {}({});", case.symbol, all.join(", "));
            let fmt = vec!["%llx"; rleaves.len()].join(" ");
            let vals: Vec<String> = (0..rleaves.len()).map(|i| format!("(unsigned long long)buf[{i}]")).collect();
            let _ = writeln!(s, "    printf(\"{fmt}\\n\", {});", vals.join(", "));
        } else {
            let conv = if case.result == F { "bits" } else { "(uint64_t)" };
            let _ = writeln!(
                s,
                "    printf(\"%llx\\n\", (unsigned long long){conv}({}({})));",
                case.symbol,
                call_args.join(", ")
            );
        }
        let _ = writeln!(s, "  }}\n}}");
        let _ = writeln!(runs, "    run_{k}();");
    }
    let check_symbol = &p.cases.iter().find(|c| c.graph == p.check).unwrap().symbol;
    let _ = write!(
        s,
        "int main(int argc, char **argv) {{\n  if (argc == 3 && strcmp(argv[1], \"check\") == 0) {{\n    printf(\"%lld\\n\", (long long){check_symbol}(atoll(argv[2])));\n    return 0;\n  }}\n{runs}  return 0;\n}}\n"
    );
    s
}

/// The GC's allocation ABI (`rpython::gc`) in C, for programs without the
/// Rust runtime: the allocation state whose runs the inline fast path
/// bumps, and `rpy_gc_malloc(_varsize)`, which hand out a fresh zeroed run of
/// 16 slots of the object's size class (so most allocations take the fast
/// path) and never free anything.
const GC_STAND_IN: &str = r#"
struct rpy_run { uintptr_t free, limit; };
struct rpy_run rpy_gc_alloc_state[64];
struct rpy_type_info {
    uint64_t fixed_size, flags, length_offset, items_offset, item_size;
    const uint32_t *ptr_offsets; uint64_t ptr_count;
    const uint32_t *item_ptr_offsets; uint64_t item_ptr_count;
    const char *name; uint64_t name_len;
};
static const uint64_t rpy_class_sizes[64] = { CLASS_SIZES };

static void *gc_alloc(const struct rpy_type_info *ti, uint64_t length) {
    if (ti->fixed_size < 8 || (ti->flags & ~1ull) || ti->name_len == 0) abort();
    uint64_t size = ti->fixed_size;
    if (ti->flags & 1) {
        uint64_t end = ti->items_offset + length * ti->item_size;
        if (end > size) size = end;
    }
    size = (size + 7) & ~7ull;
    int c = 0;
    while (c < 64 && rpy_class_sizes[c] < size) c++;
    char *obj;
    if (c == 64) {
        obj = calloc(1, size);
    } else {
        uint64_t slot = rpy_class_sizes[c];
        obj = calloc(16, slot);
        rpy_gc_alloc_state[c].free = (uintptr_t)obj + slot;
        rpy_gc_alloc_state[c].limit = (uintptr_t)obj + 16 * slot;
    }
    if (!obj) abort();
    *(const struct rpy_type_info **)obj = ti;
    if (ti->flags & 1) *(uint64_t *)(obj + ti->length_offset) = length;
    return obj;
}

void *rpy_gc_malloc(const struct rpy_type_info *ti) {
    if (ti->flags & 1) abort();
    return gc_alloc(ti, 0);
}

void *rpy_gc_malloc_varsize(const struct rpy_type_info *ti, uint64_t length) {
    if (!(ti->flags & 1)) abort();
    return gc_alloc(ti, length);
}

/* Nothing here is ever old: no header has the barrier's bit, so the inline
   test must never call this. */
void rpy_gc_write_barrier(void *obj) {
    (void)obj;
    abort();
}
"#;

fn tmpdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rpy-llvm-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(cmd: &mut Command) -> std::process::Output {
    cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Assembles and links `asm` with the C main; returns the command prefix
/// that runs the program.
fn build(dir: &Path, asm: &str, c: &str, gcc: &str, extra: &[&str]) -> PathBuf {
    std::fs::write(dir.join("module.s"), asm).unwrap();
    std::fs::write(dir.join("main.c"), c).unwrap();
    let exe = dir.join("prog");
    let out = run(Command::new(gcc)
        .current_dir(dir)
        .args(["-O1", "-o"])
        .arg(&exe)
        .args(["main.c", "module.s", "-lm"])
        .args(extra));
    assert!(out.status.success(), "{gcc} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    exe
}

fn float_close(op: &str, a: u64, b: u64, tolerant: bool) -> bool {
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    if a == b || (x.is_nan() && y.is_nan()) {
        return true;
    }
    // `f64::min`/`max` may return either zero when both are zeros.
    if (op.ends_with("_min") || op.ends_with("_max")) && x == y {
        return true;
    }
    // Another libm (AArch64's glibc under qemu) may round transcendental
    // functions differently in the last place.
    tolerant
        && ["sin", "cos", "tan", "exp", "log", "log10", "log2", "pow", "atan2"].iter().any(|f| op.ends_with(f))
        && (a as i64 - b as i64).abs() <= 1
}

/// Runs the program and compares every printed result with the
/// LLInterpreter's.
fn check_results(p: &Program, runner: &mut Command, tolerant: bool) {
    let out = run(runner);
    assert!(out.status.success(), "program failed: {}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut lines = stdout.lines();
    let mut failures = Vec::new();
    let mut calls = 0;
    for case in &p.cases {
        let graph = &p.t.graphs[case.graph];
        for args in &case.inputs {
            calls += 1;
            let line = lines.next().expect("fewer results than calls");
            let got: Vec<u64> = line.split(' ').map(|h| u64::from_str_radix(h, 16).unwrap()).collect();
            let expect = interpret(&p.t, case.graph, args.clone()).expect("no panic expected");
            let mut want = Vec::new();
            slots(&expect, &case.result, &mut want);
            let ok = got.len() == want.len()
                && got.iter().zip(&want).all(|(g, w)| {
                    if w.float {
                        float_close(&graph.name, *g, w.bits, tolerant)
                    } else {
                        *g == w.bits
                    }
                });
            if !ok {
                failures.push(format!(
                    "{}({}) {:?}: native {:x?}, llinterp {:x?} ({expect:?})",
                    graph.name,
                    case.params.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "),
                    args,
                    got,
                    want.iter().map(|s| s.bits).collect::<Vec<_>>()
                ));
            }
        }
    }
    assert!(lines.next().is_none(), "more results than calls");
    assert!(
        failures.is_empty(),
        "{} of {calls} calls differ:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

fn check_panics(p: &Program, runner: impl Fn(&str) -> Command) {
    for arg in [-5i64, 200, 5000] {
        let child = runner(&arg.to_string()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        // Under qemu-user the guest's getpid() is qemu's own pid.
        let pid = child.id() as u64;
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(101), "check({arg})");
        let want = interpret(&p.t, p.check, vec![LlValue::Int(arg as i128)]).unwrap_err();
        assert_eq!(String::from_utf8_lossy(&out.stderr), want.stderr_text_with_thread_id(pid));
        assert!(out.stdout.is_empty());
    }
    let out = run(&mut runner("42"));
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
}

fn options(prefix: &str) -> Options {
    Options { opt_level: 2, symbol_prefix: prefix.into() }
}

fn exports(p: &Program) -> Vec<Export> {
    p.cases.iter().map(|c| Export { graph: c.graph, symbol: c.symbol.clone() }).collect()
}

#[test]
fn x86_64_native_matches_llinterp() {
    if !cfg!(target_arch = "x86_64") {
        return;
    }
    let p = build_program();
    let asm = compile(&p.t, None, &exports(&p), &options("__rpy_native_")).unwrap();
    let dir = tmpdir("x86_64");
    let exe = build(&dir, &asm.x86_64, &c_main(&p), "gcc", &[]);
    check_results(&p, &mut Command::new(&exe), false);
    check_panics(&p, |arg| {
        let mut c = Command::new(&exe);
        c.args(["check", arg]);
        c
    });
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn aarch64_under_qemu_matches_llinterp() {
    if !have("aarch64-linux-gnu-gcc") || !have("qemu-aarch64") {
        eprintln!("note: aarch64-linux-gnu-gcc or qemu-aarch64 missing, AArch64 code not run");
        return;
    }
    let p = build_program();
    let asm = compile(&p.t, None, &exports(&p), &options("__rpy_native_")).unwrap();
    let dir = tmpdir("aarch64");
    let exe = build(&dir, &asm.aarch64, &c_main(&p), "aarch64-linux-gnu-gcc", &["-static"]);
    let qemu = |args: &[&str]| {
        let mut c = Command::new("qemu-aarch64");
        c.arg(&exe).args(args);
        c
    };
    check_results(&p, &mut qemu(&[]), true);
    check_panics(&p, |arg| qemu(&["check", arg]));
    let _ = std::fs::remove_dir_all(dir);
}

/// Two modules translated from the same graphs (so with the same internal
/// function names and, at O0, the same numbered labels) embedded in one
/// Rust program with `global_asm!`, the way the proc macro embeds them.
#[test]
fn two_modules_embed_in_one_rust_program() {
    if !cfg!(target_arch = "x86_64") || !have("rustc") {
        return;
    }
    let mut t = Translator::default();
    let fact = factorial(&mut t);
    let fib = fib(&mut t);
    let (mk, _, _) = mk(&mut t);
    let check = check(&mut t);
    // Calls to libm (`sin` by an intrinsic, `atan2` by name) and
    // compiler-builtins (`__powidf2`) from the assembly must resolve against
    // what a Rust binary links.
    let mut b = LlGraphBuilder::new("floats", &[F, INT], F);
    let p = b.params();
    let start = b.start();
    let pw = b.op(start, LlOp::Float(FloatOp::Powi), vec![p[0].into(), p[1].into()], F);
    let s = b.op(start, LlOp::Float(FloatOp::Sin), vec![p[0].into()], F);
    let s = b.op(start, LlOp::Float(FloatOp::Atan2), vec![s.into(), p[0].into()], F);
    let m = b.op(start, LlOp::Float(FloatOp::Mod), vec![pw.into(), c_float(7.0)], F);
    let r = b.op(start, LlOp::Float(FloatOp::Add), vec![m.into(), s.into()], F);
    b.ret(start, r.into());
    let floats = t.graphs.push(b.finish());
    let mut src = String::from("#![allow(improper_ctypes)]\n");
    for m in ["a", "b"] {
        let exports = [
            Export { graph: fact, symbol: format!("{m}_fact") },
            Export { graph: fib, symbol: format!("{m}_fib") },
            Export { graph: mk, symbol: format!("{m}_mk") },
            Export { graph: check, symbol: format!("{m}_check") },
            Export { graph: floats, symbol: format!("{m}_floats") },
        ];
        let asm = compile(&t, None, &exports, &Options { opt_level: 0, symbol_prefix: format!("__rpy_{m}_") }).unwrap();
        assert!(!asm.x86_64.contains("\"##"));
        let _ = writeln!(src, "core::arch::global_asm!(r##\"{}\"##, options(raw, att_syntax));", asm.x86_64);
        let _ = writeln!(
            src,
            "extern \"C\" {{ fn {m}_fact(n: i64) -> i64; fn {m}_fib(n: i64) -> i64; \
             fn {m}_mk(out: *mut u64, x: i64, f: f64, flag: i64, c: i64); fn {m}_check(x: i64) -> i64; fn {m}_floats(x: f64, n: i64) -> f64; }}"
        );
    }
    src.push_str(
        r#"
#[no_mangle]
pub extern "C" fn rpy_rt_panic(msg: *const u8, msg_len: usize, file: *const u8, file_len: usize, line: u32, col: u32) -> ! {
    let msg = unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(msg, msg_len)) };
    let file = unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(file, file_len)) };
    eprintln!("thread 'main' panicked at {file}:{line}:{col}:\n{msg}");
    std::process::exit(101)
}

#[no_mangle]
pub extern "C" fn rpy_rt_panic_index(len: u64, index: u64, _file: *const u8, _file_len: usize, line: u32, col: u32) -> ! {
    eprintln!("index {index} out of {len} at {line}:{col}");
    std::process::exit(101)
}

fn main() {
    unsafe {
        println!("{} {}", a_fact(10), b_fact(20));
        println!("{} {}", a_fib(20), b_fib(30));
        let mut buf = [0u64; 6];
        a_mk(buf.as_mut_ptr(), -3, 5.0, 0, 'x' as i64);
        println!("{} {} {} {} {} {}", buf[0] as i64, buf[1], f64::from_bits(buf[2]), buf[3], char::from_u32(buf[4] as u32).unwrap(), buf[5]);
        let x: f64 = std::hint::black_box(1.5);
        println!("{}", a_floats(x, 9) == x.powi(9) % 7.0 + x.sin().atan2(x));
        println!("{}", b_check(std::env::args().nth(1).unwrap().parse().unwrap()));
    }
}
"#,
    );
    let dir = tmpdir("rustc");
    std::fs::write(dir.join("main.rs"), &src).unwrap();
    let exe = dir.join("main");
    let out = run(Command::new("rustc").current_dir(&dir).args(["--edition", "2021", "-o"]).arg(&exe).arg("main.rs"));
    assert!(out.status.success(), "rustc failed:\n{}", String::from_utf8_lossy(&out.stderr));
    let out = run(Command::new(&exe).arg("3"));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "3628800 2432902008176640000\n6765 832040\n3 253 2.5 1 x 120\ntrue\n3\n"
    );
    let out = run(Command::new(&exe).arg("-1"));
    assert_eq!(out.status.code(), Some(101));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "thread 'main' panicked at src/bin/check.rs:3:9:\nnegative: \"quoted\" # not a comment\n"
    );
    let _ = std::fs::remove_dir_all(dir);
}
