//! `checkgraph`: the invariants of the flow model (see `model.rs`), checked
//! after every stage. A violation is a bug in rpy, not in the user's program,
//! so it is reported as a panic with the graph's text.

use super::model::{FunctionGraph, Value, VarId};
use crate::lloperation::LlOp;

/// Checks `g`; `rtyped` additionally requires concretetypes everywhere and
/// only low-level operations.
pub fn checkgraph(g: &FunctionGraph, rtyped: bool) {
    if let Err(msg) = try_checkgraph(g, rtyped) {
        panic!("checkgraph failed for {}: {msg}\n{}", g.name, g.text());
    }
}

pub fn try_checkgraph(g: &FunctionGraph, rtyped: bool) -> Result<(), String> {
    let mut defined_in = vec![None; g.vars.len()];
    let blocks = g.iterblocks();
    let mut define = |v: VarId, b| {
        if defined_in[v.index_()].replace(b).is_some() {
            return Err(format!("{} defined twice", g.var_name(v)));
        }
        Ok(())
    };
    for &b in &blocks {
        let block = &g.blocks[b];
        for &v in &block.inputargs {
            define(v, b)?;
        }
        for op in &block.operations {
            define(op.result, b)?;
        }
    }
    let ret = &g.blocks[g.returnblock];
    if ret.inputargs.len() != 1 || !ret.exits.is_empty() || !ret.operations.is_empty() {
        return Err("malformed return block".into());
    }
    let exc = &g.blocks[g.exceptblock];
    if exc.inputargs.len() != 2 || !exc.exits.is_empty() || !exc.operations.is_empty() {
        return Err("malformed except block".into());
    }
    for &b in &blocks {
        let block = &g.blocks[b];
        let name = g.block_name(b);
        let used = |v: &Value| -> Result<(), String> {
            match v {
                Value::Var(v) if defined_in[v.index_()] != Some(b) => {
                    Err(format!("{name} uses {} defined elsewhere", g.var_name(*v)))
                }
                Value::Const(c) if rtyped && c.concretetype.is_none() => {
                    Err(format!("{name}: constant {} has no concretetype", c.value))
                }
                _ => Ok(()),
            }
        };
        for (i, op) in block.operations.iter().enumerate() {
            for a in &op.args {
                used(a)?;
            }
            if rtyped {
                let info = LlOp::from_name(&op.opname)
                    .map(LlOp::info)
                    .ok_or_else(|| format!("{name}: {} is not a low-level operation", op.opname))?;
                if info.noreturn && i + 1 != block.operations.len() {
                    return Err(format!("{name}: {} is not last", op.opname));
                }
            }
        }
        if rtyped {
            for &v in block.inputargs.iter().chain(block.operations.iter().map(|op| &op.result)) {
                if g.vars[v].concretetype.is_none() {
                    return Err(format!("{} has no concretetype", g.var_name(v)));
                }
            }
        }
        if g.is_final(b) {
            continue;
        }
        // `unwrap_failed` is the flow space's panic of an `unwrap` (typeck
        // makes it a `panic` or a `panic_str`).
        let ends_in_panic = block.operations.last().is_some_and(|op| {
            op.opname == "unwrap_failed" || LlOp::from_name(&op.opname).is_some_and(|op| op.info().noreturn)
        });
        match &block.exitswitch {
            None if block.exits.is_empty() && !ends_in_panic => {
                return Err(format!("{name} has no exit"));
            }
            None if block.exits.len() > 1 => return Err(format!("{name} has several exits and no exitswitch")),
            Some(sw) => {
                used(sw)?;
                if block.exits.iter().any(|l| l.exitcase.is_none()) {
                    return Err(format!("{name}: exit without exitcase"));
                }
            }
            _ => {}
        }
        if ends_in_panic && !block.exits.is_empty() {
            return Err(format!("{name} ends in a panic but has exits"));
        }
        for link in &block.exits {
            for a in &link.args {
                used(a)?;
            }
            let target = &g.blocks[link.target];
            if link.args.len() != target.inputargs.len() {
                return Err(format!(
                    "{name} -> {}: {} args for {} inputargs",
                    g.block_name(link.target),
                    link.args.len(),
                    target.inputargs.len()
                ));
            }
        }
    }
    Ok(())
}

trait IndexOf {
    fn index_(self) -> usize;
}
impl IndexOf for VarId {
    fn index_(self) -> usize {
        crate::entity::EntityRef::index(self)
    }
}
