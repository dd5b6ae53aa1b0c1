//! Which fields of GC structs, and which arrays' items, never change once
//! their object is built (RPython declares them with `_immutable_fields_`
//! and `x[*]`; rpy infers them from the whole program's low-level graphs).
//! The JIT reads such a field or item of a constant object while tracing,
//! and keeps what a read gave across calls and writes.
//!
//! A write builds its object when the object was allocated in the same
//! block and nothing but other such writes and `cast_pointer` used it in
//! between: that is how the rtyper lowers a struct literal and an enum's
//! variant (`malloc`, a `setfield` per field and the tag, `cast_pointer`
//! to the enum), and a list literal (`malloc_varsize`, a `setarrayitem`
//! per item). Every other write changes its field or the items of its
//! container type, and a runtime function may change any field and item
//! of the objects it is passed. A field written through an enum's variant
//! is written through its base too (the tag they share).

use crate::flow::{FunctionGraph, Value, VarId};
use crate::lloperation::LlOp;
use crate::lltype::{Container, ContainerId, LlType};
use crate::translator::Translator;
use std::collections::{HashMap, HashSet};

/// What is written after its object is built: fields, and the items of
/// containers.
#[derive(Default)]
struct Written {
    fields: HashSet<(ContainerId, String)>,
    items: HashSet<ContainerId>,
}

/// The fields of `GcStruct`s in `t` that no operation writes after the
/// object is built, as `(container, field name)`, and the variable-sized
/// containers whose items none does.
pub fn immutable(t: &Translator) -> (HashSet<(ContainerId, String)>, HashSet<ContainerId>) {
    let mut written = Written::default();
    for (_, g) in t.graphs.iter() {
        writes(g, t, &mut written);
    }
    let items = (t.containers.iter())
        .filter(|(c, container)| container.item().is_some() && !written.items.contains(c))
        .map(|(c, _)| c)
        .collect();
    let mut written = written.fields;
    // A field written through a variant is the same memory as its base's.
    for (c, f) in written.clone() {
        let mut c = c;
        while let Some(&base) = t.container_bases.get(&c) {
            written.insert((base, f.clone()));
            c = base;
        }
    }
    let mut immutable = HashSet::new();
    for (c, container) in t.containers.iter() {
        if let Container::GcStruct { fields, .. } = container {
            for (name, _) in fields {
                if !written.contains(&(c, name.clone())) {
                    immutable.insert((c, name.clone()));
                }
            }
        }
    }
    (immutable, items)
}

/// Adds to `written` what `g` writes other than while building an object
/// (what a runtime function is passed, all it reaches).
fn writes(g: &FunctionGraph, t: &Translator, written: &mut Written) {
    let container = |v: &Value| match g.concretetype(v) {
        LlType::Ptr(c) => Some(*c),
        _ => None,
    };
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
                            let name = op.args[1].constant().and_then(|c| c.as_str()).unwrap_or_default();
                            written.fields.insert((c, name.to_string()));
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
                Some(LlOp::RtCall) => {
                    for c in reachable(t, op.args[1..].iter().filter_map(container)) {
                        if let Container::GcStruct { fields, .. } = &t.containers[c] {
                            written.fields.extend(fields.iter().map(|(n, _)| (c, n.clone())));
                        }
                        written.items.insert(c);
                    }
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

/// The containers of objects reachable from objects of `roots` (a string
/// and the array of its bytes).
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

#[cfg(test)]
mod tests {
    use super::immutable;
    use crate::flow::Value;
    use crate::llbuild::{c_container, c_func, c_int, c_str, gc_struct, LlGraphBuilder};
    use crate::lloperation::LlOp;
    use crate::lltype::LlType;
    use crate::translator::Translator;

    const SIGNED: LlType = LlType::Int { bits: 64, signed: true };

    /// `malloc S; <use>; setfield(p, x, 1)`: whether `S.x` comes out immutable when the
    /// object is used by `use` (a call taking it) before the write, or not at all.
    fn x_immutable(escape_first: bool) -> bool {
        let mut t = Translator::default();
        let s = gc_struct(&mut t, "S", |_| vec![("x", SIGNED)], None);
        let callee = t.graphs.push(LlGraphBuilder::single_op(LlOp::SameAs, &[LlType::Ptr(s)], LlType::Ptr(s)));
        let mut b = LlGraphBuilder::new("make", &[], LlType::Ptr(s));
        let start = b.start();
        let p = b.op(start, LlOp::Malloc, vec![c_container(s)], LlType::Ptr(s));
        if escape_first {
            b.op(start, LlOp::DirectCall, vec![c_func(callee), Value::Var(p)], LlType::Ptr(s));
        }
        b.op(start, LlOp::Setfield, vec![Value::Var(p), c_str("x"), c_int(1, SIGNED)], LlType::Void);
        b.ret(start, Value::Var(p));
        t.graphs.push(b.finish());
        immutable(&t).0.contains(&(s, "x".to_string()))
    }

    #[test]
    fn a_write_right_after_the_allocation_builds_the_object() {
        assert!(x_immutable(false));
    }

    /// Once something else saw the object, a write changes it.
    #[test]
    fn a_write_after_the_object_was_used_changes_it() {
        assert!(!x_immutable(true));
    }
}
