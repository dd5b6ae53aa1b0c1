//! Variants of an enum with data whose payload is the object of a struct
//! (`Table(Rc<RefCell<Table>>)`, `Node(Box<Node>)`): such a variant's value
//! is that object itself, with the variant's tag in its header, instead of a
//! payload object of one field pointing to it. An interpreter's `Value` of
//! a table, a closure or a node then costs no object of its own (16 bytes
//! and a load at each use), which is what its data mostly are.
//!
//! A struct's objects can carry one tag only: a struct is the payload of at
//! most one variant this way, and every object of it gets that tag when it
//! is made (`newstruct`), wrapped in the variant or not (its header has room
//! for it: `lltype::layout::TAG`). The payload must never be assigned after
//! the variant is made (`if let V(p) = &mut value { *p = .. }`): the value
//! would have to become another object.
//!
//! Architecture invariant: only the rtyper decides; the passes after it see
//! a struct whose container has the enum's base as its base (a subclass,
//! like any payload) and its tag as a field written when it is made, and
//! know it from `Translator::unboxed_payloads` only where a payload and a
//! whole object differ: its fields are every object's (the JIT's descrs),
//! and the variant's one field is never assigned (`shared_clones`).

use super::Types;
use crate::annotator::Annotations;
use crate::lltype::ContainerId;
use crate::translator::Translator;
use crate::ty::{StructId, Ty};
use std::collections::{HashMap, HashSet};

/// The unboxed variants of a program.
#[derive(Default)]
pub struct Unboxed {
    /// The payload struct of each unboxed variant, and the container of the
    /// struct its one field points to (which stands for the payload).
    pub payloads: HashMap<StructId, ContainerId>,
    /// The tag every object of such a container is made with.
    pub tags: HashMap<ContainerId, u16>,
}

/// Finds the variants to unbox: those whose payload is one field pointing to
/// the object of a plain struct of the module (not an enum's, not a dict's or
/// a cell's data, `tagged` says which are enums') that no other variant
/// claims, and that nothing assigns.
pub fn find(t: &Translator, ann: &Annotations, types: Types, tagged: &[StructId]) -> Unboxed {
    let written = written_payloads(t, ann);
    let data: HashSet<StructId> = (t.data_structs.iter())
        .filter(|(ty, _)| crate::prelude::cell_struct(t, ty).is_none())
        .map(|(_, s)| *s)
        .collect();
    let mut claims: HashMap<StructId, Vec<(StructId, u16)>> = HashMap::new();
    for data_enum in t.enums.values().filter_map(|e| e.data.as_ref()) {
        for (tag, &p) in data_enum.payloads.iter().enumerate() {
            let [(_, field)] = t.structs[p].fields.as_slice() else { continue };
            let Some(target) = pointee(field, types) else { continue };
            let def = &t.structs[target];
            if def.copy || def.variant.is_some() || tagged.contains(&target) || data.contains(&target) {
                continue;
            }
            claims.entry(target).or_default().push((p, tag as u16));
        }
    }
    let mut unboxed = Unboxed::default();
    for (target, claim) in claims {
        if let [(p, tag)] = claim[..] {
            if !written.contains(&p) {
                let c = types.containers[&target];
                unboxed.payloads.insert(p, c);
                unboxed.tags.insert(c, tag);
            }
        }
    }
    unboxed
}

/// The struct whose object a field of type `ty` holds (`S`, `Box<S>`,
/// `Rc<S>`, `Rc<RefCell<S>>`), if any.
fn pointee(ty: &Ty, types: Types) -> Option<StructId> {
    if matches!(ty, Ty::Option(_)) {
        return None;
    }
    let c = types.container(ty)?;
    types.containers.iter().find(|(_, &k)| k == c).map(|(s, _)| *s)
}

/// The payload structs some operation assigns a field of.
pub(super) fn written_payloads(t: &Translator, ann: &Annotations) -> HashSet<StructId> {
    let mut written = HashSet::new();
    for &g in &ann.reached {
        let graph = &t.graphs[g];
        for b in graph.iterblocks() {
            for op in &graph.blocks[b].operations {
                if !op.opname.starts_with("setattr") {
                    continue;
                }
                if let Some(crate::flow::Value::Var(v)) = op.args.first() {
                    if let Ty::Struct(s) = ann.ty(g, *v) {
                        if t.structs[*s].variant.is_some() {
                            written.insert(*s);
                        }
                    }
                }
            }
        }
    }
    written
}
