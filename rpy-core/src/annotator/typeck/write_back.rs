//! Write-back: once every variable has its type, the operations that
//! depended on types are rewritten for the rtyper, and the `Infer`
//! constants become `Known` ones.

use super::{func_operand, name_operand, Diagnostic, GraphTypes, Inference};
use crate::diagnostic::Section;
use crate::flow::{ConstTy, ConstValue, Constant, FunctionGraph, GraphId, SpaceOperation, Value};
use crate::lang_items::LangItem;
use crate::prelude::instances::{self, Kind};
use crate::translator::Translator;
use crate::ty::{CellKind, Ty};

impl Inference<'_> {
    /// The types of the variables of `g`; its operations are rewritten by
    /// them and its literals get theirs.
    pub(super) fn write_back(mut self, g: &mut FunctionGraph) -> Result<GraphTypes, Diagnostic> {
        let types = GraphTypes { vars: (0..g.vars.len()).map(|v| self.u.resolve(v)).collect() };
        // (First: a literal operand's type may choose the rewriting, as
        // the instance of `1.cmp(&2)`.)
        self.type_literals(g)?;
        for b in self.blocks.clone() {
            let ops = &mut g.blocks[b].operations;
            super::inout::lower_inout(self.t, ops, &types).map_err(|(i, m)| {
                self.pos = ops[i].pos;
                self.err(m)
            })?;
        }
        for &b in &self.blocks {
            for op in &mut g.blocks[b].operations {
                self.pos = op.pos;
                lower_op(self.t, op, &types).map_err(|m| self.err(m))?;
            }
        }
        Ok(types)
    }

    /// Gives the `Infer` constants of `g` their types.
    fn type_literals(&mut self, g: &mut FunctionGraph) -> Result<(), Diagnostic> {
        for b in self.blocks.clone() {
            let block = &mut g.blocks[b];
            for op in &mut block.operations {
                let pos = op.pos;
                for a in &mut op.args {
                    self.type_literal(a).map_err(|message| Diagnostic::annotation(&self.graph, pos, message))?;
                }
            }
            for link in &mut block.exits {
                for a in &mut link.args {
                    self.type_literal(a).map_err(|message| Diagnostic::annotation(&self.graph, None, message))?;
                }
            }
        }
        Ok(())
    }

    /// An `Infer` constant becomes a `Known` one of the type inferred; an
    /// integer literal must fit it.
    fn type_literal(&mut self, v: &mut Value) -> Result<(), String> {
        if let Value::Const(c) = v {
            if let ConstTy::Infer(id) = c.ty {
                let ty = self.u.resolve(self.infer_nodes[&id]);
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
    }
}

impl GraphTypes {
    /// The type of an operand: a variable's, or a constant's once known.
    pub(super) fn of_value(&self, v: &Value) -> Option<Ty> {
        match v {
            Value::Var(x) => Some(self.vars[*x].clone()),
            Value::Const(c) => match &c.ty {
                ConstTy::Known(t) => Some(t.clone()),
                _ => None,
            },
        }
    }
}

/// Rewrites one operation for the rtyper, by the types of its operands and
/// result. Each step either finishes the operation (`true`) or passes it,
/// rewritten or not, to the next.
fn lower_op(t: &Translator, op: &mut SpaceOperation, types: &GraphTypes) -> Result<(), String> {
    let result = types.vars[op.result].clone();
    retarget_generic(t, op, &result, types);
    if lower_rc(op)
        || lower_copy_value(t, op, types)
        || lower_collect(t, op, &result, types)?
        || lower_unwrap(op, types)
        || lower_parse(t, op, &result)?
    {
        return Ok(());
    }
    lower_newlist_repeat(t, op, types);
    if op.opname == "release_borrow" {
        lower_release_borrow(t, op, types);
        return Ok(());
    }
    if op.opname == "generic_call" {
        return rewrite_generic_call(t, op, &result, |v| types.of_value(v));
    }
    if lower_format_arg(t, op, types)? || lower_to_instance(t, op, types) || lower_plain_clone(t, op, types) {
        return Ok(());
    }
    // The loop's `&mut` flag only served its typing.
    if op.opname == "iter_list" {
        op.args.truncate(1);
    }
    lower_to_prelude_method(t, op, result, types);
    Ok(())
}

/// A struct literal, a variant or a `match` arm of a generic type names
/// the type's prototype (or the instance of the `impl` it is in); it is
/// the instance its value's type is.
fn retarget_generic(t: &Translator, op: &mut SpaceOperation, result: &Ty, types: &GraphTypes) {
    let (meta, value_ty) = match op.opname.as_str() {
        "newstruct" | "newvariant" | "to_dyn" => (0, Some(result.clone())),
        "variant_is" | "variant_payload" => (1, types.of_value(&op.args[0])),
        _ => return,
    };
    let Some(ConstValue::Type(ty @ Ty::Struct(s))) = op.args[meta].constant().map(|c| &c.value) else { return };
    if t.prototype(ty).is_none() && !t.instance_of.contains_key(ty) {
        return;
    }
    let target = match value_ty {
        Some(Ty::Rc(inner)) => *inner,
        Some(ty) => ty,
        None => return,
    };
    let new = match (target, t.structs[*s].variant) {
        (inst @ Ty::Struct(_), None) => inst,
        (Ty::Enum(e), Some((_, i))) => match &t.enums[e].data {
            Some(data) => Ty::Struct(data.payloads[i]),
            None => return,
        },
        // (No instance yet: the rebuild loop adds it.)
        _ => return,
    };
    op.args[meta] = Value::Const(Constant::meta(ConstValue::Type(new)));
}

/// An `Rc` and a `&x` are their value once lowered; a trait object is
/// the variant of its value's type.
fn lower_rc(op: &mut SpaceOperation) -> bool {
    match op.opname.as_str() {
        "rc_new" | "rc_clone" | "rc_inner" | "deref" | "borrow" => op.opname = "same_as".into(),
        "to_dyn" => op.opname = "newvariant".into(),
        "deref_call" => op.opname = "simple_call".into(),
        _ => return false,
    }
    true
}

/// A place used by value: a list that may be an array, or a `Copy` struct
/// holding lists, is cloned (see `FnBuilder::copied`), by a `clone` method
/// call that the next steps lower; anything else is the value itself.
fn lower_copy_value(t: &Translator, op: &mut SpaceOperation, types: &GraphTypes) -> bool {
    if op.opname != "copy_value" {
        return false;
    }
    let may_be_array = op.args[1].constant().is_some_and(|c| c.value == ConstValue::Bool(true));
    op.args.truncate(1);
    let copy = types
        .of_value(&op.args[0])
        .is_some_and(|ty| (may_be_array && instances::holds_array(t, &ty)) || instances::holds_lists(t, &ty));
    if !copy {
        op.opname = "same_as".into();
        return true;
    }
    op.opname = "call_method".into();
    op.args.insert(0, name_operand("clone".into()));
    false
}

/// `collect()`: into a `String`, a call of the prelude's collector of chars
/// or of strings; into a list, a call of the iterator's `__collect` (a new
/// list of the items left), or the list itself.
fn lower_collect(t: &Translator, op: &mut SpaceOperation, result: &Ty, types: &GraphTypes) -> Result<bool, String> {
    if op.opname != "collect" {
        return Ok(false);
    }
    let from = types.of_value(&op.args[0]);
    // (Into a map or a set: the generic collector, which the next steps call.)
    if let (Ty::Dict(_, v), Some(Ty::Iter(_))) = (result, &from) {
        let f = if **v == Ty::Unit { LangItem::CollectSet } else { LangItem::CollectMap };
        op.opname = "generic_call".into();
        op.args.insert(0, Value::Const(Constant::meta(ConstValue::Str(f.name().into()))));
        return Ok(false);
    }
    let into = match (result, &from) {
        (Ty::Str, Some(Ty::Iter(item))) if **item == Ty::Char => t.graph_by_name(LangItem::CollectChars.name()),
        (Ty::Str, Some(Ty::Iter(item))) if **item == Ty::Str => t.graph_by_name(LangItem::CollectStrs.name()),
        (Ty::Str, other) => return Err(format!("collecting `{}` into a `String`", other.clone().unwrap_or(Ty::Unit))),
        (_, Some(it @ Ty::Iter(_))) => t.methods.get(&(it.clone(), LangItem::Collect.name().to_string())).copied(),
        _ => None,
    };
    match into {
        Some(f) => {
            op.opname = "simple_call".into();
            op.args.insert(0, func_operand(f));
        }
        None => op.opname = "same_as".into(),
    }
    Ok(true)
}

/// An `unwrap` (see `unwrap_rule`): the operations of an `Option` or a
/// `Result`, by its operand's type.
fn lower_unwrap(op: &mut SpaceOperation, types: &GraphTypes) -> bool {
    if !op.opname.starts_with("unwrap_") {
        return false;
    }
    let is_result = matches!(types.of_value(&op.args[0]), Some(Ty::Result(..)));
    if op.opname == "unwrap_absent" && !is_result {
        // (`None` of the result's type.)
        let ty = types.of_value(&Value::Var(op.result)).expect("typed");
        *op = SpaceOperation {
            opname: "same_as".into(),
            args: vec![Value::Const(Constant::new(ConstValue::None, ty))],
            ..op.clone()
        };
        return true;
    }
    rewrite_unwrap(op, is_result);
    true
}

/// `s.parse()`: the parser of the result's type, the prelude's
/// `__parse_f64`, or the integers' generic parser (a `generic_call`, which
/// the next steps lower).
fn lower_parse(t: &Translator, op: &mut SpaceOperation, result: &Ty) -> Result<bool, String> {
    if op.opname != "parse" {
        return Ok(false);
    }
    match result {
        Ty::Result(ok, _) if **ok == Ty::F64 => {
            let f = t.methods[&(Ty::Str, LangItem::ParseF64.name().to_string())];
            op.opname = "simple_call".into();
            op.args.insert(0, func_operand(f));
            Ok(true)
        }
        Ty::Result(ok, _) => {
            let Ty::Int(it) = **ok else { return Err(format!("parsing a `{ok}`")) };
            op.args = crate::lang_items::parse_int_args(it, op.args[0].clone());
            op.opname = "generic_call".into();
            Ok(false)
        }
        _ => unreachable!("typed by apply_rule"),
    }
}

/// `vec![x; n]` of objects: each slot its own clone, by the prelude's
/// `__vec_from_elem` (a `generic_call`, which the next steps lower). A
/// function pointer is immutable: sharing it is copying it.
fn lower_newlist_repeat(t: &Translator, op: &mut SpaceOperation, types: &GraphTypes) {
    let object = |ty: &Ty| match ty {
        Ty::Fn(..) => false,
        Ty::Option(inner) if matches!(**inner, Ty::Fn(..)) => false,
        ty => !instances::is_plain_value(t, ty),
    };
    if op.opname == "newlist_repeat" && types.of_value(&op.args[0]).is_some_and(|ty| object(&ty)) {
        op.args.insert(0, name_operand(LangItem::VecFromElem.name().into()));
        op.opname = "generic_call".into();
    }
}

/// `format_arg`: an iterator is refused; `{}` of a std error type is its
/// `Display`, the prelude's `__display`.
fn lower_format_arg(t: &Translator, op: &mut SpaceOperation, types: &GraphTypes) -> Result<bool, String> {
    if op.opname != "format_arg" {
        return Ok(false);
    }
    if matches!(types.of_value(&op.args[1]), Some(Ty::Iter(_))) {
        return Err(format!("formatting an iterator is not translated (its `Debug` shows std's internals): format the `Vec` of its items, `it.clone().collect::<Vec<_>>()` ({})", Section::Iterators.see()));
    }
    let spec = op.args[2].constant().and_then(|c| c.as_int()).map(|b| rpy_fmt::Spec::decode(b as u64));
    let display = spec.as_ref().is_some_and(|s| s.ty == rpy_fmt::FmtType::Display);
    let plain = spec == Some(rpy_fmt::Spec::default())
        && op.args[3..].iter().all(|a| a.constant().and_then(|c| c.as_int()) == Some(-1));
    let method =
        types.of_value(&op.args[1]).and_then(|ty| t.methods.get(&(ty, LangItem::Display.name().to_string())).copied());
    let (true, Some(f)) = (display, method) else { return Ok(false) };
    if !plain {
        return Err(format!("only `{{}}` without width or precision formats an error ({})", Section::Formatting.see()));
    }
    op.args = vec![func_operand(f), op.args[1].clone(), op.args[0].clone()];
    op.opname = "simple_call".into();
    Ok(true)
}

/// An operation an instance of the prelude's `Eq`, `Ord`, `Clone` or
/// `Debug` implements (`instances::needed`): a call of the instance's
/// function once it exists. Until then the operation is left as it is:
/// the driver makes the instance and infers the types again.
fn lower_to_instance(t: &Translator, op: &mut SpaceOperation, types: &GraphTypes) -> bool {
    let Some((kind, ty)) = instances::needed(t, &op.opname, &op.args, |v| types.of_value(v)) else {
        return false;
    };
    if let Some(fns) = t.instances.get(&(kind, ty)) {
        // (A method call is its kind's first function, but `to_string`.)
        let which = match op.args[0].constant().and_then(|c| c.as_str()) {
            Some(m) if op.opname == "call_method" => kind.ops().iter().position(|o| *o == m),
            _ => kind.ops().iter().position(|o| *o == op.opname),
        }
        .unwrap_or(0);
        let f = func_operand(fns[which]);
        op.args = match kind {
            Kind::Eq | Kind::Ord => vec![f, op.args[0].clone(), op.args[1].clone()],
            Kind::Clone => vec![f, op.args[1].clone()],
            Kind::Display if which == 1 => vec![f, op.args[1].clone()],
            Kind::Debug | Kind::Display => vec![f, op.args[1].clone(), op.args[0].clone()],
        };
        op.opname = "simple_call".into();
    }
    true
}

/// The clone of a plain value is the value.
fn lower_plain_clone(t: &Translator, op: &mut SpaceOperation, types: &GraphTypes) -> bool {
    let clone = op.opname == "call_method" && op.args[0].constant().and_then(|c| c.as_str()) == Some("clone");
    if !clone || !types.of_value(&op.args[1]).is_some_and(|ty| instances::is_plain_value(t, &ty)) {
        return false;
    }
    op.opname = "same_as".into();
    op.args.remove(0);
    true
}

/// `release_borrow(x, kind)`, where the flow space saw a borrow end: the
/// `RefCell`'s `__release` (`x` may be an `Rc` of it), nothing for a
/// `borrow()` of another type.
fn lower_release_borrow(t: &Translator, op: &mut SpaceOperation, types: &GraphTypes) {
    let cell = match types.of_value(&op.args[0]) {
        Some(Ty::Rc(inner)) => *inner,
        Some(ty) => ty,
        None => Ty::Unit,
    };
    let release = match &cell {
        Ty::Cell(CellKind::RefCell, _) => {
            t.methods.get(&(cell.clone(), LangItem::CellRelease.name().to_string())).copied()
        }
        _ => None,
    };
    match release {
        Some(m) => {
            let mutably = op.args[1].constant().and_then(|c| c.as_str()) == Some("mut");
            op.args = vec![
                func_operand(m),
                op.args[0].clone(),
                Value::Const(Constant::new(ConstValue::Bool(mutably), Ty::Bool)),
            ];
            op.opname = "simple_call".into();
        }
        None => {
            op.args = vec![Value::Const(Constant::new(ConstValue::Unit, Ty::Unit))];
            op.opname = "same_as".into();
        }
    }
}

/// An operation a prelude method implements (`prelude_method`): a call of
/// it.
fn lower_to_prelude_method(t: &Translator, op: &mut SpaceOperation, result: Ty, types: &GraphTypes) {
    let Some(m) = prelude_method(t, &op.opname, &op.args, result, |v| types.of_value(v)) else { return };
    let func = func_operand(m);
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

/// The operations of an `unwrap` (see `unwrap_rule`) for an `Option` or a
/// `Result` operand. `unwrap_failed(x, msg, option_msg, pos)` panics with
/// the constant `option_msg` or the formatted `msg`.
fn rewrite_unwrap(op: &mut SpaceOperation, is_result: bool) {
    let (opname, args) = match (op.opname.as_str(), is_result) {
        ("unwrap_test", false) => ("is_some", op.args.clone()),
        ("unwrap_test", true) => ("is_ok", op.args.clone()),
        ("unwrap_payload", false) => ("some_payload", op.args.clone()),
        ("unwrap_payload", true) => ("ok_payload", op.args.clone()),
        ("unwrap_err", false) => {
            ("same_as", vec![Value::Const(Constant::new(ConstValue::Str(String::new()), Ty::Str))])
        }
        ("unwrap_err", true) => ("err_payload", op.args.clone()),
        ("unwrap_rewrap", false) => ("newsome", vec![op.args[1].clone()]),
        ("unwrap_rewrap", true) => ("newok", vec![op.args[1].clone()]),
        ("unwrap_absent", _) => ("newerr", vec![op.args[1].clone()]),
        ("unwrap_failed", false) => ("panic", vec![op.args[2].clone(), op.args[3].clone()]),
        (_, _) => ("panic_str", vec![op.args[1].clone(), op.args[3].clone()]),
    };
    op.opname = opname.into();
    op.args = args;
}

/// A call of a generic function, once its operands' types are known: the
/// call of its instance if there is one, else the call with the name and
/// the type arguments of the instance it needs (a `Tuple` constant, which
/// `generic_key` reads back).
fn rewrite_generic_call(
    t: &Translator,
    op: &mut SpaceOperation,
    result: &Ty,
    ty_of: impl Fn(&Value) -> Option<Ty>,
) -> Result<(), String> {
    let (name, written) = generic_target(&op.args[0]).unwrap_or_default();
    let sig = &t.generic_fns[&name];
    // (A type written with holes is known from the rest, as they are.)
    let mut bound: Vec<Option<Ty>> =
        (0..sig.type_params.len()).map(|i| written.get(i).filter(|ty| !ty.has_infer()).cloned()).collect();
    for (a, g) in op.args[1..].iter().zip(&sig.params) {
        if let Some(ty) = ty_of(a) {
            // (`self` of a generic type's method may be an `Rc` of it.)
            let ty = match (g, ty) {
                (crate::ty::GenericTy::Adt(..), Ty::Rc(inner)) => *inner,
                (_, ty) => ty,
            };
            g.bind(&ty, &mut bound, &|ty| t.generic_of(ty));
        }
    }
    sig.ret.bind(result, &mut bound, &|ty| t.generic_of(ty));
    let Some(tys) = bound.into_iter().collect::<Option<Vec<Ty>>>() else {
        return Err(format!("type annotations needed: the type parameters of `{name}` are not all known at this call"));
    };
    if let Some(&g) = t.generic_instances.get(&(name.clone(), tys.clone())) {
        if !t.graphs[g].inout.is_empty() {
            let tys: Vec<String> = tys.iter().map(|ty| t.type_name(ty)).collect();
            return Err(format!(
                "`{name}` takes a `&mut` of a value for the type arguments `{}`: a generic function's `&mut T` is translated where `T` is a type of objects (a struct that is not `Copy`, a `Vec`, a `String`, ...), not a value, which a call copies in and out ({}); write a function for the value's type",
                tys.join(", "),
                Section::Generics.see()
            ));
        }
        op.args[0] = func_operand(g);
        op.opname = "simple_call".into();
    } else {
        let key = std::iter::once(ConstValue::Str(name)).chain(tys.into_iter().map(ConstValue::Type)).collect();
        op.args[0] = Value::Const(Constant::meta(ConstValue::Tuple(key)));
    }
    Ok(())
}

/// The generic function a `generic_call` calls (its first operand) and the
/// type arguments written at the call (`f::<i64>(x)`, `Stack::<u8>::new()`;
/// `_` where left to inference), if any.
pub fn generic_target(v: &Value) -> Option<(String, Vec<Ty>)> {
    match v.constant().map(|c| &c.value)? {
        ConstValue::Str(name) => Some((name.clone(), vec![])),
        ConstValue::Tuple(k) => Some(generic_key(k)),
        _ => None,
    }
}

/// The generic function and type arguments of a `generic_call` left for
/// want of an instance, or called with type arguments.
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
) -> Option<GraphId> {
    let (recv, name) = match opname {
        // `v.iter()`: a new iterator over `v`.
        "call_method" if matches!(args[0].constant()?.as_str()?, "iter" | "into_iter") => match ty_of(&args[1])? {
            Ty::List(item) => (Ty::Iter(item), LangItem::New.name().to_string()),
            it => (it, "into_iter".to_string()),
        },
        "call_method" => (ty_of(&args[1])?, args[0].constant()?.as_str()?.to_string()),
        "newdict" | "cell_new" => (result, LangItem::New.name().to_string()),
        "iter_list" => match ty_of(&args[0])? {
            Ty::Dict(k, v) if *v == Ty::Unit => (Ty::Dict(k, v), "keys".to_string()),
            d => (d, LangItem::Items.name().to_string()),
        },
        "getitem" => (ty_of(&args[0])?, "get".to_string()),
        // `a + b` on a type implementing `std::ops::Add`: its `add`.
        _ if matches!(args.first().and_then(&ty_of), Some(Ty::Struct(_) | Ty::Enum(_))) => {
            let m = crate::flow::traits::operator_method(opname)?;
            return t.methods.get(&(ty_of(&args[0])?, m.to_string())).copied();
        }
        "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "add" => {
            (ty_of(&args[0])?, LangItem::str_operator(opname)?.name().to_string())
        }
        _ => return None,
    };
    if recv != Ty::Str && !recv.is_template() {
        return None;
    }
    t.methods.get(&(recv, name)).copied()
}
