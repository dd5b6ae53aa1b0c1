//! Listdefs (RPython's `listdef.py`): which lists are never resized.
//!
//! Every list the program makes is resizable in Rust's types (`Vec<T>`) or
//! fixed-size (`[T; N]`, and any `Vec` nothing pushes to). As RPython's
//! annotator does, this pass gives every place a list can be in a listdef,
//! merges the listdefs of places a list flows between (links, calls,
//! fields, the items of containers), marks those that an operation resizes
//! (`push`, `pop`, `clear`, `truncate`) or hands to the runtime, and turns
//! the types of the places whose listdef stays unmarked into `Ty::Array`:
//! the rtyper represents those as a bare `GcArray`, one indirection and
//! one length field fewer.
//!
//! A place is a variable or a struct field, and within its type a path to
//! a list (`Vec<Vec<i64>>` holds two). The merge is coarser than RPython's
//! in one way: every operation merges the listdefs of all its operands'
//! lists of the same type (a tuple of two `Vec<i64>`s shares one listdef),
//! which can only make more lists resizable. Lists inside the type
//! arguments of dicts, cells and iterators are reached through their
//! template's fields, and lists in `fn` pointer types (called indirectly)
//! are resizable.

use super::typeck::ProgramTypes;
use crate::flow::{ConstValue, GraphId, Value, VarId};
use crate::translator::Translator;
use crate::ty::{StructId, Ty};
use std::collections::{HashMap, HashSet};

/// Where a value lives.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Place {
    Var(GraphId, VarId),
    Field(StructId, usize),
}

/// A path from a type to one of the lists in it: child indices through
/// list items, tuple items, `Option`/`Rc` payloads and `Result` sides.
type Path = Vec<u8>;

/// The lists in `ty`, with their paths and types.
fn lists_in(ty: &Ty, path: &mut Path, out: &mut Vec<(Path, Ty)>) {
    if let Ty::List(_) = ty {
        out.push((path.clone(), ty.clone()));
    }
    let children: Vec<&Ty> = match ty {
        Ty::List(t) | Ty::Option(t) | Ty::Rc(t) => vec![t],
        Ty::Tuple(items) => items.iter().collect(),
        Ty::Result(t, e) => vec![t, e],
        _ => vec![],
    };
    for (i, t) in children.into_iter().enumerate() {
        path.push(i as u8);
        lists_in(t, path, out);
        path.pop();
    }
}

struct Listdefs {
    nodes: HashMap<(Place, Path), usize>,
    parent: Vec<usize>,
    resized: Vec<bool>,
}

impl Listdefs {
    /// The listdef of a list with no place (a constant's).
    fn fresh(&mut self) -> usize {
        let n = self.parent.len();
        self.parent.push(n);
        self.resized.push(false);
        n
    }

    fn node(&mut self, place: Place, path: &Path) -> usize {
        if let Some(&n) = self.nodes.get(&(place, path.clone())) {
            return n;
        }
        let n = self.fresh();
        self.nodes.insert((place, path.clone()), n);
        n
    }

    fn find(&mut self, mut n: usize) -> usize {
        while self.parent[n] != n {
            self.parent[n] = self.parent[self.parent[n]];
            n = self.parent[n];
        }
        n
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b] = a;
            self.resized[a] |= self.resized[b];
        }
    }

    fn mark(&mut self, n: usize) {
        let r = self.find(n);
        self.resized[r] = true;
    }

    /// Merges the listdefs of the lists of the same type among `groups`.
    fn merge_same_types(&mut self, groups: &[Vec<(usize, Ty)>]) {
        let mut first: Vec<(usize, &Ty)> = Vec::new();
        for (n, ty) in groups.iter().flatten() {
            match first.iter().find(|(_, t)| *t == ty) {
                Some(&(m, _)) => self.union(m, *n),
                None => first.push((*n, ty)),
            }
        }
    }
}

/// The lists of one operand: its nodes and their types. A constant's
/// lists are prebuilt or made by the runtime: they have no place and
/// count as resized.
fn operand(d: &mut Listdefs, g: GraphId, v: &Value, ty: &Ty) -> Vec<(usize, Ty)> {
    let mut lists = Vec::new();
    lists_in(ty, &mut Vec::new(), &mut lists);
    let place = match v {
        Value::Var(x) => Place::Var(g, *x),
        Value::Const(c) => {
            let out: Vec<(usize, Ty)> = lists.into_iter().map(|(_, t)| (d.fresh(), t)).collect();
            // A prebuilt list is one the runtime made; `None` holds none
            // (a field an `Option<Box<[T]>>` starts as stays an array).
            if !matches!(c.value, ConstValue::None) {
                out.iter().for_each(|(n, _)| d.mark(*n));
            }
            return out;
        }
    };
    lists.into_iter().map(|(p, t)| (d.node(place, &p), t)).collect()
}

/// The operations that move lists around without looking inside them (or
/// that the rtyper lowers for both representations); any other operation
/// with a list operand resizes it or hands it to the runtime.
const TRANSPARENT: &[&str] = &[
    "same_as",
    "ascribe",
    "same_type",
    "iter_list",
    "newtuple",
    "getitem",
    "setitem",
    "newlist",
    "newlist_repeat",
    "newlist_hint",
    "newsome",
    "is_some",
    "some_payload",
    "newok",
    "newerr",
    "is_ok",
    "ok_payload",
    "err_payload",
    "ref_mut",
    "box_new",
];

/// The methods of lists the rtyper lowers for fixed-size lists too.
const FIXED_METHODS: &[&str] = &["len", "is_empty", "swap"];

/// Decides which lists are never resized and rewrites the types of their
/// places (variables, parameters and results, struct fields) to `Ty::Array`.
pub fn fix_lists(t: &mut Translator, types: &mut ProgramTypes, reached: &[GraphId]) {
    let mut d = Listdefs { nodes: HashMap::new(), parent: Vec::new(), resized: Vec::new() };
    // Graphs whose address is taken are called indirectly, with any list.
    let mut address_taken: Vec<GraphId> = Vec::new();
    for &gid in reached {
        let g = &t.graphs[gid];
        let gt = &types[gid];
        let var_ty = |v: &Value| match v {
            Value::Var(x) => gt.vars[*x].clone(),
            Value::Const(c) => match &c.ty {
                crate::flow::ConstTy::Known(t) => t.clone(),
                _ => Ty::Unit,
            },
        };
        for b in g.iterblocks() {
            let block = &g.blocks[b];
            for link in &block.exits {
                for (a, &target) in link.args.iter().zip(&g.blocks[link.target].inputargs) {
                    let from = operand(&mut d, gid, a, &var_ty(a));
                    let to = operand(&mut d, gid, &Value::Var(target), &gt.vars[target]);
                    d.merge_same_types(&[from, to]);
                }
            }
            for op in &block.operations {
                let callee = match op.args.first().and_then(|a| a.constant()).map(|c| &c.value) {
                    Some(ConstValue::Func(f)) if op.opname.starts_with("simple_call") => Some(*f),
                    _ => None,
                };
                for (i, a) in op.args.iter().enumerate() {
                    if let Some(ConstValue::Func(f)) = a.constant().map(|c| &c.value) {
                        if i > 0 || callee.is_none() {
                            address_taken.push(*f);
                        }
                    }
                }
                let args: Vec<Vec<(usize, Ty)>> = op.args.iter().map(|a| operand(&mut d, gid, a, &var_ty(a))).collect();
                let res = operand(&mut d, gid, &Value::Var(op.result), &gt.vars[op.result]);
                let name = op.args.first().and_then(|a| a.constant()).and_then(|c| c.as_str()).unwrap_or_default();
                match op.opname.as_str() {
                    _ if callee.is_some() => {
                        let f = callee.unwrap();
                        let callee_g = &t.graphs[f];
                        let (params, ret) = (
                            callee_g.blocks[callee_g.startblock].inputargs.clone(),
                            callee_g.blocks[callee_g.returnblock].inputargs[0],
                        );
                        let ftypes = &types[f];
                        for (a, p) in args[1..].iter().zip(&params) {
                            let p = operand(&mut d, f, &Value::Var(*p), &ftypes.vars[*p]);
                            d.merge_same_types(&[a.clone(), p]);
                        }
                        let r = operand(&mut d, f, &Value::Var(ret), &ftypes.vars[ret]);
                        d.merge_same_types(&[res, r]);
                    }
                    "getattr" | "setattr" | "newstruct" | "newvariant" => {
                        // The fields' places: `getattr(x, f)` is field `f`,
                        // `setattr(x, f, v)` stores `v` in it, `newstruct(T,
                        // v...)` stores each `v`.
                        let owner = match op.opname.as_str() {
                            "newstruct" | "newvariant" => op.args[0].constant().and_then(|c| match &c.value {
                                ConstValue::Type(ty) => Some(ty.clone()),
                                _ => None,
                            }),
                            _ => Some(var_ty(&op.args[0])),
                        };
                        let sid = owner.as_ref().and_then(|ty| struct_of(t, ty));
                        let Some(sid) = sid else {
                            // A tuple's field: the same value.
                            let mut all = args.clone();
                            all.push(res);
                            d.merge_same_types(&all);
                            continue;
                        };
                        let fields = t.structs[sid].fields.clone();
                        let field_lists = |d: &mut Listdefs, i: usize| {
                            let mut lists = Vec::new();
                            lists_in(&fields[i].1, &mut Vec::new(), &mut lists);
                            lists.into_iter().map(|(p, ty)| (d.node(Place::Field(sid, i), &p), ty)).collect::<Vec<_>>()
                        };
                        match op.opname.as_str() {
                            "getattr" | "setattr" => {
                                let field = op.args[1].constant().and_then(|c| c.as_str()).unwrap_or_default();
                                let Some(i) = t.structs[sid].field_index(field) else { continue };
                                let f = field_lists(&mut d, i);
                                if op.opname == "getattr" {
                                    d.merge_same_types(&[f, res]);
                                } else {
                                    d.merge_same_types(&[f, args[2].clone()]);
                                    d.merge_same_types(&[args[0].clone(), res]);
                                }
                            }
                            _ => {
                                for (i, a) in args[1..].iter().enumerate().take(fields.len()) {
                                    let f = field_lists(&mut d, i);
                                    d.merge_same_types(&[f, a.clone()]);
                                }
                            }
                        }
                    }
                    "call_method" if FIXED_METHODS.contains(&name) => {
                        let mut all = args[1..].to_vec();
                        all.push(res);
                        d.merge_same_types(&all);
                    }
                    // A new list (`Box<[T]>`) with the items of the old: the
                    // lists inside the items flow, the two lists do not
                    // share their listdef (RPython's `offspring`).
                    "call_method" if name == "into_boxed_slice" => {
                        let (src, dst) = (&args[1], &res);
                        if let (Some(_), Some(_)) = (src.first(), dst.first()) {
                            d.merge_same_types(&[src[1..].to_vec(), dst[1..].to_vec()]);
                        }
                    }
                    // Resizes its destination and reads its source; the
                    // lists inside the items flow from one to the other.
                    "list_extend" => {
                        let (dst, src) = (&args[0], &args[1]);
                        if let (Some(&(n, _)), Some(_)) = (dst.first(), src.first()) {
                            d.mark(n);
                            d.merge_same_types(&[dst[1..].to_vec(), src[1..].to_vec()]);
                        }
                    }
                    opname if TRANSPARENT.contains(&opname) => {
                        let mut all = args.clone();
                        all.push(res);
                        d.merge_same_types(&all);
                    }
                    // Resizes the list, or hands it to the runtime, which
                    // knows only resizable lists.
                    _ => {
                        for (n, _) in args.iter().flatten().chain(&res) {
                            d.mark(*n);
                        }
                    }
                }
            }
        }
    }
    // The boundary makes and reads resizable lists; a graph called through
    // a pointer may get any list.
    let mut outer: Vec<GraphId> = t.entrypoints.clone();
    outer.extend(address_taken);
    for f in outer {
        let g = &t.graphs[f];
        let mut vars = g.blocks[g.startblock].inputargs.clone();
        vars.extend(g.blocks[g.returnblock].inputargs.iter().copied());
        for v in vars {
            for (n, _) in operand(&mut d, f, &Value::Var(v), &types[f].vars[v]) {
                d.mark(n);
            }
        }
    }
    rewrite(t, types, reached, &mut d);
}

/// The struct holding the fields of values of `ty`.
fn struct_of(t: &Translator, ty: &Ty) -> Option<StructId> {
    match ty {
        Ty::Struct(s) => Some(*s),
        Ty::Rc(inner) => struct_of(t, inner),
        ty if ty.is_template() => t.data_structs.get(ty).copied(),
        _ => None,
    }
}

/// `ty` with the lists at the `fixed` paths made `Ty::Array`.
fn with_arrays(ty: &Ty, path: &mut Path, fixed: &dyn Fn(&Path) -> bool) -> Ty {
    let mut child = |i: u8, t: &Ty| {
        path.push(i);
        let r = with_arrays(t, path, fixed);
        path.pop();
        r
    };
    match ty {
        Ty::List(item) => {
            let item = Box::new(child(0, item));
            if fixed(path) {
                Ty::Array(item)
            } else {
                Ty::List(item)
            }
        }
        Ty::Tuple(items) => Ty::Tuple(items.iter().enumerate().map(|(i, t)| child(i as u8, t)).collect()),
        Ty::Option(t) => Ty::Option(Box::new(child(0, t))),
        Ty::Rc(t) => Ty::Rc(Box::new(child(0, t))),
        Ty::Result(t, e) => {
            let t = child(0, t);
            Ty::Result(Box::new(t), Box::new(child(1, e)))
        }
        other => other.clone(),
    }
}

fn rewrite(t: &mut Translator, types: &mut ProgramTypes, reached: &[GraphId], d: &mut Listdefs) {
    let keys: Vec<(Place, Path)> = d.nodes.keys().cloned().collect();
    let mut fixed: HashSet<(Place, Path)> = HashSet::new();
    for k in keys {
        let r = d.find(d.nodes[&k]);
        if !d.resized[r] {
            fixed.insert(k);
        }
    }
    for &gid in reached {
        let gt = &mut types[gid];
        for (v, ty) in gt.vars.iter_mut() {
            let place = Place::Var(gid, v);
            *ty = with_arrays(ty, &mut Vec::new(), &|p| fixed.contains(&(place, p.clone())));
        }
        let g = &mut t.graphs[gid];
        g.param_tys = g.blocks[g.startblock].inputargs.iter().map(|v| gt.vars[*v].clone()).collect();
        g.ret_ty = gt.vars[g.blocks[g.returnblock].inputargs[0]].clone();
    }
    for sid in t.structs.keys().collect::<Vec<_>>() {
        for (i, (_, ty)) in t.structs[sid].fields.iter_mut().enumerate() {
            *ty = with_arrays(ty, &mut Vec::new(), &|p| fixed.contains(&(Place::Field(sid, i), p.clone())));
        }
    }
}
