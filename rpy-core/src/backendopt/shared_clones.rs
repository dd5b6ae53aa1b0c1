//! `.clone()` of an enum with data whose variants are never changed once
//! built is the value itself: the derived clone (`prelude::instances`)
//! builds a copy of the variant, which no program can tell from the
//! original when neither is ever written (an enum has no identity of its
//! own in Rust). RPython's interpreters share such objects (a `W_IntObject`
//! is one object however many frames hold it); copying them makes every
//! move of a value between an interpreter's registers an allocation.
//!
//! An enum qualifies when every field of every variant is immutable (no
//! graph writes it after its object is built, `immutable`) and cloning the
//! field is the field itself: a scalar, a field-less enum, an `Rc` (its
//! clone shares), an `Option` of such, or an enum that qualifies. Calls of
//! a qualifying enum's clone become `same_as`.

use crate::flow::{checkgraph, ConstValue, Value};
use crate::lang_items::InstanceKind;
use crate::translator::Translator;
use crate::ty::{EnumId, Ty};
use std::collections::HashSet;

/// Makes the calls of the derived clones of the qualifying enums the
/// value itself, checking each graph changed.
pub fn share_clones(t: &mut Translator) {
    let shared = shared_enums(t);
    let clones: HashSet<_> = (shared.iter())
        .filter_map(|&e| t.instances.get(&(InstanceKind::Clone, Ty::Enum(e))))
        .flatten()
        .copied()
        .collect();
    if clones.is_empty() {
        return;
    }
    for (_, g) in t.graphs.iter_mut() {
        let mut changed = false;
        for b in g.iterblocks() {
            for op in &mut g.blocks[b].operations {
                let callee = match op.args.first().and_then(Value::constant).map(|c| &c.value) {
                    Some(ConstValue::Func(f)) if op.opname == "direct_call" => *f,
                    _ => continue,
                };
                if clones.contains(&callee) && op.args.len() == 2 {
                    op.opname = "same_as".into();
                    op.args.remove(0);
                    changed = true;
                }
            }
        }
        if changed {
            checkgraph(g, true);
        }
    }
}

/// The enums with data whose clone may be the value itself.
fn shared_enums(t: &Translator) -> HashSet<EnumId> {
    let mut shared: HashSet<EnumId> = (t.enums.iter()).filter(|(_, e)| e.data.is_some()).map(|(id, _)| id).collect();
    loop {
        let before = shared.len();
        let keep: HashSet<EnumId> = (shared.iter()).copied().filter(|&e| qualifies(t, e, &shared)).collect();
        shared = keep;
        if shared.len() == before {
            return shared;
        }
    }
}

fn qualifies(t: &Translator, e: EnumId, shared: &HashSet<EnumId>) -> bool {
    let Some(data) = &t.enums[e].data else { return false };
    data.payloads.iter().all(|p| {
        let Some(&c) = t.struct_containers.get(p) else { return false };
        // (The payload of an unboxed variant is the object its one field
        // points to: the field is never assigned.)
        let unboxed = t.unboxed_payloads.contains(&c);
        (t.structs[*p].fields.iter()).all(|(name, ty)| {
            (unboxed || t.immutable_fields.contains(&(c, name.clone()))) && clone_is_identity(t, ty, shared)
        })
    })
}

/// Whether cloning a value of `ty` gives the same value (not a copy).
fn clone_is_identity(t: &Translator, ty: &Ty, shared: &HashSet<EnumId>) -> bool {
    match ty {
        Ty::Int(_) | Ty::Bool | Ty::Char | Ty::F64 | Ty::Unit | Ty::Rc(_) => true,
        Ty::Enum(e) => t.enums[*e].data.is_none() || shared.contains(e),
        Ty::Option(inner) => clone_is_identity(t, inner, shared),
        _ => false,
    }
}
