//! The heap operations: objects built, linked and read back by hand-built
//! graphs.

use super::*;
use crate::flow::ConstTy;
use crate::llbuild::*;
use crate::lloperation::{IntOp, LlOp};
use crate::lltype::{SIGNED, UINT};

const B: LlType = LlType::Bool;

fn int(v: i128) -> LlValue {
    LlValue::Int(v)
}

/// `node { flag: Bool, value: Signed, next: Ptr(node) }`
fn node(t: &mut Translator) -> ContainerId {
    gc_struct(t, "node", |me| vec![("flag", B), ("value", SIGNED), ("next", LlType::Ptr(me))], None)
}

/// `fn build(n) -> Ptr(node)`: the list `n-1, ..., 1, 0` built in a loop,
/// each node flagged when its value is odd.
fn build_list(t: &mut Translator, node: ContainerId) -> GraphId {
    let p = LlType::Ptr(node);
    let mut b = LlGraphBuilder::new("build", &[SIGNED], p.clone());
    let n = b.params()[0];
    let start = b.start();
    let (head, hv) = b.block(&[SIGNED, SIGNED, p.clone()]);
    let (body, bv) = b.block(&[SIGNED, SIGNED, p.clone()]);
    let ret = b.returnblock();
    b.goto(start, head, vec![n.into(), c_int(0, SIGNED), c_null(node)]);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[1].into(), hv[0].into()], B);
    b.branch(head, more.into(), (body, vec![hv[0].into(), hv[1].into(), hv[2].into()]), (ret, vec![hv[2].into()]));
    let obj = b.op(body, LlOp::Malloc, vec![c_container(node)], p.clone());
    b.op(body, LlOp::Setfield, vec![obj.into(), c_str("value"), bv[1].into()], LlType::Void);
    b.op(body, LlOp::Setfield, vec![obj.into(), c_str("next"), bv[2].into()], LlType::Void);
    let low = b.op(body, LlOp::Int(IntOp::And), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    let odd = b.op(body, LlOp::Int(IntOp::Ne), vec![low.into(), c_int(0, SIGNED)], B);
    b.op(body, LlOp::Setfield, vec![obj.into(), c_str("flag"), odd.into()], LlType::Void);
    let i1 = b.op(body, LlOp::Int(IntOp::Add), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![bv[0].into(), i1.into(), obj.into()]);
    t.graphs.push(b.finish())
}

/// `fn sum(p: Ptr(node)) -> Signed`: the sum of the values, plus the sum
/// of the flagged ones.
fn sum_list(t: &mut Translator, node: ContainerId) -> GraphId {
    let p = LlType::Ptr(node);
    let mut b = LlGraphBuilder::new("sum", std::slice::from_ref(&p), SIGNED);
    let start = b.start();
    let (walk, wv) = b.block(&[p.clone(), SIGNED]);
    let (step, sv) = b.block(&[p.clone(), SIGNED]);
    let ret = b.returnblock();
    b.goto(start, walk, vec![b.params()[0].into(), c_int(0, SIGNED)]);
    let nz = b.op(walk, LlOp::PtrNonzero, vec![wv[0].into()], B);
    b.branch(walk, nz.into(), (step, vec![wv[0].into(), wv[1].into()]), (ret, vec![wv[1].into()]));
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

/// `fn list_sum(n) -> Signed { sum(build(n)) }`
fn list_sum(t: &mut Translator, build: GraphId, sum: GraphId, node: ContainerId) -> GraphId {
    let mut b = LlGraphBuilder::new("list_sum", &[SIGNED], SIGNED);
    let n = b.params()[0];
    let start = b.start();
    let l = b.op(start, LlOp::DirectCall, vec![c_func(build), n.into()], LlType::Ptr(node));
    let s = b.op(start, LlOp::DirectCall, vec![c_func(sum), l.into()], SIGNED);
    b.ret(start, s.into());
    t.graphs.push(b.finish())
}

fn list_sum_expected(n: i128) -> i128 {
    (0..n).sum::<i128>() + (0..n).filter(|v| v % 2 == 1).sum::<i128>()
}

#[test]
fn linked_list_built_in_a_loop_and_summed() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let build = build_list(&mut t, node);
    let sum = sum_list(&mut t, node);
    let g = list_sum(&mut t, build, sum, node);
    for n in [0, 1, 2, 10, 1000] {
        assert_eq!(interpret(&t, g, vec![int(n)]), Ok(int(list_sum_expected(n))), "n = {n}");
    }
    // The objects a graph returns can be looked into.
    let head = interpret(&t, build, vec![int(3)]).unwrap();
    let mut values = Vec::new();
    let mut p = head.as_ptr().unwrap().cloned();
    while let Some(obj) = p {
        let o = obj.borrow();
        assert_eq!(o.container, node);
        values.push((o.fields[0].clone(), o.fields[1].clone()));
        p = o.fields[2].as_ptr().unwrap().cloned();
    }
    let f = LlValue::Bool;
    assert_eq!(values, vec![(f(false), int(2)), (f(true), int(1)), (f(false), int(0))]);
    // And objects made outside can be passed in.
    let mut head = LlValue::Ptr(None);
    for v in [5, 7] {
        let obj = ObjRef::new(&t, node, None);
        obj.borrow_mut().fields[1] = int(v);
        obj.borrow_mut().fields[2] = head;
        head = LlValue::Ptr(Some(obj));
    }
    assert_eq!(interpret(&t, sum, vec![head]), Ok(int(12)));
}

#[test]
fn a_long_list_is_freed_without_recursion() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let build = build_list(&mut t, node);
    // Dropping 300k nodes one inside the other would overflow a test
    // thread's stack if each drop recursed into the next.
    let head = interpret(&t, build, vec![int(300_000)]).unwrap();
    drop(head);
}

/// `fn squares(n) -> Ptr(GcArray(Signed))`: `[0, 1, 4, ...]`.
fn squares(t: &mut Translator, arr: ContainerId) -> GraphId {
    let p = LlType::Ptr(arr);
    let mut b = LlGraphBuilder::new("squares", &[SIGNED], p.clone());
    let n = b.params()[0];
    let start = b.start();
    let a = b.op(start, LlOp::MallocVarsize, vec![c_container(arr), n.into()], p.clone());
    let (fill, fv) = b.block(&[p.clone(), SIGNED]);
    let (body, bv) = b.block(&[p.clone(), SIGNED]);
    b.goto(start, fill, vec![a.into(), c_int(0, SIGNED)]);
    let len = b.op(fill, LlOp::Getarraysize, vec![fv[0].into()], SIGNED);
    let more = b.op(fill, LlOp::Int(IntOp::Lt), vec![fv[1].into(), len.into()], B);
    let ret = b.returnblock();
    b.branch(fill, more.into(), (body, vec![fv[0].into(), fv[1].into()]), (ret, vec![fv[0].into()]));
    let sq = b.op(body, LlOp::Int(IntOp::Mul), vec![bv[1].into(), bv[1].into()], SIGNED);
    b.op(body, LlOp::Setarrayitem, vec![bv[0].into(), bv[1].into(), sq.into()], LlType::Void);
    let i1 = b.op(body, LlOp::Int(IntOp::Add), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, fill, vec![bv[0].into(), i1.into()]);
    t.graphs.push(b.finish())
}

/// `fn sum_items(a: Ptr(GcArray(Signed))) -> Signed`.
fn sum_items(t: &mut Translator, arr: ContainerId) -> GraphId {
    let p = LlType::Ptr(arr);
    let mut b = LlGraphBuilder::new("sum_items", std::slice::from_ref(&p), SIGNED);
    let a = b.params()[0];
    let start = b.start();
    let (head, hv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    let (body, bv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    b.goto(start, head, vec![a.into(), c_int(0, SIGNED), c_int(0, SIGNED)]);
    let len = b.op(head, LlOp::Getarraysize, vec![hv[0].into()], SIGNED);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[1].into(), len.into()], B);
    let ret = b.returnblock();
    b.branch(head, more.into(), (body, vec![hv[0].into(), hv[1].into(), hv[2].into()]), (ret, vec![hv[2].into()]));
    let x = b.op(body, LlOp::Getarrayitem, vec![bv[0].into(), bv[1].into()], SIGNED);
    let acc = b.op(body, LlOp::Int(IntOp::Add), vec![bv[2].into(), x.into()], SIGNED);
    let i1 = b.op(body, LlOp::Int(IntOp::Add), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![bv[0].into(), i1.into(), acc.into()]);
    t.graphs.push(b.finish())
}

#[test]
fn array_of_ints() {
    let mut t = Translator::default();
    let arr = gc_array(&mut t, SIGNED);
    let sq = squares(&mut t, arr);
    let sum = sum_items(&mut t, arr);
    let a = interpret(&t, sq, vec![int(5)]).unwrap();
    {
        let obj = a.as_ptr().unwrap().unwrap().borrow();
        assert!(obj.fields.is_empty());
        assert_eq!(obj.items, [0, 1, 4, 9, 16].map(int));
    }
    assert_eq!(interpret(&t, sum, vec![a]), Ok(int(30)));
    let empty = interpret(&t, sq, vec![int(0)]).unwrap();
    assert_eq!(interpret(&t, sum, vec![empty]), Ok(int(0)));
    let big = interpret(&t, sq, vec![int(1000)]).unwrap();
    assert_eq!(interpret(&t, sum, vec![big]), Ok(int((0..1000).map(|i| i * i).sum())));
}

/// `rpy_string { hash: Signed, chars: [Char] }` and `fn mkstr(n)`: the
/// string `"abc..."` of `n` letters, with its hash `h = h * 31 + c`
/// computed from the stored letters.
fn string_graph(t: &mut Translator) -> (ContainerId, GraphId) {
    let s = gc_struct(t, "rpy_string", |_| vec![("hash", SIGNED)], Some(LlType::Char));
    let p = LlType::Ptr(s);
    let mut b = LlGraphBuilder::new("mkstr", &[SIGNED], p.clone());
    let n = b.params()[0];
    let start = b.start();
    let obj = b.op(start, LlOp::MallocVarsize, vec![c_container(s), n.into()], p.clone());
    let (fill, fv) = b.block(&[p.clone(), SIGNED]);
    let (body, bv) = b.block(&[p.clone(), SIGNED]);
    let (hash, hv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    let (hbody, hbv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    let (done, dv) = b.block(&[p.clone(), SIGNED]);
    b.goto(start, fill, vec![obj.into(), c_int(0, SIGNED)]);
    let len = b.op(fill, LlOp::Getarraysize, vec![fv[0].into()], SIGNED);
    let more = b.op(fill, LlOp::Int(IntOp::Lt), vec![fv[1].into(), len.into()], B);
    b.branch(
        fill,
        more.into(),
        (body, vec![fv[0].into(), fv[1].into()]),
        (hash, vec![fv[0].into(), c_int(0, SIGNED), c_int(0, SIGNED)]),
    );
    let m = b.op(body, LlOp::Int(IntOp::Mod), vec![bv[1].into(), c_int(26, SIGNED)], SIGNED);
    let code = b.op(body, LlOp::Int(IntOp::Add), vec![m.into(), c_int(b'a' as i128, SIGNED)], SIGNED);
    let ch = b.op(body, LlOp::CastPrimitive, vec![code.into()], LlType::Char);
    b.op(body, LlOp::Setarrayitem, vec![bv[0].into(), bv[1].into(), ch.into()], LlType::Void);
    let i1 = b.op(body, LlOp::Int(IntOp::Add), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, fill, vec![bv[0].into(), i1.into()]);
    let len = b.op(hash, LlOp::Getarraysize, vec![hv[0].into()], SIGNED);
    let more = b.op(hash, LlOp::Int(IntOp::Lt), vec![hv[1].into(), len.into()], B);
    b.branch(
        hash,
        more.into(),
        (hbody, vec![hv[0].into(), hv[1].into(), hv[2].into()]),
        (done, vec![hv[0].into(), hv[2].into()]),
    );
    let c = b.op(hbody, LlOp::Getarrayitem, vec![hbv[0].into(), hbv[1].into()], LlType::Char);
    let ci = b.op(hbody, LlOp::CastPrimitive, vec![c.into()], SIGNED);
    let h31 = b.op(hbody, LlOp::Int(IntOp::Mul), vec![hbv[2].into(), c_int(31, SIGNED)], SIGNED);
    let h = b.op(hbody, LlOp::Int(IntOp::Add), vec![h31.into(), ci.into()], SIGNED);
    let i1 = b.op(hbody, LlOp::Int(IntOp::Add), vec![hbv[1].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(hbody, hash, vec![hbv[0].into(), i1.into(), h.into()]);
    b.op(done, LlOp::Setfield, vec![dv[0].into(), c_str("hash"), dv[1].into()], LlType::Void);
    b.ret(done, dv[0].into());
    (s, t.graphs.push(b.finish()))
}

#[test]
fn string_like_varsize_struct() {
    let mut t = Translator::default();
    let (s, mkstr) = string_graph(&mut t);
    for n in [0usize, 1, 30] {
        let v = interpret(&t, mkstr, vec![int(n as i128)]).unwrap();
        let obj = v.as_ptr().unwrap().unwrap().borrow();
        assert_eq!(obj.container, s);
        let text: String = obj.items.iter().map(|c| c.as_int().unwrap() as u8 as char).collect();
        let want: String = (0..n).map(|i| (b'a' + (i % 26) as u8) as char).collect();
        assert_eq!(text, want);
        let hash = want.bytes().fold(0i64, |h, c| h.wrapping_mul(31).wrapping_add(c as i64));
        assert_eq!(obj.fields, vec![int(hash as i128)]);
    }
}

/// Items `(u32, Ptr(node), Bool)` by value in a `GcArray`:
/// `fn pairs(n) -> Ptr(..)` fills items `0..n` of an array of `n + 1` with
/// `(i, node(value = 10 * i), i is even)`; `fn pairs_sum(a) -> Signed` sums
/// `i + value` over the items whose flag is set and whose node is not null.
fn pairs_graphs(t: &mut Translator, node: ContainerId) -> (ContainerId, GraphId, GraphId) {
    let np = LlType::Ptr(node);
    let item = LlType::Struct(vec![UINT, np.clone(), B]);
    let arr = gc_array(t, item.clone());
    let p = LlType::Ptr(arr);

    let mut b = LlGraphBuilder::new("pairs", &[SIGNED], p.clone());
    let n = b.params()[0];
    let start = b.start();
    let n1 = b.op(start, LlOp::Int(IntOp::Add), vec![n.into(), c_int(1, SIGNED)], SIGNED);
    let a = b.op(start, LlOp::MallocVarsize, vec![c_container(arr), n1.into()], p.clone());
    let (head, hv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    let (body, bv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    b.goto(start, head, vec![a.into(), n.into(), c_int(0, SIGNED)]);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[2].into(), hv[1].into()], B);
    let ret = b.returnblock();
    b.branch(head, more.into(), (body, vec![hv[0].into(), hv[1].into(), hv[2].into()]), (ret, vec![hv[0].into()]));
    let obj = b.op(body, LlOp::Malloc, vec![c_container(node)], np.clone());
    let ten = b.op(body, LlOp::Int(IntOp::Mul), vec![bv[2].into(), c_int(10, SIGNED)], SIGNED);
    b.op(body, LlOp::Setfield, vec![obj.into(), c_str("value"), ten.into()], LlType::Void);
    let u = b.op(body, LlOp::CastPrimitive, vec![bv[2].into()], UINT);
    let low = b.op(body, LlOp::Int(IntOp::And), vec![bv[2].into(), c_int(1, SIGNED)], SIGNED);
    let even = b.op(body, LlOp::Int(IntOp::Eq), vec![low.into(), c_int(0, SIGNED)], B);
    let it = b.op(body, LlOp::TupleNew, vec![u.into(), obj.into(), even.into()], item.clone());
    b.op(body, LlOp::Setarrayitem, vec![bv[0].into(), bv[2].into(), it.into()], LlType::Void);
    let i1 = b.op(body, LlOp::Int(IntOp::Add), vec![bv[2].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![bv[0].into(), bv[1].into(), i1.into()]);
    let pairs = t.graphs.push(b.finish());

    let mut b = LlGraphBuilder::new("pairs_sum", std::slice::from_ref(&p), SIGNED);
    let a = b.params()[0];
    let start = b.start();
    let (head, hv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    let (body, bv) = b.block(&[p.clone(), SIGNED, SIGNED]);
    let (add, av) = b.block(&[p.clone(), SIGNED, SIGNED, item.clone()]);
    b.goto(start, head, vec![a.into(), c_int(0, SIGNED), c_int(0, SIGNED)]);
    let len = b.op(head, LlOp::Getarraysize, vec![hv[0].into()], SIGNED);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[1].into(), len.into()], B);
    let ret = b.returnblock();
    b.branch(head, more.into(), (body, vec![hv[0].into(), hv[1].into(), hv[2].into()]), (ret, vec![hv[2].into()]));
    let it = b.op(body, LlOp::Getarrayitem, vec![bv[0].into(), bv[1].into()], item.clone());
    let i1 = b.op(body, LlOp::Int(IntOp::Add), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    let flag = b.op(body, LlOp::TupleGetitem, vec![it.into(), c_int(2, SIGNED)], B);
    let q = b.op(body, LlOp::TupleGetitem, vec![it.into(), c_int(1, SIGNED)], np.clone());
    let nz = b.op(body, LlOp::PtrNonzero, vec![q.into()], B);
    let take = b.op(body, LlOp::Int(IntOp::And), vec![flag.into(), nz.into()], B);
    b.branch(
        body,
        take.into(),
        (add, vec![bv[0].into(), i1.into(), bv[2].into(), it.into()]),
        (head, vec![bv[0].into(), i1.into(), bv[2].into()]),
    );
    let u = b.op(add, LlOp::TupleGetitem, vec![av[3].into(), c_int(0, SIGNED)], UINT);
    let q = b.op(add, LlOp::TupleGetitem, vec![av[3].into(), c_int(1, SIGNED)], np);
    let v = b.op(add, LlOp::Getfield, vec![q.into(), c_str("value")], SIGNED);
    let ui = b.op(add, LlOp::CastPrimitive, vec![u.into()], SIGNED);
    let acc = b.op(add, LlOp::Int(IntOp::Add), vec![av[2].into(), ui.into()], SIGNED);
    let acc = b.op(add, LlOp::Int(IntOp::Add), vec![acc.into(), v.into()], SIGNED);
    b.goto(add, head, vec![av[0].into(), av[1].into(), acc.into()]);
    (arr, pairs, t.graphs.push(b.finish()))
}

#[test]
fn array_of_structs_holding_pointers() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let (_, pairs, pairs_sum) = pairs_graphs(&mut t, node);
    let a = interpret(&t, pairs, vec![int(6)]).unwrap();
    {
        let obj = a.as_ptr().unwrap().unwrap().borrow();
        assert_eq!(obj.items.len(), 7);
        let [u, p, flag] = obj.items[3].fields().unwrap() else { panic!() };
        assert_eq!((u, flag), (&int(3), &LlValue::Bool(false)));
        assert_eq!(p.as_ptr().unwrap().unwrap().borrow().fields[1], int(30));
        // The item past the filled ones is still zero.
        assert_eq!(obj.items[6], LlValue::Struct(vec![int(0), LlValue::Ptr(None), LlValue::Bool(false)]));
    }
    // Items 0, 2, 4: i + 10 * i.
    assert_eq!(interpret(&t, pairs_sum, vec![a]), Ok(int(66)));
}

#[test]
fn pointer_identity_and_null_tests() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let np = LlType::Ptr(node);
    let mut b = LlGraphBuilder::new("ptrs", &[], LlType::Struct(vec![B; 10]));
    let s = b.start();
    let x = b.op(s, LlOp::Malloc, vec![c_container(node)], np.clone());
    let y = b.op(s, LlOp::Malloc, vec![c_container(node)], np.clone());
    let fresh = b.op(s, LlOp::Getfield, vec![x.into(), c_str("next")], np.clone());
    let mut results = vec![
        b.op(s, LlOp::PtrEq, vec![x.into(), x.into()], B),
        b.op(s, LlOp::PtrEq, vec![x.into(), y.into()], B),
        b.op(s, LlOp::PtrNe, vec![x.into(), y.into()], B),
        b.op(s, LlOp::PtrIszero, vec![fresh.into()], B),
        b.op(s, LlOp::PtrNonzero, vec![x.into()], B),
        b.op(s, LlOp::PtrEq, vec![fresh.into(), c_null(node)], B),
        b.op(s, LlOp::PtrIszero, vec![c_null(node)], B),
    ];
    b.op(s, LlOp::Setfield, vec![x.into(), c_str("next"), y.into()], LlType::Void);
    let next = b.op(s, LlOp::Getfield, vec![x.into(), c_str("next")], np.clone());
    results.push(b.op(s, LlOp::PtrEq, vec![next.into(), y.into()], B));
    // A node pointing to itself.
    b.op(s, LlOp::Setfield, vec![y.into(), c_str("next"), y.into()], LlType::Void);
    let next = b.op(s, LlOp::Getfield, vec![y.into(), c_str("next")], np.clone());
    results.push(b.op(s, LlOp::PtrEq, vec![next.into(), y.into()], B));
    results.push(b.op(s, LlOp::PtrNe, vec![next.into(), x.into()], B));
    let r = b.op(s, LlOp::TupleNew, results.into_iter().map(Into::into).collect(), LlType::Struct(vec![B; 10]));
    b.ret(s, r.into());
    let g = t.graphs.push(b.finish());
    let want = [true, false, true, true, true, true, true, true, true, true];
    assert_eq!(interpret(&t, g, vec![]), Ok(LlValue::Struct(want.map(LlValue::Bool).to_vec())));
    // Pointers compare by identity, not by contents.
    let (p, q) = (ObjRef::new(&t, node, None), ObjRef::new(&t, node, None));
    assert_ne!(p, q);
    assert_eq!(p, p.clone());
    assert!(format!("{p:?}").starts_with("<T0 object at 0x"), "{p:?}");
}

#[test]
fn objects_start_zeroed() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let inner = LlType::Struct(vec![B, LlType::Ptr(node), LlType::Float]);
    let fields = vec![
        ("b", B),
        ("i", LlType::Int { bits: 8, signed: true }),
        ("u", LlType::UniChar),
        ("c", LlType::Char),
        ("f", LlType::Float),
        ("s", inner.clone()),
        ("p", LlType::Ptr(node)),
        ("v", LlType::Void),
    ];
    let every = gc_struct(&mut t, "every", move |_| fields, Some(inner.clone()));
    let mut b = LlGraphBuilder::new("fresh", &[SIGNED], LlType::Ptr(every));
    let n = b.params()[0];
    let s = b.start();
    let r = b.op(s, LlOp::MallocVarsize, vec![c_container(every), n.into()], LlType::Ptr(every));
    b.ret(s, r.into());
    let g = t.graphs.push(b.finish());
    let v = interpret(&t, g, vec![int(2)]).unwrap();
    let obj = v.as_ptr().unwrap().unwrap().borrow();
    let zero_inner = LlValue::Struct(vec![LlValue::Bool(false), LlValue::Ptr(None), LlValue::Float(0.0)]);
    assert_eq!(
        obj.fields,
        vec![
            LlValue::Bool(false),
            int(0),
            int(0),
            int(0),
            LlValue::Float(0.0),
            zero_inner.clone(),
            LlValue::Ptr(None),
            LlValue::Void
        ]
    );
    assert_eq!(obj.items, vec![zero_inner.clone(), zero_inner]);
}

#[test]
fn null_constants() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let null = Constant { value: ConstValue::Null, ty: ConstTy::Meta, concretetype: Some(LlType::Ptr(node)) };
    assert_eq!(const_value(&null), LlValue::Ptr(None));
    // An optional object inside a tuple constant.
    let pair = Constant {
        value: ConstValue::Tuple(vec![ConstValue::Int(3), ConstValue::Null]),
        ty: ConstTy::Meta,
        concretetype: Some(LlType::Struct(vec![SIGNED, LlType::Ptr(node)])),
    };
    assert_eq!(const_value(&pair), LlValue::Struct(vec![int(3), LlValue::Ptr(None)]));
}

/// `f(p) = getfield(p, "value")`.
fn get_value(t: &mut Translator, node: ContainerId) -> GraphId {
    let mut b = LlGraphBuilder::new("get", &[LlType::Ptr(node)], SIGNED);
    let p = b.params()[0];
    let s = b.start();
    let v = b.op(s, LlOp::Getfield, vec![p.into(), c_str("value")], SIGNED);
    b.ret(s, v.into());
    t.graphs.push(b.finish())
}

#[test]
#[should_panic(expected = "llinterp: access through a null pointer")]
fn reading_through_null_is_a_bug() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let g = get_value(&mut t, node);
    let _ = interpret(&t, g, vec![LlValue::Ptr(None)]);
}

#[test]
#[should_panic(expected = "llinterp: setfield of Int(1) into field next of type Ptr(T0)")]
fn storing_a_value_of_another_type_is_a_bug() {
    let mut t = Translator::default();
    let node = node(&mut t);
    let mut b = LlGraphBuilder::new("bad", &[LlType::Ptr(node)], LlType::Void);
    let p = b.params()[0];
    let s = b.start();
    let r = b.op(s, LlOp::Setfield, vec![p.into(), c_str("next"), c_int(1, SIGNED)], LlType::Void);
    b.ret(s, r.into());
    let g = t.graphs.push(b.finish());
    let _ = interpret(&t, g, vec![LlValue::Ptr(Some(ObjRef::new(&t, node, None)))]);
}

#[test]
#[should_panic(expected = "llinterp: index 3 out of bounds of an object of 3 items")]
fn indexing_out_of_bounds_is_a_bug() {
    let mut t = Translator::default();
    let arr = gc_array(&mut t, SIGNED);
    let mut b = LlGraphBuilder::new("oob", &[LlType::Ptr(arr), SIGNED], SIGNED);
    let p = b.params();
    let s = b.start();
    let r = b.op(s, LlOp::Getarrayitem, vec![p[0].into(), p[1].into()], SIGNED);
    b.ret(s, r.into());
    let g = t.graphs.push(b.finish());
    let a = LlValue::Ptr(Some(ObjRef::new(&t, arr, Some(3))));
    assert_eq!(interpret(&t, g, vec![a.clone(), int(2)]), Ok(int(0)));
    let _ = interpret(&t, g, vec![a, int(3)]);
}
