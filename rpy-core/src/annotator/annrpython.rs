//! The fixpoint (RPython's `annrpython.py`): a worklist of blocks to
//! (re)flow, with bindings of variables to `SomeValue`s.

use super::model::SomeValue;
use super::typeck::{typeck_graph, GraphTypes, ProgramTypes};
use crate::diagnostic::Diagnostic;
use crate::entity::{EntityRef, SecondaryMap};
use crate::flow::{BlockId, ConstTy, ConstValue, GraphId, Value, VarId};
use crate::translator::Translator;
use crate::ty::Ty;
use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

/// The result of annotation.
#[derive(Clone, Debug, Default)]
pub struct Annotations {
    /// Per graph: the Rust type of every variable (from typeck).
    pub types: ProgramTypes,
    /// Per graph, per variable: its annotation, `None` if never reached.
    pub bindings: SecondaryMap<GraphId, SecondaryMap<VarId, Option<SomeValue>>>,
    /// The graphs reachable from the entry points, in discovery order.
    pub reached: Vec<GraphId>,
}

impl Annotations {
    pub fn binding(&self, g: GraphId, v: VarId) -> Option<&SomeValue> {
        self.bindings[g][v].as_ref()
    }

    pub fn ty(&self, g: GraphId, v: VarId) -> &Ty {
        &self.types[g].vars[v]
    }

    /// The annotations of one graph in text form, for tests and dumps.
    pub fn text(&self, t: &Translator, g: GraphId) -> String {
        let graph = &t.graphs[g];
        let mut out = String::new();
        for b in graph.iterblocks() {
            let block = &graph.blocks[b];
            let vars = block.inputargs.iter().chain(block.operations.iter().map(|op| &op.result));
            for &v in vars {
                if let Some(s) = self.binding(g, v) {
                    out.push_str(&format!("{}: {s}\n", graph.var_name(v)));
                }
            }
        }
        out
    }
}

/// Annotates the program and removes the links that can never be taken.
pub fn annotate(t: &mut Translator) -> Result<Annotations, Vec<Diagnostic>> {
    let types = typeck_all(t)?;
    annotate_typed(t, types)
}

/// Type inference of every graph (see `typeck`).
pub fn typeck_all(t: &mut Translator) -> Result<ProgramTypes, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut all = ProgramTypes::default();
    for id in t.graphs.keys().collect::<Vec<_>>() {
        let mut g = t.graphs[id].clone();
        match typeck_graph(t, &mut g) {
            Ok(types) => {
                all.push(types);
            }
            Err(e) => {
                errors.push(Diagnostic { pos: e.pos.or(g.pos), ..e });
                all.push(GraphTypes::default());
            }
        }
        t.graphs[id] = g;
    }
    if errors.is_empty() {
        Ok(all)
    } else {
        Err(errors)
    }
}

/// The fixpoint from the entry points, given every graph's types.
pub fn annotate_typed(t: &mut Translator, types: ProgramTypes) -> Result<Annotations, Vec<Diagnostic>> {
    let ann = Annotations { types, ..Default::default() };
    let mut fix = Fixpoint {
        t,
        ann,
        pending: VecDeque::new(),
        queued: HashSet::new(),
        followed: HashSet::new(),
        callers: SecondaryMap::default(),
        blocked: BTreeMap::new(),
    };
    fix.ann.bindings = fix.t.graphs.values().map(|g| SecondaryMap::with_len(g.vars.len(), None)).collect();
    fix.callers = SecondaryMap::with_len(fix.t.graphs.len(), BTreeSet::new());
    for &entry in &fix.t.entrypoints.clone() {
        let args: Vec<SomeValue> = fix.t.graphs[entry].param_tys.iter().map(SomeValue::of_type).collect();
        fix.bind_call(entry, &args);
    }
    fix.run();
    let Fixpoint { t, mut ann, followed, .. } = fix;
    remove_dead_links(t, &ann, &followed);
    super::listdef::fix_lists(t, &mut ann.types, &ann.reached);
    Ok(ann)
}

struct Fixpoint<'t> {
    t: &'t mut Translator,
    ann: Annotations,
    pending: VecDeque<(GraphId, BlockId)>,
    queued: HashSet<(GraphId, BlockId)>,
    /// Links that can be taken: (graph, block, exit index).
    followed: HashSet<(GraphId, BlockId, usize)>,
    /// Per graph: the blocks that call it, reflowed when its result changes.
    callers: SecondaryMap<GraphId, BTreeSet<(GraphId, BlockId)>>,
    /// Blocks waiting for a callee's first result, with that callee.
    blocked: BTreeMap<(GraphId, BlockId), GraphId>,
}

impl Fixpoint<'_> {
    fn schedule(&mut self, g: GraphId, b: BlockId) {
        if self.queued.insert((g, b)) {
            self.pending.push_back((g, b));
        }
    }

    /// Generalizes the bindings of `vars` of graph `g` with `values`;
    /// returns whether anything changed.
    fn merge_into(&mut self, g: GraphId, vars: &[VarId], values: &[SomeValue]) -> bool {
        let mut changed = false;
        for (&v, s) in vars.iter().zip(values) {
            let slot = &mut self.ann.bindings[g][v];
            let new = match slot {
                Some(old) => old.union(s),
                None => s.clone(),
            };
            if slot.as_ref() != Some(&new) {
                *slot = Some(new);
                changed = true;
            }
        }
        changed
    }

    fn bind_call(&mut self, callee: GraphId, args: &[SomeValue]) {
        if !self.ann.reached.contains(&callee) {
            self.ann.reached.push(callee);
        }
        let graph = &self.t.graphs[callee];
        let start = graph.startblock;
        let inputargs = graph.blocks[start].inputargs.clone();
        let first = self.ann.bindings[callee][inputargs.first().copied().unwrap_or(VarId::new(0))].is_none();
        if self.merge_into(callee, &inputargs, args)
            || first
            || inputargs.is_empty() && !self.queued.contains(&(callee, start))
        {
            self.schedule(callee, start);
        }
    }

    fn annotation(&self, g: GraphId, v: &Value) -> SomeValue {
        match v {
            Value::Var(v) => self.ann.bindings[g][*v].clone().unwrap_or(SomeValue::Impossible),
            Value::Const(c) => match &c.ty {
                ConstTy::Known(ty) => SomeValue::of_const(&c.value, ty),
                _ => SomeValue::Impossible,
            },
        }
    }

    fn run(&mut self) {
        loop {
            while let Some((g, b)) = self.pending.pop_front() {
                self.queued.remove(&(g, b));
                self.blocked.remove(&(g, b));
                self.flow_block(g, b);
            }
            // Calls still blocked go to functions that never return (they
            // always panic or recurse forever): their result is any value of
            // the declared type, and annotation goes on from there.
            let Some((_, callee)) = self.blocked.iter().next().map(|(k, v)| (*k, *v)) else { break };
            let graph = &self.t.graphs[callee];
            let ret = graph.blocks[graph.returnblock].inputargs[0];
            self.ann.bindings[callee][ret] = Some(SomeValue::of_type(&graph.ret_ty));
            for caller in self.callers[callee].clone() {
                self.schedule(caller.0, caller.1);
            }
        }
    }

    /// Functions used as values may be called through any pointer of
    /// their type: they are annotated with arguments of their declared
    /// parameter types (the SomePBC of RPython, without the call families).
    fn reach_fn_constants(&mut self, values: &[Value]) {
        for v in values {
            let Some(c) = v.constant() else { continue };
            if let (ConstValue::Func(f), ConstTy::Known(Ty::Fn(params, _))) = (&c.value, &c.ty) {
                let args: Vec<SomeValue> = params.iter().map(SomeValue::of_type).collect();
                self.bind_call(*f, &args);
            }
        }
    }

    fn flow_block(&mut self, g: GraphId, b: BlockId) {
        let block = self.t.graphs[g].blocks[b].clone();
        for op in &block.operations {
            self.reach_fn_constants(&op.args);
            let args: Vec<SomeValue> = op.args.iter().map(|a| self.annotation(g, a)).collect();
            let result_ty = self.ann.types[g].vars[op.result].clone();
            let result = match op.opname.as_str() {
                "simple_call" | "simple_call_unwrap" => {
                    let Some(ConstValue::Func(callee)) = op.args[0].constant().map(|c| c.value.clone()) else {
                        unreachable!("typeck checked the callee")
                    };
                    self.callers[callee].insert((g, b));
                    self.bind_call(callee, &args[1..]);
                    let ret = self.t.graphs[callee].blocks[self.t.graphs[callee].returnblock].inputargs[0];
                    match self.ann.bindings[callee][ret].clone() {
                        Some(SomeValue::Option { inner, .. }) if op.opname == "simple_call_unwrap" => *inner,
                        Some(s) => s,
                        // The callee has not returned yet: this block is
                        // blocked until it does (we are reflowed then).
                        None => {
                            self.blocked.insert((g, b), callee);
                            return;
                        }
                    }
                }
                _ => fold(&op.opname, &args, &result_ty).unwrap_or_else(|| SomeValue::of_type(&result_ty)),
            };
            self.ann.bindings[g][op.result] = Some(result);
        }
        if b == self.t.graphs[g].returnblock {
            for caller in self.callers[g].clone() {
                self.schedule(caller.0, caller.1);
            }
            return;
        }
        let switch = block.exitswitch.as_ref().map(|sw| self.annotation(g, sw));
        for (i, link) in block.exits.iter().enumerate() {
            if let (Some(sw), Some(ConstValue::Bool(case))) = (&switch, &link.exitcase) {
                if sw.bool_constant().is_some_and(|c| c != *case) {
                    continue;
                }
            }
            self.followed.insert((g, b, i));
            self.reach_fn_constants(&link.args);
            let values: Vec<SomeValue> = link.args.iter().map(|a| self.annotation(g, a)).collect();
            let target_args = self.t.graphs[g].blocks[link.target].inputargs.clone();
            let first = target_args.iter().any(|v| self.ann.bindings[g][*v].is_none());
            if self.merge_into(g, &target_args, &values) || first || target_args.is_empty() {
                self.schedule(g, link.target);
            }
        }
    }
}

/// Constant folding of the annotations of simple operations, so that
/// branches on constants (e.g. on `const` items) are pruned as in RPython.
fn fold(opname: &str, args: &[SomeValue], result_ty: &Ty) -> Option<SomeValue> {
    use SomeValue::*;
    let int = |s: &SomeValue| match s {
        Integer { constant, .. } => *constant,
        _ => None,
    };
    match (opname, args) {
        ("ascribe" | "same_type" | "same_as", [a, ..]) => Some(a.clone()),
        ("invert", [Bool { constant: Some(c) }]) => Some(Bool { constant: Some(!c) }),
        ("eq" | "ne" | "lt" | "le" | "gt" | "ge", [a, b]) => {
            let (x, y) = match (a, b) {
                (Bool { constant: Some(x) }, Bool { constant: Some(y) }) => (*x as i128, *y as i128),
                _ => (int(a)?, int(b)?),
            };
            let r = match opname {
                "eq" => x == y,
                "ne" => x != y,
                "lt" => x < y,
                "le" => x <= y,
                "gt" => x > y,
                _ => x >= y,
            };
            Some(Bool { constant: Some(r) })
        }
        ("add" | "sub" | "mul", [a, b]) => {
            let Ty::Int(it) = result_ty else { return None };
            let (x, y) = (int(a)?, int(b)?);
            let r = it.wrap(match opname {
                "add" => x + y,
                "sub" => x - y,
                _ => x.checked_mul(y)?,
            });
            Some(Integer { knowntype: *it, nonneg: r >= 0, constant: Some(r) })
        }
        _ => None,
    }
}

/// RPython's post-annotation simplification: links never taken go away, and
/// a switch left with one exit becomes a plain link.
fn remove_dead_links(t: &mut Translator, ann: &Annotations, followed: &HashSet<(GraphId, BlockId, usize)>) {
    for &g in &ann.reached {
        let graph = &mut t.graphs[g];
        for b in graph.blocks.keys().collect::<Vec<_>>() {
            let block = &mut graph.blocks[b];
            if block.exits.is_empty() {
                continue;
            }
            let exits = std::mem::take(&mut block.exits);
            block.exits =
                exits.into_iter().enumerate().filter(|(i, _)| followed.contains(&(g, b, *i))).map(|(_, l)| l).collect();
            if block.exitswitch.is_some() && block.exits.len() == 1 {
                block.exitswitch = None;
                block.exits[0].exitcase = None;
            }
        }
    }
}
