//! The write-backs of `&mut` arguments of values (`flow::builder::inout`):
//! typed once the call is resolved, then made reads of the tuple the
//! callee returns and stores into the place, or nothing where the callee's
//! parameter is not `inout`.

use super::{Diagnostic, GraphTypes, Inference, OpId};
use crate::diagnostic::Section;
use crate::entity::EntityRef;
use crate::flow::{ConstValue, Constant, FunctionGraph, SpaceOperation, Value, VarId};
use crate::translator::Translator;
use crate::ty::Ty;
use std::collections::{HashMap, HashSet};

impl Inference<'_> {
    /// Types `inout_result(r0)`, the result of the call `r0` (the first
    /// item of the tuple it returns when its callee has `inout`
    /// parameters); `Ok(false)` until the call is typed, its method (if
    /// it is one) resolved for good.
    pub(super) fn type_inout_result(
        &mut self,
        g: &FunctionGraph,
        (b, i): OpId,
        op: &SpaceOperation,
    ) -> Result<bool, Diagnostic> {
        let at = (0..i).rev().find(|&j| Value::Var(self.op_at(g, (b, j)).result) == op.args[0]);
        let Some(at) = at else { return Err(self.err("a write-back without its call".into())) };
        if !self.typed.contains(&(b, at)) {
            return Ok(false);
        }
        let call = self.op_at(g, (b, at)).clone();
        let res = op.result.index();
        let n = match inout_callee(self.t, &call) {
            Some(callee) => self.u.node_of_ty(callee.declared_ret()),
            None => self.node_of(&op.args[0]),
        };
        self.unify(res, n)?;
        Ok(true)
    }
}

/// The callee of the call `call` when it has `inout` parameters.
fn inout_callee<'t>(t: &'t Translator, call: &SpaceOperation) -> Option<&'t FunctionGraph> {
    match (call.opname.as_str(), call.args.first().and_then(|a| a.constant()).map(|c| &c.value)) {
        ("simple_call" | "deref_call", Some(ConstValue::Func(f))) if !t.graphs[*f].inout.is_empty() => {
            Some(&t.graphs[*f])
        }
        _ => None,
    }
}

/// Rewrites the write-backs of one block (`ops`, in order): a call with
/// `inout` parameters returns a tuple, whose first item is the call's
/// result and whose others are stored back; every other write-back is
/// nothing. A value stored back is "changed" when it is the callee's
/// (`inout_arg`) or a value (tuple, `Copy` struct) updated with one; a
/// store of an unchanged value is nothing.
pub(super) fn lower_inout(
    t: &Translator,
    ops: &mut [SpaceOperation],
    types: &GraphTypes,
) -> Result<(), (usize, String)> {
    // The calls with `inout` parameters: their callee's `inout` list and
    // the arguments written back so far.
    let mut calls: HashMap<VarId, (Vec<usize>, HashSet<usize>, usize)> = HashMap::new();
    let mut changed: HashSet<VarId> = HashSet::new();
    let is_changed = |changed: &HashSet<VarId>, v: &Value| matches!(v, Value::Var(x) if changed.contains(x));
    for (i, op) in ops.iter_mut().enumerate() {
        let same_as = |op: &mut SpaceOperation, v: Value| {
            op.opname = "same_as".into();
            op.args = vec![v];
        };
        if let Some(callee) = inout_callee(t, op) {
            calls.insert(op.result, (callee.inout.clone(), HashSet::new(), i));
            continue;
        }
        match op.opname.as_str() {
            "inout_result" => match op.args[0] {
                Value::Var(r0) if calls.contains_key(&r0) => tuple_item(op, 0),
                _ => same_as(op, op.args[0].clone()),
            },
            "inout_arg" => {
                let k = op.args[1].constant().and_then(|c| c.as_int()).unwrap_or_default() as usize;
                let written = match op.args[0] {
                    Value::Var(r0) => calls.get_mut(&r0).and_then(|(inout, written, _)| {
                        written.insert(k);
                        inout.iter().position(|&p| p == k)
                    }),
                    _ => None,
                };
                match written {
                    Some(item) => {
                        tuple_item(op, 1 + item);
                        changed.insert(op.result);
                    }
                    None => same_as(op, op.args[2].clone()),
                }
            }
            "setattr_back" | "setitem_back" => {
                if is_changed(&changed, op.args.last().unwrap()) {
                    op.opname = op.opname.trim_end_matches("_back").to_string();
                    let base = types.of_value(&op.args[0]);
                    if base.is_some_and(|b| t.is_value_aggregate(&b)) {
                        changed.insert(op.result);
                    }
                } else {
                    same_as(op, op.args[0].clone());
                }
            }
            // `&mut place` passed (not made a trait object): the value.
            "ref_mut_arg" => same_as(op, op.args[0].clone()),
            "inout_lost" => {
                if is_changed(&changed, &op.args[0]) {
                    let name = op.args[1].constant().and_then(|c| c.as_str()).unwrap_or_default();
                    return Err((i, lost_message(name)));
                }
                same_as(op, Value::Const(Constant::new(ConstValue::Unit, Ty::Unit)));
            }
            _ => {}
        }
    }
    for (inout, written, at) in calls.into_values() {
        if let Some(k) = inout.iter().find(|k| !written.contains(k)) {
            return Err((at, not_a_place_message(&ops[at], t, *k)));
        }
    }
    Ok(())
}

/// `op` (whose first operand is a tuple) becomes the read of its item `i`.
fn tuple_item(op: &mut SpaceOperation, i: usize) {
    let tuple = op.args[0].clone();
    op.opname = "getattr".into();
    op.args = vec![tuple, Value::Const(Constant::meta(ConstValue::Str(i.to_string())))];
}

fn lost_message(name: &str) -> String {
    if name == crate::flow::dyn_traits::DYN_PAYLOAD {
        return format!(
            "a `&mut self` method called through a trait object on a type that is `Copy`: the object holds a copy of the value, which the method would change in vain ({}); make the type a struct that is not `Copy`, whose object holds it by reference",
            Section::TraitObjects.see()
        );
    }
    format!(
        "`{name}` is changed through a `&mut`, but it holds a copy of a value the program reaches through a reference (a binding of a `match` or `if let` on a reference, or `let {name} = &mut ..`), which the change would not reach in translated code ({}); bind it by value with `mut` and store it back, or call the method on the place itself",
        Section::Types.see()
    )
}

fn not_a_place_message(call: &SpaceOperation, t: &Translator, k: usize) -> String {
    let callee = inout_callee(t, call).map(|g| g.name.as_str()).unwrap_or_default();
    format!(
        "`{callee}` changes its argument {} (counting `self`) through a `&mut` of a value, which is copied in and out of the place the call names: name the place at the call (`&mut x`, `&mut self.n`, `&mut v[i]` with an index without calls), not a reference kept in a local or made by a call ({})",
        k + 1,
        Section::Types.see()
    )
}
