//! The resolution of `call_method` by the receiver's type: the call of the
//! method's graph or of a prelude function, which its rule then types, or a
//! call typed here from the method's signature. The rule of `call_method`
//! itself (`method_sig`) types the methods left, those of numbers.

use super::{func_operand, name_operand, Diagnostic, Inference, Node, Term, Unifier};
use crate::diagnostic::Section;
use crate::entity::EntityRef;
use crate::flow::{ConstValue, GraphId, SpaceOperation};
use crate::lang_items::{self, LangItem, StdTrait};
use crate::methods::{
    dict_method_sig, is_iter_method, iter_method_sig, list_method_sig, method_sig, DictRel, ListRel, CELL_METHODS,
    ITER_METHODS_TEXT,
};
use crate::ty::{IntTy, Ty};
use std::ops::ControlFlow;

/// What resolving a method call did.
pub(super) enum Resolved {
    /// Typed the call: no rule is left to apply.
    Typed,
    /// Nothing: the receiver's type is not known enough yet.
    Waiting,
    /// Left the operation, rewritten or not, to its rule.
    ByRule,
}

impl Inference<'_> {
    /// Resolves a `call_method` by its receiver's type. A rewrite of `op` is
    /// recorded (`rewrite`) as soon as it is made.
    pub(super) fn resolve_method(&mut self, op: &mut SpaceOperation) -> Result<Resolved, Diagnostic> {
        let recv = self.node_of(&op.args[1]);
        let name = op.args[0].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string();
        let mut rn = self.u.find(recv);
        let via_rc = matches!(self.u.term[rn], Term::Rc(_));
        if let Term::Rc(inner) = self.u.term[rn] {
            match self.through_rc(op, recv, inner, &name)? {
                ControlFlow::Continue(inner) => rn = inner,
                ControlFlow::Break(resolved) => return Ok(resolved),
            }
        }
        let call = if via_rc { "deref_call" } else { "simple_call" };
        let recv_ty = match self.u.term[rn].clone() {
            // A generic type's methods are its instance's, once it has one;
            // until then, typed from the generic signature of the method.
            Term::Adt(proto, _) => match self.u.resolve_known(rn) {
                Some(inst @ (Ty::Struct(_) | Ty::Enum(_))) => Some(inst),
                known => {
                    if let Some(f) = self.generic_method(&proto, &name) {
                        return Ok(self.call_generic(op, f));
                    }
                    // (A derived method, `clone`, `partial_cmp`, ...: the
                    // same for the instance to make.)
                    if known.is_none() && name != "clone" && name != "to_string" {
                        return Ok(Resolved::Waiting);
                    }
                    None
                }
            },
            term => own_methods_ty(&term),
        };
        // Structs, enums and strings have only their own methods;
        // numbers and `char` also have those of `method_sig`.
        let own_method_ty = recv_ty.clone().filter(|r| {
            !matches!(r, Ty::Char | Ty::Int(_) | Ty::F64) || self.t.methods.contains_key(&(r.clone(), name.clone()))
        });
        // An integer of a type not known yet may have one.
        if matches!(self.u.term[rn], Term::IntVar)
            && method_sig(&name).is_none()
            && [IntTy::U8, IntTy::I64].iter().any(|&it| self.t.methods.contains_key(&(Ty::Int(it), name.clone())))
        {
            return Ok(Resolved::Waiting);
        }
        // Whether the receiver's type has a method of this name of its own
        // (an iterator's are its template's). Else `.clone()` is the
        // derived or std `Clone`, `.to_string()` a `Display`'s, `.cmp()`
        // the prelude's.
        let has_own = recv_ty.as_ref().is_some_and(|r| self.t.methods.contains_key(&(r.clone(), name.clone())))
            || matches!(self.u.term[rn], Term::Iter(_));
        if name == "clone" && op.args.len() == 2 && !has_own {
            self.unify(op.result.index(), recv)?;
            return Ok(Resolved::Typed);
        }
        // `.to_string()` of a type implementing `Display` is its `{}`
        // (write-back calls the instance, `prelude::instances`).
        let display = |r: &Ty| self.t.std_impls.contains(&(r.clone(), StdTrait::Display));
        if name == "to_string" && op.args.len() == 2 && !has_own && recv_ty.as_ref().is_some_and(display) {
            let s = self.u.node_of_ty(&Ty::Str);
            self.unify(op.result.index(), s)?;
            return Ok(Resolved::Typed);
        }
        if name == "into" && op.args.len() == 2 {
            return self.resolve_conversion(op);
        }
        let name = self.set_method_name(rn, name, op.args.len());
        // `a.cmp(&b)` of a type without a `cmp` of its own (numbers,
        // strings, derived `Ord`): the prelude's, from `<` and `==`.
        if crate::methods::ORD_METHODS.contains(&name.as_str()) && op.args.len() == 3 && !has_own {
            if matches!(self.u.term[rn], Term::Unknown) {
                return Ok(self.wait_for_receiver(&name));
            }
            let f = if name == "cmp" { LangItem::Cmp } else { LangItem::PartialCmp };
            return Ok(self.call_generic(op, f.name().into()));
        }
        if let Some(recv_ty) = own_method_ty {
            return self.resolve_own_method(op, recv_ty, name, call);
        }
        match self.u.term[rn].clone() {
            // `x.to_string()` of a number, `bool` or `char` is
            // `format!("{}", x)`, in the prelude's `__to_string`.
            Term::Int(_) | Term::IntVar | Term::F64 | Term::Bool | Term::Char if name == "to_string" => {
                Ok(self.call_generic(op, LangItem::ToString.name().into()))
            }
            // `opt.cloned()`: the payload's clone.
            Term::Option(_) if name == "cloned" && op.args.len() == 2 => {
                Ok(self.call_generic(op, LangItem::OptionCloned.name().into()))
            }
            Term::List(item) => self.resolve_list_method(op, item, &name),
            Term::Iter(item) => self.resolve_iter_method(op, item, &name),
            Term::Dict(k, v) => self.resolve_dict_method(op, rn, (k, v), name, call),
            Term::Cell(_, inner) => self.resolve_cell_method(op, recv, rn, inner, &name, call),
            Term::Unknown => Ok(self.wait_for_receiver(&name)),
            _ => Ok(Resolved::ByRule),
        }
    }

    /// The generic function `Type::name` of the generic type `proto`, if it
    /// has one (a method of a generic `impl`, typed before the instance).
    pub(super) fn generic_method(&self, proto: &Ty, name: &str) -> Option<String> {
        let f = format!("{}::{name}", self.t.generic_types[proto].name);
        self.t.generic_fns.contains_key(&f).then_some(f)
    }

    /// Indexing and `for` loops over a value of a generic type are calls of
    /// its methods `__getitem(&self, i) -> T`, `__setitem(self, i, v) ->
    /// Self` (the updated value, as `setitem` gives it) and `__iter_list(&self)
    /// -> Vec<T>` (a list of its items, which the loop indexes): the
    /// prelude's `VecDeque`, `BTreeMap` and `BTreeSet` define them.
    pub(super) fn container_protocol(&mut self, op: &mut SpaceOperation) -> Result<(), Diagnostic> {
        let method = match op.opname.as_str() {
            "getitem" => "__getitem",
            "setitem" => "__setitem",
            _ => "__iter_list",
        };
        let n = self.node_of(&op.args[0]);
        let n = self.u.find(n);
        let Term::Adt(proto, _) = self.u.term[n].clone() else { return Ok(()) };
        if self.generic_method(&proto, method).is_none() {
            return Ok(());
        }
        if op.opname == "iter_list" {
            let mutable = op.args.get(1).and_then(|v| v.constant()).is_some_and(|c| c.value == ConstValue::Bool(true));
            if mutable {
                let shown = self.u.show(n);
                return Err(self.err(format!(
                    "a `for` loop over `&mut` (or `iter_mut()`) of a `{shown}` is not translated: index it instead ({})",
                    Section::Iterators.see()
                )));
            }
            op.args.truncate(1);
        }
        op.opname = "call_method".into();
        op.args.insert(0, name_operand(method.into()));
        self.rewrite(op);
        Ok(())
    }

    /// `collect()` into a generic type with associated functions
    /// `__from_iter(items: __Iter<T>) -> Self` and `__from_vec(items:
    /// Vec<T>) -> Self` (the prelude's collections) is a call of the one
    /// for what is collected.
    pub(super) fn collect_into_generic_type(&mut self, op: &mut SpaceOperation) {
        let rn = self.u.find(op.result.index());
        let Term::Adt(proto, _) = self.u.term[rn].clone() else { return };
        let from = self.node_of(&op.args[0]);
        let from = self.u.find(from);
        let f = match self.u.term[from] {
            Term::List(_) => "__from_vec",
            Term::Unknown => return,
            _ => "__from_iter",
        };
        if let Some(f) = self.generic_method(&proto, f) {
            op.opname = "generic_call".into();
            op.args.insert(0, name_operand(f));
            self.rewrite(op);
        }
    }

    /// A method called through an `Rc`: `.clone()` shares the `Rc`; the
    /// other methods are the inner value's, called with the `Rc`
    /// (`deref_call`), and `Continue` gives the inner value's node.
    fn through_rc(
        &mut self,
        op: &mut SpaceOperation,
        recv: Node,
        inner: Node,
        name: &str,
    ) -> Result<ControlFlow<Resolved, Node>, Diagnostic> {
        if name == "clone" && op.args.len() == 2 {
            op.opname = "rc_clone".into();
            op.args.remove(0);
            self.rewrite(op);
            self.unify(op.result.index(), recv)?;
            return Ok(ControlFlow::Break(Resolved::Typed));
        }
        let rn = self.u.find(inner);
        if !matches!(
            self.u.term[rn],
            Term::Struct(_) | Term::Enum(_) | Term::Adt(..) | Term::Str | Term::Cell(..) | Term::Unknown
        ) {
            let message = format!(
                "`{name}` through an `Rc<{}>`: only methods of structs, enums, strings and cells are translated through an `Rc`",
                self.u.show(rn)
            );
            return Err(self.err(message));
        }
        if matches!(self.u.term[rn], Term::Unknown) {
            return Ok(ControlFlow::Break(Resolved::Waiting));
        }
        Ok(ControlFlow::Continue(rn))
    }

    /// The name of the method `name` of the receiver `rn` when it is a
    /// `HashSet<K>`: a `HashMap<K, ()>` whose methods have their own names.
    fn set_method_name(&mut self, rn: Node, name: String, nargs: usize) -> String {
        let is_set = match self.u.term[rn] {
            Term::Dict(_, v) => {
                let vn = self.u.find(v);
                matches!(self.u.term[vn], Term::Unit)
            }
            _ => false,
        };
        if !is_set {
            return name;
        }
        match name.as_str() {
            "insert" if nargs == 3 => "set_insert".to_string(),
            "remove" => "set_remove".to_string(),
            "contains" => "contains_key".to_string(),
            _ => name,
        }
    }

    /// A method of the receiver's type's own (`Translator::methods`): the
    /// call of its graph.
    fn resolve_own_method(
        &mut self,
        op: &mut SpaceOperation,
        recv_ty: Ty,
        name: String,
        call: &str,
    ) -> Result<Resolved, Diagnostic> {
        // A `char` pattern (`s.find(',')`) has the prelude's `__find_char`.
        // (The pattern is the first argument, the second of `splitn`.)
        let pattern = if name == "splitn" { 3 } else { 2 };
        let char_arg = op.args.len() > pattern && {
            let a = self.node_of(&op.args[pattern]);
            let a = self.u.find(a);
            matches!(self.u.term[a], Term::Char)
        };
        let char_name = lang_items::char_pattern_method(&name);
        let name = match recv_ty {
            Ty::Str if char_arg && self.t.methods.contains_key(&(Ty::Str, char_name.clone())) => char_name,
            _ => name,
        };
        let Some(&m) = self.t.methods.get(&(recv_ty.clone(), name.clone())) else {
            let ty = self.t.type_name(&recv_ty);
            return Err(self.err(match &recv_ty {
                Ty::Enum(e) if self.t.trait_objects.contains_key(e) => format!(
                    "no method `{name}` on `{ty}`: a trait object has the methods of its trait that take `&self` or `&mut self` and name `Self` nowhere else; call the others on a value of a known type ({})",
                    Section::TraitObjects.see()
                ),
                ty_ if self.t.std_impls.contains(&(ty_.clone(), StdTrait::Iterator)) => format!(
                    "no method `{name}` on `{ty}`: an iterator of the module is translated in `for` loops and `next()` calls, not with std's adaptors and consumers; write a `for` loop over it ({})",
                    Section::Iterators.see()
                ),
                _ => format!("no method `{name}` on `{ty}`"),
            }));
        };
        Ok(self.call_graph(op, call, m))
    }

    /// A method of `Vec`: one of `list_method_sig`, typed by its signature,
    /// or the prelude's generic function for it.
    fn resolve_list_method(&mut self, op: &mut SpaceOperation, item: Node, name: &str) -> Result<Resolved, Diagnostic> {
        // `v.iter()`, `v.into_iter()` outside a `for` loop: an iterator
        // over the list (write-back: `prelude_method`).
        if (name == "iter" || name == "into_iter") && op.args.len() == 2 {
            let it = self.u.fresh(Term::Iter(item));
            self.unify(op.result.index(), it)?;
            return Ok(Resolved::Typed);
        }
        let Some(sig) = list_method_sig(name) else {
            let f = lang_items::vec_fn(name);
            if !self.t.generic_fns.contains_key(&f) {
                return Err(self.err(format!("no method `{name}` on `Vec` ({})", Section::Vec.see())));
            }
            return Ok(self.call_generic(op, f));
        };
        self.type_by_sig(op, name, item, sig)?;
        Ok(Resolved::Typed)
    }

    /// A method of an iterator: one of the iterator template, typed by its
    /// signature (write-back calls it, `prelude_method`), or the prelude's
    /// generic `__iter_*`.
    fn resolve_iter_method(&mut self, op: &mut SpaceOperation, item: Node, name: &str) -> Result<Resolved, Diagnostic> {
        if let Some(sig) = iter_method_sig(name) {
            self.type_by_sig(op, name, item, sig)?;
            return Ok(Resolved::Typed);
        }
        let f = lang_items::iter_fn(name);
        if !self.t.generic_fns.contains_key(&f) {
            return Err(self.err(format!("no method `{name}` on an iterator: rpy translates {ITER_METHODS_TEXT}; adaptors taking closures (`map`, `filter`, ...) are translated in a chain written from its source (`v.iter().map(..)`, `s.chars().filter(..)`) to its consumer or `for` loop, not on an iterator held in a variable ({})", Section::Iterators.see())));
        }
        Ok(self.call_generic(op, f))
    }

    /// A method of a `HashMap` (or a `HashSet`): its instance's, once the
    /// dict's type is known and it has one; else typed by `dict_method_sig`,
    /// under the name a set's method takes.
    fn resolve_dict_method(
        &mut self,
        op: &mut SpaceOperation,
        rn: Node,
        (k, v): (Node, Node),
        name: String,
        call: &str,
    ) -> Result<Resolved, Diagnostic> {
        if let Some(m) = self.instance_method(rn, &name) {
            return Ok(self.call_graph(op, call, m));
        }
        op.args[0] = name_operand(name.clone());
        self.rewrite(op);
        let (params, ret) = dict_method_sig(&name)
            .ok_or_else(|| self.err(format!("no method `{name}` on `HashMap` ({})", Section::Maps.see())))?;
        if params.len() != op.args.len() - 2 {
            return Err(self.err(format!("`{name}` takes {} arguments", params.len())));
        }
        for (a, r) in op.args[2..].iter().zip(&params) {
            let an = self.node_of(a);
            let rn = dict_rel(&mut self.u, (k, v), r);
            self.unify(an, rn)?;
        }
        let rn = dict_rel(&mut self.u, (k, v), &ret);
        self.unify(op.result.index(), rn)?;
        Ok(Resolved::Typed)
    }

    /// A method of a `Cell` or a `RefCell`: its instance's, once the cell's
    /// type is known and it has one; else typed by `type_cell_method`.
    fn resolve_cell_method(
        &mut self,
        op: &mut SpaceOperation,
        recv: Node,
        rn: Node,
        inner: Node,
        name: &str,
        call: &str,
    ) -> Result<Resolved, Diagnostic> {
        if let Some(m) = self.instance_method(rn, name) {
            return Ok(self.call_graph(op, call, m));
        }
        self.type_cell_method(op, recv, inner, name)?;
        Ok(Resolved::Typed)
    }

    /// Before the cell's instance exists: its methods' types.
    fn type_cell_method(&mut self, op: &SpaceOperation, recv: Node, inner: Node, name: &str) -> Result<(), Diagnostic> {
        let takes_value = match name {
            "get" | "borrow" | "borrow_mut" | "into_inner" => false,
            n if n == LangItem::CellValue.name() => false,
            "set" | "replace" => true,
            n if n == LangItem::CellSet.name() => true,
            "swap" => {
                let an = self.node_of(&op.args[2]);
                self.unify(an, recv)?;
                let unit = self.u.fresh(Term::Unit);
                return self.unify(op.result.index(), unit);
            }
            _ => return Err(self.err(format!("no method `{name}` on `Cell`/`RefCell` ({})", Section::Cells.see()))),
        };
        if op.args.len() - 2 != takes_value as usize {
            return Err(self.err(format!("`{name}` takes {} arguments", takes_value as usize)));
        }
        if takes_value {
            let an = self.node_of(&op.args[2]);
            self.unify(an, inner)?;
        }
        let rn = if takes_value && name != "replace" { self.u.fresh(Term::Unit) } else { inner };
        self.unify(op.result.index(), rn)
    }

    /// The method `name` of the instance of the dict or cell template that
    /// the receiver `rn` is, once its type is known.
    fn instance_method(&mut self, rn: Node, name: &str) -> Option<GraphId> {
        let ty = self.u.resolve_known(rn)?;
        self.t.methods.get(&(ty, name.to_string())).copied()
    }

    /// A method of a receiver whose type is not known yet. It waits when
    /// the method is one of a dict, a cell, a list or an iterator that
    /// `method_sig` does not type, or one of some type's own; else the rule
    /// of `call_method` types it.
    fn wait_for_receiver(&self, name: &str) -> Resolved {
        let of_a_container = dict_method_sig(name).is_some()
            || CELL_METHODS.contains(&name)
            || list_method_sig(name).is_some()
            || self.t.generic_fns.contains_key(&lang_items::vec_fn(name))
            || is_iter_method(name);
        if (of_a_container && method_sig(name).is_none()) || self.t.methods.keys().any(|(_, n)| n == name) {
            Resolved::Waiting
        } else {
            Resolved::ByRule
        }
    }

    /// Rewrites the method call into a call of the method's graph `m`
    /// (`call` is `deref_call` through an `Rc`), for its rule to type.
    fn call_graph(&mut self, op: &mut SpaceOperation, call: &str, m: GraphId) -> Resolved {
        op.opname = call.into();
        op.args[0] = func_operand(m);
        self.rewrite(op);
        Resolved::ByRule
    }

    /// Rewrites the method call into a call of the prelude's generic
    /// function `f`, for its rule to type.
    fn call_generic(&mut self, op: &mut SpaceOperation, f: String) -> Resolved {
        op.opname = "generic_call".into();
        op.args[0] = name_operand(f);
        self.rewrite(op);
        Resolved::ByRule
    }

    /// Types a method call on a list or an iterator of `item`s from the
    /// method's signature (arguments, result).
    fn type_by_sig(
        &mut self,
        op: &SpaceOperation,
        name: &str,
        item: Node,
        (params, ret): (Vec<ListRel>, ListRel),
    ) -> Result<(), Diagnostic> {
        if params.len() != op.args.len() - 2 {
            return Err(self.err(format!("`{name}` takes {} arguments", params.len())));
        }
        for (a, r) in op.args[2..].iter().zip(&params) {
            let an = self.node_of(a);
            let rn = list_rel(&mut self.u, item, r);
            self.unify(an, rn)?;
        }
        let rn = list_rel(&mut self.u, item, &ret);
        self.unify(op.result.index(), rn)
    }
}

/// The type whose own methods (`Translator::methods`) a receiver of type
/// `term` has, if any: a struct, an enum, `String`, and the numbers and
/// `char` of the prelude's `impl char`, `impl u8` (`char.rs`), `impl i64`
/// and the others (`num.rs`).
fn own_methods_ty(term: &Term) -> Option<Ty> {
    match term {
        Term::Struct(s) => Some(Ty::Struct(*s)),
        Term::Enum(e) => Some(Ty::Enum(*e)),
        Term::Str => Some(Ty::Str),
        Term::Char => Some(Ty::Char),
        Term::Int(it) => Some(Ty::Int(*it)),
        Term::F64 => Some(Ty::F64),
        _ => None,
    }
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

/// The type `r` stands for in the signature of a method of dicts from `k`
/// to `v`.
fn dict_rel(u: &mut Unifier, (k, v): (Node, Node), r: &DictRel) -> Node {
    match r {
        DictRel::Key => k,
        DictRel::Value => v,
        DictRel::OptionValue => u.fresh(Term::Option(v)),
        DictRel::Keys => u.fresh(Term::List(k)),
        DictRel::Values => u.fresh(Term::List(v)),
        DictRel::Fixed(ty) => u.node_of_ty(ty),
    }
}
