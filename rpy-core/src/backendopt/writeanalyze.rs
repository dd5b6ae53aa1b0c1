//! What graphs read and write (RPython's `backendopt/writeanalyze.py`):
//! the fields and the containers' items each graph reads, and writes other
//! than while building an object, itself or through the graphs it calls.
//! The JIT's residual calls forget only what their callee may write, and
//! do before them only the delayed writes their callee may read or write
//! (`EffectInfo`); what no graph writes is immutable (`immutable`).
//!
//! A write builds its object when the object was allocated in the same
//! block and nothing but other such writes and `cast_pointer` used it in
//! between: that is how the rtyper lowers a struct literal and an enum's
//! variant (`malloc`, a `setfield` per field and the tag, `cast_pointer`
//! to the enum), and a list literal (`malloc_varsize`, a `setarrayitem`
//! per item). Every other write changes its field or the items of its
//! container type, and a runtime function may change any field and item
//! of the objects it is passed and of those they reach.

use crate::entity::SecondaryMap;
use crate::flow::{FunctionGraph, GraphId, Pos, SpaceOperation, Value, VarId};
use crate::lloperation::LlOp;
use crate::lltype::{Container, ContainerId, LlType};
use crate::translator::Translator;
use std::collections::{HashMap, HashSet};

/// Places in memory: fields, and the items of containers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Places {
    pub fields: HashSet<(ContainerId, String)>,
    pub items: HashSet<ContainerId>,
    /// Where each field is first written (by `writes`): the graph and the
    /// operation's position.
    pub sites: HashMap<(ContainerId, String), (String, Option<Pos>)>,
}

impl Places {
    fn extend(&mut self, other: &Places) {
        self.fields.extend(other.fields.iter().cloned());
        self.items.extend(other.items.iter().copied());
    }
}

/// What a graph may read, and write other than while building objects.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    pub reads: Places,
    pub writes: Places,
}

/// What each graph of a program may read and write, with its callees:
/// `None` when it calls a function pointer (anything).
pub fn transitive_effects(t: &Translator) -> SecondaryMap<GraphId, Option<Effects>> {
    let mut own: SecondaryMap<GraphId, Option<Effects>> = SecondaryMap::with_len(t.graphs.len(), None);
    let mut callees: SecondaryMap<GraphId, Vec<GraphId>> = SecondaryMap::with_len(t.graphs.len(), Vec::new());
    for (id, g) in t.graphs.iter() {
        let mut effects = Effects::default();
        writes(g, t, &mut effects.writes);
        let mut unknown = false;
        let container = |v: &Value| container_of(g, v);
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                match LlOp::from_name(&op.opname) {
                    Some(LlOp::Getfield) => {
                        effects.reads.fields.extend(container(&op.args[0]).map(|c| (c, field_name(op).to_string())));
                    }
                    Some(LlOp::Getarrayitem | LlOp::Arraycopy) => effects.reads.items.extend(container(&op.args[0])),
                    Some(LlOp::RtCall) => {
                        effects.reads.extend(&runtime_places(t, op.args[1..].iter().filter_map(container)))
                    }
                    Some(LlOp::DirectCall) => match op.args[0].constant().map(|c| &c.value) {
                        Some(crate::flow::ConstValue::Func(callee)) => callees[id].push(*callee),
                        _ => unknown = true,
                    },
                    Some(LlOp::IndirectCall) => unknown = true,
                    _ => {}
                }
            }
        }
        own[id] = (!unknown).then_some(effects);
    }
    // Until nothing changes: a graph does what it and its callees do
    // (recursive graphs included).
    let mut all = own.clone();
    loop {
        let mut changed = false;
        for (id, _) in t.graphs.iter() {
            let mut w = all[id].clone();
            for &c in &callees[id] {
                match (&mut w, &all[c]) {
                    (Some(w), Some(cw)) => {
                        w.reads.extend(&cw.reads);
                        w.writes.extend(&cw.writes);
                    }
                    (w, None) => *w = None,
                    (None, _) => {}
                }
            }
            if w != all[id] {
                all[id] = w;
                changed = true;
            }
        }
        if !changed {
            return all;
        }
    }
}

/// Adds to `written` what `g` itself writes other than while building an object
/// (what a runtime function is passed, all it reaches).
pub fn writes(g: &FunctionGraph, t: &Translator, written: &mut Places) {
    let container = |v: &Value| container_of(g, v);
    for b in g.iterblocks() {
        let mut building = Building::default();
        for (i, op) in g.blocks[b].operations.iter().enumerate() {
            match LlOp::from_name(&op.opname) {
                Some(LlOp::Malloc | LlOp::MallocVarsize) => {
                    building.by_var.insert(op.result, i);
                    continue;
                }
                Some(LlOp::CastPointer) => {
                    if let Some(a) = building.of(&op.args[0]) {
                        building.by_var.insert(op.result, a);
                        continue;
                    }
                }
                Some(llop @ (LlOp::Setfield | LlOp::Setarrayitem)) => {
                    let (obj, value) = (building.of(&op.args[0]), building.of(&op.args[2]));
                    match (obj, container(&op.args[0])) {
                        (None, Some(c)) if llop == LlOp::Setfield => {
                            let place = (c, field_name(op).to_string());
                            written.sites.entry(place.clone()).or_insert_with(|| (g.name.clone(), op.pos));
                            written.fields.insert(place);
                        }
                        (None, Some(c)) => {
                            written.items.insert(c);
                        }
                        _ => {}
                    }
                    // The value stored escapes with the object: now, or
                    // when the object does (a list literal's array, stored
                    // into the list before its items are written).
                    match (value, obj) {
                        (Some(v), Some(o)) => building.inside.push((v, o)),
                        (Some(v), None) => building.escape(v),
                        _ => {}
                    }
                    continue;
                }
                Some(LlOp::RtCall) => written.extend(&runtime_places(t, op.args[1..].iter().filter_map(container))),
                // Filling an array being built is building it; what a
                // source being built holds goes where the copy goes.
                Some(LlOp::Arraycopy) => {
                    let (src, dst) = (building.of(&op.args[0]), building.of(&op.args[1]));
                    match (src, dst) {
                        (Some(s), Some(d)) => building.inside.push((s, d)),
                        (Some(s), None) => building.escape(s),
                        _ => {}
                    }
                    if dst.is_none() {
                        written.items.extend(container(&op.args[1]));
                    }
                    continue;
                }
                _ => {}
            }
            for a in &op.args {
                if let Some(n) = building.of(a) {
                    building.escape(n);
                }
            }
        }
    }
}

/// The objects a block is building: the allocation (by its operation's
/// number) each variable is, those something else saw, and which were
/// stored into which.
#[derive(Default)]
struct Building {
    by_var: HashMap<VarId, usize>,
    escaped: HashSet<usize>,
    inside: Vec<(usize, usize)>,
}

impl Building {
    /// The allocation `v` is, while it is being built.
    fn of(&self, v: &Value) -> Option<usize> {
        match v {
            Value::Var(v) => self.by_var.get(v).filter(|a| !self.escaped.contains(a)).copied(),
            Value::Const(_) => None,
        }
    }

    /// Allocation `a` is seen, and what was stored into it.
    fn escape(&mut self, a: usize) {
        if self.escaped.insert(a) {
            let inner: Vec<usize> = self.inside.iter().filter(|(_, o)| *o == a).map(|(v, _)| *v).collect();
            for v in inner {
                self.escape(v);
            }
        }
    }
}

/// The container of the objects `v` points to (`None`: not a pointer).
fn container_of(g: &FunctionGraph, v: &Value) -> Option<ContainerId> {
    match g.concretetype(v) {
        LlType::Ptr(c) => Some(*c),
        _ => None,
    }
}

/// The field a `getfield` or `setfield` names.
pub(super) fn field_name(op: &SpaceOperation) -> &str {
    op.args[1].constant().and_then(|c| c.as_str()).unwrap_or_default()
}

/// What a runtime function passed objects of containers `args` may read
/// or write: every field and item of what they reach (a string and the
/// array of its bytes).
pub fn runtime_places(t: &Translator, args: impl Iterator<Item = ContainerId>) -> Places {
    let mut w = Places::default();
    for c in reachable(t, args) {
        if let Container::GcStruct { fields, .. } = &t.containers[c] {
            w.fields.extend(fields.iter().map(|(n, _)| (c, n.clone())));
        }
        if t.containers[c].item().is_some() {
            w.items.insert(c);
        }
    }
    w
}

/// The containers of objects reachable from objects of `roots`.
fn reachable(t: &Translator, roots: impl Iterator<Item = ContainerId>) -> HashSet<ContainerId> {
    let mut seen = HashSet::new();
    let mut todo: Vec<ContainerId> = roots.collect();
    while let Some(c) = todo.pop() {
        if !seen.insert(c) {
            continue;
        }
        let container = &t.containers[c];
        let fields = match container {
            Container::GcStruct { fields, .. } => fields.iter().map(|(_, ty)| ty).collect(),
            Container::GcArray { .. } => vec![],
        };
        for ty in fields.into_iter().chain(container.item()) {
            if let LlType::Ptr(p) = ty {
                todo.push(*p);
            }
        }
    }
    seen
}
