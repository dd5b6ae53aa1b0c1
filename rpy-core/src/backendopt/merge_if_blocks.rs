//! Chains of tests of one integer against constants become one block
//! switching on it (RPython's `backendopt/merge_if_blocks.py`). A `match`
//! on an enum, an integer or a `char` flows as one test per arm:
//!
//! ```text
//! block A: t = getfield(p, "#tag"); c = int_eq(t, 0); switch c: true -> arm0, false -> B
//! block B: t' = getfield(p', "#tag"); c' = int_eq(t', 1); switch c': true -> arm1, false -> C
//! ```
//!
//! and becomes `block A: t = getfield(p, "#tag"); switch t: 0 -> arm0, 1 -> arm1, default -> C`.
//! The backend then emits one `switch` instruction, and the JIT traces the
//! dispatch as one `guard_value` on `t` instead of one `int_eq` and guard per
//! arm before the taken one.
//!
//! A block joins the chain when the previous test's false link is its only
//! entry and it computes nothing but its test: a comparison of the same value
//! with a new constant, after at most a re-read of the same enum's tag (tags
//! never change after construction, so the re-read gives the head's value).

use super::{rename, subst};
use crate::flow::{BlockId, ConstTy, ConstValue, Constant, FunctionGraph, Link, SpaceOperation, Value, VarId};
use crate::lloperation::{IntOp, LlOp};
use crate::lltype::LlType;
use crate::rtyper::TAG;
use std::collections::{HashMap, HashSet};

/// Merges every chain of two tests or more in `g`; whether it changed.
pub fn merge_if_blocks(g: &mut FunctionGraph) -> bool {
    let mut changed = false;
    let mut absorbed: HashSet<BlockId> = HashSet::new();
    // Merging a chain keeps the counts of the blocks it does not absorb:
    // the links of the absorbed blocks leave from the head instead.
    let preds = predecessors(g);
    for b in g.iterblocks() {
        if absorbed.contains(&b) {
            continue;
        }
        if let Some(chain) = find_chain(g, b, &preds) {
            absorbed.extend(chain.blocks.iter().copied());
            apply(g, b, chain);
            changed = true;
        }
    }
    changed
}

/// The test a block ends with: `cond = {int,uint}_eq(value, key)`, the
/// block's exitswitch, with a true and a false exit.
struct Test {
    value: VarId,
    key: i128,
    cond: VarId,
    if_true: Link,
    if_false: Link,
}

fn test_of(g: &FunctionGraph, b: BlockId) -> Option<Test> {
    let block = &g.blocks[b];
    let Some(Value::Var(cond)) = block.exitswitch else { return None };
    let op = block.operations.last().filter(|op| op.result == cond)?;
    if !matches!(LlOp::from_name(&op.opname)?, LlOp::Int(IntOp::Eq) | LlOp::Uint(IntOp::Eq)) {
        return None;
    }
    let (value, key) = match op.args.as_slice() {
        [Value::Var(v), Value::Const(c)] | [Value::Const(c), Value::Var(v)] => (*v, c),
        _ => return None,
    };
    let ConstValue::Int(key) = key.value else { return None };
    // A switch on a `bool` is a two-way branch already.
    if !matches!(g.vars[value].concretetype, Some(LlType::Int { .. } | LlType::Char | LlType::UniChar)) {
        return None;
    }
    let exit = |b: bool| block.exits.iter().find(|l| l.exitcase == Some(ConstValue::Bool(b))).cloned();
    match block.exits.len() {
        2 => Some(Test { value, key, cond, if_true: exit(true)?, if_false: exit(false)? }),
        _ => None,
    }
}

/// A chain found from its head: the blocks it absorbs, the cases with
/// their links (in the head's variables) and the default link.
struct Chain {
    blocks: Vec<BlockId>,
    value: VarId,
    cases: Vec<(i128, Link)>,
    default: Link,
}

fn find_chain(g: &FunctionGraph, head: BlockId, preds: &HashMap<BlockId, usize>) -> Option<Chain> {
    let first = test_of(g, head)?;
    // The head's value, and the op that read it when it is an enum's tag.
    let tag_of = g.blocks[head]
        .operations
        .iter()
        .find(|op| op.result == first.value && is_tag_read(op))
        .map(|op| op.args[0].clone());
    let bool_const = |b: bool| {
        Value::Const(Constant {
            value: ConstValue::Bool(b),
            ty: ConstTy::Known(crate::ty::Ty::Bool),
            concretetype: Some(LlType::Bool),
        })
    };
    // A link passing the test's result passes what it is on that link.
    let knowing = |b: bool| HashMap::from([(first.cond, bool_const(b))]);
    let mut cases = vec![(first.key, rename(&first.if_true, &knowing(true)))];
    let mut default = rename(&first.if_false, &knowing(false));
    let mut blocks = Vec::new();
    loop {
        let next = default.target;
        if next == head || g.is_final(next) || next == g.startblock || preds.get(&next) != Some(&1) {
            break;
        }
        let Some(test) = test_of(g, next) else { break };
        let block = &g.blocks[next];
        // The values of this block's variables in the head's scope.
        let mut inner: HashMap<VarId, Value> =
            block.inputargs.iter().copied().zip(default.args.iter().cloned()).collect();
        // Everything before the test re-reads the head's enum tag.
        let (reads, _) = block.operations.split_at(block.operations.len() - 1);
        let rereads_tag = |op: &SpaceOperation| {
            is_tag_read(op) && tag_of.as_ref().is_some_and(|obj| subst(&op.args[0], &inner) == *obj)
        };
        if !reads.iter().all(rereads_tag) {
            break;
        }
        for op in reads {
            inner.insert(op.result, Value::Var(first.value));
        }
        let same_value = subst(&Value::Var(test.value), &inner) == Value::Var(first.value);
        if !same_value || cases.iter().any(|(k, _)| *k == test.key) {
            break;
        }
        inner.insert(test.cond, bool_const(true));
        cases.push((test.key, rename(&test.if_true, &inner)));
        inner.insert(test.cond, bool_const(false));
        default = rename(&test.if_false, &inner);
        blocks.push(next);
    }
    (!blocks.is_empty()).then_some(Chain { blocks, value: first.value, cases, default })
}

/// `getfield(p, "#tag")`.
fn is_tag_read(op: &SpaceOperation) -> bool {
    LlOp::from_name(&op.opname) == Some(LlOp::Getfield)
        && op.args.get(1).and_then(Value::constant).and_then(|c| c.as_str()) == Some(TAG)
}

/// How many links of reachable blocks enter each block.
fn predecessors(g: &FunctionGraph) -> HashMap<BlockId, usize> {
    let mut n = HashMap::new();
    for b in g.iterblocks() {
        for link in &g.blocks[b].exits {
            *n.entry(link.target).or_default() += 1;
        }
    }
    n
}

/// The head drops its comparison and switches on the value.
fn apply(g: &mut FunctionGraph, head: BlockId, chain: Chain) {
    let block = &mut g.blocks[head];
    block.operations.pop();
    block.exitswitch = Some(Value::Var(chain.value));
    let cases = chain.cases.into_iter().map(|(k, link)| Link { exitcase: Some(ConstValue::Int(k)), ..link });
    let default = Link { exitcase: Some(ConstValue::Str("default".into())), ..chain.default };
    block.exits = cases.chain([default]).collect();
}
