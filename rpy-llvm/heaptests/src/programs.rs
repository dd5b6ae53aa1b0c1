//! Heap programs: hand-built low-level graphs that allocate GC objects, link
//! them, and read them back, as the rtyper's output for programs with
//! structs, strings, lists and trees will.
//!
//! Two harnesses run them and compare every result with the
//! LLInterpreter's: rpy-llvm's `tests/native.rs` (which includes this file)
//! links them with a C stand-in for the GC's allocation ABI, on x86-64 and,
//! under qemu, AArch64; this crate's `tests/gc.rs` links them with
//! rpy-runtime's real GC and makes it collect while they run.
//!
//! Every entry point takes and returns `Signed`s, except those that hand a
//! GC object to the caller or take one (`Ptr` crosses the exported ABI as
//! an address), which the GC harness uses to collect between calls.

use rpy_core::flow::{BlockId, GraphId, Value, VarId};
use rpy_core::llbuild::*;
use rpy_core::lloperation::{FloatOp, IntOp, LlOp};
use rpy_core::lltype::layout::{TAG, TAG_TYPE};
use rpy_core::lltype::{ContainerId, LlType, TaggedInt, SIGNED, UINT};
use rpy_core::translator::Translator;

const B: LlType = LlType::Bool;
const F: LlType = LlType::Float;
const VOID: LlType = LlType::Void;

/// An entry point: a graph, its signature, and small arguments that every
/// harness runs it with.
pub struct Entry {
    pub name: &'static str,
    pub graph: GraphId,
    pub params: Vec<LlType>,
    pub result: LlType,
    pub small_inputs: Vec<Vec<i64>>,
}

pub struct Programs {
    pub t: Translator,
    pub entries: Vec<Entry>,
}

impl Programs {
    pub fn entry(&self, name: &str) -> &Entry {
        self.entries.iter().find(|e| e.name == name).unwrap_or_else(|| panic!("no heap program {name}"))
    }
}

/// The containers of the programs.
struct Types {
    /// `node { flag: Bool, value: Signed, next: Ptr(node) }`
    node: ContainerId,
    /// `tree { left: Ptr(tree), right: Ptr(tree), value: Signed }`
    tree: ContainerId,
    /// `GcArray(Signed)`
    ints: ContainerId,
    /// `rpy_string { hash: Signed, [Char] }`
    string: ContainerId,
    /// `GcArray((rffi.UINT, Ptr(node), Bool))`
    pairs: ContainerId,
    /// `GcArray(Ptr(node))`
    nodes: ContainerId,
    /// A field of every kind, and items of a struct holding a pointer:
    /// `every { b: Bool, i: SIGNEDCHAR, u: UniChar, c: Char, f: Float,
    /// s: (Bool, Ptr(node), Float), p: Ptr(node), v: Void, [(Bool, Ptr(node), Float)] }`
    every: ContainerId,
    /// An enum `value { #tag }` whose variant `value::Int { #tag, 0: Signed }`
    /// is a tagged integer, and `GcArray(Ptr(value))`.
    value: ContainerId,
    value_int: ContainerId,
    values: ContainerId,
}

fn inline_struct(node: ContainerId) -> LlType {
    LlType::Struct(vec![B, LlType::Ptr(node), F])
}

fn pair_item(node: ContainerId) -> LlType {
    LlType::Struct(vec![UINT, LlType::Ptr(node), B])
}

impl Types {
    fn new(t: &mut Translator) -> Types {
        let node = gc_struct(t, "node", |me| vec![("flag", B), ("value", SIGNED), ("next", LlType::Ptr(me))], None);
        let tree = gc_struct(
            t,
            "tree",
            |me| vec![("left", LlType::Ptr(me)), ("right", LlType::Ptr(me)), ("value", SIGNED)],
            None,
        );
        let ints = gc_array(t, SIGNED);
        let string = gc_struct(t, "rpy_string", |_| vec![("hash", SIGNED)], Some(LlType::Char));
        let pairs = gc_array(t, pair_item(node));
        let nodes = gc_array(t, LlType::Ptr(node));
        let every = gc_struct(
            t,
            "every",
            |_| {
                vec![
                    ("b", B),
                    ("i", LlType::Int { bits: 8, signed: true }),
                    ("u", LlType::UniChar),
                    ("c", LlType::Char),
                    ("f", F),
                    ("s", inline_struct(node)),
                    ("p", LlType::Ptr(node)),
                    ("v", VOID),
                ]
            },
            Some(inline_struct(node)),
        );
        let value = gc_struct(t, "value", |_| vec![(TAG, TAG_TYPE)], None);
        let value_int = gc_struct(t, "value::Int", |_| vec![(TAG, TAG_TYPE), ("0", SIGNED)], None);
        t.container_bases.insert(value_int, value);
        t.tagged_ints.push(TaggedInt { base: value, variant: value_int, tag: 3, field: "0".into() });
        let values = gc_array(t, LlType::Ptr(value));
        Types { node, tree, ints, string, pairs, nodes, every, value, value_int, values }
    }
}

fn vals(vs: &[VarId]) -> Vec<Value> {
    vs.iter().map(|v| (*v).into()).collect()
}

/// `for i in 0..n { body }`, entered from block `from` with loop-carried
/// values `init`. `body` gets its first block and `[i, n, carried...]`,
/// and returns the block where it ends with the values `[i, n, carried...]`
/// there. Returns the block after the loop and the carried values in it.
fn for_range(
    b: &mut LlGraphBuilder,
    from: BlockId,
    n: Value,
    init: Vec<(LlType, Value)>,
    body: impl FnOnce(&mut LlGraphBuilder, BlockId, &[VarId]) -> (BlockId, Vec<Value>),
) -> (BlockId, Vec<VarId>) {
    let mut types = vec![SIGNED, SIGNED];
    types.extend(init.iter().map(|(t, _)| t.clone()));
    let (head, hv) = b.block(&types);
    let (first, bv) = b.block(&types);
    let (exit, ev) = b.block(&types[2..]);
    let mut args = vec![c_int(0, SIGNED), n];
    args.extend(init.into_iter().map(|(_, v)| v));
    b.goto(from, head, args);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[0].into(), hv[1].into()], B);
    b.branch(head, more.into(), (first, vals(&hv)), (exit, vals(&hv[2..])));
    let (end, mut out) = body(b, first, &bv);
    let i1 = b.op(end, LlOp::Int(IntOp::Add), vec![out[0].clone(), c_int(1, SIGNED)], SIGNED);
    out[0] = i1.into();
    b.goto(end, head, out);
    (exit, ev)
}

fn setfield(b: &mut LlGraphBuilder, blk: BlockId, p: VarId, name: &str, v: Value) {
    b.op(blk, LlOp::Setfield, vec![p.into(), c_str(name), v], VOID);
}

fn call(b: &mut LlGraphBuilder, blk: BlockId, g: GraphId, args: Vec<Value>, result: LlType) -> VarId {
    let mut all = vec![c_func(g)];
    all.extend(args);
    b.op(blk, LlOp::DirectCall, all, result)
}

/// A graph of one block (compositions such as `sum(build(n))`): `body`
/// fills the start block and gives the value to return.
fn graph(
    t: &mut Translator,
    name: &str,
    params: &[LlType],
    result: LlType,
    body: impl FnOnce(&mut LlGraphBuilder, BlockId, &[VarId]) -> Value,
) -> GraphId {
    let mut b = LlGraphBuilder::new(name, params, result);
    let p = b.params();
    let s = b.start();
    let r = body(&mut b, s, &p);
    b.ret(s, r);
    t.graphs.push(b.finish())
}

/// `fn build(n) -> Ptr(node)`: the list `n-1, ..., 0`, odd values flagged.
fn build(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.node);
    let mut b = LlGraphBuilder::new("build", &[SIGNED], p.clone());
    let n = b.params()[0];
    let s = b.start();
    let node = ty.node;
    let (exit, ev) = for_range(&mut b, s, n.into(), vec![(p.clone(), c_null(node))], |b, blk, v| {
        let obj = b.op(blk, LlOp::Malloc, vec![c_container(node)], p.clone());
        setfield(b, blk, obj, "value", v[0].into());
        setfield(b, blk, obj, "next", v[2].into());
        let low = b.op(blk, LlOp::Int(IntOp::And), vec![v[0].into(), c_int(1, SIGNED)], SIGNED);
        let odd = b.op(blk, LlOp::Int(IntOp::Ne), vec![low.into(), c_int(0, SIGNED)], B);
        setfield(b, blk, obj, "flag", odd.into());
        (blk, vec![v[0].into(), v[1].into(), obj.into()])
    });
    b.ret(exit, ev[0].into());
    t.graphs.push(b.finish())
}

/// `fn sum(p: Ptr(node)) -> Signed`: the values plus the flagged values.
fn sum(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.node);
    let mut b = LlGraphBuilder::new("sum", std::slice::from_ref(&p), SIGNED);
    let start = b.start();
    let (walk, wv) = b.block(&[p.clone(), SIGNED]);
    let (step, sv) = b.block(&[p.clone(), SIGNED]);
    let ret = b.returnblock();
    let first = b.params()[0];
    b.goto(start, walk, vec![first.into(), c_int(0, SIGNED)]);
    let nz = b.op(walk, LlOp::PtrNonzero, vec![wv[0].into()], B);
    b.branch(walk, nz.into(), (step, vals(&wv)), (ret, vec![wv[1].into()]));
    let v = b.op(step, LlOp::Getfield, vec![sv[0].into(), c_str("value")], SIGNED);
    let f = b.op(step, LlOp::Getfield, vec![sv[0].into(), c_str("flag")], B);
    let next = b.op(step, LlOp::Getfield, vec![sv[0].into(), c_str("next")], p);
    let fi = b.op(step, LlOp::CastPrimitive, vec![f.into()], SIGNED);
    let flagged = b.op(step, LlOp::Int(IntOp::Mul), vec![v.into(), fi.into()], SIGNED);
    let acc = b.op(step, LlOp::Int(IntOp::Add), vec![sv[1].into(), v.into()], SIGNED);
    let acc = b.op(step, LlOp::Int(IntOp::Add), vec![acc.into(), flagged.into()], SIGNED);
    b.goto(step, walk, vec![next.into(), acc.into()]);
    t.graphs.push(b.finish())
}

/// `fn keep(n, every) -> Ptr(node)`: allocates `n` nodes and links only
/// those whose value is a multiple of `every`; the others are garbage at
/// once.
fn keep(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.node);
    let mut b = LlGraphBuilder::new("keep", &[SIGNED, SIGNED], p.clone());
    let a = b.params();
    let s = b.start();
    let node = ty.node;
    let init = vec![(SIGNED, a[1].into()), (p.clone(), c_null(node))];
    let (exit, ev) = for_range(&mut b, s, a[0].into(), init, |b, blk, v| {
        let obj = b.op(blk, LlOp::Malloc, vec![c_container(node)], p.clone());
        setfield(b, blk, obj, "value", v[0].into());
        let r = b.op(blk, LlOp::Int(IntOp::Mod), vec![v[0].into(), v[2].into()], SIGNED);
        let hit = b.op(blk, LlOp::Int(IntOp::Eq), vec![r.into(), c_int(0, SIGNED)], B);
        let loop_types = [SIGNED, SIGNED, SIGNED, p.clone()];
        let (link, lv) = b.block(&[SIGNED, SIGNED, SIGNED, p.clone(), p.clone()]);
        let (join, jv) = b.block(&loop_types);
        let mut to_link = vals(v);
        to_link.push(obj.into());
        b.branch(blk, hit.into(), (link, to_link), (join, vals(v)));
        setfield(b, link, lv[4], "next", lv[3].into());
        b.goto(link, join, vec![lv[0].into(), lv[1].into(), lv[2].into(), lv[4].into()]);
        (join, vals(&jv))
    });
    b.ret(exit, ev[1].into());
    t.graphs.push(b.finish())
}

/// `fn squares(n) -> Ptr(GcArray(Signed))`: `[0, 1, 4, ...]`.
fn squares(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.ints);
    let mut b = LlGraphBuilder::new("squares", &[SIGNED], p.clone());
    let n = b.params()[0];
    let s = b.start();
    let a = b.op(s, LlOp::MallocVarsize, vec![c_container(ty.ints), n.into()], p.clone());
    let (exit, ev) = for_range(&mut b, s, n.into(), vec![(p, a.into())], |b, blk, v| {
        let sq = b.op(blk, LlOp::Int(IntOp::Mul), vec![v[0].into(), v[0].into()], SIGNED);
        b.op(blk, LlOp::Setarrayitem, vec![v[2].into(), v[0].into(), sq.into()], VOID);
        (blk, vals(v))
    });
    b.ret(exit, ev[0].into());
    t.graphs.push(b.finish())
}

/// `fn sum_items(a: Ptr(GcArray(Signed))) -> Signed`.
fn sum_items(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.ints);
    let mut b = LlGraphBuilder::new("sum_items", std::slice::from_ref(&p), SIGNED);
    let a = b.params()[0];
    let s = b.start();
    let len = b.op(s, LlOp::Getarraysize, vec![a.into()], SIGNED);
    let (exit, ev) = for_range(&mut b, s, len.into(), vec![(p, a.into()), (SIGNED, c_int(0, SIGNED))], |b, blk, v| {
        let x = b.op(blk, LlOp::Getarrayitem, vec![v[2].into(), v[0].into()], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![v[3].into(), x.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), acc.into()])
    });
    b.ret(exit, ev[1].into());
    t.graphs.push(b.finish())
}

/// `fn mkstr(n) -> Ptr(rpy_string)`: `"abc..."` of `n` letters, its hash
/// `h = h * 31 + c` computed from the stored letters.
fn mkstr(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.string);
    let mut b = LlGraphBuilder::new("mkstr", &[SIGNED], p.clone());
    let n = b.params()[0];
    let s = b.start();
    let obj = b.op(s, LlOp::MallocVarsize, vec![c_container(ty.string), n.into()], p.clone());
    let (filled, fv) = for_range(&mut b, s, n.into(), vec![(p.clone(), obj.into())], |b, blk, v| {
        let m = b.op(blk, LlOp::Int(IntOp::Mod), vec![v[0].into(), c_int(26, SIGNED)], SIGNED);
        let code = b.op(blk, LlOp::Int(IntOp::Add), vec![m.into(), c_int(b'a' as i128, SIGNED)], SIGNED);
        let ch = b.op(blk, LlOp::CastPrimitive, vec![code.into()], LlType::Char);
        b.op(blk, LlOp::Setarrayitem, vec![v[2].into(), v[0].into(), ch.into()], VOID);
        (blk, vals(v))
    });
    let len = b.op(filled, LlOp::Getarraysize, vec![fv[0].into()], SIGNED);
    let init = vec![(p, fv[0].into()), (SIGNED, c_int(0, SIGNED))];
    let (done, dv) = for_range(&mut b, filled, len.into(), init, |b, blk, v| {
        let c = b.op(blk, LlOp::Getarrayitem, vec![v[2].into(), v[0].into()], LlType::Char);
        let ci = b.op(blk, LlOp::CastPrimitive, vec![c.into()], SIGNED);
        let h31 = b.op(blk, LlOp::Int(IntOp::Mul), vec![v[3].into(), c_int(31, SIGNED)], SIGNED);
        let h = b.op(blk, LlOp::Int(IntOp::Add), vec![h31.into(), ci.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), h.into()])
    });
    setfield(&mut b, done, dv[0], "hash", dv[1].into());
    b.ret(done, dv[0].into());
    t.graphs.push(b.finish())
}

/// `fn pairs(n) -> Ptr(GcArray((u32, Ptr(node), Bool)))`: `n + 1` items,
/// item `i < n` being `(i, node(value = 10 * i), i is even)`, the last one
/// left zero.
fn pairs(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.pairs);
    let (node, item) = (ty.node, pair_item(ty.node));
    let mut b = LlGraphBuilder::new("pairs", &[SIGNED], p.clone());
    let n = b.params()[0];
    let s = b.start();
    let n1 = b.op(s, LlOp::Int(IntOp::Add), vec![n.into(), c_int(1, SIGNED)], SIGNED);
    let a = b.op(s, LlOp::MallocVarsize, vec![c_container(ty.pairs), n1.into()], p.clone());
    let (exit, ev) = for_range(&mut b, s, n.into(), vec![(p, a.into())], |b, blk, v| {
        let obj = b.op(blk, LlOp::Malloc, vec![c_container(node)], LlType::Ptr(node));
        let ten = b.op(blk, LlOp::Int(IntOp::Mul), vec![v[0].into(), c_int(10, SIGNED)], SIGNED);
        setfield(b, blk, obj, "value", ten.into());
        let u = b.op(blk, LlOp::CastPrimitive, vec![v[0].into()], UINT);
        let low = b.op(blk, LlOp::Int(IntOp::And), vec![v[0].into(), c_int(1, SIGNED)], SIGNED);
        let even = b.op(blk, LlOp::Int(IntOp::Eq), vec![low.into(), c_int(0, SIGNED)], B);
        let it = b.op(blk, LlOp::TupleNew, vec![u.into(), obj.into(), even.into()], item.clone());
        b.op(blk, LlOp::Setarrayitem, vec![v[2].into(), v[0].into(), it.into()], VOID);
        (blk, vals(v))
    });
    b.ret(exit, ev[0].into());
    t.graphs.push(b.finish())
}

/// `fn pairs_sum(a) -> Signed`: `i + value` over the flagged items whose
/// node is not null.
fn pairs_sum(t: &mut Translator, ty: &Types) -> GraphId {
    let p = LlType::Ptr(ty.pairs);
    let (np, item) = (LlType::Ptr(ty.node), pair_item(ty.node));
    let mut b = LlGraphBuilder::new("pairs_sum", std::slice::from_ref(&p), SIGNED);
    let a = b.params()[0];
    let s = b.start();
    let len = b.op(s, LlOp::Getarraysize, vec![a.into()], SIGNED);
    let init = vec![(p.clone(), a.into()), (SIGNED, c_int(0, SIGNED))];
    let (exit, ev) = for_range(&mut b, s, len.into(), init, |b, blk, v| {
        let it = b.op(blk, LlOp::Getarrayitem, vec![v[2].into(), v[0].into()], item.clone());
        let flag = b.op(blk, LlOp::TupleGetitem, vec![it.into(), c_int(2, SIGNED)], B);
        let q = b.op(blk, LlOp::TupleGetitem, vec![it.into(), c_int(1, SIGNED)], np.clone());
        let nz = b.op(blk, LlOp::PtrNonzero, vec![q.into()], B);
        let take = b.op(blk, LlOp::Int(IntOp::And), vec![flag.into(), nz.into()], B);
        let (add, av) = b.block(&[SIGNED, SIGNED, p.clone(), SIGNED, item.clone()]);
        let (join, jv) = b.block(&[SIGNED, SIGNED, p.clone(), SIGNED]);
        let mut to_add = vals(v);
        to_add.push(it.into());
        b.branch(blk, take.into(), (add, to_add), (join, vals(v)));
        let u = b.op(add, LlOp::TupleGetitem, vec![av[4].into(), c_int(0, SIGNED)], UINT);
        let q = b.op(add, LlOp::TupleGetitem, vec![av[4].into(), c_int(1, SIGNED)], np.clone());
        let value = b.op(add, LlOp::Getfield, vec![q.into(), c_str("value")], SIGNED);
        let ui = b.op(add, LlOp::CastPrimitive, vec![u.into()], SIGNED);
        let acc = b.op(add, LlOp::Int(IntOp::Add), vec![av[3].into(), ui.into()], SIGNED);
        let acc = b.op(add, LlOp::Int(IntOp::Add), vec![acc.into(), value.into()], SIGNED);
        b.goto(add, join, vec![av[0].into(), av[1].into(), av[2].into(), acc.into()]);
        (join, vals(&jv))
    });
    b.ret(exit, ev[1].into());
    t.graphs.push(b.finish())
}

/// `fn ptr_tests() -> Signed`: ten pointer comparisons, as bits.
fn ptr_tests(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, np) = (ty.node, LlType::Ptr(ty.node));
    graph(t, "ptr_tests", &[], SIGNED, |b, s, _| {
        let x = b.op(s, LlOp::Malloc, vec![c_container(node)], np.clone());
        let y = b.op(s, LlOp::Malloc, vec![c_container(node)], np.clone());
        let fresh = b.op(s, LlOp::Getfield, vec![x.into(), c_str("next")], np.clone());
        let mut bits = vec![
            b.op(s, LlOp::PtrEq, vec![x.into(), x.into()], B),
            b.op(s, LlOp::PtrEq, vec![x.into(), y.into()], B),
            b.op(s, LlOp::PtrNe, vec![x.into(), y.into()], B),
            b.op(s, LlOp::PtrIszero, vec![fresh.into()], B),
            b.op(s, LlOp::PtrNonzero, vec![x.into()], B),
            b.op(s, LlOp::PtrEq, vec![fresh.into(), c_null(node)], B),
            b.op(s, LlOp::PtrNonzero, vec![c_null(node)], B),
        ];
        setfield(b, s, x, "next", y.into());
        let next = b.op(s, LlOp::Getfield, vec![x.into(), c_str("next")], np.clone());
        bits.push(b.op(s, LlOp::PtrEq, vec![next.into(), y.into()], B));
        // A node pointing to itself.
        setfield(b, s, y, "next", y.into());
        let next = b.op(s, LlOp::Getfield, vec![y.into(), c_str("next")], np.clone());
        bits.push(b.op(s, LlOp::PtrEq, vec![next.into(), y.into()], B));
        bits.push(b.op(s, LlOp::PtrNe, vec![next.into(), x.into()], B));
        let mut acc: Value = c_int(0, SIGNED);
        for (i, bit) in bits.into_iter().enumerate() {
            let wide = b.op(s, LlOp::CastPrimitive, vec![bit.into()], SIGNED);
            let shifted = b.op(s, LlOp::Int(IntOp::Lshift), vec![wide.into(), c_int(i as i128, SIGNED)], SIGNED);
            acc = b.op(s, LlOp::Int(IntOp::Or), vec![acc, shifted.into()], SIGNED).into();
        }
        acc
    })
}

/// `fn make_tree(d) -> Ptr(tree)`: a complete binary tree of depth `d`,
/// each node's value its depth.
fn make_tree(t: &mut Translator, ty: &Types) -> GraphId {
    let me = next_graph(t);
    let (tree, p) = (ty.tree, LlType::Ptr(ty.tree));
    let mut b = LlGraphBuilder::new("make_tree", &[SIGNED], p.clone());
    let d = b.params()[0];
    let s = b.start();
    let obj = b.op(s, LlOp::Malloc, vec![c_container(tree)], p.clone());
    setfield(&mut b, s, obj, "value", d.into());
    let leaf = b.op(s, LlOp::Int(IntOp::Le), vec![d.into(), c_int(0, SIGNED)], B);
    let (rec, rv) = b.block(&[SIGNED, p.clone()]);
    let ret = b.returnblock();
    b.branch(s, leaf.into(), (ret, vec![obj.into()]), (rec, vec![d.into(), obj.into()]));
    let d1 = b.op(rec, LlOp::Int(IntOp::Sub), vec![rv[0].into(), c_int(1, SIGNED)], SIGNED);
    let l = call(&mut b, rec, me, vec![d1.into()], p.clone());
    let r = call(&mut b, rec, me, vec![d1.into()], p);
    setfield(&mut b, rec, rv[1], "left", l.into());
    setfield(&mut b, rec, rv[1], "right", r.into());
    b.ret(rec, rv[1].into());
    let g = t.graphs.push(b.finish());
    assert_eq!(g, me);
    g
}

/// `fn check_tree(p) -> Signed`: the sum of `value + 1` over the nodes.
fn check_tree(t: &mut Translator, ty: &Types) -> GraphId {
    let me = next_graph(t);
    let p = LlType::Ptr(ty.tree);
    let mut b = LlGraphBuilder::new("check_tree", std::slice::from_ref(&p), SIGNED);
    let x = b.params()[0];
    let s = b.start();
    let z = b.op(s, LlOp::PtrIszero, vec![x.into()], B);
    let (rec, rv) = b.block(std::slice::from_ref(&p));
    let ret = b.returnblock();
    b.branch(s, z.into(), (ret, vec![c_int(0, SIGNED)]), (rec, vec![x.into()]));
    let v = b.op(rec, LlOp::Getfield, vec![rv[0].into(), c_str("value")], SIGNED);
    let l = b.op(rec, LlOp::Getfield, vec![rv[0].into(), c_str("left")], p.clone());
    let r = b.op(rec, LlOp::Getfield, vec![rv[0].into(), c_str("right")], p);
    let cl = call(&mut b, rec, me, vec![l.into()], SIGNED);
    let cr = call(&mut b, rec, me, vec![r.into()], SIGNED);
    let acc = b.op(rec, LlOp::Int(IntOp::Add), vec![v.into(), c_int(1, SIGNED)], SIGNED);
    let acc = b.op(rec, LlOp::Int(IntOp::Add), vec![acc.into(), cl.into()], SIGNED);
    let acc = b.op(rec, LlOp::Int(IntOp::Add), vec![acc.into(), cr.into()], SIGNED);
    b.ret(rec, acc.into());
    let g = t.graphs.push(b.finish());
    assert_eq!(g, me);
    g
}

/// The binary-trees benchmark: a long-lived tree of depth `max`, and for
/// `d = 4, 6, ..., max`, `2^(max - d)` trees of depth `d` built and checked
/// one after the other; the sum of all checks.
fn binary_trees(t: &mut Translator, ty: &Types, make: GraphId, check: GraphId) -> GraphId {
    let p = LlType::Ptr(ty.tree);
    let mut b = LlGraphBuilder::new("binary_trees", &[SIGNED], SIGNED);
    let max = b.params()[0];
    let s = b.start();
    let long = call(&mut b, s, make, vec![max.into()], p.clone());
    let state = [SIGNED, p.clone(), SIGNED, SIGNED];
    let (outer, ov) = b.block(&state);
    let (level, lv) = b.block(&state);
    let (done, dv) = b.block(&[p.clone(), SIGNED]);
    b.goto(s, outer, vec![max.into(), long.into(), c_int(4, SIGNED), c_int(0, SIGNED)]);
    let more = b.op(outer, LlOp::Int(IntOp::Le), vec![ov[2].into(), ov[0].into()], B);
    b.branch(outer, more.into(), (level, vals(&ov)), (done, vec![ov[1].into(), ov[3].into()]));
    let sh = b.op(level, LlOp::Int(IntOp::Sub), vec![lv[0].into(), lv[2].into()], SIGNED);
    let iters = b.op(level, LlOp::Int(IntOp::Lshift), vec![c_int(1, SIGNED), sh.into()], SIGNED);
    let init = state.iter().cloned().zip(vals(&lv)).collect();
    let (next, nv) = for_range(&mut b, level, iters.into(), init, |b, blk, v| {
        let tr = call(b, blk, make, vec![v[4].into()], p.clone());
        let c = call(b, blk, check, vec![tr.into()], SIGNED);
        let total = b.op(blk, LlOp::Int(IntOp::Add), vec![v[5].into(), c.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), v[3].into(), v[4].into(), total.into()])
    });
    let d2 = b.op(next, LlOp::Int(IntOp::Add), vec![nv[2].into(), c_int(2, SIGNED)], SIGNED);
    b.goto(next, outer, vec![nv[0].into(), nv[1].into(), d2.into(), nv[3].into()]);
    let c = call(&mut b, done, check, vec![dv[0].into()], SIGNED);
    let total = b.op(done, LlOp::Int(IntOp::Add), vec![dv[1].into(), c.into()], SIGNED);
    b.ret(done, total.into());
    t.graphs.push(b.finish())
}

/// `fn churn(n) -> Signed`: garbage of three sizes and kinds (a node, an
/// array of `i % 7` ints, a string of `i % 13` bytes) per iteration; the
/// sum of the lengths.
fn churn(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, ints, string) = (ty.node, ty.ints, ty.string);
    let mut b = LlGraphBuilder::new("churn", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let s = b.start();
    let (exit, ev) = for_range(&mut b, s, n.into(), vec![(SIGNED, c_int(0, SIGNED))], |b, blk, v| {
        let obj = b.op(blk, LlOp::Malloc, vec![c_container(node)], LlType::Ptr(node));
        setfield(b, blk, obj, "value", v[0].into());
        let k = b.op(blk, LlOp::Int(IntOp::Mod), vec![v[0].into(), c_int(7, SIGNED)], SIGNED);
        let a = b.op(blk, LlOp::MallocVarsize, vec![c_container(ints), k.into()], LlType::Ptr(ints));
        let k = b.op(blk, LlOp::Int(IntOp::Mod), vec![v[0].into(), c_int(13, SIGNED)], SIGNED);
        let st = b.op(blk, LlOp::MallocVarsize, vec![c_container(string), k.into()], LlType::Ptr(string));
        let la = b.op(blk, LlOp::Getarraysize, vec![a.into()], SIGNED);
        let ls = b.op(blk, LlOp::Getarraysize, vec![st.into()], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![v[2].into(), la.into()], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![acc.into(), ls.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), acc.into()])
    });
    b.ret(exit, ev[0].into());
    t.graphs.push(b.finish())
}

/// `fn ptr_array(n) -> Signed`: an array of `n` pointers to nodes (with
/// garbage allocated between them), then the sum of their values.
fn ptr_array(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, nodes, ints) = (ty.node, ty.nodes, ty.ints);
    let p = LlType::Ptr(nodes);
    let mut b = LlGraphBuilder::new("ptr_array", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let s = b.start();
    let a = b.op(s, LlOp::MallocVarsize, vec![c_container(nodes), n.into()], p.clone());
    let (filled, fv) = for_range(&mut b, s, n.into(), vec![(p.clone(), a.into())], |b, blk, v| {
        let obj = b.op(blk, LlOp::Malloc, vec![c_container(node)], LlType::Ptr(node));
        setfield(b, blk, obj, "value", v[0].into());
        b.op(blk, LlOp::Setarrayitem, vec![v[2].into(), v[0].into(), obj.into()], VOID);
        b.op(blk, LlOp::MallocVarsize, vec![c_container(ints), c_int(5, SIGNED)], LlType::Ptr(ints));
        (blk, vals(v))
    });
    let len = b.op(filled, LlOp::Getarraysize, vec![fv[0].into()], SIGNED);
    let init = vec![(p, fv[0].into()), (SIGNED, c_int(0, SIGNED))];
    let (exit, ev) = for_range(&mut b, filled, len.into(), init, |b, blk, v| {
        let obj = b.op(blk, LlOp::Getarrayitem, vec![v[2].into(), v[0].into()], LlType::Ptr(node));
        let value = b.op(blk, LlOp::Getfield, vec![obj.into(), c_str("value")], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![v[3].into(), value.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), acc.into()])
    });
    b.ret(exit, ev[1].into());
    t.graphs.push(b.finish())
}

/// `fn dirty(n) -> Signed`: `n` `every` objects (of 3 items) with every
/// field and item set to something other than zero, dropped at once: the
/// memory they leave behind must not show through in new objects. Each
/// points to three nodes, each reachable only through it (in field `s`, in
/// field `p`, in the items) while a fourth node is allocated; the sum of the
/// three nodes' values read back then (`6 * i` for object `i`).
fn dirty(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, every) = (ty.node, ty.every);
    let (np, inner) = (LlType::Ptr(node), inline_struct(node));
    let mut b = LlGraphBuilder::new("dirty", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let s = b.start();
    let (exit, ev) = for_range(&mut b, s, n.into(), vec![(SIGNED, c_int(0, SIGNED))], |b, blk, v| {
        let e = b.op(blk, LlOp::MallocVarsize, vec![c_container(every), c_int(3, SIGNED)], LlType::Ptr(every));
        let mut nodes = Vec::new();
        for k in 1..=3 {
            let obj = b.op(blk, LlOp::Malloc, vec![c_container(node)], np.clone());
            let value = b.op(blk, LlOp::Int(IntOp::Mul), vec![v[0].into(), c_int(k, SIGNED)], SIGNED);
            setfield(b, blk, obj, "value", value.into());
            setfield(b, blk, obj, "flag", c_bool(true));
            setfield(b, blk, obj, "next", obj.into());
            nodes.push(obj);
        }
        setfield(b, blk, e, "b", c_bool(true));
        setfield(b, blk, e, "i", c_int(-1, LlType::Int { bits: 8, signed: true }));
        setfield(b, blk, e, "u", c_char('\u{10ffff}'));
        setfield(b, blk, e, "c", c_int(255, LlType::Char));
        setfield(b, blk, e, "f", c_float(-1.5));
        let st = b.op(blk, LlOp::TupleNew, vec![c_bool(true), nodes[0].into(), c_float(2.5)], inner.clone());
        setfield(b, blk, e, "s", st.into());
        setfield(b, blk, e, "p", nodes[1].into());
        let it = b.op(blk, LlOp::TupleNew, vec![c_bool(true), nodes[2].into(), c_float(3.5)], inner.clone());
        for k in 0..3 {
            b.op(blk, LlOp::Setarrayitem, vec![e.into(), c_int(k, SIGNED), it.into()], VOID);
        }
        b.op(blk, LlOp::Malloc, vec![c_container(node)], np.clone());
        let st = b.op(blk, LlOp::Getfield, vec![e.into(), c_str("s")], inner.clone());
        let first = b.op(blk, LlOp::TupleGetitem, vec![st.into(), c_int(1, SIGNED)], np.clone());
        let second = b.op(blk, LlOp::Getfield, vec![e.into(), c_str("p")], np.clone());
        let it = b.op(blk, LlOp::Getarrayitem, vec![e.into(), c_int(2, SIGNED)], inner.clone());
        let third = b.op(blk, LlOp::TupleGetitem, vec![it.into(), c_int(1, SIGNED)], np.clone());
        let mut acc = v[2];
        for obj in [first, second, third] {
            let value = b.op(blk, LlOp::Getfield, vec![obj.into(), c_str("value")], SIGNED);
            acc = b.op(blk, LlOp::Int(IntOp::Add), vec![acc.into(), value.into()], SIGNED);
        }
        (blk, vec![v[0].into(), v[1].into(), acc.into()])
    });
    b.ret(exit, ev[0].into());
    t.graphs.push(b.finish())
}

/// `fn relink(list: Ptr(node)) -> Signed`: inserts after each node of the
/// list a new node of twice its value (and no flag); returns how many. Once
/// the list is old, each new node is reachable only from an old node's
/// `next`, stored there by `setfield`: the write barrier must keep it alive.
fn relink(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, p) = (ty.node, LlType::Ptr(ty.node));
    let mut b = LlGraphBuilder::new("relink", std::slice::from_ref(&p), SIGNED);
    let start = b.start();
    let (walk, wv) = b.block(&[p.clone(), SIGNED]);
    let (step, sv) = b.block(&[p.clone(), SIGNED]);
    let ret = b.returnblock();
    let first = b.params()[0];
    b.goto(start, walk, vec![first.into(), c_int(0, SIGNED)]);
    let nz = b.op(walk, LlOp::PtrNonzero, vec![wv[0].into()], B);
    b.branch(walk, nz.into(), (step, vals(&wv)), (ret, vec![wv[1].into()]));
    let q = b.op(step, LlOp::Malloc, vec![c_container(node)], p.clone());
    let v = b.op(step, LlOp::Getfield, vec![sv[0].into(), c_str("value")], SIGNED);
    let v2 = b.op(step, LlOp::Int(IntOp::Mul), vec![v.into(), c_int(2, SIGNED)], SIGNED);
    setfield(&mut b, step, q, "value", v2.into());
    let next = b.op(step, LlOp::Getfield, vec![sv[0].into(), c_str("next")], p);
    setfield(&mut b, step, q, "next", next.into());
    setfield(&mut b, step, sv[0], "next", q.into());
    let k = b.op(step, LlOp::Int(IntOp::Add), vec![sv[1].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(step, walk, vec![next.into(), k.into()]);
    t.graphs.push(b.finish())
}

/// `fn grow_list(n, rounds) -> Signed`: `build(n)`, then `rounds` times
/// `relink` and `churn(50)`, then `sum` of the list.
fn grow_list(t: &mut Translator, ty: &Types, [build, relink, churn, sum]: [GraphId; 4]) -> GraphId {
    let p = LlType::Ptr(ty.node);
    let mut b = LlGraphBuilder::new("grow_list", &[SIGNED, SIGNED], SIGNED);
    let a = b.params();
    let s = b.start();
    let list = call(&mut b, s, build, vec![a[0].into()], p.clone());
    let (exit, ev) = for_range(&mut b, s, a[1].into(), vec![(p, list.into())], |b, blk, v| {
        call(b, blk, relink, vec![v[2].into()], SIGNED);
        call(b, blk, churn, vec![c_int(50, SIGNED)], SIGNED);
        (blk, vals(v))
    });
    let total = call(&mut b, exit, sum, vec![ev[0].into()], SIGNED);
    b.ret(exit, total.into());
    t.graphs.push(b.finish())
}

/// `fn fill_slots(a: Ptr(GcArray(Ptr(node))), round) -> Signed`: stores into
/// every item of `a` a new node of value `1000 * round + i` (with garbage
/// allocated in between); returns the length. Once `a` is old, the write
/// barrier of `setarrayitem` must keep the new nodes alive.
fn fill_slots(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, nodes, ints) = (ty.node, ty.nodes, ty.ints);
    let p = LlType::Ptr(nodes);
    let mut b = LlGraphBuilder::new("fill_slots", &[p.clone(), SIGNED], SIGNED);
    let a = b.params();
    let s = b.start();
    let len = b.op(s, LlOp::Getarraysize, vec![a[0].into()], SIGNED);
    let base = b.op(s, LlOp::Int(IntOp::Mul), vec![a[1].into(), c_int(1000, SIGNED)], SIGNED);
    let init = vec![(p, a[0].into()), (SIGNED, base.into())];
    let (exit, ev) = for_range(&mut b, s, len.into(), init, |b, blk, v| {
        let obj = b.op(blk, LlOp::Malloc, vec![c_container(node)], LlType::Ptr(node));
        let value = b.op(blk, LlOp::Int(IntOp::Add), vec![v[3].into(), v[0].into()], SIGNED);
        setfield(b, blk, obj, "value", value.into());
        b.op(blk, LlOp::MallocVarsize, vec![c_container(ints), c_int(3, SIGNED)], LlType::Ptr(ints));
        b.op(blk, LlOp::Setarrayitem, vec![v[2].into(), v[0].into(), obj.into()], VOID);
        (blk, vals(v))
    });
    let len = b.op(exit, LlOp::Getarraysize, vec![ev[0].into()], SIGNED);
    b.ret(exit, len.into());
    t.graphs.push(b.finish())
}

/// `fn slots_sum(a: Ptr(GcArray(Ptr(node)))) -> Signed`: the sum of the
/// values of the nodes in `a`.
fn slots_sum(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, p) = (ty.node, LlType::Ptr(ty.nodes));
    let mut b = LlGraphBuilder::new("slots_sum", std::slice::from_ref(&p), SIGNED);
    let a = b.params()[0];
    let s = b.start();
    let len = b.op(s, LlOp::Getarraysize, vec![a.into()], SIGNED);
    let init = vec![(p, a.into()), (SIGNED, c_int(0, SIGNED))];
    let (exit, ev) = for_range(&mut b, s, len.into(), init, |b, blk, v| {
        let obj = b.op(blk, LlOp::Getarrayitem, vec![v[2].into(), v[0].into()], LlType::Ptr(node));
        let value = b.op(blk, LlOp::Getfield, vec![obj.into(), c_str("value")], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![v[3].into(), value.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), acc.into()])
    });
    b.ret(exit, ev[1].into());
    t.graphs.push(b.finish())
}

/// 1 if the `Bool`, integer, float or pointer `v` of type `t` is not
/// zero, as a `Signed`.
fn nonzero(b: &mut LlGraphBuilder, blk: BlockId, v: Value, t: &LlType) -> VarId {
    let bit = match t {
        LlType::Bool => return b.op(blk, LlOp::CastPrimitive, vec![v], SIGNED),
        LlType::Float => b.op(blk, LlOp::Float(FloatOp::Ne), vec![v, c_float(0.0)], B),
        LlType::Ptr(_) => b.op(blk, LlOp::PtrNonzero, vec![v], B),
        t => b.op(blk, LlOp::Int(IntOp::Ne), vec![v, c_int(0, t.clone())], B),
    };
    b.op(blk, LlOp::CastPrimitive, vec![bit.into()], SIGNED)
}

/// The number of non-zero leaves of an `inline_struct` value.
fn nonzero_inline(b: &mut LlGraphBuilder, blk: BlockId, v: VarId, node: ContainerId) -> VarId {
    let mut acc: Value = c_int(0, SIGNED);
    for (i, t) in [B, LlType::Ptr(node), F].iter().enumerate() {
        let x = b.op(blk, LlOp::TupleGetitem, vec![v.into(), c_int(i as i128, SIGNED)], t.clone());
        let nz = nonzero(b, blk, x.into(), t);
        acc = b.op(blk, LlOp::Int(IntOp::Add), vec![acc, nz.into()], SIGNED).into();
    }
    acc.var().expect("a sum")
}

/// `fn count_nonzero(e: Ptr(every)) -> Signed`: the non-zero leaves of
/// every field and item.
fn count_nonzero(t: &mut Translator, ty: &Types) -> GraphId {
    let (node, every) = (ty.node, ty.every);
    let p = LlType::Ptr(every);
    let inner = inline_struct(node);
    let mut b = LlGraphBuilder::new("count_nonzero", std::slice::from_ref(&p), SIGNED);
    let e = b.params()[0];
    let s = b.start();
    let mut acc: Value = c_int(0, SIGNED);
    let fields = [
        ("b", B),
        ("i", LlType::Int { bits: 8, signed: true }),
        ("u", LlType::UniChar),
        ("c", LlType::Char),
        ("f", F),
        ("p", LlType::Ptr(node)),
    ];
    for (name, ft) in fields {
        let x = b.op(s, LlOp::Getfield, vec![e.into(), c_str(name)], ft.clone());
        let nz = nonzero(&mut b, s, x.into(), &ft);
        acc = b.op(s, LlOp::Int(IntOp::Add), vec![acc, nz.into()], SIGNED).into();
    }
    let x = b.op(s, LlOp::Getfield, vec![e.into(), c_str("s")], inner.clone());
    let nz = nonzero_inline(&mut b, s, x, node);
    let acc = b.op(s, LlOp::Int(IntOp::Add), vec![acc, nz.into()], SIGNED);
    let len = b.op(s, LlOp::Getarraysize, vec![e.into()], SIGNED);
    let init = vec![(p, e.into()), (SIGNED, acc.into())];
    let (exit, ev) = for_range(&mut b, s, len.into(), init, |b, blk, v| {
        let it = b.op(blk, LlOp::Getarrayitem, vec![v[2].into(), v[0].into()], inner.clone());
        let nz = nonzero_inline(b, blk, it, node);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![v[3].into(), nz.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), acc.into()])
    });
    b.ret(exit, ev[1].into());
    t.graphs.push(b.finish())
}

/// `fn zeroed(n) -> Signed`: the non-zero leaves of new objects: an
/// `every` of `n` items (a call to the GC), one of 3 items and a node
/// (inline allocations). Always 0.
fn zeroed(t: &mut Translator, ty: &Types, count: GraphId) -> GraphId {
    let (node, every) = (ty.node, ty.every);
    graph(t, "zeroed", &[SIGNED], SIGNED, |b, s, p| {
        let e1 = b.op(s, LlOp::MallocVarsize, vec![c_container(every), p[0].into()], LlType::Ptr(every));
        let e2 = b.op(s, LlOp::MallocVarsize, vec![c_container(every), c_int(3, SIGNED)], LlType::Ptr(every));
        let obj = b.op(s, LlOp::Malloc, vec![c_container(node)], LlType::Ptr(node));
        let c1 = call(b, s, count, vec![e1.into()], SIGNED);
        let c2 = call(b, s, count, vec![e2.into()], SIGNED);
        let mut acc = b.op(s, LlOp::Int(IntOp::Add), vec![c1.into(), c2.into()], SIGNED);
        for (name, ft) in [("flag", B), ("value", SIGNED), ("next", LlType::Ptr(node))] {
            let x = b.op(s, LlOp::Getfield, vec![obj.into(), c_str(name)], ft.clone());
            let nz = nonzero(b, s, x.into(), &ft);
            acc = b.op(s, LlOp::Int(IntOp::Add), vec![acc.into(), nz.into()], SIGNED);
        }
        acc.into()
    })
}

/// `fn tagged_sum(n, x) -> Signed`: an array of the tagged integers
/// `x * i` for `i < n` (words while they fit in 63 bits, objects beyond),
/// then the integers and the tags read back from it (through the enum's
/// pointer and the variant's) in a sum.
fn tagged_sum(t: &mut Translator, ty: &Types) -> GraphId {
    let (value, value_int, values) = (ty.value, ty.value_int, ty.values);
    let (pv, pa) = (LlType::Ptr(value), LlType::Ptr(values));
    let mut b = LlGraphBuilder::new("tagged_sum", &[SIGNED, SIGNED], SIGNED);
    let (n, x) = (b.params()[0], b.params()[1]);
    let s = b.start();
    let a = b.op(s, LlOp::MallocVarsize, vec![c_container(values), n.into()], pa.clone());
    let (built, bv) = for_range(&mut b, s, n.into(), vec![(pa.clone(), a.into()), (SIGNED, x.into())], |b, blk, v| {
        let k = b.op(blk, LlOp::Int(IntOp::Mul), vec![v[3].into(), v[0].into()], SIGNED);
        let w = b.op(blk, LlOp::NewTagged, vec![c_container(value_int), k.into()], pv.clone());
        b.op(blk, LlOp::Setarrayitem, vec![v[2].into(), v[0].into(), w.into()], VOID);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), v[3].into()])
    });
    let len = b.op(built, LlOp::Getarraysize, vec![bv[0].into()], SIGNED);
    let init = vec![(pa, bv[0].into()), (SIGNED, c_int(0, SIGNED))];
    let (exit, ev) = for_range(&mut b, built, len.into(), init, |b, blk, v| {
        let w = b.op(blk, LlOp::Getarrayitem, vec![v[2].into(), v[0].into()], pv.clone());
        let tag = b.op(blk, LlOp::Getfield, vec![w.into(), c_str(TAG)], TAG_TYPE);
        let tag = b.op(blk, LlOp::CastPrimitive, vec![tag.into()], SIGNED);
        let i = b.op(blk, LlOp::CastPointer, vec![w.into()], LlType::Ptr(value_int));
        let k = b.op(blk, LlOp::Getfield, vec![i.into(), c_str("0")], SIGNED);
        // (The tag again, through the variant's pointer.)
        let tag2 = b.op(blk, LlOp::Getfield, vec![i.into(), c_str(TAG)], TAG_TYPE);
        let tag2 = b.op(blk, LlOp::CastPrimitive, vec![tag2.into()], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![v[3].into(), k.into()], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Add), vec![acc.into(), tag.into()], SIGNED);
        let acc = b.op(blk, LlOp::Int(IntOp::Mul), vec![acc.into(), tag2.into()], SIGNED);
        (blk, vec![v[0].into(), v[1].into(), v[2].into(), acc.into()])
    });
    b.ret(exit, ev[1].into());
    t.graphs.push(b.finish())
}

/// The id the next graph pushed to `t` gets (for recursive graphs).
fn next_graph(t: &Translator) -> GraphId {
    rpy_core::entity::EntityRef::new(t.graphs.len())
}

/// All the programs, in a translator of their own.
pub fn programs() -> Programs {
    let mut t = Translator::default();
    let entries = add_programs(&mut t);
    Programs { t, entries }
}

/// Adds the programs and their containers to `t`.
pub fn add_programs(t: &mut Translator) -> Vec<Entry> {
    let ty = Types::new(t);
    let (node, tree) = (LlType::Ptr(ty.node), LlType::Ptr(ty.tree));
    let mut entries = Vec::new();
    let mut add = |name, graph, params: Vec<LlType>, result: LlType, small_inputs: Vec<Vec<i64>>| {
        entries.push(Entry { name, graph, params, result, small_inputs })
    };
    let build = build(t, &ty);
    let sum = sum(t, &ty);
    let keep = keep(t, &ty);
    let list_sum = graph(t, "list_sum", &[SIGNED], SIGNED, |b, blk, p| {
        let l = call(b, blk, build, vec![p[0].into()], node.clone());
        call(b, blk, sum, vec![l.into()], SIGNED).into()
    });
    let list_keep = graph(t, "list_keep", &[SIGNED, SIGNED], SIGNED, |b, blk, p| {
        let l = call(b, blk, keep, vec![p[0].into(), p[1].into()], node.clone());
        call(b, blk, sum, vec![l.into()], SIGNED).into()
    });
    add("list_sum", list_sum, vec![SIGNED], SIGNED, vec![vec![0], vec![1], vec![2], vec![10], vec![1000]]);
    add("list_keep", list_keep, vec![SIGNED; 2], SIGNED, vec![vec![0, 1], vec![10, 3], vec![1000, 100]]);
    add("build", build, vec![SIGNED], node.clone(), vec![]);
    add("sum", sum, vec![node.clone()], SIGNED, vec![]);
    add("keep", keep, vec![SIGNED; 2], node, vec![]);

    let squares = squares(t, &ty);
    let sum_items = sum_items(t, &ty);
    let squares_sum = graph(t, "squares_sum", &[SIGNED], SIGNED, |b, blk, p| {
        let a = call(b, blk, squares, vec![p[0].into()], LlType::Ptr(ty.ints));
        call(b, blk, sum_items, vec![a.into()], SIGNED).into()
    });
    add("squares_sum", squares_sum, vec![SIGNED], SIGNED, vec![vec![0], vec![1], vec![5], vec![1000]]);
    add("squares", squares, vec![SIGNED], LlType::Ptr(ty.ints), vec![]);

    let mkstr = mkstr(t, &ty);
    let str_hash = graph(t, "str_hash", &[SIGNED], SIGNED, |b, blk, p| {
        let st = call(b, blk, mkstr, vec![p[0].into()], LlType::Ptr(ty.string));
        let h = b.op(blk, LlOp::Getfield, vec![st.into(), c_str("hash")], SIGNED);
        let len = b.op(blk, LlOp::Getarraysize, vec![st.into()], SIGNED);
        b.op(blk, LlOp::Int(IntOp::Add), vec![h.into(), len.into()], SIGNED).into()
    });
    add("str_hash", str_hash, vec![SIGNED], SIGNED, vec![vec![0], vec![1], vec![7], vec![30], vec![10000]]);
    add("mkstr", mkstr, vec![SIGNED], LlType::Ptr(ty.string), vec![]);

    let pairs = pairs(t, &ty);
    let pairs_sum = pairs_sum(t, &ty);
    let pairs_total = graph(t, "pairs_total", &[SIGNED], SIGNED, |b, blk, p| {
        let a = call(b, blk, pairs, vec![p[0].into()], LlType::Ptr(ty.pairs));
        call(b, blk, pairs_sum, vec![a.into()], SIGNED).into()
    });
    add("pairs_total", pairs_total, vec![SIGNED], SIGNED, vec![vec![0], vec![1], vec![6], vec![500]]);
    add("pairs", pairs, vec![SIGNED], LlType::Ptr(ty.pairs), vec![]);

    let tagged_sum = tagged_sum(t, &ty);
    let edge = 1i64 << 61;
    let inputs =
        vec![vec![0, 5], vec![10, -7], vec![5, edge - 1], vec![9, edge], vec![3, i64::MAX], vec![1000, 1 << 53]];
    add("tagged_sum", tagged_sum, vec![SIGNED; 2], SIGNED, inputs);

    let ptr_tests = ptr_tests(t, &ty);
    add("ptr_tests", ptr_tests, vec![], SIGNED, vec![vec![]]);

    let make_tree = make_tree(t, &ty);
    let check_tree = check_tree(t, &ty);
    let tree_sum = graph(t, "tree_sum", &[SIGNED], SIGNED, |b, blk, p| {
        let tr = call(b, blk, make_tree, vec![p[0].into()], tree.clone());
        call(b, blk, check_tree, vec![tr.into()], SIGNED).into()
    });
    let binary_trees = binary_trees(t, &ty, make_tree, check_tree);
    add("tree_sum", tree_sum, vec![SIGNED], SIGNED, vec![vec![0], vec![1], vec![6]]);
    add("binary_trees", binary_trees, vec![SIGNED], SIGNED, vec![vec![4], vec![7]]);
    add("make_tree", make_tree, vec![SIGNED], tree.clone(), vec![]);
    add("check_tree", check_tree, vec![tree], SIGNED, vec![]);

    let churn = churn(t, &ty);
    add("churn", churn, vec![SIGNED], SIGNED, vec![vec![0], vec![100]]);
    let ptr_array = ptr_array(t, &ty);
    add("ptr_array", ptr_array, vec![SIGNED], SIGNED, vec![vec![0], vec![3], vec![300]]);
    let dirty = dirty(t, &ty);
    add("dirty", dirty, vec![SIGNED], SIGNED, vec![vec![10]]);

    // Old objects getting pointers to new ones: `grow_list(n, rounds)`
    // builds a list of `n` nodes and relinks it `rounds` times, with garbage
    // in between so that collections make the list old; the final sum.
    let relink = relink(t, &ty);
    let grow_list = grow_list(t, &ty, [build, relink, churn, sum]);
    add("grow_list", grow_list, vec![SIGNED; 2], SIGNED, vec![vec![0, 2], vec![10, 3], vec![300, 4]]);
    add("relink", relink, vec![LlType::Ptr(ty.node)], SIGNED, vec![]);
    let make_slots = graph(t, "make_slots", &[SIGNED], LlType::Ptr(ty.nodes), |b, blk, p| {
        b.op(blk, LlOp::MallocVarsize, vec![c_container(ty.nodes), p[0].into()], LlType::Ptr(ty.nodes)).into()
    });
    add("make_slots", make_slots, vec![SIGNED], LlType::Ptr(ty.nodes), vec![]);
    let fill_slots = fill_slots(t, &ty);
    add("fill_slots", fill_slots, vec![LlType::Ptr(ty.nodes), SIGNED], SIGNED, vec![]);
    let slots_sum = slots_sum(t, &ty);
    add("slots_sum", slots_sum, vec![LlType::Ptr(ty.nodes)], SIGNED, vec![]);
    let count = count_nonzero(t, &ty);
    let zeroed = zeroed(t, &ty, count);
    add("zeroed", zeroed, vec![SIGNED], SIGNED, vec![vec![0], vec![2], vec![40]]);
    entries
}
