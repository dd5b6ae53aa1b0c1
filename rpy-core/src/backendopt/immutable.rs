//! Which fields of GC structs, and which arrays' items, never change once
//! their object is built (RPython declares them with `_immutable_fields_`
//! and `x[*]`; rpy infers them from the whole program's low-level graphs).
//! The JIT reads such a field or item of a constant object while tracing,
//! and keeps what a read gave across calls and writes.
//!
//! They are what no graph writes (`writeanalyze::writes`: writes other
//! than those building their object). A field written through an enum's
//! variant is written through its base too (the tag they share).
//!
//! A field the program declares `#[rpython::jit::immutable]` must be one
//! of them: the hint is checked, not trusted (RPython trusts
//! `_immutable_fields_`, and a wrong one miscompiles); an assignment of it
//! after its object is built is an error there.

use super::writeanalyze::{writes, Places};
use crate::diagnostic::Diagnostic;
use crate::lltype::{Container, ContainerId};
use crate::translator::Translator;
use std::collections::HashSet;

/// The fields of `GcStruct`s in `t` that no operation writes after the
/// object is built, as `(container, field name)`, the variable-sized
/// containers whose items none does, and an error per field declared
/// immutable that is not.
pub fn immutable(t: &Translator) -> (HashSet<(ContainerId, String)>, HashSet<ContainerId>, Vec<Diagnostic>) {
    let mut written = Places::default();
    for (_, g) in t.graphs.iter() {
        writes(g, t, &mut written);
    }
    let items = (t.containers.iter())
        .filter(|(c, container)| container.item().is_some() && !written.items.contains(c))
        .map(|(c, _)| c)
        .collect();
    let Places { fields: mut written, sites, .. } = written;
    // A field written through a variant is the same memory as its base's.
    let mut sites = sites;
    for (c, f) in written.clone() {
        let mut c0 = c;
        while let Some(&base) = t.container_bases.get(&c0) {
            written.insert((base, f.clone()));
            if let Some(site) = sites.get(&(c, f.clone())).cloned() {
                sites.entry((base, f.clone())).or_insert(site);
            }
            c0 = base;
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
    let mut errors: Vec<Diagnostic> = (t.declared_immutable.iter())
        .filter(|(place, _)| written.contains(*place))
        .map(|((c, f), name)| {
            let (graph, pos) = sites.get(&(*c, f.clone())).cloned().unwrap_or_default();
            Diagnostic::rtyping(
                &graph,
                pos,
                format!(
                    "the field `{name}.{f}` is declared `#[rpython::jit::immutable]`, but this assigns it after \
                     its object is built; assign it only where the object is made, or remove the hint"
                ),
            )
        })
        .collect();
    errors.sort_by_key(|d| (d.graph.clone(), d.pos.map(|p| (p.line, p.col))));
    (immutable, items, errors)
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
