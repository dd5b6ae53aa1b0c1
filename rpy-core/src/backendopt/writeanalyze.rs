//! What graphs read and write (RPython's `backendopt/writeanalyze.py`):
//! the fields and the containers' items each graph reads and writes,
//! itself or through the graphs it calls, of the objects that exist when
//! it is called (`transitive_effects`: objects it allocates, and the arrays
//! their private fields hold, are no caller's concern). The JIT's residual
//! calls forget only what their callee may write, and do before them only
//! the delayed writes their callee may read or write (`EffectInfo`). What
//! no graph writes other than while building an object is immutable
//! (`writes`, for `immutable`).
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
use crate::lltype::layout::gc_ptr_offsets;
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

/// What each graph of a program may read and write, with its callees, of
/// the objects that exist when it is called: `None` when it calls a
/// function pointer (anything). What it does to objects it allocates
/// itself (and to the arrays their private fields hold, which were new
/// when stored) no caller can know of: a caller's delayed writes never go
/// there, and nothing it knows of the heap is there.
pub fn transitive_effects(t: &Translator) -> SecondaryMap<GraphId, Option<Effects>> {
    let fresh = fresh_results(t);
    let mut summaries: SecondaryMap<GraphId, Option<Summary>> = SecondaryMap::with_len(t.graphs.len(), None);
    for (id, g) in t.graphs.iter() {
        summaries[id] = Some(Summary { any: Effects::default(), on_param: vec![Effects::default(); params(g)] });
    }
    // Until nothing changes: a graph does what it and its callees do
    // (recursive graphs included).
    loop {
        let mut changed = false;
        for (id, g) in t.graphs.iter() {
            let s = summarize(t, g, &fresh, &summaries);
            if s != summaries[id] {
                summaries[id] = s;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut all = SecondaryMap::with_len(t.graphs.len(), None);
    for (id, _) in t.graphs.iter() {
        all[id] = summaries[id].as_ref().map(|s| {
            let mut e = s.any.clone();
            for p in &s.on_param {
                e.reads.extend(&p.reads);
                e.writes.extend(&p.writes);
            }
            e
        });
    }
    all
}

/// What a graph does, with its callees, to the objects that existed when
/// it was called: through its parameters (each object a parameter points
/// to, and the arrays of its private fields), and to any other.
#[derive(Clone, Debug, PartialEq)]
struct Summary {
    any: Effects,
    on_param: Vec<Effects>,
}

/// Where the object a pointer variable holds comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Base {
    /// Allocated while the graph runs (by it or a callee returning a new
    /// object), or an array a private field of such an object holds.
    Fresh,
    /// What parameter `k` points to, or an array its private field holds.
    Param(usize),
    Any,
}

fn params(g: &FunctionGraph) -> usize {
    g.blocks[g.startblock].inputargs.len()
}

/// Per graph, whether it returns an object it allocated (as `Base`):
/// least fixpoint, so a recursion says so only when it does.
fn fresh_results(t: &Translator) -> SecondaryMap<GraphId, bool> {
    let mut fresh = SecondaryMap::with_len(t.graphs.len(), false);
    loop {
        let mut changed = false;
        for (id, g) in t.graphs.iter() {
            let bases = bases(t, g, &fresh);
            let ret = g.blocks[g.returnblock].inputargs[0];
            if !fresh[id] && bases.get(&ret) == Some(&Base::Fresh) {
                fresh[id] = true;
                changed = true;
            }
        }
        if !changed {
            return fresh;
        }
    }
}

/// The base of each variable of `g` (`fresh`: which graphs return new
/// objects). A block's inputarg has the base all its incoming values have.
fn bases(t: &Translator, g: &FunctionGraph, fresh: &SecondaryMap<GraphId, bool>) -> HashMap<VarId, Base> {
    let mut base: HashMap<VarId, Base> = HashMap::new();
    for (k, v) in g.blocks[g.startblock].inputargs.iter().enumerate() {
        base.insert(*v, Base::Param(k));
    }
    let of = |base: &HashMap<VarId, Base>, v: &Value| match v {
        Value::Var(v) => base.get(v).copied(),
        Value::Const(_) => Some(Base::Any),
    };
    loop {
        let mut changed = false;
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                let new = match LlOp::from_name(&op.opname) {
                    Some(LlOp::Malloc | LlOp::MallocVarsize) => Some(Base::Fresh),
                    Some(LlOp::CastPointer | LlOp::SameAs) => of(&base, &op.args[0]),
                    Some(LlOp::Getfield) => {
                        let private = container_of(g, &op.args[0])
                            .is_some_and(|c| t.private_fields.contains(&(c, field_name(op).to_string())));
                        match of(&base, &op.args[0]) {
                            Some(b @ (Base::Fresh | Base::Param(_))) if private => Some(b),
                            None if private => None,
                            _ => Some(Base::Any),
                        }
                    }
                    Some(LlOp::DirectCall) => match op.args[0].constant().map(|c| &c.value) {
                        Some(crate::flow::ConstValue::Func(callee)) if fresh[*callee] => Some(Base::Fresh),
                        _ => Some(Base::Any),
                    },
                    _ => Some(Base::Any),
                };
                if let Some(new) = new {
                    if base.insert(op.result, new) != Some(new) {
                        changed = true;
                    }
                }
            }
            for link in &g.blocks[b].exits {
                for (a, v) in link.args.iter().zip(&g.blocks[link.target].inputargs) {
                    let Some(incoming) = of(&base, a) else { continue };
                    let joined = match base.get(v) {
                        None => incoming,
                        Some(&old) if old == incoming => old,
                        Some(_) => Base::Any,
                    };
                    if base.insert(*v, joined) != Some(joined) {
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return base;
        }
    }
}

/// `g`'s summary from its own operations and its callees' summaries
/// (`None`: it calls a function pointer, or a callee does).
fn summarize(
    t: &Translator,
    g: &FunctionGraph,
    fresh: &SecondaryMap<GraphId, bool>,
    summaries: &SecondaryMap<GraphId, Option<Summary>>,
) -> Option<Summary> {
    let base = bases(t, g, fresh);
    let mut s = Summary { any: Effects::default(), on_param: vec![Effects::default(); params(g)] };
    let base_of = |v: &Value| match v {
        Value::Var(v) => base.get(v).copied().unwrap_or(Base::Any),
        Value::Const(_) => Base::Any,
    };
    // The effects on objects of base `b` (none on fresh ones).
    fn at(s: &mut Summary, b: Base) -> Option<&mut Effects> {
        match b {
            Base::Fresh => None,
            Base::Param(k) => Some(&mut s.on_param[k]),
            Base::Any => Some(&mut s.any),
        }
    }
    let container = |v: &Value| container_of(g, v);
    for b in g.iterblocks() {
        for op in &g.blocks[b].operations {
            match LlOp::from_name(&op.opname) {
                Some(llop @ (LlOp::Getfield | LlOp::Setfield)) => {
                    let (Some(c), Some(e)) = (container(&op.args[0]), at(&mut s, base_of(&op.args[0]))) else {
                        continue;
                    };
                    let places = if llop == LlOp::Getfield { &mut e.reads } else { &mut e.writes };
                    places.fields.insert((c, field_name(op).to_string()));
                }
                Some(llop @ (LlOp::Getarrayitem | LlOp::Setarrayitem)) => {
                    let (Some(c), Some(e)) = (container(&op.args[0]), at(&mut s, base_of(&op.args[0]))) else {
                        continue;
                    };
                    let places = if llop == LlOp::Getarrayitem { &mut e.reads } else { &mut e.writes };
                    places.items.insert(c);
                }
                Some(LlOp::Arraycopy) => {
                    if let (Some(c), Some(e)) = (container(&op.args[0]), at(&mut s, base_of(&op.args[0]))) {
                        e.reads.items.insert(c);
                    }
                    if let (Some(c), Some(e)) = (container(&op.args[1]), at(&mut s, base_of(&op.args[1]))) {
                        e.writes.items.insert(c);
                    }
                }
                // What an argument reaches is its base's when that is only
                // itself and its private arrays (a string); else anything's.
                Some(LlOp::RtCall) => {
                    for a in &op.args[1..] {
                        let Some(c) = container(a) else { continue };
                        let b = if self_contained(t, c) { base_of(a) } else { Base::Any };
                        if let Some(e) = at(&mut s, b) {
                            let places = runtime_places(t, std::iter::once(c));
                            e.reads.extend(&places);
                            e.writes.extend(&places);
                        }
                    }
                }
                Some(LlOp::DirectCall) => {
                    let Some(crate::flow::ConstValue::Func(callee)) = op.args[0].constant().map(|c| &c.value) else {
                        return None;
                    };
                    let callee = summaries[*callee].as_ref()?;
                    s.any.reads.extend(&callee.any.reads);
                    s.any.writes.extend(&callee.any.writes);
                    for (k, e) in callee.on_param.iter().enumerate() {
                        let arg = op.args.get(k + 1).map_or(Base::Any, base_of);
                        if let Some(to) = at(&mut s, arg) {
                            to.reads.extend(&e.reads);
                            to.writes.extend(&e.writes);
                        }
                    }
                }
                Some(LlOp::IndirectCall) => return None,
                _ => {}
            }
        }
    }
    Some(s)
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

/// Whether an object of `c` reaches no object but the arrays of plain
/// items its private fields hold (a string, a list of numbers).
fn self_contained(t: &Translator, c: ContainerId) -> bool {
    let plain = |ty: &LlType| gc_ptr_offsets(ty).is_empty();
    let container = &t.containers[c];
    match container {
        Container::GcStruct { fields, .. } => {
            container.item().is_none_or(plain)
                && fields.iter().all(|(name, ty)| match ty {
                    LlType::Ptr(p) => {
                        t.private_fields.contains(&(c, name.clone()))
                            && matches!(t.containers[*p], Container::GcArray { .. })
                            && t.containers[*p].item().is_some_and(plain)
                    }
                    ty => plain(ty),
                })
        }
        Container::GcArray { .. } => container.item().is_some_and(plain),
    }
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
