//! Type inference within one graph, by unification, as rustc does it: the
//! declared signatures of all functions are known, and inside a body every
//! variable and every unsuffixed literal gets the type its uses force on it;
//! an integer literal nothing constrains is an `i32`.
//!
//! This is the "knowntype" part of annotation. `annotator::annrpython`
//! computes the rest (constants, non-negativity, reachability) on top.

use crate::entity::EntityRef;
use crate::flow::{ConstTy, ConstValue, FunctionGraph, Value};
use crate::methods::{
    dict_method_sig, is_iter_method, iter_method_sig, list_method_sig, method_sig, DictRel, ListRel, Recv, Rel,
    CELL_METHODS, ITER_METHODS_TEXT,
};
use crate::prelude::instances::{self, Kind};
use crate::translator::Translator;
use crate::ty::{CellKind, EnumId, GenericTy, IntTy, StructId, Ty};

type Node = usize;

#[derive(Clone, Debug)]
enum Term {
    Unknown,
    /// Some integer type, not yet known which.
    IntVar,
    Int(IntTy),
    Bool,
    F64,
    Char,
    Unit,
    Tuple(Vec<Node>),
    Option(Node),
    Struct(StructId),
    Enum(EnumId),
    List(Node),
    Str,
    Dict(Node, Node),
    Result(Node, Node),
    Fn(Vec<Node>, Node),
    Cell(CellKind, Node),
    Rc(Node),
    /// An iterator of the item type.
    Iter(Node),
}

/// A type error: rustc rejects such a program too, so this normally means
/// the program uses something rpy does not model.
#[derive(Debug, Clone)]
pub struct TypeError {
    pub graph: String,
    /// The operation's position, when the error is about one.
    pub pos: Option<crate::flow::Pos>,
    pub message: String,
}

struct Unifier {
    parent: Vec<Node>,
    term: Vec<Term>,
}

impl Unifier {
    fn fresh(&mut self, t: Term) -> Node {
        self.parent.push(self.parent.len());
        self.term.push(t);
        self.parent.len() - 1
    }

    fn find(&mut self, n: Node) -> Node {
        let mut r = n;
        while self.parent[r] != r {
            r = self.parent[r];
        }
        let mut m = n;
        while self.parent[m] != r {
            let next = self.parent[m];
            self.parent[m] = r;
            m = next;
        }
        r
    }

    fn node_of_ty(&mut self, t: &Ty) -> Node {
        let term = match t {
            Ty::Int(i) => Term::Int(*i),
            Ty::Bool => Term::Bool,
            Ty::F64 => Term::F64,
            Ty::Char => Term::Char,
            Ty::Unit => Term::Unit,
            Ty::Tuple(items) => Term::Tuple(items.iter().map(|t| self.node_of_ty(t)).collect()),
            Ty::Option(t) => Term::Option(self.node_of_ty(t)),
            Ty::Struct(s) => Term::Struct(*s),
            Ty::Enum(e) => Term::Enum(*e),
            Ty::List(t) | Ty::Array(t) => Term::List(self.node_of_ty(t)),
            Ty::Str => Term::Str,
            Ty::Dict(k, v) => Term::Dict(self.node_of_ty(k), self.node_of_ty(v)),
            Ty::Result(t, e) => Term::Result(self.node_of_ty(t), self.node_of_ty(e)),
            Ty::Fn(params, ret) => Term::Fn(params.iter().map(|p| self.node_of_ty(p)).collect(), self.node_of_ty(ret)),
            Ty::Cell(kind, t) => Term::Cell(*kind, self.node_of_ty(t)),
            Ty::Rc(t) => Term::Rc(self.node_of_ty(t)),
            Ty::Iter(t) => Term::Iter(self.node_of_ty(t)),
            Ty::Infer => Term::Unknown,
        };
        self.fresh(term)
    }

    /// Unifies a value `a` with the type `b` it is passed or bound as,
    /// seeing through an `Rc` as rustc's deref coercion does (`&rc` where a
    /// `&T` is expected). Both are the same low-level value.
    fn coerce(&mut self, a: Node, b: Node) -> Result<(), String> {
        let (an, bn) = (self.find(a), self.find(b));
        match (self.term[an].clone(), &self.term[bn]) {
            (Term::Rc(inner), t) if !matches!(t, Term::Rc(_) | Term::Unknown) => self.unify(inner, b),
            _ => self.unify(a, b),
        }
    }

    fn unify(&mut self, a: Node, b: Node) -> Result<(), String> {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return Ok(());
        }
        let (ta, tb) = (self.term[a].clone(), self.term[b].clone());
        let merged = match (&ta, &tb) {
            (Term::Unknown, _) => tb,
            (_, Term::Unknown) => ta,
            (Term::IntVar, Term::IntVar | Term::Int(_)) => tb,
            (Term::Int(_), Term::IntVar) => ta,
            (Term::Int(x), Term::Int(y)) if x == y => ta,
            (Term::Bool, Term::Bool) | (Term::F64, Term::F64) | (Term::Char, Term::Char) | (Term::Unit, Term::Unit) => {
                ta
            }
            (Term::Tuple(xs), Term::Tuple(ys)) if xs.len() == ys.len() => {
                self.parent[b] = a;
                for (x, y) in xs.iter().zip(ys) {
                    self.unify(*x, *y)?;
                }
                return Ok(());
            }
            (Term::Option(x), Term::Option(y)) | (Term::List(x), Term::List(y)) => {
                self.parent[b] = a;
                return self.unify(*x, *y);
            }
            (Term::Rc(x), Term::Rc(y)) | (Term::Iter(x), Term::Iter(y)) => {
                self.parent[b] = a;
                return self.unify(*x, *y);
            }
            (Term::Cell(k1, x), Term::Cell(k2, y)) if k1 == k2 => {
                self.parent[b] = a;
                return self.unify(*x, *y);
            }
            (Term::Dict(k1, v1), Term::Dict(k2, v2)) | (Term::Result(k1, v1), Term::Result(k2, v2)) => {
                self.parent[b] = a;
                self.unify(*k1, *k2)?;
                return self.unify(*v1, *v2);
            }
            (Term::Fn(xs, r1), Term::Fn(ys, r2)) if xs.len() == ys.len() => {
                self.parent[b] = a;
                for (x, y) in xs.iter().zip(ys) {
                    self.unify(*x, *y)?;
                }
                return self.unify(*r1, *r2);
            }
            (Term::Str, Term::Str) => ta,
            (Term::Struct(x), Term::Struct(y)) if x == y => ta,
            (Term::Enum(x), Term::Enum(y)) if x == y => ta,
            _ => return Err(format!("mismatched types: {} and {}", self.show(a), self.show(b))),
        };
        self.parent[b] = a;
        self.term[a] = merged;
        Ok(())
    }

    fn show(&mut self, n: Node) -> String {
        let n = self.find(n);
        match self.term[n].clone() {
            Term::Unknown => "_".into(),
            Term::IntVar => "{integer}".into(),
            Term::Int(i) => i.name().into(),
            Term::Bool => "bool".into(),
            Term::F64 => "f64".into(),
            Term::Char => "char".into(),
            Term::Unit => "()".into(),
            Term::Tuple(items) => format!("({})", items.iter().map(|i| self.show(*i)).collect::<Vec<_>>().join(", ")),
            Term::Option(t) => format!("Option<{}>", self.show(t)),
            Term::Struct(s) => format!("{s}"),
            Term::Enum(e) => format!("{e}"),
            Term::List(t) => format!("Vec<{}>", self.show(t)),
            Term::Str => "String".into(),
            Term::Dict(k, v) => format!("HashMap<{}, {}>", self.show(k), self.show(v)),
            Term::Cell(kind, t) => format!("{}<{}>", kind.name(), self.show(t)),
            Term::Rc(t) => format!("Rc<{}>", self.show(t)),
            Term::Iter(t) => format!("impl Iterator<Item = {}>", self.show(t)),
            Term::Result(t, e) => format!("Result<{}, {}>", self.show(t), self.show(e)),
            Term::Fn(params, ret) => {
                let params: Vec<String> = params.iter().map(|p| self.show(*p)).collect();
                format!("fn({}) -> {}", params.join(", "), self.show(ret))
            }
        }
    }

    /// The type of `n` if nothing in it is left to infer.
    fn resolve_known(&mut self, n: Node) -> Option<Ty> {
        let n = self.find(n);
        Some(match self.term[n].clone() {
            Term::Unknown | Term::IntVar => return None,
            Term::Tuple(items) => Ty::Tuple(items.iter().map(|i| self.resolve_known(*i)).collect::<Option<_>>()?),
            Term::Option(t) => Ty::Option(Box::new(self.resolve_known(t)?)),
            Term::List(t) => Ty::List(Box::new(self.resolve_known(t)?)),
            Term::Dict(k, v) => Ty::Dict(Box::new(self.resolve_known(k)?), Box::new(self.resolve_known(v)?)),
            Term::Cell(kind, t) => Ty::Cell(kind, Box::new(self.resolve_known(t)?)),
            Term::Rc(t) => Ty::Rc(Box::new(self.resolve_known(t)?)),
            Term::Iter(t) => Ty::Iter(Box::new(self.resolve_known(t)?)),
            Term::Result(t, e) => Ty::Result(Box::new(self.resolve_known(t)?), Box::new(self.resolve_known(e)?)),
            Term::Fn(params, ret) => Ty::Fn(
                params.iter().map(|p| self.resolve_known(*p)).collect::<Option<_>>()?,
                Box::new(self.resolve_known(ret)?),
            ),
            _ => self.resolve(n),
        })
    }

    fn is_known(&mut self, n: Node) -> bool {
        let n = self.find(n);
        !matches!(self.term[n], Term::Unknown)
    }

    fn resolve(&mut self, n: Node) -> Ty {
        let n = self.find(n);
        match self.term[n].clone() {
            Term::Unknown => Ty::Unit,
            Term::IntVar => Ty::Int(IntTy::I32),
            Term::Int(i) => Ty::Int(i),
            Term::Bool => Ty::Bool,
            Term::F64 => Ty::F64,
            Term::Char => Ty::Char,
            Term::Unit => Ty::Unit,
            Term::Tuple(items) => Ty::Tuple(items.iter().map(|i| self.resolve(*i)).collect()),
            Term::Option(t) => Ty::Option(Box::new(self.resolve(t))),
            Term::Struct(s) => Ty::Struct(s),
            Term::Enum(e) => Ty::Enum(e),
            Term::List(t) => Ty::List(Box::new(self.resolve(t))),
            Term::Str => Ty::Str,
            Term::Dict(k, v) => Ty::Dict(Box::new(self.resolve(k)), Box::new(self.resolve(v))),
            Term::Cell(kind, t) => Ty::Cell(kind, Box::new(self.resolve(t))),
            Term::Rc(t) => Ty::Rc(Box::new(self.resolve(t))),
            Term::Iter(t) => Ty::Iter(Box::new(self.resolve(t))),
            Term::Result(t, e) => Ty::Result(Box::new(self.resolve(t)), Box::new(self.resolve(e))),
            Term::Fn(params, ret) => {
                Ty::Fn(params.iter().map(|p| self.resolve(*p)).collect(), Box::new(self.resolve(ret)))
            }
        }
    }
}

/// The inferred types of one graph.
#[derive(Clone, Debug, Default)]
pub struct GraphTypes {
    /// Indexed by `VarId`.
    pub vars: Vec<Ty>,
}

/// Infers the type of every variable of `g` and rewrites its `Infer`
/// constants to `Known` ones.
pub fn typeck_graph(t: &Translator, g: &mut FunctionGraph) -> Result<GraphTypes, TypeError> {
    // The operation being typed, for the position of an error.
    let at_op: std::cell::Cell<Option<crate::flow::Pos>> = Default::default();
    let err = |message: String| TypeError { graph: g.name.clone(), pos: at_op.get(), message };
    let nvars = g.vars.len();
    let mut u = Unifier { parent: Vec::new(), term: Vec::new() };
    for _ in 0..nvars {
        u.fresh(Term::Unknown);
    }
    // Nodes of `Infer` constants, by occurrence id.
    let mut infer_nodes: std::collections::HashMap<u32, Node> = Default::default();
    let blocks = g.iterblocks();

    let mut node_of = |u: &mut Unifier, v: &Value| -> Node {
        match v {
            Value::Var(v) => v.index(),
            Value::Const(c) => match &c.ty {
                ConstTy::Known(t) => u.node_of_ty(t),
                ConstTy::Infer(id) => *infer_nodes.entry(*id).or_insert_with(|| {
                    let term = match c.value {
                        ConstValue::None => {
                            let inner = u.fresh(Term::Unknown);
                            Term::Option(inner)
                        }
                        _ => Term::IntVar,
                    };
                    u.fresh(term)
                }),
                ConstTy::Meta => u.fresh(Term::Unknown),
            },
        }
    };

    for (v, ty) in g.blocks[g.startblock].inputargs.clone().iter().zip(g.param_tys.clone()) {
        let n = u.node_of_ty(&ty);
        u.unify(v.index(), n).map_err(err)?;
    }
    let ret = u.node_of_ty(&g.ret_ty.clone());
    u.unify(g.blocks[g.returnblock].inputargs[0].index(), ret).map_err(err)?;

    // Rules that need a resolved operand are retried until nothing changes.
    let mut pending: Vec<(usize, usize)> = Vec::new();
    for &b in &blocks {
        for (i, _) in g.blocks[b].operations.iter().enumerate() {
            pending.push((b.index(), i));
        }
        for link in g.blocks[b].exits.clone() {
            let target_args = g.blocks[link.target].inputargs.clone();
            for (a, ta) in link.args.iter().zip(target_args) {
                let n = node_of(&mut u, a);
                u.unify(n, ta.index()).map_err(err)?;
            }
        }
        if let Some(sw) = g.blocks[b].exitswitch.clone() {
            let is_bool = g.blocks[b].exits.iter().any(|l| matches!(l.exitcase, Some(ConstValue::Bool(_))));
            if is_bool {
                let n = node_of(&mut u, &sw);
                let bn = u.fresh(Term::Bool);
                u.unify(n, bn).map_err(err)?;
            }
        }
    }
    loop {
        let before = pending.len();
        let mut still = Vec::new();
        for (b, i) in pending {
            let mut op = g.blocks[crate::flow::BlockId::new(b)].operations[i].clone();
            at_op.set(op.pos);
            // A method call on a struct becomes a call of the method's graph.
            if op.opname == "call_method" {
                let recv = node_of(&mut u, &op.args[1]);
                let name = op.args[0].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string();
                let mut rn = u.find(recv);
                // Through an `Rc`: `.clone()` shares it, other methods are
                // the inner value's, called with the `Rc` (`deref_call`).
                let via_rc = matches!(u.term[rn], Term::Rc(_));
                if let Term::Rc(inner) = u.term[rn].clone() {
                    if name == "clone" && op.args.len() == 2 {
                        op.opname = "rc_clone".into();
                        op.args.remove(0);
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                        u.unify(op.result.index(), recv).map_err(&err)?;
                        continue;
                    }
                    rn = u.find(inner);
                    if !matches!(
                        u.term[rn],
                        Term::Struct(_) | Term::Enum(_) | Term::Str | Term::Cell(..) | Term::Unknown
                    ) {
                        return Err(err(format!(
                            "`{name}` through an `Rc<{}>`: only methods of structs, enums, strings and cells are translated through an `Rc`",
                            u.show(rn)
                        )));
                    }
                    if matches!(u.term[rn], Term::Unknown) {
                        still.push((b, i));
                        continue;
                    }
                }
                let call = if via_rc { "deref_call" } else { "simple_call" };
                let recv_ty = match u.term[rn].clone() {
                    Term::Struct(s) => Some(Ty::Struct(s)),
                    Term::Enum(e) => Some(Ty::Enum(e)),
                    Term::Str => Some(Ty::Str),
                    // The prelude's `impl char`, `impl u8` (`char.rs`), `impl i64`
                    // and the other numbers (`num.rs`).
                    Term::Char => Some(Ty::Char),
                    Term::Int(it) => Some(Ty::Int(it)),
                    Term::F64 => Some(Ty::F64),
                    _ => None,
                };
                // Structs, enums and strings have only their own methods;
                // numbers and `char` also have those of `method_sig`.
                let own_method = match &recv_ty {
                    Some(r @ (Ty::Char | Ty::Int(_) | Ty::F64)) => t.methods.contains_key(&(r.clone(), name.clone())),
                    Some(_) => true,
                    None => false,
                };
                // An integer of a type not known yet may have one.
                if matches!(u.term[rn], Term::IntVar)
                    && method_sig(&name).is_none()
                    && [IntTy::U8, IntTy::I64].iter().any(|&it| t.methods.contains_key(&(Ty::Int(it), name.clone())))
                {
                    still.push((b, i));
                    continue;
                }
                // `.clone()` is the receiver's type's (derived or std) `Clone`,
                // unless the type has an inherent `clone` of its own.
                let own_clone = recv_ty.as_ref().is_some_and(|r| t.methods.contains_key(&(r.clone(), name.clone())))
                    || matches!(u.term[rn], Term::Iter(_));
                if name == "clone" && op.args.len() == 2 && !own_clone {
                    u.unify(op.result.index(), recv).map_err(&err)?;
                    continue;
                }
                // A `HashSet<K>` is a `HashMap<K, ()>` whose methods have their own names.
                let is_set = match u.term[rn].clone() {
                    Term::Dict(_, v) => {
                        let vn = u.find(v);
                        matches!(u.term[vn], Term::Unit)
                    }
                    _ => false,
                };
                let name = match is_set {
                    true => match name.as_str() {
                        "insert" if op.args.len() == 3 => "set_insert".to_string(),
                        "remove" => "set_remove".to_string(),
                        "contains" => "contains_key".to_string(),
                        _ => name,
                    },
                    false => name,
                };
                match u.term[rn].clone() {
                    _ if own_method => {
                        // A `char` pattern (`s.find(',')`) has the prelude's `__find_char`.
                        let char_arg = op.args.len() >= 3 && {
                            let a = node_of(&mut u, &op.args[2]);
                            let a = u.find(a);
                            matches!(u.term[a], Term::Char)
                        };
                        let char_name = format!("__{name}_char");
                        let name = match recv_ty.clone().unwrap() {
                            Ty::Str if char_arg && t.methods.contains_key(&(Ty::Str, char_name.clone())) => char_name,
                            _ => name,
                        };
                        let Some(&m) = t.methods.get(&(recv_ty.unwrap(), name.clone())) else {
                            return Err(err(format!("no method `{name}` on this type")));
                        };
                        op.opname = call.into();
                        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Func(m)));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                    }
                    // `x.to_string()` of a number, `bool` or `char` is
                    // `format!("{}", x)`, in the prelude's `__to_string`.
                    Term::Int(_) | Term::IntVar | Term::F64 | Term::Bool | Term::Char if name == "to_string" => {
                        op.opname = "generic_call".into();
                        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Str("__to_string".into())));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                    }
                    // `v.iter()`, `v.into_iter()` outside a `for` loop: an
                    // iterator over the list (write-back: `prelude_method`).
                    Term::List(item) if (name == "iter" || name == "into_iter") && op.args.len() == 2 => {
                        let it = u.fresh(Term::Iter(item));
                        u.unify(op.result.index(), it).map_err(&err)?;
                        continue;
                    }
                    // The methods of the iterator template, called by write-back
                    // (`prelude_method`), or the prelude's generic `__iter_*`.
                    Term::Iter(item) if iter_method_sig(&name).is_some() => {
                        let sig = iter_method_sig(&name).unwrap();
                        type_by_sig(&mut u, &op, &name, item, sig, &mut node_of).map_err(&err)?;
                        continue;
                    }
                    // `opt.cloned()`: the payload's clone.
                    Term::Option(_) if name == "cloned" && op.args.len() == 2 => {
                        op.opname = "generic_call".into();
                        op.args[0] =
                            Value::Const(crate::flow::Constant::meta(ConstValue::Str("__option_cloned".into())));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                    }
                    Term::Iter(_) => {
                        let f = format!("__iter_{name}");
                        if !t.generic_fns.contains_key(&f) {
                            return Err(err(format!("no method `{name}` on an iterator: rpy translates {ITER_METHODS_TEXT}; adaptors taking closures (`map`, `filter`) are not: write a loop")));
                        }
                        op.opname = "generic_call".into();
                        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Str(f)));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                    }
                    // The prelude's generic function for the method.
                    Term::List(_) if list_method_sig(&name).is_none() => {
                        let f = crate::prelude::vec_fn_name(&name);
                        if !t.generic_fns.contains_key(&f) {
                            return Err(err(format!("no method `{name}` on `Vec`")));
                        }
                        op.opname = "generic_call".into();
                        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Str(f)));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                    }
                    Term::List(item) => {
                        let sig = list_method_sig(&name).unwrap();
                        type_by_sig(&mut u, &op, &name, item, sig, &mut node_of).map_err(&err)?;
                        continue;
                    }
                    Term::Dict(..)
                        if u.resolve_known(rn).is_some_and(|d| t.methods.contains_key(&(d, name.clone()))) =>
                    {
                        let d = u.resolve_known(rn).unwrap();
                        op.opname = call.into();
                        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Func(t.methods[&(d, name)])));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                    }
                    Term::Dict(k, v) => {
                        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Str(name.clone())));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                        let (params, ret) =
                            dict_method_sig(&name).ok_or_else(|| err(format!("no method `{name}` on `HashMap`")))?;
                        if params.len() != op.args.len() - 2 {
                            return Err(err(format!("`{name}` takes {} arguments", params.len())));
                        }
                        let rel = |u: &mut Unifier, r: &DictRel| match r {
                            DictRel::Key => k,
                            DictRel::Value => v,
                            DictRel::OptionValue => u.fresh(Term::Option(v)),
                            DictRel::Keys => u.fresh(Term::List(k)),
                            DictRel::Values => u.fresh(Term::List(v)),
                            DictRel::Fixed(ty) => u.node_of_ty(ty),
                        };
                        for (a, r) in op.args[2..].iter().zip(&params) {
                            let an = node_of(&mut u, a);
                            let rn = rel(&mut u, r);
                            u.unify(an, rn).map_err(&err)?;
                        }
                        let rn = rel(&mut u, &ret);
                        u.unify(op.result.index(), rn).map_err(&err)?;
                        continue;
                    }
                    Term::Cell(..)
                        if u.resolve_known(rn).is_some_and(|c| t.methods.contains_key(&(c, name.clone()))) =>
                    {
                        let c = u.resolve_known(rn).unwrap();
                        op.opname = call.into();
                        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Func(t.methods[&(c, name)])));
                        g.blocks[crate::flow::BlockId::new(b)].operations[i] = op.clone();
                    }
                    // Before the cell's instance exists: its methods' types.
                    Term::Cell(_, inner) => {
                        let takes_value = match name.as_str() {
                            "get" | "borrow" | "borrow_mut" | "into_inner" => false,
                            "set" | "__set" | "replace" => true,
                            "swap" => {
                                let an = node_of(&mut u, &op.args[2]);
                                u.unify(an, recv).map_err(&err)?;
                                let unit = u.fresh(Term::Unit);
                                u.unify(op.result.index(), unit).map_err(&err)?;
                                continue;
                            }
                            _ => return Err(err(format!("no method `{name}` on `Cell`/`RefCell`"))),
                        };
                        if op.args.len() - 2 != takes_value as usize {
                            return Err(err(format!("`{name}` takes {} arguments", takes_value as usize)));
                        }
                        if takes_value {
                            let an = node_of(&mut u, &op.args[2]);
                            u.unify(an, inner).map_err(&err)?;
                        }
                        let rn = if takes_value && name != "replace" { u.fresh(Term::Unit) } else { inner };
                        u.unify(op.result.index(), rn).map_err(&err)?;
                        continue;
                    }
                    Term::Unknown
                        if (dict_method_sig(&name).is_some() || CELL_METHODS.contains(&name.as_str()))
                            && method_sig(&name).is_none() =>
                    {
                        still.push((b, i));
                        continue;
                    }
                    Term::Unknown
                        if (list_method_sig(&name).is_some()
                            || t.generic_fns.contains_key(&crate::prelude::vec_fn_name(&name)))
                            && method_sig(&name).is_none() =>
                    {
                        still.push((b, i));
                        continue;
                    }
                    Term::Unknown if is_iter_method(&name) && method_sig(&name).is_none() => {
                        still.push((b, i));
                        continue;
                    }
                    Term::Unknown if t.methods.keys().any(|(_, n)| *n == name) => {
                        still.push((b, i));
                        continue;
                    }
                    _ => {}
                }
            }
            let args: Vec<Node> = op.args.iter().map(|a| node_of(&mut u, a)).collect();
            let res = op.result.index();
            let what = match (op.opname.as_str(), op.args.first().and_then(|a| a.constant()).map(|c| &c.value)) {
                ("simple_call" | "simple_call_unwrap", Some(ConstValue::Func(g))) => {
                    format!("the call of `{}`", t.graphs[*g].name)
                }
                _ => format!("`{}`", op.opname),
            };
            let done =
                apply_rule(&mut u, t, &op.opname, &op.args, &args, res).map_err(|m| err(format!("{m} in {what}")))?;
            if !done {
                still.push((b, i));
            }
        }
        if still.is_empty() {
            break;
        }
        if still.len() == before {
            // A `*x` of an operand nothing else types: a reference; a
            // `collect()` whose result nothing types: a list.
            let deref = still.iter().find_map(|&(b, i)| {
                let op = &g.blocks[crate::flow::BlockId::new(b)].operations[i];
                (op.opname == "deref" || op.opname == "collect").then(|| (op.args[0].clone(), op.result.index()))
            });
            if let Some((x, res)) = deref {
                let mut n = node_of(&mut u, &x);
                let root = u.find(n);
                if let Term::Iter(item) = u.term[root] {
                    n = u.fresh(Term::List(item));
                }
                u.unify(n, res).map_err(&err)?;
                pending = still;
                continue;
            }
            // An `unwrap` whose operand nothing else types: an `Option`.
            let unwrap = still.iter().find_map(|&(b, i)| {
                let op = &g.blocks[crate::flow::BlockId::new(b)].operations[i];
                op.opname.starts_with("unwrap_").then(|| op.args[0].clone())
            });
            if let Some(x) = unwrap {
                let n = node_of(&mut u, &x);
                let inner = u.fresh(Term::Unknown);
                let opt = u.fresh(Term::Option(inner));
                u.unify(n, opt).map_err(&err)?;
                pending = still;
                continue;
            }
            let (b, i) = still[0];
            let op = &g.blocks[crate::flow::BlockId::new(b)].operations[i];
            at_op.set(op.pos);
            return Err(err(format!("type annotations needed for `{}`", op.opname)));
        }
        pending = still;
    }

    // Write back: constants become Known, variables get their types.
    let mut types = GraphTypes { vars: Vec::with_capacity(nvars) };
    for v in 0..nvars {
        types.vars.push(u.resolve(v));
    }
    for &b in &blocks {
        for op in &mut g.blocks[b].operations {
            at_op.set(op.pos);
            let ty_of = |v: &Value| match v {
                Value::Var(x) => Some(types.vars[x.index()].clone()),
                Value::Const(c) => match &c.ty {
                    ConstTy::Known(t) => Some(t.clone()),
                    _ => None,
                },
            };
            let result = types.vars[op.result.index()].clone();
            // An `Rc` is its value once lowered.
            match op.opname.as_str() {
                "rc_new" | "rc_clone" | "rc_inner" | "deref" => {
                    op.opname = "same_as".into();
                    continue;
                }
                "deref_call" => {
                    op.opname = "simple_call".into();
                    continue;
                }
                _ => {}
            }
            // A place used by value: a list that may be an array, or a
            // `Copy` struct holding lists, is cloned (see `FnBuilder::copied`).
            if op.opname == "copy_value" {
                let may_be_array = op.args[1].constant().is_some_and(|c| c.value == ConstValue::Bool(true));
                op.args.truncate(1);
                let ty = ty_of(&op.args[0]);
                let copy = ty.is_some_and(|ty| {
                    (may_be_array && instances::holds_array(t, &ty)) || instances::holds_lists(t, &ty)
                });
                if !copy {
                    op.opname = "same_as".into();
                    continue;
                }
                op.opname = "call_method".into();
                op.args.insert(0, Value::Const(crate::flow::Constant::meta(ConstValue::Str("clone".into()))));
            }
            if op.opname == "collect" {
                let from = ty_of(&op.args[0]);
                let into = match (&result, &from) {
                    (Ty::Str, Some(Ty::Iter(item))) if **item == Ty::Char => t.graph_by_name("__collect_chars"),
                    (Ty::Str, Some(Ty::Iter(item))) if **item == Ty::Str => t.graph_by_name("__collect_strs"),
                    (Ty::Str, other) => {
                        return Err(err(format!("collecting `{}` into a `String`", other.clone().unwrap_or(Ty::Unit))))
                    }
                    // A new list of the items left.
                    (_, Some(it @ Ty::Iter(_))) => t.methods.get(&(it.clone(), "__collect".to_string())).copied(),
                    _ => None,
                };
                match into {
                    Some(f) => {
                        op.opname = "simple_call".into();
                        op.args.insert(0, Value::Const(crate::flow::Constant::meta(ConstValue::Func(f))));
                    }
                    None => op.opname = "same_as".into(),
                }
                continue;
            }
            if op.opname.starts_with("unwrap_") {
                let is_result = matches!(ty_of(&op.args[0]), Some(Ty::Result(..)));
                rewrite_unwrap(op, is_result);
                continue;
            }
            // `s.parse()`: the parser of the result's type.
            if op.opname == "parse" {
                match &result {
                    Ty::Result(ok, _) if **ok == Ty::F64 => {
                        let f = t.methods[&(Ty::Str, "__parse_f64".to_string())];
                        op.opname = "simple_call".into();
                        op.args.insert(0, Value::Const(crate::flow::Constant::meta(ConstValue::Func(f))));
                        continue;
                    }
                    Ty::Result(ok, _) => {
                        let Ty::Int(it) = **ok else { return Err(err(format!("parsing a `{ok}`"))) };
                        op.args = crate::lang_items::parse_int_args(it, op.args[0].clone());
                        op.opname = "generic_call".into();
                    }
                    _ => unreachable!("typed by apply_rule"),
                }
            }
            // `vec![x; n]` of objects: each slot its own clone (a function
            // pointer is immutable: sharing it is copying it).
            let object = |ty: &Ty| match ty {
                Ty::Fn(..) => false,
                Ty::Option(inner) if matches!(**inner, Ty::Fn(..)) => false,
                ty => !instances::is_plain_value(t, ty),
            };
            if op.opname == "newlist_repeat" && ty_of(&op.args[0]).is_some_and(|ty| object(&ty)) {
                op.args.insert(0, Value::Const(crate::flow::Constant::meta(ConstValue::Str("__vec_from_elem".into()))));
                op.opname = "generic_call".into();
            }
            if op.opname == "generic_call" {
                rewrite_generic_call(t, op, &result, ty_of).map_err(&err)?;
                continue;
            }
            if op.opname == "format_arg" && matches!(ty_of(&op.args[1]), Some(Ty::Iter(_))) {
                return Err(err("formatting an iterator is not translated (its `Debug` shows std's internals): format the `Vec` of its items, `it.clone().collect::<Vec<_>>()`".into()));
            }
            // `{}` of a std error type: its `Display`, the prelude's `__display`.
            if op.opname == "format_arg" {
                let spec = op.args[2].constant().and_then(|c| c.as_int()).map(|b| rpy_fmt::Spec::decode(b as u64));
                let display = spec.as_ref().is_some_and(|s| s.ty == rpy_fmt::FmtType::Display);
                let plain = spec == Some(rpy_fmt::Spec::default())
                    && op.args[3..].iter().all(|a| a.constant().and_then(|c| c.as_int()) == Some(-1));
                let method = ty_of(&op.args[1]).and_then(|ty| t.methods.get(&(ty, "__display".to_string())).copied());
                if let (true, Some(f)) = (display, method) {
                    if !plain {
                        return Err(err("only `{}` without width or precision formats an error".into()));
                    }
                    let f = Value::Const(crate::flow::Constant::meta(ConstValue::Func(f)));
                    op.args = vec![f, op.args[1].clone(), op.args[0].clone()];
                    op.opname = "simple_call".into();
                    continue;
                }
            }
            if let Some((kind, ty)) = instances::needed(t, &op.opname, &op.args, ty_of) {
                if let Some(fns) = t.instances.get(&(kind, ty)) {
                    let ops: &[&str] = if kind == Kind::Ord { &instances::ORD_OPS } else { &instances::EQ_OPS };
                    let which = ops.iter().position(|o| *o == op.opname).unwrap_or(0);
                    let f = Value::Const(crate::flow::Constant::meta(ConstValue::Func(fns[which])));
                    op.args = match kind {
                        Kind::Eq | Kind::Ord => vec![f, op.args[0].clone(), op.args[1].clone()],
                        Kind::Clone => vec![f, op.args[1].clone()],
                        Kind::Debug => vec![f, op.args[1].clone(), op.args[0].clone()],
                    };
                    op.opname = "simple_call".into();
                }
                continue;
            }
            if op.opname == "call_method" && op.args[0].constant().and_then(|c| c.as_str()) == Some("clone") {
                // The clone of a plain value is the value.
                if ty_of(&op.args[1]).is_some_and(|ty| instances::is_plain_value(t, &ty)) {
                    op.opname = "same_as".into();
                    op.args.remove(0);
                    continue;
                }
            }
            if op.opname == "iter_list" {
                op.args.truncate(1);
            }
            if let Some(m) = prelude_method(t, &op.opname, &op.args, result, ty_of) {
                let func = Value::Const(crate::flow::Constant::meta(ConstValue::Func(m)));
                if op.opname == "newdict" {
                    op.args.clear();
                }
                if op.opname == "call_method" || op.opname == "cell_new" {
                    op.args[0] = func;
                } else {
                    op.args.insert(0, func);
                }
                // `map[&k]` is `map.get(&k)`, unwrapped where the user wrote it.
                op.opname = if op.opname == "getitem" { "simple_call_unwrap" } else { "simple_call" }.into();
            }
        }
    }
    for &b in &blocks {
        let block = &mut g.blocks[b];
        let fix = |u: &mut Unifier, v: &mut Value| -> Result<(), String> {
            if let Value::Const(c) = v {
                if let ConstTy::Infer(id) = c.ty {
                    let ty = u.resolve(infer_nodes[&id]);
                    if matches!(c.value, ConstValue::Int(_)) {
                        let Ty::Int(it) = ty else { return Err(format!("an integer literal used as `{ty}`")) };
                        let (min, max) = it.min_max();
                        let ConstValue::Int(x) = c.value else { unreachable!() };
                        if x < min || x > max {
                            return Err(format!("literal `{x}` out of range for `{}`", it.name()));
                        }
                    }
                    c.ty = ConstTy::Known(ty);
                }
            }
            Ok(())
        };
        for op in &mut block.operations {
            for a in &mut op.args {
                fix(&mut u, a).map_err(|m| TypeError { graph: g.name.clone(), pos: op.pos, message: m })?;
            }
        }
        for link in &mut block.exits {
            for a in &mut link.args {
                fix(&mut u, a).map_err(|m| TypeError { graph: g.name.clone(), pos: None, message: m })?;
            }
        }
    }
    Ok(types)
}

/// Types a method call on a list or an iterator of `item`s from the
/// method's signature (arguments, result).
fn type_by_sig(
    u: &mut Unifier,
    op: &crate::flow::SpaceOperation,
    name: &str,
    item: Node,
    (params, ret): (Vec<ListRel>, ListRel),
    node_of: &mut impl FnMut(&mut Unifier, &Value) -> Node,
) -> Result<(), String> {
    if params.len() != op.args.len() - 2 {
        return Err(format!("`{name}` takes {} arguments", params.len()));
    }
    for (a, r) in op.args[2..].iter().zip(&params) {
        let an = node_of(u, a);
        let rn = list_rel(u, item, r);
        u.unify(an, rn)?;
    }
    let rn = list_rel(u, item, &ret);
    u.unify(op.result.index(), rn)
}

/// The type `r` stands for in the signature of a method of lists or
/// iterators of `item`s.
fn list_rel(u: &mut Unifier, item: Node, r: &ListRel) -> Node {
    match r {
        ListRel::Item => item,
        ListRel::OptionItem => u.fresh(Term::Option(item)),
        ListRel::List => u.fresh(Term::List(item)),
        ListRel::Iter => u.fresh(Term::Iter(item)),
        ListRel::Fixed(ty) => u.node_of_ty(ty),
    }
}

/// Applies the typing rule of one operation; `Ok(false)` when it needs an
/// operand's type that is not known yet.
fn apply_rule(
    u: &mut Unifier,
    t: &Translator,
    opname: &str,
    vals: &[Value],
    args: &[Node],
    res: Node,
) -> Result<bool, String> {
    let fixed = |u: &mut Unifier, n: Node, term: Term| -> Result<(), String> {
        let m = u.fresh(term);
        u.unify(n, m)
    };
    match opname {
        "add" | "sub" | "mul" | "div" | "mod" | "and_" | "or_" | "xor" => {
            u.unify(args[0], args[1])?;
            u.unify(args[0], res)?;
        }
        "lshift" | "rshift" => {
            u.unify(args[0], res)?;
            // The count is any integer; unconstrained, it is an i32.
            fixed(u, args[1], Term::IntVar)?;
        }
        "lt" | "le" | "eq" | "ne" | "gt" | "ge" => {
            u.unify(args[0], args[1])?;
            fixed(u, res, Term::Bool)?;
        }
        "neg" | "invert" | "same_as" | "ref_mut" | "box_new" | "copy_value" => u.unify(args[0], res)?,
        // Of a list (the list itself) or an iterator (a list of its items
        // left), into a list or a `String` (of chars or strings); unknown
        // until the result's type is.
        "collect" => {
            let an = u.find(args[0]);
            let list = match u.term[an] {
                Term::Iter(item) => u.fresh(Term::List(item)),
                _ => {
                    let item = u.fresh(Term::Unknown);
                    fixed(u, args[0], Term::List(item))?;
                    args[0]
                }
            };
            let rn = u.find(res);
            match u.term[rn] {
                Term::Str => {}
                Term::Unknown => return Ok(false),
                _ => u.unify(list, res)?,
            }
        }
        "ascribe" | "same_type" => {
            let target = match &vals[1] {
                Value::Const(c) => match &c.value {
                    ConstValue::Type(ty) => u.node_of_ty(ty),
                    _ => args[1],
                },
                Value::Var(_) => args[1],
            };
            u.coerce(args[0], target)?;
            u.unify(res, target)?;
        }
        "cast" => {
            let target = match &vals[1] {
                Value::Const(c) => match &c.value {
                    ConstValue::Type(ty) => u.node_of_ty(ty),
                    _ => return Err("bad cast operand".into()),
                },
                Value::Var(_) => args[1],
            };
            u.unify(res, target)?;
        }
        "newtuple" => {
            let items = args.to_vec();
            fixed(u, res, Term::Tuple(items))?;
        }
        "getitem" => {
            let tn = u.find(args[0]);
            match u.term[tn].clone() {
                Term::List(item) => {
                    fixed(u, args[1], Term::Int(IntTy::Usize))?;
                    u.unify(item, res)?;
                }
                Term::Dict(k, v) => {
                    u.unify(args[1], k)?;
                    u.unify(v, res)?;
                }
                Term::Tuple(items) => {
                    let idx = vals[1].constant().and_then(|c| c.as_int()).ok_or("tuple index must be a constant")?;
                    let item = *items.get(idx as usize).ok_or("tuple index out of range")?;
                    u.unify(item, res)?;
                }
                Term::Unknown => return Ok(false),
                _ => return Err(format!("indexing a `{}` as a tuple", u.show(tn))),
            }
        }
        "getattr" | "setattr" => {
            let name = vals[1].constant().and_then(|c| c.as_str()).ok_or("field name must be a constant")?;
            let mut tn = u.find(args[0]);
            // A field read through an `Rc` (which cannot be assigned through).
            if let (Term::Rc(inner), "getattr") = (u.term[tn].clone(), opname) {
                tn = u.find(inner);
            }
            let field = match u.term[tn].clone() {
                Term::Tuple(items) => {
                    let i: usize = name.parse().map_err(|_| format!("no field `{name}` on a tuple"))?;
                    *items.get(i).ok_or("tuple index out of range")?
                }
                Term::Struct(_) | Term::Dict(..) => {
                    let Some(ty) = u.resolve_known(tn) else { return Ok(false) };
                    let def = t.struct_def(&ty).unwrap();
                    let i = def.field_index(name).ok_or_else(|| format!("no field `{name}` on `{}`", def.name))?;
                    u.node_of_ty(&def.fields[i].1)
                }
                // The cell template's only field.
                Term::Cell(_, inner) if name == "value" => inner,
                // The iterator template's.
                Term::Iter(item) if name == "items" => u.fresh(Term::List(item)),
                Term::Iter(_) if name == "front" || name == "back" => u.fresh(Term::Int(IntTy::Usize)),
                Term::Unknown => return Ok(false),
                _ => return Err(format!("field `{name}` of a `{}`", u.show(tn))),
            };
            if opname == "getattr" {
                u.unify(field, res)?;
            } else {
                u.unify(field, args[2])?;
                u.unify(args[0], res)?;
            }
        }
        "newstruct" => {
            let Some(ConstValue::Type(ty)) = vals[0].constant().map(|c| &c.value) else {
                return Err("bad struct literal".into());
            };
            let def = t.struct_def(ty).ok_or("bad struct literal")?;
            if def.fields.len() != args.len() - 1 {
                return Err(format!("`{}` has {} fields", def.name, def.fields.len()));
            }
            for (a, (_, fty)) in args[1..].iter().zip(&def.fields) {
                let n = u.node_of_ty(fty);
                u.unify(*a, n)?;
            }
            let n = u.node_of_ty(ty);
            u.unify(res, n)?;
        }
        // An enum with data: the payload struct of a variant, viewed as the enum.
        "newvariant" | "variant_is" | "variant_payload" => {
            let Some(ConstValue::Type(ty)) =
                vals[if opname == "newvariant" { 0 } else { 1 }].constant().map(|c| &c.value)
            else {
                return Err(format!("bad operand of `{opname}`"));
            };
            let def = t.struct_def(ty).ok_or("bad variant")?;
            let (e, _) = def.variant.ok_or("not a variant")?;
            match opname {
                "newvariant" => {
                    if def.fields.len() != args.len() - 1 {
                        return Err(format!("`{}` has {} fields", def.name, def.fields.len()));
                    }
                    for (a, (_, fty)) in args[1..].iter().zip(&def.fields) {
                        let n = u.node_of_ty(fty);
                        u.unify(*a, n)?;
                    }
                    fixed(u, res, Term::Enum(e))?;
                }
                "variant_is" => {
                    fixed(u, args[0], Term::Enum(e))?;
                    fixed(u, res, Term::Bool)?;
                }
                _ => {
                    fixed(u, args[0], Term::Enum(e))?;
                    let n = u.node_of_ty(ty);
                    u.unify(res, n)?;
                }
            }
        }
        "newlist" => {
            let item = u.fresh(Term::Unknown);
            for a in args {
                u.unify(*a, item)?;
            }
            fixed(u, res, Term::List(item))?;
        }
        "newlist_repeat" => {
            fixed(u, args[1], Term::Int(IntTy::Usize))?;
            fixed(u, res, Term::List(args[0]))?;
        }
        "setitem" => {
            let item = u.fresh(Term::Unknown);
            fixed(u, args[0], Term::List(item))?;
            fixed(u, args[1], Term::Int(IntTy::Usize))?;
            u.unify(args[2], item)?;
            u.unify(res, args[0])?;
        }
        "newsome" => fixed(u, res, Term::Option(args[0]))?,
        "cell_new" => {
            let kind = match vals[0].constant().and_then(|c| c.as_str()) {
                Some("RefCell") => CellKind::RefCell,
                _ => CellKind::Cell,
            };
            fixed(u, res, Term::Cell(kind, args[1]))?;
        }
        "newdict" => {
            let k = u.fresh(Term::Unknown);
            // `HashSet::new()` passes `()` for the values.
            let v = if args.is_empty() { u.fresh(Term::Unknown) } else { args[0] };
            fixed(u, res, Term::Dict(k, v))?;
        }
        "newok" | "newerr" => {
            let other = u.fresh(Term::Unknown);
            let (t, e) = if opname == "newok" { (args[0], other) } else { (other, args[0]) };
            fixed(u, res, Term::Result(t, e))?;
        }
        // `x.unwrap()`/`.expect(m)`/`.unwrap_or(d)` of an `Option` or a
        // `Result`: typed once `x` is (or as an `Option` when nothing else
        // tells, see `typeck_graph`); write-back renames them.
        "unwrap_test" | "unwrap_payload" | "unwrap_err" | "unwrap_failed" => {
            let x = u.find(args[0]);
            let (payload, err) = match u.term[x].clone() {
                Term::Option(t) => (t, None),
                Term::Result(t, e) => (t, Some(e)),
                Term::Unknown => return Ok(false),
                _ => return Err(format!("`unwrap` of a value of type `{}`", u.show(x))),
            };
            match opname {
                "unwrap_test" => fixed(u, res, Term::Bool)?,
                "unwrap_payload" => u.unify(res, payload)?,
                "unwrap_err" => match err {
                    Some(e) => u.unify(res, e)?,
                    None => fixed(u, res, Term::Str)?,
                },
                _ => fixed(u, res, Term::Unit)?,
            }
        }
        "is_ok" => {
            let (t, e) = (u.fresh(Term::Unknown), u.fresh(Term::Unknown));
            fixed(u, args[0], Term::Result(t, e))?;
            fixed(u, res, Term::Bool)?;
        }
        "ok_payload" | "err_payload" => {
            let other = u.fresh(Term::Unknown);
            let (t, e) = if opname == "ok_payload" { (res, other) } else { (other, res) };
            fixed(u, args[0], Term::Result(t, e))?;
        }
        "fs_read" | "fs_read_to_string" => {
            fixed(u, args[0], Term::Str)?;
            let ok = if opname == "fs_read" {
                let byte = u.fresh(Term::Int(IntTy::U8));
                u.fresh(Term::List(byte))
            } else {
                u.fresh(Term::Str)
            };
            let err = u.fresh(Term::Str);
            fixed(u, res, Term::Result(ok, err))?;
        }
        "stdin_read" => {
            let target = match vals[0].constant().and_then(|c| c.as_str()) {
                Some("read_line" | "read_to_string") => Term::Str,
                _ => {
                    let byte = u.fresh(Term::Int(IntTy::U8));
                    Term::List(byte)
                }
            };
            fixed(u, args[1], target)?;
            let (n, err) = (u.fresh(Term::Int(IntTy::Usize)), u.fresh(Term::Str));
            fixed(u, res, Term::Result(n, err))?;
        }
        "stdout_write" => {
            let byte = u.fresh(Term::Int(IntTy::U8));
            fixed(u, args[1], Term::List(byte))?;
            fixed(u, res, Term::Unit)?;
        }
        "stdout_flush" | "process_exit" => fixed(u, res, Term::Unit)?,
        "char_class" => {
            fixed(u, args[0], Term::Char)?;
            fixed(u, args[1], Term::Int(IntTy::I64))?;
            fixed(u, res, Term::Int(IntTy::I64))?;
        }
        "str_convert" => {
            fixed(u, args[0], Term::Str)?;
            fixed(u, args[1], Term::Int(IntTy::I64))?;
            fixed(u, res, Term::Str)?;
        }
        "parse_f64_status" | "parse_f64" => {
            fixed(u, args[0], Term::Str)?;
            fixed(u, res, if opname == "parse_f64" { Term::F64 } else { Term::Int(IntTy::I64) })?;
        }
        "panic_str" => {
            fixed(u, args[0], Term::Str)?;
            fixed(u, res, Term::Unit)?;
        }
        // The JIT's hints (`crate::jit`).
        "jit_marker" => fixed(u, res, Term::Unit)?,
        "hint" => u.unify(args[0], res)?,
        "format_arg" => {
            fixed(u, args[0], Term::Str)?;
            fixed(u, res, Term::Unit)?;
        }
        "io_write" => {
            fixed(u, args[1], Term::Str)?;
            fixed(u, res, Term::Unit)?;
        }
        "str_bytes" => {
            fixed(u, args[0], Term::Str)?;
            let byte = u.fresh(Term::Int(IntTy::U8));
            fixed(u, res, Term::List(byte))?;
        }
        "str_from_bytes" => {
            let byte = u.fresh(Term::Int(IntTy::U8));
            fixed(u, args[0], Term::List(byte))?;
            fixed(u, res, Term::Str)?;
        }
        "iter_list" => {
            let tn = u.find(args[0]);
            match u.term[tn].clone() {
                Term::List(_) => u.unify(args[0], res)?,
                // `for x in &mut it` would leave `it` where the loop stopped.
                Term::Iter(_) if vals.get(1).and_then(|v| v.constant()).is_some_and(|c| c.value == ConstValue::Bool(true)) => {
                    return Err("a `for` loop over `&mut` of an iterator is not translated: write `for x in it.by_ref()` or `while let Some(x) = it.next()`".into())
                }
                Term::Iter(item) => fixed(u, res, Term::List(item))?,
                Term::Dict(k, v) => {
                    let vn = u.find(v);
                    let item = if matches!(u.term[vn], Term::Unit) { k } else { u.fresh(Term::Tuple(vec![k, v])) };
                    fixed(u, res, Term::List(item))?;
                }
                Term::Unknown => return Ok(false),
                _ => return Err(format!("iterating over a `{}`", u.show(tn))),
            }
        }
        "is_some" => {
            let inner = u.fresh(Term::Unknown);
            fixed(u, args[0], Term::Option(inner))?;
            fixed(u, res, Term::Bool)?;
        }
        "some_payload" => fixed(u, args[0], Term::Option(res))?,
        // A call through a function pointer.
        "indirect_call" => {
            let f = u.fresh(Term::Fn(args[1..].to_vec(), res));
            u.unify(args[0], f)?;
        }
        "generic_call" => {
            let name = vals[0].constant().and_then(|c| c.as_str()).ok_or("bad generic call")?;
            let sig = &t.generic_fns[name];
            if sig.params.len() != args.len() - 1 {
                return Err(format!("`{name}` takes {} arguments, {} given", sig.params.len(), args.len() - 1));
            }
            let params: Vec<Node> = sig.type_params.iter().map(|_| u.fresh(Term::Unknown)).collect();
            for (a, gty) in args[1..].iter().zip(&sig.params) {
                let n = node_of_generic(u, gty, &params);
                u.unify(*a, n)?;
            }
            let r = node_of_generic(u, &sig.ret, &params);
            u.unify(res, r)?;
        }
        // `Rc::new(x)`, `Rc::clone(&r)`, and the prelude's `__rc_inner(r)`
        // (the value behind an `Rc`): all the same value once lowered.
        "rc_new" => fixed(u, res, Term::Rc(args[0]))?,
        "rc_clone" => {
            let inner = u.fresh(Term::Unknown);
            fixed(u, args[0], Term::Rc(inner))?;
            u.unify(args[0], res)?;
        }
        "rc_inner" => fixed(u, args[0], Term::Rc(res))?,
        // `s.parse()`: once the result's type is known, its error type is.
        "parse" => {
            fixed(u, args[0], Term::Str)?;
            let (ok, e) = (u.fresh(Term::Unknown), u.fresh(Term::Unknown));
            fixed(u, res, Term::Result(ok, e))?;
            let okn = u.find(ok);
            let err = match u.term[okn].clone() {
                Term::Int(_) | Term::IntVar => "ParseIntError",
                Term::F64 => "ParseFloatError",
                Term::Unknown => return Ok(false),
                _ => return Err(format!("parsing a `{}`: only integers and `f64` are parsed", u.show(ok))),
            };
            let sid = t.structs.iter().find(|(_, d)| d.name == err).map(|(s, _)| s).ok_or("no parse errors")?;
            fixed(u, e, Term::Struct(sid))?;
        }
        "deref" => {
            let n = u.find(args[0]);
            match u.term[n].clone() {
                Term::Rc(inner) => u.unify(inner, res)?,
                Term::Unknown => return Ok(false),
                _ => u.unify(args[0], res)?,
            }
        }
        "rc_ptr_eq" => {
            let inner = u.fresh(Term::Unknown);
            fixed(u, args[0], Term::Rc(inner))?;
            u.unify(args[0], args[1])?;
            fixed(u, res, Term::Bool)?;
        }
        "simple_call" | "deref_call" => {
            let Some(ConstValue::Func(g)) = vals[0].constant().map(|c| &c.value) else {
                return Err("call of a non-constant function".into());
            };
            let callee = &t.graphs[*g];
            if callee.param_tys.len() != args.len() - 1 {
                return Err(format!(
                    "`{}` takes {} arguments, {} given",
                    callee.name,
                    callee.param_tys.len(),
                    args.len() - 1
                ));
            }
            for (i, (a, ty)) in args[1..].iter().zip(&callee.param_tys).enumerate() {
                // A method called through an `Rc` gets the `Rc` as `self`.
                let n = match opname {
                    "deref_call" if i == 0 => u.node_of_ty(&Ty::Rc(Box::new(ty.clone()))),
                    _ => u.node_of_ty(ty),
                };
                u.coerce(*a, n)?;
            }
            let r = u.node_of_ty(&callee.ret_ty);
            u.unify(res, r)?;
        }
        "call_method" => {
            let name = vals[0].constant().and_then(|c| c.as_str()).ok_or("bad method name")?;
            let sig = method_sig(name).ok_or_else(|| format!("no method `{name}`"))?;
            let recv = args[1];
            match sig.recv {
                Recv::Int => fixed(u, recv, Term::IntVar)?,
                Recv::Float => fixed(u, recv, Term::F64)?,
                Recv::Number => {
                    if !u.is_known(recv) {
                        return Ok(false);
                    }
                }
            }
            if args.len() - 2 != sig.args.len() {
                return Err(format!("`{name}` takes {} arguments", sig.args.len()));
            }
            let rel = |u: &mut Unifier, r: &Rel| match r {
                Rel::SelfTy => recv,
                Rel::OptionSelf => u.fresh(Term::Option(recv)),
                Rel::Fixed(ty) => u.node_of_ty(ty),
            };
            for (a, r) in args[2..].iter().zip(&sig.args) {
                let n = rel(u, r);
                u.unify(*a, n)?;
            }
            let r = rel(u, &sig.ret);
            u.unify(res, r)?;
        }
        "panic" | "panic_assert_failed" => {
            if opname == "panic_assert_failed" {
                u.unify(args[0], args[1])?;
            }
            fixed(u, res, Term::Unit)?;
        }
        other => return Err(format!("unknown operation `{other}`")),
    }
    Ok(true)
}

/// The operations of an `unwrap` (see `apply_rule`) for an `Option` or a
/// `Result` operand. `unwrap_failed(x, msg, option_msg, pos)` panics with
/// the constant `option_msg` or the formatted `msg`.
fn rewrite_unwrap(op: &mut crate::flow::SpaceOperation, is_result: bool) {
    let (opname, args) = match (op.opname.as_str(), is_result) {
        ("unwrap_test", false) => ("is_some", op.args.clone()),
        ("unwrap_test", true) => ("is_ok", op.args.clone()),
        ("unwrap_payload", false) => ("some_payload", op.args.clone()),
        ("unwrap_payload", true) => ("ok_payload", op.args.clone()),
        ("unwrap_err", false) => {
            ("same_as", vec![Value::Const(crate::flow::Constant::new(ConstValue::Str(String::new()), Ty::Str))])
        }
        ("unwrap_err", true) => ("err_payload", op.args.clone()),
        ("unwrap_failed", false) => ("panic", vec![op.args[2].clone(), op.args[3].clone()]),
        (_, _) => ("panic_str", vec![op.args[1].clone(), op.args[3].clone()]),
    };
    op.opname = opname.into();
    op.args = args;
}

fn node_of_generic(u: &mut Unifier, g: &GenericTy, params: &[Node]) -> Node {
    match g {
        GenericTy::Param(i) => params[*i],
        GenericTy::Concrete(ty) => u.node_of_ty(ty),
        GenericTy::Tuple(items) => {
            let items = items.iter().map(|i| node_of_generic(u, i, params)).collect();
            u.fresh(Term::Tuple(items))
        }
        GenericTy::Option(inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::Option(n))
        }
        GenericTy::List(inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::List(n))
        }
        GenericTy::Iter(inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::Iter(n))
        }
        GenericTy::Result(ok, err) => {
            let (t, e) = (node_of_generic(u, ok, params), node_of_generic(u, err, params));
            u.fresh(Term::Result(t, e))
        }
    }
}

/// A call of a generic function, once its operands' types are known: the
/// call of its instance if there is one, else the call with the name and
/// the type arguments of the instance it needs (a `Tuple` constant, which
/// `generic_key` reads back).
fn rewrite_generic_call(
    t: &Translator,
    op: &mut crate::flow::SpaceOperation,
    result: &Ty,
    ty_of: impl Fn(&Value) -> Option<Ty>,
) -> Result<(), String> {
    let name = op.args[0].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string();
    let sig = &t.generic_fns[&name];
    let mut bound = vec![None; sig.type_params.len()];
    // Literals are typed later (`None` here): the other operands bind.
    for (a, g) in op.args[1..].iter().zip(&sig.params) {
        if let Some(ty) = ty_of(a) {
            g.bind(&ty, &mut bound);
        }
    }
    sig.ret.bind(result, &mut bound);
    let Some(tys) = bound.into_iter().collect::<Option<Vec<Ty>>>() else {
        return Err(format!("type annotations needed: the type parameters of `{name}` are not all known at this call"));
    };
    if let Some(&g) = t.generic_instances.get(&(name.clone(), tys.clone())) {
        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Func(g)));
        op.opname = "simple_call".into();
    } else {
        let key = std::iter::once(ConstValue::Str(name)).chain(tys.into_iter().map(ConstValue::Type)).collect();
        op.args[0] = Value::Const(crate::flow::Constant::meta(ConstValue::Tuple(key)));
    }
    Ok(())
}

/// The generic function and type arguments of a `generic_call` left for
/// want of an instance.
pub fn generic_key(k: &[ConstValue]) -> (String, Vec<Ty>) {
    let name = match &k[0] {
        ConstValue::Str(s) => s.clone(),
        _ => String::new(),
    };
    let tys = k[1..]
        .iter()
        .filter_map(|c| match c {
            ConstValue::Type(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    (name, tys)
}

/// The prelude method that implements `opname` on its operands' types, when
/// it is one: methods and indexing of dicts (an instance of the dict
/// template), comparisons and `+` of strings.
fn prelude_method(
    t: &Translator,
    opname: &str,
    args: &[Value],
    result: Ty,
    ty_of: impl Fn(&Value) -> Option<Ty>,
) -> Option<crate::flow::GraphId> {
    let (recv, name) = match opname {
        // `v.iter()`: a new iterator over `v`.
        "call_method" if matches!(args[0].constant()?.as_str()?, "iter" | "into_iter") => match ty_of(&args[1])? {
            Ty::List(item) => (Ty::Iter(item), "__new".to_string()),
            it => (it, "into_iter".to_string()),
        },
        "call_method" => (ty_of(&args[1])?, args[0].constant()?.as_str()?.to_string()),
        "newdict" | "cell_new" => (result, "__new".to_string()),
        "iter_list" => match ty_of(&args[0])? {
            Ty::Dict(k, v) if *v == Ty::Unit => (Ty::Dict(k, v), "keys".to_string()),
            d => (d, "__items".to_string()),
        },
        "getitem" => (ty_of(&args[0])?, "get".to_string()),
        "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "add" => (ty_of(&args[0])?, format!("__{opname}")),
        _ => return None,
    };
    if recv != Ty::Str && !recv.is_template() {
        return None;
    }
    t.methods.get(&(recv, name)).copied()
}
