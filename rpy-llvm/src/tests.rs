//! Unit tests: small low-level graphs built by hand, compiled, with checks
//! on the IR and on the assembly of both targets. `tests/native.rs` runs
//! the compiled code.

use super::*;
use rpy_core::flow::{ConstValue, FunctionGraph};
use rpy_core::llbuild::*;
use rpy_core::lloperation::{IntOp, LlOp};
use rpy_core::lltype::{LlType, INT, SIGNED, UINT, UNSIGNED};

fn opts() -> Options {
    Options { opt_level: 2, symbol_prefix: "__t_".into() }
}

fn export(g: GraphId, symbol: &str) -> Export {
    Export { graph: g, symbol: symbol.into() }
}

/// `fn fact(n: i64) -> i64 { let mut acc = 1; while n > 1 { acc *= n; n -= 1 } acc }`
fn factorial(t: &mut Translator) -> GraphId {
    let mut b = LlGraphBuilder::new("fact", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let (head, hv) = b.block(&[SIGNED, SIGNED]);
    let (body, bv) = b.block(&[SIGNED, SIGNED]);
    b.goto(start, head, vec![n.into(), c_int(1, SIGNED)]);
    let cond = b.op(head, LlOp::Int(IntOp::Gt), vec![hv[0].into(), c_int(1, SIGNED)], LlType::Bool);
    let ret = b.returnblock();
    b.branch(head, cond.into(), (body, vec![hv[0].into(), hv[1].into()]), (ret, vec![hv[1].into()]));
    let acc = b.op(body, LlOp::Int(IntOp::Mul), vec![bv[1].into(), bv[0].into()], SIGNED);
    let n1 = b.op(body, LlOp::Int(IntOp::Sub), vec![bv[0].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![n1.into(), acc.into()]);
    t.graphs.push(b.finish())
}

/// A graph `name(params) = opname(params)`.
fn one_op(t: &mut Translator, opname: &str, params: &[LlType], result: LlType) -> GraphId {
    let op = LlOp::from_name(opname).expect("an operation of the table");
    t.graphs.push(LlGraphBuilder::single_op(op, params, result))
}

fn ir(t: &Translator, exports: &[Export]) -> String {
    compile_llvm_ir(t, None, exports, &opts()).unwrap()
}

#[test]
fn factorial_ir_and_assembly() {
    let mut t = Translator::default();
    let g = factorial(&mut t);
    let exports = [export(g, "rpy_test_fact")];
    let text = ir(&t, &exports);
    assert!(text.contains("define internal i64 @__t_fact(i64 %0)"), "{text}");
    assert!(text.contains("define hidden i64 @rpy_test_fact(i64 %0)"), "{text}");
    assert!(text.contains("phi i64"), "{text}");
    assert!(text.contains("mul i64") && !text.contains("mul nsw"), "{text}");
    let asm = compile(&t, None, &exports, &opts()).unwrap();
    for text in [&asm.x86_64, &asm.aarch64] {
        assert!(text.contains(".globl\trpy_test_fact\n"), "{text}");
        assert!(text.contains(".hidden\trpy_test_fact\n"), "{text}");
        assert!(text.contains("\nrpy_test_fact:\n"), "{text}");
        assert!(text.starts_with(".pushsection .text\n") && text.ends_with(".popsection\n"));
        assert!(!text.contains(".file") && !text.contains("GNU-stack") && !text.contains(".ident"), "{text}");
        // Every private label carries the prefix.
        for (i, _) in text.match_indices(".L") {
            assert!(text[i..].starts_with(".L__t_"), "unprefixed label in\n{text}");
        }
    }
    assert!(asm.x86_64.contains("imulq"), "{}", asm.x86_64);
    assert!(asm.aarch64.contains("mul\tx"), "{}", asm.aarch64);
}

#[test]
fn checked_and_saturating_ops_use_intrinsics() {
    let mut t = Translator::default();
    let checked = LlType::Struct(vec![LlType::Bool, INT]);
    let mut exports = Vec::new();
    for (op, params, result, intrinsic) in [
        ("int_add_checked", vec![INT, INT], checked.clone(), "@llvm.sadd.with.overflow.i32"),
        (
            "uint_mul_checked",
            vec![UNSIGNED, UNSIGNED],
            LlType::Struct(vec![LlType::Bool, UNSIGNED]),
            "@llvm.umul.with.overflow.i64",
        ),
        ("int_neg_checked", vec![INT], checked.clone(), "@llvm.ssub.with.overflow.i32"),
        ("int_add_sat", vec![INT, INT], INT, "@llvm.sadd.sat.i32"),
        ("uint_sub_sat", vec![UNSIGNED, UNSIGNED], UNSIGNED, "@llvm.usub.sat.i64"),
        ("int_mul_sat", vec![SIGNED, SIGNED], SIGNED, "@llvm.smul.with.overflow.i64"),
        ("int_min", vec![SIGNED, SIGNED], SIGNED, "@llvm.smin.i64"),
        ("uint_max", vec![UINT, UINT], UINT, "@llvm.umax.i32"),
        ("int_rotl", vec![SIGNED, UINT], SIGNED, "@llvm.fshl.i64"),
        ("uint_clz", vec![UNSIGNED], UINT, "@llvm.ctlz.i64"),
        ("int_abs", vec![INT], INT, "@llvm.abs.i32"),
        ("float_min", vec![LlType::Float, LlType::Float], LlType::Float, "@llvm.minnum.f64"),
        ("float_powi", vec![LlType::Float, INT], LlType::Float, "@llvm.powi.f64.i32"),
        ("float_pow", vec![LlType::Float, LlType::Float], LlType::Float, "@llvm.pow.f64"),
        ("float_log10", vec![LlType::Float], LlType::Float, "@llvm.log10.f64"),
        ("float_log2", vec![LlType::Float], LlType::Float, "@llvm.log2.f64"),
        // No intrinsic in LLVM 14: libm's function, as std calls it.
        ("float_tan", vec![LlType::Float], LlType::Float, "call double @tan(double"),
        ("float_atan2", vec![LlType::Float, LlType::Float], LlType::Float, "call double @atan2(double"),
        ("convert_float_bytes_to_longlong", vec![LlType::Float], UNSIGNED, "bitcast double"),
        ("convert_longlong_bytes_to_float", vec![UNSIGNED], LlType::Float, "bitcast i64"),
    ] {
        let g = one_op(&mut t, op, &params, result);
        exports.push(export(g, &format!("rpy_test_{op}")));
        let text = ir(&t, &exports[exports.len() - 1..]);
        assert!(text.contains(intrinsic), "{op}: no {intrinsic} in\n{text}");
    }
    let text = ir(&t, &exports);
    // Checked divisions never divide by zero: the divisor is replaced by 1.
    let mut t2 = Translator::default();
    let g = one_op(&mut t2, "int_floordiv_checked", &[SIGNED, SIGNED], LlType::Struct(vec![LlType::Bool, SIGNED]));
    let div = ir(&t2, &[export(g, "div")]);
    assert!(div.contains("select i1") && div.contains("sdiv i64"), "{div}");
    let asm = compile(&t, None, &exports, &opts()).unwrap();
    for e in &exports {
        assert!(asm.x86_64.contains(&format!("\n{}:\n", e.symbol)), "{text}");
        assert!(asm.aarch64.contains(&format!("\n{}:\n", e.symbol)));
    }
}

#[test]
fn casts_saturate() {
    let mut t = Translator::default();
    let g1 = one_op(&mut t, "cast_float_to_int", &[LlType::Float], INT);
    let g2 = one_op(&mut t, "cast_float_to_uint", &[LlType::Float], LlType::Int { bits: 8, signed: false });
    let g3 = one_op(&mut t, "cast_primitive", &[LlType::Int { bits: 8, signed: true }], UNSIGNED);
    let g4 = one_op(&mut t, "cast_uint_to_float", &[UNSIGNED], LlType::Float);
    let text = ir(&t, &[export(g1, "a"), export(g2, "b"), export(g3, "c"), export(g4, "d")]);
    assert!(text.contains("@llvm.fptosi.sat.i32.f64"), "{text}");
    assert!(text.contains("@llvm.fptoui.sat.i8.f64"), "{text}");
    assert!(text.contains("sext i8"), "{text}");
    assert!(text.contains("uitofp i64"), "{text}");
    // The wrapper of a `u8` result zero-extends it; of an `i32`, sign-extends.
    assert!(text.contains("define hidden i64 @b(double %0)"), "{text}");
    assert!(compile(&t, None, &[export(g1, "a"), export(g2, "b")], &opts()).is_ok());
}

#[test]
fn struct_results_go_through_a_buffer() {
    let mut t = Translator::default();
    let res = LlType::Struct(vec![SIGNED, LlType::Struct(vec![LlType::Float, LlType::Bool]), LlType::Void]);
    let param = LlType::Struct(vec![INT, LlType::Float]);
    let mut b = LlGraphBuilder::new("mk", &[param.clone(), LlType::Bool], res.clone());
    let p = b.params();
    let start = b.start();
    let i = b.op(start, LlOp::TupleGetitem, vec![p[0].into(), c_int(0, SIGNED)], INT);
    let f = b.op(start, LlOp::TupleGetitem, vec![p[0].into(), c_int(1, SIGNED)], LlType::Float);
    let wide = b.op(start, LlOp::CastPrimitive, vec![i.into()], SIGNED);
    let inner =
        b.op(start, LlOp::TupleNew, vec![f.into(), p[1].into()], LlType::Struct(vec![LlType::Float, LlType::Bool]));
    let r = b.op(start, LlOp::TupleNew, vec![wide.into(), inner.into(), c_unit()], res);
    b.ret(start, r.into());
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_mk")]);
    assert!(text.contains("define hidden void @rpy_mk(i64* %0, i64 %1, double %2, i64 %3)"), "{text}");
    assert!(text.contains("define internal { i64, { double, i1 }, {} } @__t_mk({ i32, double } %0, i1 %1)"), "{text}");
    let asm = compile(&t, None, &[export(g, "rpy_mk")], &opts()).unwrap();
    assert!(asm.x86_64.contains("\nrpy_mk:\n"));
}

#[test]
fn calls_between_graphs() {
    let mut t = Translator::default();
    let fact = factorial(&mut t);
    let mut b = LlGraphBuilder::new("twice_fact", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let f = b.op(start, LlOp::DirectCall, vec![c_func(fact), n.into()], SIGNED);
    let r = b.op(start, LlOp::Int(IntOp::Add), vec![f.into(), f.into()], SIGNED);
    b.ret(start, r.into());
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_twice_fact")]);
    assert!(text.contains("call i64 @__t_fact("), "{text}");
    assert!(text.contains("define internal i64 @__t_twice_fact"), "{text}");
    // Unoptimized, without inlining, the call stays a local call.
    let o0 = Options { opt_level: 0, ..opts() };
    let asm = compile(&t, None, &[export(g, "rpy_twice_fact")], &o0).unwrap();
    assert!(asm.x86_64.contains("callq\t__t_fact\n"), "{}", asm.x86_64);
    assert!(asm.aarch64.contains("bl\t__t_fact\n"), "{}", asm.aarch64);
    assert!(!asm.x86_64.contains(".globl\t__t_fact"));
}

#[test]
fn panics_call_the_runtime_directly() {
    let mut t = Translator::default();
    let mut b = LlGraphBuilder::new("check", &[SIGNED], SIGNED).file("src/main.rs");
    let x = b.params()[0];
    let start = b.start();
    let neg = b.op(start, LlOp::Int(IntOp::Lt), vec![x.into(), c_int(0, SIGNED)], LlType::Bool);
    b.op(start, LlOp::PanicIf, vec![neg.into(), c_str("negative"), c_pos(3, 9)], LlType::Void);
    b.ret(start, x.into());
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_check")]);
    // The runtime is linked into the same binary: a hidden symbol, called
    // without the PLT.
    assert!(text.contains("declare hidden void @rpy_rt_panic(i8*, i64, i8*, i64, i32, i32)"), "{text}");
    assert!(text.contains("c\"negative\"") && text.contains("c\"src/main.rs\""), "{text}");
    assert!(text.contains("unreachable"), "{text}");
    let asm = compile(&t, None, &[export(g, "rpy_check")], &opts()).unwrap();
    assert!(asm.x86_64.contains("callq\trpy_rt_panic\n"), "{}", asm.x86_64);
    // The message is addressed PC-relatively, never absolutely.
    assert!(asm.x86_64.contains(".L__t_str.0(%rip)"), "{}", asm.x86_64);
    assert!(asm.aarch64.contains("bl\trpy_rt_panic\n"), "{}", asm.aarch64);
    assert!(asm.aarch64.contains("adrp\tx"), "{}", asm.aarch64);
}

#[test]
fn switches() {
    let mut t = Translator::default();
    let mut b = LlGraphBuilder::new("classify", &[LlType::UniChar], SIGNED);
    let c = b.params()[0];
    let start = b.start();
    let ret = b.returnblock();
    b.switch(
        start,
        c.into(),
        vec![
            (ConstValue::Char('a'), ret, vec![c_int(1, SIGNED)]),
            (ConstValue::Int('b' as i128), ret, vec![c_int(2, SIGNED)]),
            (ConstValue::Str("default".into()), ret, vec![c_int(0, SIGNED)]),
        ],
    );
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_classify")]);
    // Three links to the same block: each gets an edge block of its own.
    assert!(text.contains("switch i32"), "{text}");
    assert!(text.contains("i32 97, label") && text.contains("i32 98, label"), "{text}");
    assert!(text.matches("edge").count() >= 3, "{text}");
    compile(&t, None, &[export(g, "rpy_classify")], &opts()).unwrap();
}

/// A `match` rustc proved exhaustive falls through to `unreachable`: the
/// switch then has no default to test for (no range check before the jump
/// table, no call of the runtime's panic).
#[test]
fn an_unreachable_default_is_assumed_away() {
    let mut t = Translator::default();
    let mut b = LlGraphBuilder::new("pick", &[SIGNED], SIGNED);
    let x = b.params()[0];
    let start = b.start();
    let ret = b.returnblock();
    let (dead, _) = b.block(&[]);
    let cases: Vec<(ConstValue, _, _)> =
        (0..6).map(|k| (ConstValue::Int(k), ret, vec![c_int(k * 7 + 3, SIGNED)])).collect();
    let mut cases = cases;
    cases.push((ConstValue::Str("default".into()), dead, vec![]));
    b.switch(start, x.into(), cases);
    b.op(dead, LlOp::Unreachable, vec![c_str("internal error: entered unreachable code"), c_pos(2, 5)], LlType::Void);
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_pick")]);
    assert!(text.contains("unreachable") && !text.contains("rpy_rt_panic"), "{text}");
    let asm = compile(&t, None, &[export(g, "rpy_pick")], &opts()).unwrap();
    assert!(!asm.x86_64.contains("rpy_rt_panic") && !asm.x86_64.contains("cmp"), "{}", asm.x86_64);
}

/// Rust's `#[inline]` attributes become LLVM's.
#[test]
fn inline_attributes_reach_llvm() {
    use rpy_core::flow::Inline;
    let mut t = Translator::default();
    let mut graphs = Vec::new();
    for (name, inline) in [("hinted", Inline::Hint), ("always", Inline::Always), ("never", Inline::Never)] {
        let mut g = one_op_graph(name);
        g.hints.inline = inline;
        graphs.push(t.graphs.push(g));
    }
    let exports: Vec<Export> = graphs.iter().zip(["rpy_a", "rpy_b", "rpy_c"]).map(|(&g, s)| export(g, s)).collect();
    let text = ir(&t, &exports);
    for attr in ["inlinehint", "alwaysinline", "noinline"] {
        assert!(text.contains(attr), "{attr}: {text}");
    }
}

fn one_op_graph(name: &str) -> FunctionGraph {
    let mut b = LlGraphBuilder::new(name, &[SIGNED], SIGNED);
    let x = b.params()[0];
    let start = b.start();
    let y = b.op(start, LlOp::Int(IntOp::Add), vec![x.into(), c_int(1, SIGNED)], SIGNED);
    b.ret(start, y.into());
    b.finish()
}

#[test]
fn int_pow_is_an_inline_loop() {
    let mut t = Translator::default();
    let g = one_op(&mut t, "int_pow", &[SIGNED, UINT], SIGNED);
    let text = ir(&t, &[export(g, "rpy_pow")]);
    assert!(text.contains("pow.head") && text.contains("pow.body"), "{text}");
    assert!(!text.contains("call i64 @llvm"), "{text}");
}

#[test]
fn every_operation_of_the_table_lowers() {
    // One graph per operation name, with the simplest types it accepts.
    let mut t = Translator::default();
    let heap = Heap::new(&mut t);
    let mut exports = Vec::new();
    for op in LlOp::all() {
        let name = op.name();
        let sig = simple_signature(&name, &heap);
        let Some((params, result, extra)) = sig else {
            continue;
        };
        let mut b = LlGraphBuilder::new(&name, &params, result.clone());
        let mut args: Vec<rpy_core::flow::Value> = b.params().into_iter().map(Into::into).collect();
        for (i, c) in extra {
            args.insert(i, c);
        }
        let start = b.start();
        let r = b.op(start, op, args, result);
        b.ret(start, r.into());
        let g = t.graphs.push(b.finish());
        exports.push(export(g, &format!("op_{name}")));
    }
    assert!(exports.len() >= LlOp::all().len() - 8);
    let asm = compile(&t, None, &exports, &opts()).unwrap();
    for e in &exports {
        assert!(asm.x86_64.contains(&format!("\n{}:\n", e.symbol)));
    }
}

/// Containers for the heap operations: `node { flag: Bool, value: Signed,
/// next: Ptr(node) }`, a `GcArray` of `Signed`, and an enum whose integer
/// variant is tagged (`int_variant`, of base `enum_base`).
struct Heap {
    node: rpy_core::lltype::ContainerId,
    array: rpy_core::lltype::ContainerId,
    enum_base: rpy_core::lltype::ContainerId,
    int_variant: rpy_core::lltype::ContainerId,
}

impl Heap {
    fn new(t: &mut Translator) -> Heap {
        use rpy_core::lltype::layout::{TAG, TAG_TYPE};
        let node =
            gc_struct(t, "node", |me| vec![("flag", LlType::Bool), ("value", SIGNED), ("next", LlType::Ptr(me))], None);
        let enum_base = gc_struct(t, "E", |_| vec![(TAG, TAG_TYPE)], None);
        let int_variant = gc_struct(t, "E::Int", |_| vec![(TAG, TAG_TYPE), ("0", SIGNED)], None);
        t.container_bases.insert(int_variant, enum_base);
        let tagged = rpy_core::lltype::TaggedInt { base: enum_base, variant: int_variant, tag: 1, field: "0".into() };
        t.tagged_ints.push(tagged);
        Heap { node, array: gc_array(t, SIGNED), enum_base, int_variant }
    }
}

type Signature = (Vec<LlType>, LlType, Vec<(usize, rpy_core::flow::Value)>);

/// Parameter types, result type and constant operands (each with the
/// position it takes among the parameters) of a one-op graph for `name`;
/// `None` for the operations tested elsewhere (calls, panics, tuples).
fn simple_signature(name: &str, heap: &Heap) -> Option<Signature> {
    let f = LlType::Float;
    let b = LlType::Bool;
    let (node, array) = (LlType::Ptr(heap.node), LlType::Ptr(heap.array));
    let void = LlType::Void;
    Some(match name {
        "malloc" => (vec![], node, vec![(0, c_container(heap.node))]),
        "malloc_varsize" => (vec![SIGNED], array, vec![(0, c_container(heap.array))]),
        "new_tagged" => (vec![SIGNED], LlType::Ptr(heap.enum_base), vec![(0, c_container(heap.int_variant))]),
        "getfield" => (vec![node], SIGNED, vec![(1, c_str("value"))]),
        "setfield" => (vec![node, b], void, vec![(1, c_str("flag"))]),
        "getarrayitem" => (vec![array, SIGNED], SIGNED, vec![]),
        "setarrayitem" => (vec![array, SIGNED, SIGNED], void, vec![]),
        "getarraysize" => (vec![array], SIGNED, vec![]),
        "arraycopy" => (vec![array.clone(), array, SIGNED, SIGNED, SIGNED], void, vec![]),
        "ptr_eq" | "ptr_ne" => (vec![node.clone(), node], b, vec![]),
        "ptr_iszero" | "ptr_nonzero" => (vec![node], b, vec![]),
        "gc_id" => (vec![node], UNSIGNED, vec![]),
        "indirect_call" => (vec![LlType::FuncPtr(vec![SIGNED], Box::new(SIGNED)), SIGNED], SIGNED, vec![]),
        "panic_index_if" => (vec![UNSIGNED, UNSIGNED], void, vec![(2, c_pos(1, 1))]),
        "hint" => (vec![SIGNED], SIGNED, vec![(1, c_str("promote"))]),
        // A runtime function, declared from the operands' types.
        "rt_call" => (vec![SIGNED], SIGNED, vec![(0, c_str("rpy_test_runtime_fn"))]),
        "jit_marker" => (vec![SIGNED, node], void, vec![(0, c_str("jit_merge_point")), (1, c_str("DRIVER"))]),
        "direct_call" | "panic" | "unreachable" | "panic_str" | "panic_if" | "tuple_new" | "tuple_getitem"
        | "tuple_setitem" => return None,
        "same_as" => (vec![SIGNED], SIGNED, vec![]),
        "bool_not" => (vec![b.clone()], b, vec![]),
        "cast_primitive" => (vec![INT], UNSIGNED, vec![]),
        "cast_int_to_float" | "cast_uint_to_float" => (vec![INT], f, vec![]),
        "cast_float_to_int" | "cast_float_to_uint" => (vec![f], INT, vec![]),
        "convert_float_bytes_to_longlong" => (vec![f], UNSIGNED, vec![]),
        "convert_longlong_bytes_to_float" => (vec![UNSIGNED], f, vec![]),
        "float_powi" => (vec![f.clone(), INT], f, vec![]),
        n if n.starts_with("float_") => {
            let op = &n[6..];
            match op {
                "lt" | "le" | "eq" | "ne" | "gt" | "ge" => (vec![f.clone(), f], b, vec![]),
                "neg" | "abs" | "sqrt" | "floor" | "ceil" | "sin" | "cos" | "tan" | "asin" | "acos" | "atan"
                | "exp" | "log" | "log10" | "log2" => (vec![f.clone()], f, vec![]),
                _ => (vec![f.clone(), f.clone()], f, vec![]),
            }
        }
        n => {
            let (family, op) = n.split_once('_').unwrap();
            let t = if family == "int" { INT } else { UINT };
            let checked = LlType::Struct(vec![LlType::Bool, t.clone()]);
            match op {
                "lt" | "le" | "eq" | "ne" | "gt" | "ge" => (vec![t.clone(), t], b, vec![]),
                "neg" | "abs" | "invert" => (vec![t.clone()], t, vec![]),
                "neg_checked" => (vec![t], checked, vec![]),
                "neg_ovf" => (vec![t], b, vec![]),
                o if o.ends_with("_ovf") => (vec![t.clone(), t], b, vec![]),
                "clz" | "ctz" | "popcount" => (vec![t], UINT, vec![]),
                "pow" | "rotl" | "rotr" => (vec![t.clone(), UINT], t, vec![]),
                "lshift_checked" | "pow_checked" => (vec![t, UINT], checked, vec![]),
                o if o.ends_with("_checked") => (vec![t.clone(), t], checked, vec![]),
                _ => (vec![t.clone(), t.clone()], t, vec![]),
            }
        }
    })
}

#[test]
fn every_opt_level_compiles() {
    let mut t = Translator::default();
    let g = factorial(&mut t);
    for opt_level in 0..=3 {
        let asm = compile(&t, None, &[export(g, "rpy_fact")], &Options { opt_level, ..opts() }).unwrap();
        assert!(asm.x86_64.contains("\nrpy_fact:\n"));
    }
    assert!(compile(&t, None, &[export(g, "rpy_fact")], &Options { opt_level: 4, ..opts() }).is_err());
}

#[test]
fn unsupported_graphs_are_errors() {
    let mut t = Translator::default();
    let fact = factorial(&mut t);
    let err = compile(&t, None, &[export(fact, "same"), export(fact, "same")], &opts()).unwrap_err();
    assert!(err.contains("exported twice"), "{err}");
}

/// `fn cons(v, next) -> Ptr(node)`: a new node.
fn cons(t: &mut Translator, heap: &Heap) -> GraphId {
    let p = LlType::Ptr(heap.node);
    let mut b = LlGraphBuilder::new("cons", &[SIGNED, p.clone()], p.clone());
    let a = b.params();
    let s = b.start();
    let obj = b.op(s, LlOp::Malloc, vec![c_container(heap.node)], p);
    b.op(s, LlOp::Setfield, vec![obj.into(), c_str("value"), a[0].into()], LlType::Void);
    b.op(s, LlOp::Setfield, vec![obj.into(), c_str("next"), a[1].into()], LlType::Void);
    b.op(s, LlOp::Setfield, vec![obj.into(), c_str("flag"), c_bool(true)], LlType::Void);
    b.ret(s, obj.into());
    t.graphs.push(b.finish())
}

#[test]
fn malloc_inlines_the_gc_fast_path() {
    let mut t = Translator::default();
    let heap = Heap::new(&mut t);
    let g = cons(&mut t, &heap);
    let g2 = cons(&mut t, &heap);
    let exports = [export(g, "rpy_cons"), export(g2, "rpy_cons2")];
    let text = ir(&t, &exports);
    // One TypeInfo per container, however often it is allocated: 32 bytes,
    // fixed-size, a GC pointer at 24, named "node".
    assert_eq!(text.matches("@typeinfo.node = private constant").count(), 1, "{text}");
    assert!(text.contains("@typeinfo.node = private constant { i64, i64, i64, i64, i64, i32*, i64, i32*, i64, i8*, i64 } { i64 32, i64 0, i64 0, i64 0, i64 0, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @typeinfo.node.ptrs, i32 0, i32 0), i64 1, i32* null, i64 0, i8* getelementptr inbounds ([4 x i8], [4 x i8]* @str.0, i32 0, i32 0), i64 4 }, align 8"), "{text}");
    assert!(text.contains("@typeinfo.node.ptrs = private unnamed_addr constant [1 x i32] [i32 24]"), "{text}");
    assert!(text.contains("@rpy_gc_alloc_state = external hidden global [128 x i8*], align 8"), "{text}");
    // 32 bytes are size class 3, whose run is words 6 (free) and 7 (limit);
    // the free pointer moves by the class's slot size.
    assert!(
        text.contains(
            "load i8*, i8** getelementptr inbounds ([128 x i8*], [128 x i8*]* @rpy_gc_alloc_state, i64 0, i64 6)"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "load i8*, i8** getelementptr inbounds ([128 x i8*], [128 x i8*]* @rpy_gc_alloc_state, i64 0, i64 7)"
        ),
        "{text}"
    );
    assert!(text.contains("%gc.next = getelementptr i8, i8* %gc.free, i64 32"), "{text}");
    assert!(text.contains("icmp ule i8* %gc.next, %gc.limit") && text.contains("@llvm.expect.i1"), "{text}");
    assert!(text.contains("declare hidden noalias i8* @rpy_gc_malloc(i8*)"), "{text}");
    // Fields at their layout offsets; the Bool is a byte.
    assert!(text.contains("getelementptr inbounds i8, i8* %obj, i64 16"), "{text}");
    assert!(text.contains("getelementptr inbounds i8, i8* %obj, i64 24"), "{text}");
    assert!(text.contains("store i8 1, i8* %"), "{text}");
    // GC pointers cross the exported ABI as addresses.
    assert!(text.contains("define hidden i64 @rpy_cons(i64 %0, i64 %1)"), "{text}");
    assert!(text.contains("inttoptr i64 %1 to i8*") && text.contains("ptrtoint i8* %"), "{text}");
    let asm = compile(&t, None, &exports, &opts()).unwrap();
    let x86 = &asm.x86_64;
    // The runtime's symbols are reached directly, not through the GOT.
    assert!(x86.contains("rpy_gc_alloc_state+48(%rip)") && x86.contains("callq\trpy_gc_malloc\n"), "{x86}");
    assert!(x86.contains(".L__t_typeinfo.node:\n\t.quad\t32\n\t.quad\t0\n"), "{x86}");
    assert!(x86.contains("\t.quad\t.L__t_typeinfo.node.ptrs\n\t.quad\t1\n"), "{x86}");
    let a64 = &asm.aarch64;
    assert!(!a64.contains(":got:") && a64.contains("bl\trpy_gc_malloc\n"), "{a64}");
    assert!(a64.contains(".L__t_typeinfo.node:\n\t.xword\t32\n"), "{a64}");
    for text in [x86, a64] {
        for (i, _) in text.match_indices(".L") {
            assert!(text[i..].starts_with(".L__t_"), "unprefixed label in\n{text}");
        }
    }
}

/// `fn mk(n) -> Ptr(T)`: `malloc_varsize(T, n)`, `n` a parameter or the
/// constant `len`.
fn mk_varsize(t: &mut Translator, c: rpy_core::lltype::ContainerId, len: Option<i128>) -> GraphId {
    let p = LlType::Ptr(c);
    let mut b = LlGraphBuilder::new("mk", &[SIGNED], p.clone());
    let n = b.params()[0];
    let s = b.start();
    let n = len.map(|k| c_int(k, SIGNED)).unwrap_or(n.into());
    let obj = b.op(s, LlOp::MallocVarsize, vec![c_container(c), n], p);
    b.ret(s, obj.into());
    t.graphs.push(b.finish())
}

#[test]
fn varsize_allocation() {
    let mut t = Translator::default();
    let heap = Heap::new(&mut t);
    // A length known at translation time: inline, storing the length.
    let g = mk_varsize(&mut t, heap.array, Some(3));
    let text = ir(&t, &[export(g, "mk")]);
    assert!(text.contains("@typeinfo.GcArray_Signed_ = private constant { i64, i64, i64, i64, i64, i32*, i64, i32*, i64, i8*, i64 } { i64 16, i64 1, i64 8, i64 16, i64 8, i32* null, i64 0, i32* null, i64 0,"), "{text}");
    // 16 + 3 * 8 = 40 bytes: class 4, words 8 and 9.
    assert!(text.contains("@rpy_gc_alloc_state, i64 0, i64 8)") && text.contains("i64 40"), "{text}");
    assert!(text.contains("store i64 3, i64* %"), "{text}");
    assert!(
        text.contains("call noalias i8* @rpy_gc_malloc_varsize(i8* bitcast")
            || text.contains("call i8* @rpy_gc_malloc_varsize(i8* bitcast"),
        "{text}"
    );
    // A length known only at run time: inline when at most 1024 bytes (126
    // items), its class's words from the table by eighths of the size,
    // else a call.
    let g = mk_varsize(&mut t, heap.array, None);
    let text = ir(&t, &[export(g, "mk")]);
    assert!(text.contains("icmp ule i64 %") && text.contains(", 126"), "{text}");
    assert!(
        text.contains("@rpy_gc_inline_classes = private constant [256 x i64] [i64 0, i64 8, i64 2, i64 16,"),
        "{text}"
    );
    assert!(text.contains("@rpy_gc_alloc_state, i64 0, i64 %"), "{text}");
    assert!(text.contains("@rpy_gc_malloc_varsize(i8* bitcast"), "{text}");
    // A constant length too big for a size class: a call.
    let g = mk_varsize(&mut t, heap.array, Some(2000));
    let text = ir(&t, &[export(g, "mk")]);
    assert!(text.contains("@rpy_gc_malloc_varsize(i8* bitcast"), "{text}");
    assert!(!text.contains("rpy_gc_alloc_state") && !text.contains("@rpy_gc_malloc("), "{text}");
    // A fixed-size struct bigger than the largest size class.
    let big = gc_struct(&mut t, "big", |_| vec![("a", LlType::Struct(vec![SIGNED; 1100]))], None);
    let mut b = LlGraphBuilder::new("mkbig", &[], LlType::Ptr(big));
    let s = b.start();
    let obj = b.op(s, LlOp::Malloc, vec![c_container(big)], LlType::Ptr(big));
    b.ret(s, obj.into());
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "mkbig")]);
    assert!(text.contains("call i8* @rpy_gc_malloc(i8* bitcast") && !text.contains("rpy_gc_alloc_state"), "{text}");
    // Allocating a container of the wrong kind is an error, not bad code.
    let mut b = LlGraphBuilder::new("bad", &[], LlType::Ptr(heap.array));
    let s = b.start();
    let obj = b.op(s, LlOp::Malloc, vec![c_container(heap.array)], LlType::Ptr(heap.array));
    b.ret(s, obj.into());
    let g = t.graphs.push(b.finish());
    let err = compile(&t, None, &[export(g, "bad")], &opts()).unwrap_err();
    assert!(err.contains("variable-sized"), "{err}");
}

#[test]
fn fields_and_items_at_layout_offsets() {
    // rec { b: Bool, s: (Bool, Ptr(rec), u32, ()), u: char, [(u32, Ptr(rec), Bool)] }:
    // b at 8, s at 16 (its fields at 16, 24, 32), u at 40, the length at
    // 48, items of 24 bytes from 56 (fields at +0, +8, +16).
    let mut t = Translator::default();
    let inner = |me| LlType::Struct(vec![LlType::Bool, LlType::Ptr(me), UINT, LlType::Void]);
    let item = |me| LlType::Struct(vec![UINT, LlType::Ptr(me), LlType::Bool]);
    let rec = gc_struct(
        &mut t,
        "rec",
        |me| vec![("b", LlType::Bool), ("s", inner(me)), ("u", LlType::UniChar)],
        Some(item(rpy_core::entity::EntityRef::new(0))),
    );
    let p = LlType::Ptr(rec);
    let mut b = LlGraphBuilder::new("shuffle", &[p.clone(), SIGNED], SIGNED);
    let a = b.params();
    let s = b.start();
    let sv = b.op(s, LlOp::Getfield, vec![a[0].into(), c_str("s")], inner(rec));
    let flag = b.op(s, LlOp::TupleGetitem, vec![sv.into(), c_int(0, SIGNED)], LlType::Bool);
    let q = b.op(s, LlOp::TupleGetitem, vec![sv.into(), c_int(1, SIGNED)], p.clone());
    let u = b.op(s, LlOp::TupleGetitem, vec![sv.into(), c_int(2, SIGNED)], UINT);
    let it = b.op(s, LlOp::TupleNew, vec![u.into(), q.into(), flag.into()], item(rec));
    b.op(s, LlOp::Setarrayitem, vec![a[0].into(), a[1].into(), it.into()], LlType::Void);
    b.op(s, LlOp::Setfield, vec![a[0].into(), c_str("s"), sv.into()], LlType::Void);
    let n = b.op(s, LlOp::Getarraysize, vec![a[0].into()], SIGNED);
    b.op(s, LlOp::MallocVarsize, vec![c_container(rec), n.into()], p);
    b.ret(s, n.into());
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_shuffle")]);
    assert!(text.contains("{ i64 56, i64 1, i64 48, i64 56, i64 24, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @typeinfo.rec.ptrs, i32 0, i32 0), i64 1, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @typeinfo.rec.itemptrs, i32 0, i32 0), i64 1,"), "{text}");
    assert!(text.contains("@typeinfo.rec.ptrs = private unnamed_addr constant [1 x i32] [i32 24]"), "{text}");
    assert!(text.contains("@typeinfo.rec.itemptrs = private unnamed_addr constant [1 x i32] [i32 8]"), "{text}");
    for offset in [16, 24, 32, 48] {
        assert!(text.contains(&format!("getelementptr inbounds i8, i8* %v0, i64 {offset}\n")), "{offset}: {text}");
    }
    // By-value structs are loaded and stored leaf by leaf, never whole.
    assert!(!text.contains("store {") && !text.contains("load {"), "{text}");
    assert!(text.contains("mul i64 %v1, 24") && text.contains(", 56\n"), "{text}");
    let asm = compile(&t, None, &[export(g, "rpy_shuffle")], &opts()).unwrap();
    // The item's fields at 56 + 24 * i + (0, 8, 16), the flag as a byte
    // (whatever the registers: the write barriers' calls change them).
    let x86 = &asm.x86_64;
    let has = |op: &str, at: &str| x86.lines().any(|l| l.starts_with(&format!("\t{op}\t")) && l.contains(at));
    assert!(has("movl", ", 56(%") && has("movq", ", 64(%") && has("setne", "\t72(%"), "{x86}");
    assert!(has("movb", ", 16(%") && has("movq", "\t48(%"), "{x86}");
}

#[test]
fn write_barrier_before_stores_of_gc_pointers() {
    // Stores into `n: Ptr(node)` and `a: Ptr(GcArray(Ptr(node)))`: of an
    // integer, of a constant null, of a prebuilt object (static data, never
    // young: no barrier either), of a pointer (field and item).
    let mut t = Translator::default();
    let heap = Heap::new(&mut t);
    let nodes = gc_array(&mut t, LlType::Ptr(heap.node));
    let (np, ap) = (LlType::Ptr(heap.node), LlType::Ptr(nodes));
    let mut b = LlGraphBuilder::new("stores", &[np.clone(), ap], SIGNED);
    let a = b.params();
    let s = b.start();
    let void = LlType::Void;
    b.op(s, LlOp::Setfield, vec![a[0].into(), c_str("value"), c_int(5, SIGNED)], void.clone());
    b.op(s, LlOp::Setfield, vec![a[0].into(), c_str("next"), c_null(heap.node)], void.clone());
    b.op(s, LlOp::Setfield, vec![a[0].into(), c_str("next"), c_prebuilt(heap.node)], void.clone());
    b.op(s, LlOp::Setfield, vec![a[0].into(), c_str("next"), a[0].into()], void.clone());
    b.op(s, LlOp::Setarrayitem, vec![a[1].into(), c_int(0, SIGNED), a[0].into()], void);
    b.ret(s, c_int(0, SIGNED));
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_stores")]);
    // Two barriers: a test of header bit 1, the call on the unlikely branch.
    assert_eq!(text.matches("and i64 %gc.header").count(), 2, "{text}");
    assert_eq!(text.matches("call void @rpy_gc_write_barrier(i8* ").count(), 2, "{text}");
    assert!(text.contains("declare hidden void @rpy_gc_write_barrier(i8*) #"), "{text}");
    let asm = compile(&t, None, &[export(g, "rpy_stores")], &opts()).unwrap();
    assert_eq!(asm.x86_64.matches("\ttestb\t$2, (%").count(), 2, "{}", asm.x86_64);
    assert_eq!(asm.x86_64.matches("callq\trpy_gc_write_barrier\n").count(), 2, "{}", asm.x86_64);
    assert_eq!(asm.aarch64.matches("bl\trpy_gc_write_barrier").count(), 2, "{}", asm.aarch64);
}

#[test]
fn arraycopy_is_a_memmove_after_one_write_barrier() {
    // Copies between arrays of integers and of GC pointers: the second
    // needs the barrier (the copied pointers may be young), once.
    let mut t = Translator::default();
    let heap = Heap::new(&mut t);
    let nodes = gc_array(&mut t, LlType::Ptr(heap.node));
    let (ip, np) = (LlType::Ptr(heap.array), LlType::Ptr(nodes));
    let mut b = LlGraphBuilder::new("copies", &[ip.clone(), ip, np.clone(), np], SIGNED);
    let a = b.params();
    let s = b.start();
    let (from, to, n) = (c_int(1, SIGNED), c_int(2, SIGNED), c_int(3, SIGNED));
    let ints = vec![a[0].into(), a[1].into(), from.clone(), to.clone(), n.clone()];
    b.op(s, LlOp::Arraycopy, ints, LlType::Void);
    b.op(s, LlOp::Arraycopy, vec![a[2].into(), a[3].into(), from, to, n], LlType::Void);
    b.ret(s, c_int(0, SIGNED));
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_copies")]);
    assert_eq!(text.matches("call void @llvm.memmove").count(), 2, "{text}");
    assert_eq!(text.matches("call void @rpy_gc_write_barrier(i8* ").count(), 1, "{text}");
}

#[test]
fn pointer_comparisons() {
    let mut t = Translator::default();
    let heap = Heap::new(&mut t);
    let p = LlType::Ptr(heap.node);
    let mut b = LlGraphBuilder::new("cmp", &[p.clone(), p], LlType::Struct(vec![LlType::Bool; 3]));
    let a = b.params();
    let s = b.start();
    let e = b.op(s, LlOp::PtrEq, vec![a[0].into(), a[1].into()], LlType::Bool);
    let z = b.op(s, LlOp::PtrIszero, vec![a[0].into()], LlType::Bool);
    let n = b.op(s, LlOp::PtrNe, vec![a[1].into(), c_null(heap.node)], LlType::Bool);
    let r = b.op(s, LlOp::TupleNew, vec![e.into(), z.into(), n.into()], LlType::Struct(vec![LlType::Bool; 3]));
    b.ret(s, r.into());
    let g = t.graphs.push(b.finish());
    let text = ir(&t, &[export(g, "rpy_cmp")]);
    assert!(text.contains("icmp eq i8* %v0, %v1"), "{text}");
    assert!(text.contains("icmp eq i8* %v0, null"), "{text}");
    assert!(text.contains("icmp ne i8* %v1, null"), "{text}");
}
