//! Conversions: `T::from(x)` (the flow operation `convert`) and
//! `x.into()`, resolved by the types of both sides once they are known;
//! and `Default::default()` (`default_of`), by the type wanted.

use super::method_call::Resolved;
use super::{func_operand, Inference, Term};
use crate::diagnostic::Diagnostic;
use crate::entity::EntityRef;
use crate::flow::{ConstValue, Constant, SpaceOperation, Value};
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
        // (`"x".into()`: a `String` of its own, as `to_string` makes.)
        if from.is_none() && source == Ty::Str && target_ty == Ty::Str {
            let to_string = Value::Const(Constant::meta(ConstValue::Str("to_string".into())));
            *op = SpaceOperation { opname: "call_method".into(), args: vec![to_string, x], ..op.clone() };
            self.rewrite(op);
            return self.resolve_method(op);
        }
        *op = match from {
            Some(g) => SpaceOperation { opname: "simple_call".into(), args: vec![func_operand(g), x], ..op.clone() },
            None if source == target_ty => SpaceOperation { opname: "same_as".into(), args: vec![x], ..op.clone() },
            None if matches!((&source, &target_ty), (Ty::Int(_) | Ty::Char, Ty::Int(_) | Ty::F64)) || literal => {
                let ty = Value::Const(Constant::meta(ConstValue::Type(target_ty.clone())));
                SpaceOperation { opname: "cast".into(), args: vec![x, ty], ..op.clone() }
            }
            None => return Err(self.err(format!("no conversion from `{source}` to `{target_ty}`: the module has no `impl From<{source}> for {target_ty}`"))),
        };
        self.rewrite(op);
        Ok(Resolved::ByRule)
    }

    /// `Default::default()` once the type wanted is known: its module's
    /// `default`, a number's or `bool`'s zero, or a new empty string, list
    /// or map.
    pub(super) fn resolve_default(&mut self, op: &mut SpaceOperation) -> Result<Resolved, Diagnostic> {
        let tn = self.u.find(op.result.index());
        if matches!(self.u.term[tn], Term::Unknown | Term::IntVar) {
            return Ok(Resolved::Waiting);
        }
        let ty = self.u.resolve(tn);
        let zero = match &ty {
            Ty::Int(_) => Some(ConstValue::Int(0)),
            Ty::F64 => Some(ConstValue::Float(0.0)),
            Ty::Bool => Some(ConstValue::Bool(false)),
            _ => None,
        };
        let name = match &ty {
            Ty::Struct(s) => Some(&self.t.structs[*s].name),
            Ty::Enum(e) => Some(&self.t.enums[*e].name),
            _ => None,
        };
        let default = name.and_then(|n| self.t.graph_by_name(&format!("{n}::default")));
        let empty = |opname: &str, args| SpaceOperation { opname: opname.into(), args, ..op.clone() };
        match &ty {
            Ty::Str => {
                let to_string = Value::Const(Constant::meta(ConstValue::Str("to_string".into())));
                let nothing = Value::Const(Constant::new(ConstValue::Str(String::new()), Ty::Str));
                *op = empty("call_method", vec![to_string, nothing]);
                self.rewrite(op);
                return self.resolve_method(op);
            }
            Ty::List(_) | Ty::Dict(..) => {
                // (A set is a map to `()`, made by `newdict(())`.)
                *op = match &ty {
                    Ty::Dict(_, v) if **v == Ty::Unit => {
                        empty("newdict", vec![Value::Const(Constant::new(ConstValue::Unit, Ty::Unit))])
                    }
                    Ty::Dict(..) => empty("newdict", vec![]),
                    _ => empty("newlist", vec![]),
                };
                self.rewrite(op);
                return Ok(Resolved::ByRule);
            }
            _ => {}
        }
        *op = match (zero, default) {
            (Some(z), _) => SpaceOperation {
                opname: "same_as".into(),
                args: vec![Value::Const(Constant::new(z, ty))],
                ..op.clone()
            },
            (None, Some(g)) => SpaceOperation { opname: "simple_call".into(), args: vec![func_operand(g)], ..op.clone() },
            (None, None) => {
                return Err(self.err(format!(
                    "`Default::default()` of `{ty}` is not translated (only of the module's types with a `Default`, numbers, `bool`, `String`, `Vec`, `HashMap` and `HashSet`): write the value itself"
                )))
            }
        };
        self.rewrite(op);
        Ok(Resolved::ByRule)
    }
}
