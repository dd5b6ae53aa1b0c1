//! Writes of what a field already holds go. Rust's places are values: the
//! flow space writes `m.regs[a] = x` as a read of `m.regs`, the write of
//! the item, and the write of `m.regs` back into `m`. When `m.regs` is a
//! GC object, the write back stores the pointer just read: it changes
//! nothing, yet it costs a store and the GC's write barrier, and it would
//! make `regs` look assigned after construction (`immutable`).
//!
//! `setfield(o, f, v)` goes when `v = getfield(o, f)` earlier in the same
//! block and nothing in between may write a field `f`: no `setfield` of a
//! field of that name, no call.

use super::writeanalyze::field_name;
use crate::flow::{FunctionGraph, Value, VarId};
use crate::lloperation::LlOp;
use std::collections::HashMap;

/// Removes the redundant writes of `g`; whether there were any.
pub fn remove_redundant_writes(g: &mut FunctionGraph) -> bool {
    let mut changed = false;
    for b in g.iterblocks() {
        // What each variable was read from, `(object, field)`, while no
        // write to such a field came after.
        let mut read_from: HashMap<VarId, (VarId, String)> = HashMap::new();
        let mut redundant = Vec::new();
        for (i, op) in g.blocks[b].operations.iter().enumerate() {
            match LlOp::from_name(&op.opname) {
                Some(LlOp::Getfield) => {
                    if let Value::Var(o) = op.args[0] {
                        read_from.insert(op.result, (o, field_name(op).to_string()));
                    }
                }
                Some(LlOp::Setfield) => {
                    let f = field_name(op);
                    let same = match (&op.args[0], &op.args[2]) {
                        (Value::Var(o), Value::Var(v)) => read_from.get(v).is_some_and(|(o2, f2)| o2 == o && f2 == f),
                        _ => false,
                    };
                    if same {
                        redundant.push(i);
                    } else {
                        read_from.retain(|_, (_, f2)| f2 != f);
                    }
                }
                Some(LlOp::DirectCall | LlOp::IndirectCall | LlOp::RtCall) => read_from.clear(),
                _ => {}
            }
        }
        changed |= !redundant.is_empty();
        for i in redundant.into_iter().rev() {
            g.blocks[b].operations.remove(i);
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::remove_redundant_writes;
    use crate::flow::Value;
    use crate::llbuild::{c_str, gc_struct, LlGraphBuilder};
    use crate::lloperation::LlOp;
    use crate::lltype::LlType;
    use crate::translator::Translator;

    /// `v = o.f; [p.f = p.f + 1;] o.f = v`: how many writes are left.
    fn writes_left(write_between: bool) -> usize {
        let mut t = Translator::default();
        let s = gc_struct(&mut t, "S", |_| vec![("f", LlType::Int { bits: 64, signed: true })], None);
        let (ptr, int) = (LlType::Ptr(s), LlType::Int { bits: 64, signed: true });
        let mut b = LlGraphBuilder::new("g", &[ptr.clone(), ptr], LlType::Void);
        let start = b.start();
        let [o, p] = b.params()[..] else { unreachable!() };
        let v = b.op(start, LlOp::Getfield, vec![Value::Var(o), c_str("f")], int.clone());
        if write_between {
            b.op(start, LlOp::Setfield, vec![Value::Var(p), c_str("f"), Value::Var(v)], LlType::Void);
        }
        b.op(start, LlOp::Setfield, vec![Value::Var(o), c_str("f"), Value::Var(v)], LlType::Void);
        b.ret(start, crate::llbuild::c_unit());
        let mut g = b.finish();
        remove_redundant_writes(&mut g);
        g.blocks[g.startblock].operations.iter().filter(|op| op.opname == "setfield").count()
    }

    #[test]
    fn writing_back_what_was_read_goes() {
        assert_eq!(writes_left(false), 0);
    }

    /// `p` may be `o`: its write may have changed `o.f`, so `v` is written back.
    #[test]
    fn a_write_of_the_field_in_between_keeps_it() {
        assert_eq!(writes_left(true), 2);
    }
}
