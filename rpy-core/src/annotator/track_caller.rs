//! `#[track_caller]` functions (the prelude's `Vec::remove`, slicing, ...,
//! and the module's own): their panics report the position of the call, as
//! Rust's do. Each call of one, at each position, gets a copy of the
//! callee's graph whose operations all carry the call's position; a call
//! inside the copy of another `#[track_caller]` function passes the same
//! position on, as in Rust. Runs after type inference, on flow graphs.

use crate::annotator::typeck::ProgramTypes;
use crate::entity::EntityRef;
use crate::flow::{BlockId, ConstValue, Constant, FunctionGraph, GraphId, Pos, Value};
use crate::translator::Translator;
use std::collections::HashMap;

/// Redirects every call of a `#[track_caller]` graph to its copy for the
/// call's position (made once per callee and position, with its types).
pub fn specialize(t: &mut Translator, types: &mut ProgramTypes) {
    let mut copies: HashMap<(GraphId, Pos), GraphId> = HashMap::new();
    // Copies are appended, so they are scanned in turn.
    let mut next = 0;
    while next < t.graphs.len() {
        let g = GraphId::new(next);
        next += 1;
        if t.graphs[g].track_caller {
            continue;
        }
        let blocks: Vec<BlockId> = t.graphs[g].blocks.keys().collect();
        for b in blocks {
            for i in 0..t.graphs[g].blocks[b].operations.len() {
                let op = &t.graphs[g].blocks[b].operations[i];
                let callee = match op.args.first().and_then(|a| a.constant()).map(|c| &c.value) {
                    Some(ConstValue::Func(f)) if op.opname == "simple_call" && t.graphs[*f].track_caller => *f,
                    _ => continue,
                };
                let Some(pos) = op.pos else { continue };
                let copy = match copies.get(&(callee, pos)) {
                    Some(&c) => c,
                    None => {
                        let c = t.graphs.push(at(&t.graphs[callee], pos));
                        types.push(types[callee].clone());
                        copies.insert((callee, pos), c);
                        c
                    }
                };
                t.graphs[g].blocks[b].operations[i].args[0] = Value::Const(Constant::meta(ConstValue::Func(copy)));
            }
        }
    }
}

/// A copy of `g` all of whose operations and positions are `pos`.
fn at(g: &FunctionGraph, pos: Pos) -> FunctionGraph {
    let mut c = g.clone();
    c.name = format!("{}@{pos}", g.name);
    c.track_caller = false;
    for b in g.blocks.keys() {
        for op in &mut c.blocks[b].operations {
            op.pos = Some(pos);
            for a in &mut op.args {
                if let Value::Const(Constant { value: value @ ConstValue::Pos(_), .. }) = a {
                    *value = ConstValue::Pos(pos);
                }
            }
        }
    }
    c
}
