//! Conversions: `T::from(x)` (the flow operation `convert`) and
//! `x.into()`, resolved by the types of both sides once they are known;
//! and `Default::default()` (`default_of`), by the type wanted.

use super::method_call::Resolved;
use super::{func_operand, Inference, Term};
use crate::diagnostic::Diagnostic;
use crate::diagnostic::Section;
use crate::entity::EntityRef;
use crate::flow::{ConstValue, Constant, GraphId, SpaceOperation, Value};
use crate::ty::Ty;

impl Inference<'_> {
    /// Rewrites a conversion of `x` (the last operand) into the module's
    /// `from` for the source and target types (`Translator::conversions`),
    /// into `same_as` when they are the same type, or into a `cast` between
    /// numbers (rustc allows only the lossless ones). A target or source
    /// not known yet waits, except that a source of a type nothing else
    /// says (a literal) is the source type of the target's only `From`.
    pub(super) fn resolve_conversion(&mut self, op: &mut SpaceOperation) -> Result<Resolved, Diagnostic> {
        let x = op.args.last().expect("a conversion's operand").clone();
        let target = match op.args[0].constant().map(|c| &c.value) {
            Some(ConstValue::Type(ty)) if op.opname == "convert" => self.u.node_of_ty(ty),
            _ => op.result.index(),
        };
        let tn = self.u.find(target);
        if matches!(self.u.term[tn], Term::Unknown) {
            return Ok(Resolved::Waiting);
        }
        let target_ty = self.u.resolve(tn);
        let xn = self.node_of(&x);
        let sn = self.u.find(xn);
        let literal = matches!(self.u.term[sn], Term::IntVar);
        let froms: Vec<_> = self
            .t
            .conversions
            .iter()
            .filter(|((t, _), _)| *t == target_ty)
            .map(|((_, s), &g)| (s.clone(), g))
            .collect();
        let from = if matches!(self.u.term[sn], Term::Unknown) || literal {
            let fits: Vec<_> = froms.iter().filter(|(s, _)| !literal || matches!(s, Ty::Int(_))).collect();
            match fits[..] {
                [(source, g)] => {
                    let n = self.u.node_of_ty(source);
                    self.unify(sn, n)?;
                    Some(*g)
                }
                _ if literal && matches!(target_ty, Ty::Int(_) | Ty::F64) => None,
                _ => return Ok(Resolved::Waiting),
            }
        } else {
            let source = self.u.resolve(sn);
            froms.iter().find(|(s, _)| *s == source).map(|(_, g)| *g)
        };
        let source = self.u.resolve(sn);
        let rewritten = match from {
            Some(g) => with(op, "simple_call", vec![func_operand(g), x]),
            // (`"x".into()`: a `String` of its own.)
            None if source == Ty::Str && target_ty == Ty::Str => return self.new_string(op, x),
            None if source == target_ty => with(op, "same_as", vec![x]),
            None if matches!((&source, &target_ty), (Ty::Int(_) | Ty::Char, Ty::Int(_) | Ty::F64)) || literal => {
                with(op, "cast", vec![x, Value::Const(Constant::meta(ConstValue::Type(target_ty.clone())))])
            }
            None => return Err(self.err(format!("no conversion from `{source}` to `{target_ty}`: the module has no `impl From<{source}> for {target_ty}`"))),
        };
        Ok(self.rewrite_to(op, rewritten))
    }

    /// `Default::default()` once the type wanted is known: its module's
    /// `default`, a number's or `bool`'s zero, or a new empty string, list
    /// or map.
    pub(super) fn resolve_default(&mut self, op: &mut SpaceOperation) -> Result<Resolved, Diagnostic> {
        let tn = self.u.find(op.result.index());
        if matches!(self.u.term[tn], Term::Unknown | Term::IntVar) {
            return Ok(Resolved::Waiting);
        }
        // A generic type without its instance yet: its `default`, as a
        // generic function (`flow::items`).
        if let Term::Adt(proto, _) = &self.u.term[tn] {
            let f = self.generic_method(&proto.clone(), "default");
            if let (true, Some(f)) = (self.u.resolve_known(tn).is_none_or(|ty| ty.has_generic()), f) {
                op.opname = "generic_call".into();
                op.args = vec![Value::Const(Constant::meta(ConstValue::Str(f)))];
                self.rewrite(op);
                return Ok(Resolved::ByRule);
            }
        }
        let ty = self.u.resolve(tn);
        let constant = |value| vec![Value::Const(Constant::new(value, ty.clone()))];
        let rewritten = match &ty {
            Ty::Int(_) => with(op, "same_as", constant(ConstValue::Int(0))),
            Ty::F64 => with(op, "same_as", constant(ConstValue::Float(0.0))),
            Ty::Bool => with(op, "same_as", constant(ConstValue::Bool(false))),
            Ty::Str => {
                let nothing = Value::Const(Constant::new(ConstValue::Str(String::new()), Ty::Str));
                return self.new_string(op, nothing);
            }
            Ty::List(_) => with(op, "newlist", vec![]),
            // (A set is a map to `()`, made by `newdict(())`.)
            Ty::Dict(_, v) if **v == Ty::Unit => {
                with(op, "newdict", vec![Value::Const(Constant::new(ConstValue::Unit, Ty::Unit))])
            }
            Ty::Dict(..) => with(op, "newdict", vec![]),
            _ => match self.default_fn(&ty) {
                Some(g) => with(op, "simple_call", vec![func_operand(g)]),
                None => return Err(self.err(format!(
                    "`Default::default()` of `{ty}` is not translated (only of the module's types with a `Default`, numbers, `bool`, `String`, `Vec`, `HashMap` and `HashSet`): write the value itself ({})",
                    Section::Traits.see()
                ))),
            },
        };
        Ok(self.rewrite_to(op, rewritten))
    }

    /// The `default` function of a struct or enum of the module.
    fn default_fn(&self, ty: &Ty) -> Option<GraphId> {
        let name = match ty {
            Ty::Struct(s) => &self.t.structs[*s].name,
            Ty::Enum(e) => &self.t.enums[*e].name,
            _ => return None,
        };
        self.t.graph_by_name(&format!("{name}::default"))
    }

    /// `op` becomes a new `String` holding the string `s` (`s.to_string()`).
    fn new_string(&mut self, op: &mut SpaceOperation, s: Value) -> Result<Resolved, Diagnostic> {
        let to_string = Value::Const(Constant::meta(ConstValue::Str("to_string".into())));
        *op = with(op, "call_method", vec![to_string, s]);
        self.rewrite(op);
        self.resolve_method(op)
    }

    /// `op` becomes `rewritten`, for its rule to type.
    pub(super) fn rewrite_to(&mut self, op: &mut SpaceOperation, rewritten: SpaceOperation) -> Resolved {
        *op = rewritten;
        self.rewrite(op);
        Resolved::ByRule
    }
}

/// `op` as the operation `opname` of `args` (same result and position).
fn with(op: &SpaceOperation, opname: &str, args: Vec<Value>) -> SpaceOperation {
    SpaceOperation { opname: opname.into(), args, ..op.clone() }
}
