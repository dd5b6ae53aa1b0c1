//! Lists (RPython's `rlist.py`): `Vec<T>` is a resizable list, a
//! `GcStruct { length, items: Ptr(GcArray(T)) }` with over-allocation; a
//! list never resized (`Ty::Array`, see `annotator::listdef`) is the bare
//! `GcArray(T)`, its length the array's.
//!
//! Simple operations are lowered inline; those with loops (`push` growing
//! the array, `vec![x; n]`, `contains`, `reverse`) call *ll helpers*:
//! low-level graphs built here once per item type, as RPython's `ll_append`
//! and friends, which LLVM inlines where it pays.

use super::{lltype_of, void_const, HighLevelOps, Types};
use crate::diagnostic::Section;
use crate::flow::{ConstValue, Constant, FunctionGraph, GraphId, Value};
use crate::llbuild::{c_func, c_int, LlGraphBuilder};
use crate::lloperation::{IntOp, LlOp};
use crate::lltype::{ContainerId, LlType, SIGNED, UNSIGNED};
use crate::ty::Ty;
use std::collections::HashMap;

/// The two containers of the lists of one item type.
#[derive(Copy, Clone, Debug)]
pub struct ListContainers {
    pub list: ContainerId,
    pub array: ContainerId,
}

/// Helper graphs made while rtyping, appended to the translator afterwards.
pub struct Helpers {
    /// The id the next helper will get.
    next_id: usize,
    /// By helper and array type: two lists with items of the same
    /// low-level type (`Vec<u64>`, `Vec<usize>`) are still distinct types.
    cache: HashMap<(&'static str, ContainerId), GraphId>,
    pub pending: Vec<FunctionGraph>,
}

impl Helpers {
    pub fn new(first_id: usize) -> Helpers {
        Helpers { next_id: first_id, cache: HashMap::new(), pending: Vec::new() }
    }

    fn get(&mut self, name: &'static str, array: ContainerId, build: impl FnOnce() -> FunctionGraph) -> GraphId {
        if let Some(&g) = self.cache.get(&(name, array)) {
            return g;
        }
        let id = crate::entity::EntityRef::new(self.next_id);
        self.next_id += 1;
        self.pending.push(build());
        self.cache.insert((name, array), id);
        id
    }
}

/// The items of every list with no room: one prebuilt array of length
/// zero per item type, never written (an item would be out of bounds);
/// the first push allocates the real array (RPython's prebuilt empty
/// array).
fn empty_array(array: ContainerId) -> Value {
    let mut c = Constant::meta(ConstValue::Prebuilt(array, None));
    c.concretetype = Some(LlType::Ptr(array));
    Value::Const(c)
}

fn field(name: &str) -> Value {
    void_const(ConstValue::Str(name.into()))
}

/// The item type of list type `ty`.
fn item_ty(ty: &Ty) -> &Ty {
    match ty {
        Ty::List(t) | Ty::Array(t) => t,
        other => panic!("not a list: {other}"),
    }
}

impl HighLevelOps<'_> {
    fn list_containers(&self, list_ty: &Ty) -> ListContainers {
        self.types.lists[item_ty(list_ty)]
    }

    /// The length of a list, as `usize`.
    fn list_len(&mut self, l: &Value) -> Value {
        let len = match self.ty(l) {
            Ty::Array(_) => self.genop(LlOp::Getarraysize, vec![l.clone()], SIGNED),
            _ => self.genop(LlOp::Getfield, vec![l.clone(), field("length")], SIGNED),
        };
        self.genop(LlOp::CastPrimitive, vec![len], UNSIGNED)
    }

    /// The items array after checking `index < length` (Rust's panic).
    fn checked_items(&mut self, l: &Value, index: &Value, list_ty: &Ty) -> (Value, Value) {
        let len = self.list_len(l);
        let pos = void_const(ConstValue::Pos(self.pos.unwrap_or_default()));
        self.genop(LlOp::PanicIndexIf, vec![len, index.clone(), pos], LlType::Void);
        let array = LlType::Ptr(self.list_containers(list_ty).array);
        let items = match list_ty {
            Ty::Array(_) => l.clone(),
            _ => self.genop(LlOp::Getfield, vec![l.clone(), field("items")], array),
        };
        let i = self.genop(LlOp::CastPrimitive, vec![index.clone()], SIGNED);
        (items, i)
    }

    /// A new list of `n` (a `usize` value) zeroed items.
    fn new_list(&mut self, list_ty: &Ty, n: Value) -> (Value, Value) {
        self.new_list_with_room(list_ty, n, None)
    }

    /// A new list of length `n` whose items array has room for `room`
    /// items (`None`: `n`).
    fn new_list_with_room(&mut self, list_ty: &Ty, n: Value, room: Option<Value>) -> (Value, Value) {
        let c = self.list_containers(list_ty);
        let no_room = room.as_ref().unwrap_or(&n).constant().and_then(|k| k.as_int()) == Some(0);
        let n = self.genop(LlOp::CastPrimitive, vec![n], SIGNED);
        let room = match room {
            Some(r) => self.genop(LlOp::CastPrimitive, vec![r], SIGNED),
            None => n.clone(),
        };
        let items = if no_room {
            empty_array(c.array)
        } else {
            self.genop(
                LlOp::MallocVarsize,
                vec![void_const(ConstValue::Container(c.array)), room],
                LlType::Ptr(c.array),
            )
        };
        if let Ty::Array(_) = list_ty {
            return (items.clone(), items);
        }
        let l = self.genop(LlOp::Malloc, vec![void_const(ConstValue::Container(c.list))], LlType::Ptr(c.list));
        self.genop(LlOp::Setfield, vec![l.clone(), field("length"), n], LlType::Void);
        self.genop(LlOp::Setfield, vec![l.clone(), field("items"), items.clone()], LlType::Void);
        (l, items)
    }

    /// The list operations of the flow space (`newlist`, `getitem`, ...)
    /// and the methods of `Vec`; `None` if `opname` is not about lists.
    pub(super) fn translate_list(
        &mut self,
        opname: &str,
        args: &[Value],
        res_ty: &Ty,
    ) -> Result<Option<Value>, String> {
        let res_ll = self.lltype(res_ty);
        let ty0 = args.first().map(|a| self.ty(a)).unwrap_or(Ty::Unit);
        Ok(Some(match opname {
            "newlist" => {
                let n = self.constant(ConstValue::Int(args.len() as i128), Ty::Int(crate::ty::IntTy::Usize));
                let (l, items) = self.new_list(res_ty, n);
                for (i, a) in args.iter().enumerate() {
                    let i = self.constant(ConstValue::Int(i as i128), Ty::Int(crate::ty::IntTy::I64));
                    self.genop(LlOp::Setarrayitem, vec![items.clone(), i, a.clone()], LlType::Void);
                }
                l
            }
            "newlist_hint" => {
                // A list never resized is the empty array.
                let zero = self.constant(ConstValue::Int(0), Ty::Int(crate::ty::IntTy::Usize));
                let room = if let Ty::List(_) = res_ty { Some(args[0].clone()) } else { None };
                self.new_list_with_room(res_ty, zero, room).0
            }
            "newlist_repeat" => {
                let (l, items) = self.new_list(res_ty, args[1].clone());
                // A fresh array is zeroed: repeating a zero needs no loop.
                let is_zero = matches!(
                    args[0].constant().map(|c| &c.value),
                    Some(ConstValue::Int(0)) | Some(ConstValue::Bool(false)) | Some(ConstValue::Null)
                );
                if !is_zero {
                    let item = self.lltype(item_ty(res_ty));
                    let array = self.list_containers(res_ty).array;
                    let fill = self.helpers.get("ll_fill", array, || ll_fill(&item, array));
                    let f = void_const(ConstValue::Func(fill));
                    self.genop(LlOp::DirectCall, vec![f, items, args[0].clone()], LlType::Void);
                }
                l
            }
            "getitem" if matches!(ty0, Ty::List(_) | Ty::Array(_)) => {
                let (items, i) = self.checked_items(&args[0], &args[1], &ty0);
                self.genop(LlOp::Getarrayitem, vec![items, i], res_ll)
            }
            "setitem" => {
                let (items, i) = self.checked_items(&args[0], &args[1], &ty0);
                self.genop(LlOp::Setarrayitem, vec![items, i, args[2].clone()], LlType::Void);
                self.ll(&args[0])
            }
            "list_extend" => {
                let c = self.list_containers(&ty0);
                let src_ty = self.ty(&args[1]);
                let src = match src_ty {
                    Ty::Array(_) => self.ll(&args[1]),
                    _ => self.genop(LlOp::Getfield, vec![args[1].clone(), field("items")], LlType::Ptr(c.array)),
                };
                let start = self.genop(LlOp::CastPrimitive, vec![args[2].clone()], SIGNED);
                let end = self.genop(LlOp::CastPrimitive, vec![args[3].clone()], SIGNED);
                let n = self.genop(LlOp::Int(IntOp::Sub), vec![end, start.clone()], SIGNED);
                let grow = self.helpers.get("ll_grow", c.array, || ll_grow(c));
                let g = self.helpers.get("ll_extend", c.array, || ll_extend(c, grow));
                let f = void_const(ConstValue::Func(g));
                self.genop(LlOp::DirectCall, vec![f, args[0].clone(), src, start, n], LlType::Void);
                self.constant(ConstValue::Unit, Ty::Unit)
            }
            "list_move" => {
                let c = self.list_containers(&ty0);
                let items = self.genop(LlOp::Getfield, vec![args[0].clone(), field("items")], LlType::Ptr(c.array));
                let [from, to, n] = [1, 2, 3].map(|i| self.genop(LlOp::CastPrimitive, vec![args[i].clone()], SIGNED));
                self.genop(LlOp::Arraycopy, vec![items.clone(), items, from, to, n], LlType::Void);
                self.constant(ConstValue::Unit, Ty::Unit)
            }
            "call_method" if matches!(args.get(1).map(|a| self.ty(a)), Some(Ty::List(_) | Ty::Array(_))) => {
                let name = args[0].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string();
                return self.list_method(&name, &args[1], &args[2..], res_ty).map(Some);
            }
            _ => return Ok(None),
        }))
    }

    /// `v.into_boxed_slice()`: the items of `v` in a list of its own
    /// representation (the `Vec` is consumed: its array serves when it is
    /// exactly as long).
    fn list_into_boxed_slice(&mut self, l: &Value, list_ty: &Ty, res_ty: &Ty) -> Value {
        match (list_ty, res_ty) {
            (Ty::List(_), Ty::Array(_)) => {
                // (A list and an array of one item type share the array
                // container: `list_containers` is keyed by the item.)
                let c = self.list_containers(list_ty);
                let g = self.helpers.get("ll_list_to_array", c.array, || ll_list_to_array(c));
                let args = vec![void_const(ConstValue::Func(g)), l.clone()];
                self.genop(LlOp::DirectCall, args, LlType::Ptr(c.array))
            }
            (Ty::Array(_), Ty::List(_)) => {
                let n = self.list_len(l);
                let c = self.list_containers(res_ty);
                let list =
                    self.genop(LlOp::Malloc, vec![void_const(ConstValue::Container(c.list))], LlType::Ptr(c.list));
                let n = self.genop(LlOp::CastPrimitive, vec![n], SIGNED);
                self.genop(LlOp::Setfield, vec![list.clone(), field("length"), n], LlType::Void);
                self.genop(LlOp::Setfield, vec![list.clone(), field("items"), l.clone()], LlType::Void);
                list
            }
            _ => self.ll(l),
        }
    }

    fn list_method(&mut self, name: &str, l: &Value, args: &[Value], res_ty: &Ty) -> Result<Value, String> {
        let list_ty = self.ty(l);
        let item = self.lltype(item_ty(&list_ty));
        let c = self.list_containers(&list_ty);
        let res_ll = self.lltype(res_ty);
        let call = |s: &mut Self, g: GraphId, mut args: Vec<Value>, res: LlType| {
            args.insert(0, void_const(ConstValue::Func(g)));
            s.genop(LlOp::DirectCall, args, res)
        };
        Ok(match name {
            "len" => self.list_len(l),
            "into_boxed_slice" => self.list_into_boxed_slice(l, &list_ty, res_ty),
            "is_empty" => {
                let len = self.list_len(l);
                let zero = self.constant(ConstValue::Int(0), Ty::Int(crate::ty::IntTy::Usize));
                self.genop(LlOp::Uint(IntOp::Eq), vec![len, zero], LlType::Bool)
            }
            // (`annotator::listdef` leaves only `len`, `is_empty`, `swap` and
            // `into_boxed_slice` to fixed-size lists.)
            other if matches!(list_ty, Ty::Array(_)) && other != "swap" => {
                return Err(format!("`Vec::{other}` of a list never resized"))
            }
            "push" => {
                let grow = self.helpers.get("ll_grow", c.array, || ll_grow(c));
                let g = self.helpers.get("ll_append", c.array, || ll_append(&item, c, grow));
                call(self, g, vec![l.clone(), args[0].clone()], LlType::Void)
            }
            "pop" | "last" => {
                let helper: &'static str = if name == "pop" { "ll_pop" } else { "ll_last" };
                let pop = name == "pop";
                let res = res_ll.clone();
                let g = self.helpers.get(helper, c.array, || ll_pop(&item, c, &res, pop));
                call(self, g, vec![l.clone()], res_ll)
            }
            "clear" => {
                // The empty array, so the old items can be collected.
                let n = self.constant(ConstValue::Int(0), Ty::Int(crate::ty::IntTy::I64));
                self.genop(LlOp::Setfield, vec![l.clone(), field("length"), n], LlType::Void);
                self.genop(LlOp::Setfield, vec![l.clone(), field("items"), empty_array(c.array)], LlType::Void);
                self.constant(ConstValue::Unit, Ty::Unit)
            }
            "truncate" if crate::llbuild::contains_ptr(&item) => {
                let g = self.helpers.get("ll_truncate", c.array, || ll_truncate(&item, c));
                call(self, g, vec![l.clone(), args[0].clone()], LlType::Void)
            }
            "truncate" => {
                let len = self.list_len(l);
                let n = self.genop(LlOp::Uint(IntOp::Min), vec![len, args[0].clone()], UNSIGNED);
                let n = self.genop(LlOp::CastPrimitive, vec![n], SIGNED);
                self.genop(LlOp::Setfield, vec![l.clone(), field("length"), n], LlType::Void);
                self.constant(ConstValue::Unit, Ty::Unit)
            }
            "swap" => {
                let (items, i) = self.checked_items(l, &args[0], &list_ty);
                let (_, j) = self.checked_items(l, &args[1], &list_ty);
                let a = self.genop(LlOp::Getarrayitem, vec![items.clone(), i.clone()], item.clone());
                let b = self.genop(LlOp::Getarrayitem, vec![items.clone(), j.clone()], item.clone());
                self.genop(LlOp::Setarrayitem, vec![items.clone(), i, b], LlType::Void);
                self.genop(LlOp::Setarrayitem, vec![items, j, a], LlType::Void);
                self.constant(ConstValue::Unit, Ty::Unit)
            }
            "reverse" => {
                let g = self.helpers.get("ll_reverse", c.array, || ll_reverse(&item, c));
                call(self, g, vec![l.clone()], LlType::Void)
            }
            other => return Err(format!("`Vec::{other}` is not translated yet ({})", Section::Vec.see())),
        })
    }
}

// ---- the ll helpers ----

/// `ll_fill(items, x)`: every item of the array becomes `x`.
fn ll_fill(item: &LlType, array: ContainerId) -> FunctionGraph {
    let mut b = LlGraphBuilder::new("ll_fill", &[LlType::Ptr(array), item.clone()], LlType::Void);
    let p = b.params();
    let (items, x) = (Value::Var(p[0]), Value::Var(p[1]));
    let start = b.start();
    let n = b.op(start, LlOp::Getarraysize, vec![items.clone()], SIGNED);
    let (head, hv) = b.block(&[LlType::Ptr(array), item.clone(), SIGNED, SIGNED]);
    b.goto(start, head, vec![items, x, n.into(), c_int(0, SIGNED)]);
    let (body, bv) = b.block(&[LlType::Ptr(array), item.clone(), SIGNED, SIGNED]);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[3].into(), hv[2].into()], LlType::Bool);
    let hargs: Vec<Value> = hv.iter().map(|v| (*v).into()).collect();
    let ret = b.returnblock();
    b.branch(head, more.into(), (body, hargs), (ret, vec![crate::llbuild::c_unit()]));
    b.op(body, LlOp::Setarrayitem, vec![bv[0].into(), bv[3].into(), bv[1].into()], LlType::Void);
    let next = b.op(body, LlOp::Int(IntOp::Add), vec![bv[3].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![bv[0].into(), bv[1].into(), bv[2].into(), next.into()]);
    b.finish()
}

/// `ll_append(l, x)`: stores `x` at the end, after growing the items
/// array when it is full (`ll_grow`). No loop of its own: the JIT traces
/// it (RPython's oopspec `list.append`: the fast path inline, the growth a
/// residual call).
fn ll_append(item: &LlType, c: ListContainers, grow: GraphId) -> FunctionGraph {
    let (lt, at) = (LlType::Ptr(c.list), LlType::Ptr(c.array));
    let mut b = LlGraphBuilder::new("ll_append", &[lt.clone(), item.clone()], LlType::Void);
    let p = b.params();
    let start = b.start();
    let len = b.op(start, LlOp::Getfield, vec![p[0].into(), field("length")], SIGNED);
    let items = b.op(start, LlOp::Getfield, vec![p[0].into(), field("items")], at.clone());
    let cap = b.op(start, LlOp::Getarraysize, vec![items.into()], SIGNED);
    let full = b.op(start, LlOp::Int(IntOp::Eq), vec![len.into(), cap.into()], LlType::Bool);
    let (grow_block, gv) = b.block(&[lt.clone(), item.clone(), SIGNED]);
    let (store, sv) = b.block(&[lt.clone(), item.clone(), SIGNED]);
    let args = vec![p[0].into(), p[1].into(), len.into()];
    b.branch(start, full.into(), (grow_block, args.clone()), (store, args));
    let grown = vec![c_func(grow), gv[0].into(), gv[2].into(), c_int(0, SIGNED)];
    b.op(grow_block, LlOp::DirectCall, grown, LlType::Void);
    b.goto(grow_block, store, vec![gv[0].into(), gv[1].into(), gv[2].into()]);
    // store: items[len] = x; length = len + 1.
    let items = b.op(store, LlOp::Getfield, vec![sv[0].into(), field("items")], at);
    b.op(store, LlOp::Setarrayitem, vec![items.into(), sv[2].into(), sv[1].into()], LlType::Void);
    let len1 = b.op(store, LlOp::Int(IntOp::Add), vec![sv[2].into(), c_int(1, SIGNED)], SIGNED);
    b.op(store, LlOp::Setfield, vec![sv[0].into(), field("length"), len1.into()], LlType::Void);
    b.ret(store, crate::llbuild::c_unit());
    b.finish()
}

/// `ll_list_to_array(l)`: the items of `l` in an array of their number:
/// its own items array when that is exactly as long (as RPython's
/// `ll_list2fixed`: `Vec::with_capacity(n)` pushed `n` times, `vec![x; n]`
/// of objects), else a copy.
fn ll_list_to_array(c: ListContainers) -> FunctionGraph {
    let (lt, at) = (LlType::Ptr(c.list), LlType::Ptr(c.array));
    let mut b = LlGraphBuilder::new("ll_list_to_array", &[lt], at.clone());
    let p = b.params();
    let start = b.start();
    let len = b.op(start, LlOp::Getfield, vec![p[0].into(), field("length")], SIGNED);
    let items = b.op(start, LlOp::Getfield, vec![p[0].into(), field("items")], at.clone());
    let cap = b.op(start, LlOp::Getarraysize, vec![items.into()], SIGNED);
    let exact = b.op(start, LlOp::Int(IntOp::Eq), vec![len.into(), cap.into()], LlType::Bool);
    let (same, sv) = b.block(&[at.clone()]);
    let (copy, cv) = b.block(&[at.clone(), SIGNED]);
    b.branch(start, exact.into(), (same, vec![items.into()]), (copy, vec![items.into(), len.into()]));
    b.ret(same, sv[0].into());
    let new = b.op(copy, LlOp::MallocVarsize, vec![void_const(ConstValue::Container(c.array)), cv[1].into()], at);
    let zero = c_int(0, SIGNED);
    b.op(copy, LlOp::Arraycopy, vec![cv[0].into(), new.into(), zero.clone(), zero, cv[1].into()], LlType::Void);
    b.ret(copy, new.into());
    b.finish()
}

/// `ll_grow(l, len, need)`: replaces the items array of `l` (its `len`
/// items) by one with room for twice as many plus 4 (like CPython), or
/// for `need` if that is more, with the same items.
fn ll_grow(c: ListContainers) -> FunctionGraph {
    let (lt, at) = (LlType::Ptr(c.list), LlType::Ptr(c.array));
    let mut b = LlGraphBuilder::new("ll_grow", &[lt, SIGNED, SIGNED], LlType::Void);
    let p = b.params();
    let start = b.start();
    let items = b.op(start, LlOp::Getfield, vec![p[0].into(), field("items")], at.clone());
    let twice = b.op(start, LlOp::Int(IntOp::Mul), vec![p[1].into(), c_int(2, SIGNED)], SIGNED);
    let room = b.op(start, LlOp::Int(IntOp::Add), vec![twice.into(), c_int(4, SIGNED)], SIGNED);
    let newcap = b.op(start, LlOp::Int(IntOp::Max), vec![room.into(), p[2].into()], SIGNED);
    let new = b.op(start, LlOp::MallocVarsize, vec![void_const(ConstValue::Container(c.array)), newcap.into()], at);
    let zero = c_int(0, SIGNED);
    b.op(start, LlOp::Arraycopy, vec![items.into(), new.into(), zero.clone(), zero, p[1].into()], LlType::Void);
    b.op(start, LlOp::Setfield, vec![p[0].into(), field("items"), new.into()], LlType::Void);
    b.ret(start, crate::llbuild::c_unit());
    b.finish()
}

/// `ll_extend(l, src, start, n)`: appends the `n` items of the array `src`
/// from `start` (in bounds) to `l`, growing its items array if they do not
/// fit. `src` may be the items of `l`: growing copies them to a new array
/// and leaves them where they are.
fn ll_extend(c: ListContainers, grow: GraphId) -> FunctionGraph {
    let (lt, at) = (LlType::Ptr(c.list), LlType::Ptr(c.array));
    let params = [lt.clone(), at.clone(), SIGNED, SIGNED];
    let mut b = LlGraphBuilder::new("ll_extend", &params, LlType::Void);
    let p = b.params();
    let start = b.start();
    let len = b.op(start, LlOp::Getfield, vec![p[0].into(), field("length")], SIGNED);
    let items = b.op(start, LlOp::Getfield, vec![p[0].into(), field("items")], at.clone());
    let cap = b.op(start, LlOp::Getarraysize, vec![items.into()], SIGNED);
    let need = b.op(start, LlOp::Int(IntOp::Add), vec![len.into(), p[3].into()], SIGNED);
    let full = b.op(start, LlOp::Int(IntOp::Gt), vec![need.into(), cap.into()], LlType::Bool);
    let types = [lt, at.clone(), SIGNED, SIGNED, SIGNED, SIGNED];
    let (grow_block, gv) = b.block(&types);
    let (copy, cv) = b.block(&types);
    let args: Vec<Value> = vec![p[0].into(), p[1].into(), p[2].into(), p[3].into(), len.into(), need.into()];
    b.branch(start, full.into(), (grow_block, args.clone()), (copy, args));
    b.op(grow_block, LlOp::DirectCall, vec![c_func(grow), gv[0].into(), gv[4].into(), gv[5].into()], LlType::Void);
    b.goto(grow_block, copy, gv.iter().map(|v| (*v).into()).collect());
    let items = b.op(copy, LlOp::Getfield, vec![cv[0].into(), field("items")], at);
    let copied = vec![cv[1].into(), items.into(), cv[2].into(), cv[4].into(), cv[3].into()];
    b.op(copy, LlOp::Arraycopy, copied, LlType::Void);
    b.op(copy, LlOp::Setfield, vec![cv[0].into(), field("length"), cv[5].into()], LlType::Void);
    b.ret(copy, crate::llbuild::c_unit());
    b.finish()
}

/// `ll_pop(l)` / `ll_last(l)`: the last item as an `Option` (`res`), which
/// `pop` also removes.
fn ll_pop(item: &LlType, c: ListContainers, res: &LlType, pop: bool) -> FunctionGraph {
    let (lt, at) = (LlType::Ptr(c.list), LlType::Ptr(c.array));
    let mut b = LlGraphBuilder::new(if pop { "ll_pop" } else { "ll_last" }, std::slice::from_ref(&lt), res.clone());
    let p = b.params();
    let start = b.start();
    let len = b.op(start, LlOp::Getfield, vec![p[0].into(), field("length")], SIGNED);
    let empty = b.op(start, LlOp::Int(IntOp::Eq), vec![len.into(), c_int(0, SIGNED)], LlType::Bool);
    let (some, sv) = b.block(&[lt, SIGNED]);
    let (none, _) = b.block(&[]);
    b.branch(start, empty.into(), (none, vec![]), (some, vec![p[0].into(), len.into()]));
    // An `Option` of a GC object is a nullable pointer, else a flagged pair.
    let nullable = matches!(res, LlType::Ptr(_));
    let none_value = if nullable {
        Value::Const(crate::flow::Constant {
            value: ConstValue::Null,
            ty: crate::flow::ConstTy::Meta,
            concretetype: Some(res.clone()),
        })
    } else {
        let zero = zero_const(item);
        Value::Const(crate::flow::Constant {
            value: ConstValue::Tuple(vec![ConstValue::Bool(false), zero]),
            ty: crate::flow::ConstTy::Meta,
            concretetype: Some(res.clone()),
        })
    };
    b.ret(none, none_value);
    let last = b.op(some, LlOp::Int(IntOp::Sub), vec![sv[1].into(), c_int(1, SIGNED)], SIGNED);
    let items = b.op(some, LlOp::Getfield, vec![sv[0].into(), field("items")], at);
    let v = b.op(some, LlOp::Getarrayitem, vec![items.into(), last.into()], item.clone());
    if pop {
        b.op(some, LlOp::Setfield, vec![sv[0].into(), field("length"), last.into()], LlType::Void);
        // Forget the popped GC object, so it can be collected.
        if let LlType::Ptr(_) = item {
            let null = Value::Const(crate::flow::Constant {
                value: ConstValue::Null,
                ty: crate::flow::ConstTy::Meta,
                concretetype: Some(item.clone()),
            });
            b.op(some, LlOp::Setarrayitem, vec![items.into(), last.into(), null], LlType::Void);
        }
    }
    let result = if nullable {
        Value::Var(v)
    } else {
        Value::Var(b.op(some, LlOp::TupleNew, vec![crate::llbuild::c_bool(true), v.into()], res.clone()))
    };
    b.ret(some, result);
    b.finish()
}

fn zero_const(t: &LlType) -> ConstValue {
    match t {
        LlType::Bool => ConstValue::Bool(false),
        LlType::Float => ConstValue::Float(0.0),
        LlType::Ptr(_) => ConstValue::Null,
        LlType::Void => ConstValue::Unit,
        LlType::Struct(fields) => ConstValue::Tuple(fields.iter().map(zero_const).collect()),
        _ => ConstValue::Int(0),
    }
}

/// `ll_truncate(l, n)` of a list whose items hold pointers: the items past
/// `n` are cleared (as `pop` clears the one it takes), so that the objects
/// they were can be collected; the array stays, for the list to grow into
/// again. (Clearing stores constants: no write barrier, a `memset` for LLVM.)
fn ll_truncate(item: &LlType, c: ListContainers) -> FunctionGraph {
    let (lt, at) = (LlType::Ptr(c.list), LlType::Ptr(c.array));
    let mut b = LlGraphBuilder::new("ll_truncate", &[lt, UNSIGNED], LlType::Void);
    let p = b.params();
    let start = b.start();
    let len = b.op(start, LlOp::Getfield, vec![p[0].into(), field("length")], SIGNED);
    let n = b.op(start, LlOp::Uint(IntOp::Min), vec![len.into(), p[1].into()], UNSIGNED);
    let n = b.op(start, LlOp::CastPrimitive, vec![n.into()], SIGNED);
    let shorter = b.op(start, LlOp::Int(IntOp::Lt), vec![n.into(), len.into()], LlType::Bool);
    let ret = b.returnblock();
    let (cut, cv) = b.block(&[LlType::Ptr(c.list), SIGNED, SIGNED]);
    b.branch(
        start,
        shorter.into(),
        (cut, vec![p[0].into(), n.into(), len.into()]),
        (ret, vec![crate::llbuild::c_unit()]),
    );
    b.op(cut, LlOp::Setfield, vec![cv[0].into(), field("length"), cv[1].into()], LlType::Void);
    let items = b.op(cut, LlOp::Getfield, vec![cv[0].into(), field("items")], at.clone());
    let types = [at, SIGNED, SIGNED];
    let (head, hv) = b.block(&types);
    b.goto(cut, head, vec![items.into(), cv[1].into(), cv[2].into()]);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[1].into(), hv[2].into()], LlType::Bool);
    let (body, bv) = b.block(&types);
    let hargs: Vec<Value> = hv.iter().map(|v| (*v).into()).collect();
    b.branch(head, more.into(), (body, hargs), (ret, vec![crate::llbuild::c_unit()]));
    let zero = Value::Const(crate::flow::Constant {
        value: zero_const(item),
        ty: crate::flow::ConstTy::Meta,
        concretetype: Some(item.clone()),
    });
    b.op(body, LlOp::Setarrayitem, vec![bv[0].into(), bv[1].into(), zero], LlType::Void);
    let next = b.op(body, LlOp::Int(IntOp::Add), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![bv[0].into(), next.into(), bv[2].into()]);
    b.finish()
}

/// `ll_reverse(l)`: swaps items from both ends towards the middle.
fn ll_reverse(item: &LlType, c: ListContainers) -> FunctionGraph {
    let (lt, at) = (LlType::Ptr(c.list), LlType::Ptr(c.array));
    let mut b = LlGraphBuilder::new("ll_reverse", &[lt], LlType::Void);
    let p = b.params();
    let start = b.start();
    let len = b.op(start, LlOp::Getfield, vec![p[0].into(), field("length")], SIGNED);
    let items = b.op(start, LlOp::Getfield, vec![p[0].into(), field("items")], at.clone());
    let j0 = b.op(start, LlOp::Int(IntOp::Sub), vec![len.into(), c_int(1, SIGNED)], SIGNED);
    let types = [at, SIGNED, SIGNED];
    let (head, hv) = b.block(&types);
    b.goto(start, head, vec![items.into(), c_int(0, SIGNED), j0.into()]);
    let more = b.op(head, LlOp::Int(IntOp::Lt), vec![hv[1].into(), hv[2].into()], LlType::Bool);
    let (body, bv) = b.block(&types);
    let ret = b.returnblock();
    let hargs: Vec<Value> = hv.iter().map(|v| (*v).into()).collect();
    b.branch(head, more.into(), (body, hargs), (ret, vec![crate::llbuild::c_unit()]));
    let x = b.op(body, LlOp::Getarrayitem, vec![bv[0].into(), bv[1].into()], item.clone());
    let y = b.op(body, LlOp::Getarrayitem, vec![bv[0].into(), bv[2].into()], item.clone());
    b.op(body, LlOp::Setarrayitem, vec![bv[0].into(), bv[1].into(), y.into()], LlType::Void);
    b.op(body, LlOp::Setarrayitem, vec![bv[0].into(), bv[2].into(), x.into()], LlType::Void);
    let i1 = b.op(body, LlOp::Int(IntOp::Add), vec![bv[1].into(), c_int(1, SIGNED)], SIGNED);
    let j1 = b.op(body, LlOp::Int(IntOp::Sub), vec![bv[2].into(), c_int(1, SIGNED)], SIGNED);
    b.goto(body, head, vec![bv[0].into(), i1.into(), j1.into()]);
    b.finish()
}

/// Creates the containers of every list type in `tys` (and the lists they
/// contain), inner lists first, so that an item type's lltype is known when
/// its array is made.
pub fn list_containers(
    t: &mut crate::translator::Translator,
    structs: &HashMap<crate::ty::StructId, ContainerId>,
    tys: impl IntoIterator<Item = Ty>,
) -> HashMap<Ty, ListContainers> {
    fn collect(ty: &Ty, out: &mut Vec<Ty>) {
        match ty {
            Ty::List(item) | Ty::Array(item) => {
                collect(item, out);
                if !out.contains(item) {
                    out.push((**item).clone());
                }
            }
            Ty::Tuple(items) => items.iter().for_each(|t| collect(t, out)),
            Ty::Option(t) => collect(t, out),
            // A string is a list of its bytes.
            Ty::Str => {
                let byte = Ty::Int(crate::ty::IntTy::U8);
                if !out.contains(&byte) {
                    out.push(byte);
                }
            }
            Ty::Dict(k, v) => {
                collect(k, out);
                collect(v, out);
            }
            Ty::Cell(_, t) | Ty::Rc(t) => collect(t, out),
            // An iterator's items are a list.
            Ty::Iter(t) => collect(&Ty::List(t.clone()), out),
            _ => {}
        }
    }
    let mut items = Vec::new();
    for ty in tys {
        collect(&ty, &mut items);
    }
    for def in t.structs.values() {
        for (_, f) in &def.fields {
            collect(f, &mut items);
        }
    }
    let mut lists = HashMap::new();
    let none = super::unboxed::Unboxed::default();
    for item in items {
        let types = Types {
            structs: &t.structs,
            containers: structs,
            lists: &lists,
            data: &t.data_structs,
            enums: &t.enums,
            unboxed: &none,
            tagged: &[],
        };
        let item_ll = lltype_of(&item, types);
        let array = t.containers.push(crate::lltype::Container::GcArray { item: item_ll });
        let list = t.containers.push(crate::lltype::Container::GcStruct {
            name: format!("list<{item}>"),
            fields: vec![("length".into(), SIGNED), ("items".into(), LlType::Ptr(array))],
            varsize: None,
        });
        // Only `new_list`, `clear` and `ll_grow` set the items: new arrays.
        t.private_fields.insert((list, "items".into()));
        t.nonneg_fields.insert((list, "length".into()));
        lists.insert(item, ListContainers { list, array });
    }
    lists
}
