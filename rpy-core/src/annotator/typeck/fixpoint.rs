//! The fixpoint of inference: the signature and the links seed the
//! unifier, then the rule of each operation is retried until every one has
//! typed its variables.

use super::method_call::Resolved;
use super::rules::apply_rule;
use super::{Diagnostic, Inference, Node, OpId, Term};
use crate::entity::EntityRef;
use crate::flow::{BlockId, ConstValue, FunctionGraph, SpaceOperation};

impl Inference<'_> {
    /// Infers the types of the variables of `g`, resolving its method calls
    /// (`rewrites`).
    pub(super) fn infer(&mut self, g: &FunctionGraph) -> Result<(), Diagnostic> {
        self.seed_signature(g)?;
        self.seed_links(g)?;
        self.fixpoint(g)
    }

    /// The parameters and the return value have their declared types.
    fn seed_signature(&mut self, g: &FunctionGraph) -> Result<(), Diagnostic> {
        for (v, ty) in g.blocks[g.startblock].inputargs.iter().zip(&g.param_tys) {
            let n = self.u.node_of_ty(ty);
            self.unify(v.index(), n)?;
        }
        let ret = self.u.node_of_ty(&g.ret_ty);
        self.unify(g.blocks[g.returnblock].inputargs[0].index(), ret)
    }

    /// A link's arguments have the types of its target's parameters, and a
    /// block that switches on a `bool` switches on a `bool` value.
    fn seed_links(&mut self, g: &FunctionGraph) -> Result<(), Diagnostic> {
        for b in self.blocks.clone() {
            for link in &g.blocks[b].exits {
                for (a, ta) in link.args.iter().zip(&g.blocks[link.target].inputargs) {
                    let n = self.node_of(a);
                    self.unify(n, ta.index())?;
                }
            }
            if let Some(sw) = &g.blocks[b].exitswitch {
                let is_bool = g.blocks[b].exits.iter().any(|l| matches!(l.exitcase, Some(ConstValue::Bool(_))));
                if is_bool {
                    let n = self.node_of(sw);
                    let bn = self.u.fresh(Term::Bool);
                    self.unify(n, bn)?;
                }
            }
        }
        Ok(())
    }

    /// Types every operation. Rules that need a resolved operand are
    /// retried until nothing changes; then an assumption rustc would make
    /// lets them go on, or inference fails.
    fn fixpoint(&mut self, g: &FunctionGraph) -> Result<(), Diagnostic> {
        let mut pending: Vec<OpId> = (self.blocks.iter())
            .flat_map(|&b| (0..g.blocks[b].operations.len()).map(move |i| (b.index(), i)))
            .collect();
        loop {
            let before = pending.len();
            let mut still = Vec::new();
            for at in pending {
                if self.type_op(g, at)? {
                    self.typed.insert(at);
                } else {
                    still.push(at);
                }
            }
            if still.is_empty() {
                return Ok(());
            }
            if still.len() == before {
                self.assume_when_stuck(g, &still)?;
            }
            pending = still;
        }
    }

    /// Types the operation at `at`; `Ok(false)` when it waits for an
    /// operand's type.
    fn type_op(&mut self, g: &FunctionGraph, at: OpId) -> Result<bool, Diagnostic> {
        let mut op = self.op_at(g, at).clone();
        self.at = at;
        self.pos = op.pos;
        // (A write-back's store is typed as the store it may be: `inout`.)
        if let Some(store) = op.opname.strip_suffix("_back") {
            op.opname = store.to_string();
        }
        if op.opname == "inout_result" {
            return self.type_inout_result(g, at, &op);
        }
        if matches!(op.opname.as_str(), "getitem" | "setitem" | "iter_list") {
            self.container_protocol(&mut op)?;
        }
        if op.opname == "collect" {
            self.collect_into_generic_type(&mut op);
        }
        let resolved = match op.opname.as_str() {
            "call_method" => Some(self.resolve_method(&mut op)?),
            "convert" => Some(self.resolve_conversion(&mut op)?),
            "default_of" => Some(self.resolve_default(&mut op)?),
            name if super::coercion::COERCIONS.contains(&name) => Some(self.resolve_coercion(&mut op)?),
            _ => None,
        };
        if let Some(resolved) = resolved {
            match resolved {
                Resolved::Typed => return Ok(true),
                Resolved::Waiting => return Ok(false),
                Resolved::ByRule => {}
            }
        }
        self.type_by_rule(&op)
    }

    /// Types an operation by its rule (`apply_rule`), which the error names.
    fn type_by_rule(&mut self, op: &SpaceOperation) -> Result<bool, Diagnostic> {
        let args: Vec<Node> = op.args.iter().map(|a| self.node_of(a)).collect();
        let what = match (op.opname.as_str(), op.args.first().and_then(|a| a.constant()).map(|c| &c.value)) {
            ("simple_call" | "simple_call_unwrap", Some(ConstValue::Func(g))) => {
                format!("the call of `{}`", self.t.graphs[*g].name)
            }
            _ => format!("`{}`", op.opname),
        };
        apply_rule(&mut self.u, self.t, &op.opname, &op.args, &args, op.result.index())
            .map_err(|m| self.err(format!("{m} in {what}")))
    }

    /// The operation at `at` of `g`, as method resolution left it.
    pub(super) fn op_at<'a>(&'a self, g: &'a FunctionGraph, (b, i): OpId) -> &'a SpaceOperation {
        self.rewrites.get(&(b, i)).unwrap_or(&g.blocks[BlockId::new(b)].operations[i])
    }

    /// Records that method resolution rewrote the operation being typed
    /// into `op`.
    pub(super) fn rewrite(&mut self, op: &SpaceOperation) {
        self.rewrites.insert(self.at, op.clone());
    }

    /// Puts the operations method resolution rewrote in the graph.
    pub(super) fn apply_rewrites(&mut self, g: &mut FunctionGraph) {
        for ((b, i), op) in std::mem::take(&mut self.rewrites) {
            g.blocks[BlockId::new(b)].operations[i] = op;
        }
    }

    /// When no rule made progress: assumes the type rustc would of an
    /// operand nothing else types, or fails at the first operation left.
    fn assume_when_stuck(&mut self, g: &FunctionGraph, still: &[OpId]) -> Result<(), Diagnostic> {
        if self.settle_coercions(g, still) || self.assume_reference(g, still)? || self.assume_option(g, still)? {
            return Ok(());
        }
        let op = self.op_at(g, still[0]);
        // (The flow operations of conversions, by what the program wrote.)
        let what = match op.opname.as_str() {
            "convert" => "T::from(..)",
            "default_of" => "Default::default()",
            other => other,
        };
        let (pos, message) = (op.pos, format!("type annotations needed for `{what}`"));
        self.pos = pos;
        Err(self.err(message))
    }

    /// A `*x` of an operand nothing else types: a reference; a `collect()`
    /// whose result nothing types: a list.
    fn assume_reference(&mut self, g: &FunctionGraph, still: &[OpId]) -> Result<bool, Diagnostic> {
        let deref = still.iter().find_map(|&at| {
            let op = self.op_at(g, at);
            (op.opname == "deref" || op.opname == "collect").then(|| (op.args[0].clone(), op.result.index()))
        });
        let Some((x, res)) = deref else { return Ok(false) };
        let mut n = self.node_of(&x);
        let root = self.u.find(n);
        if let Term::Iter(item) = self.u.term[root] {
            n = self.u.fresh(Term::List(item));
        }
        self.unify(n, res)?;
        Ok(true)
    }

    /// An `unwrap` whose operand nothing else types: an `Option`.
    fn assume_option(&mut self, g: &FunctionGraph, still: &[OpId]) -> Result<bool, Diagnostic> {
        let unwrap = still.iter().find_map(|&at| {
            let op = self.op_at(g, at);
            op.opname.starts_with("unwrap_").then(|| op.args[0].clone())
        });
        let Some(x) = unwrap else { return Ok(false) };
        let n = self.node_of(&x);
        let inner = self.u.fresh(Term::Unknown);
        let opt = self.u.fresh(Term::Option(inner));
        self.unify(n, opt)?;
        Ok(true)
    }
}
