//! Coercions to trait objects: where a value is boxed (`Box::new(x)`,
//! `Rc::new(x)`) or borrowed (`&x`, `&mut x`) and the result is typed as a
//! `dyn Trait` (the trait's enum, `flow::dyn_traits`), `x` becomes the
//! variant of its type (`to_dyn`, a `newvariant` once written back).
//! rustc coerces at the same places when the type wanted is known there;
//! a value of a concrete type made elsewhere is not coerced.
//!
//! Such an operation waits until its result's type is known. When
//! inference is stuck, the ones still waiting are what they are without a
//! trait object (their result is their operand), as rustc types a `let`
//! without an expected type.

use super::method_call::Resolved;
use super::{Diagnostic, Inference, Term};
use crate::entity::EntityRef;
use crate::flow::{ConstValue, Constant, SpaceOperation, Value};
use crate::ty::Ty;

/// The operations that may make a trait object.
pub(super) const COERCIONS: [&str; 5] = ["box_new", "rc_new", "borrow", "ref_mut", "ref_mut_arg"];

impl Inference<'_> {
    /// Resolves a boxing or borrowing `op` of `x` (its last operand): a
    /// `to_dyn` when it makes a trait object of `x`, else its own rule.
    pub(super) fn resolve_coercion(&mut self, op: &mut SpaceOperation) -> Result<Resolved, Diagnostic> {
        if self.t.trait_objects.is_empty() {
            return Ok(Resolved::ByRule);
        }
        let wait = if self.coercions_settled { Resolved::ByRule } else { Resolved::Waiting };
        let mut target = self.u.find(op.result.index());
        if let (Term::Rc(inner), "rc_new") = (&self.u.term[target], op.opname.as_str()) {
            target = self.u.find(*inner);
        }
        let e = match self.u.term[target] {
            Term::Unknown => return Ok(wait),
            Term::Enum(e) if self.t.trait_objects.contains_key(&e) => e,
            _ => return Ok(Resolved::ByRule),
        };
        let x = op.args.last().expect("an operand").clone();
        let xn = self.node_of(&x);
        let source = self.u.find(xn);
        match self.u.term[source] {
            Term::Unknown => return Ok(wait),
            Term::Enum(e2) if e2 == e => return Ok(Resolved::ByRule),
            _ => {}
        }
        let source = self.u.resolve(source);
        let payloads = self.t.enums[e].data.as_ref().map(|d| d.payloads.clone()).unwrap_or_default();
        let variant =
            payloads.into_iter().find(|&p| self.t.structs[p].fields.first().is_some_and(|(_, f)| *f == source));
        let Some(variant) = variant else {
            let tr = &self.t.trait_objects[&e];
            return Err(self.err(format!(
                "`{}` does not implement `{tr}`, so it cannot be a `dyn {tr}`: the module has no `impl {tr} for {}` ({})",
                self.t.type_name(&source),
                self.t.type_name(&source),
                crate::diagnostic::Section::TraitObjects.see()
            )));
        };
        let variant = Value::Const(Constant::meta(ConstValue::Type(Ty::Struct(variant))));
        let rewritten = SpaceOperation { opname: "to_dyn".into(), args: vec![variant, x], ..op.clone() };
        Ok(self.rewrite_to(op, rewritten))
    }

    /// When inference is stuck: the coercions still waiting make no trait
    /// object. Whether one was waiting.
    pub(super) fn settle_coercions(&mut self, g: &crate::flow::FunctionGraph, still: &[super::OpId]) -> bool {
        if self.coercions_settled || !still.iter().any(|&at| COERCIONS.contains(&self.op_at(g, at).opname.as_str())) {
            return false;
        }
        self.coercions_settled = true;
        true
    }
}
