//! Loop unrolling (RPython's `optimizeopt/unroll.py`): a trace that closes
//! its own loop is optimized twice. The first copy is the *preamble*, run
//! once on entry; it ends in a `label`, the start of the second copy, the
//! loop's *body*, whose `jump` goes back to the label. The body starts
//! knowing what the preamble knew at its end: reads of fields and items,
//! pure operations and guarded comparisons on values the loop passes
//! around (RPython's short preamble). So a read of a field of an object
//! that stays the same, a bounds check on it, or a constant the preamble
//! guarded, is done once per entry instead of once per turn.
//!
//! What the body uses of it must hold again at the body's end, for the next
//! turn. Each fact the body used is a value of the label, with its value
//! at the end passed by the `jump`: the body's own value when it knows one
//! (its heap cache, its pure operations), else computed again before the
//! jump (a pure operation on the new operands, or a read of a field of the
//! same object). A fact that cannot be computed again safely (a read of
//! another object, which the preamble's guards did not check; a division),
//! or a constant that is not the same constant at the end, is given up
//! and the body optimized again without it: the optimizer's knowledge is a
//! guess that gets smaller until it holds (`Mode`).
//!
//! Comparisons the preamble's guards decided about the values of the writes
//! the label carries (a tape's position kept in its object, below the
//! tape's length) are facts too, checked once the body's end knows what
//! those writes hold, and so are the constants it read in their fields
//! that never change (the tag of a value kept in an interpreter's
//! register, checked the turn it was read: not again the next).
//!
//! The ranges the preamble knew its integers at the label to lie in are
//! such guesses too (RPython's virtual state keeps the label's integer
//! bounds): the body starts knowing them, and each range a decision of the
//! body used (a bounds check it dropped) must hold of the value the jump
//! passes, or it is given up. Another trace jumping to the label enters
//! the body only when it knows each used range to hold or checks it with
//! guards (`label_args`); else it enters the preamble, which checks.

use super::carry::{Ask, Carried, Mismatch};
use super::intbounds::IntBound;
use super::optimizer::{location, Env, Optimizer};
use crate::jit::trace::{Args, FrameSnapshot, ResOp, Snapshot, Store, Trace, Value};
use rpy_jitcode::{Descr, JitModule, Kind, Op, Variant};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use smallvec::smallvec;
use std::rc::Rc;

/// A value the body can know in terms of the loop's values: an input of the
/// loop (by position in the jump), a fact (by number), a constant, or a
/// leaf of what the label carries (`carry`; the only facts about one are
/// constants: comparisons and reads of fields that never change,
/// `export_leaf_facts`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Expr {
    Input(usize),
    Fact(usize),
    Const(Value),
    Leaf(usize),
}

/// What the preamble knows at its end that the body may use: `op(args)`
/// is `value` (a read when `heap`).
struct Fact {
    op: Op,
    args: Vec<Expr>,
    descr: Option<u32>,
    kind: Kind,
    value: Value,
    heap: bool,
}

/// How the body takes an input or a fact: as a constant, as a value of the
/// label, or not at all.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Const(u64),
    Var,
    Dropped,
}

/// A range the preamble knew an input or a fact to lie in at its end.
type Range = (Expr, IntBound);

/// Rounds of guessing before the loop is left without a preamble.
const MAX_ROUNDS: usize = 12;

/// How other code may enter an unrolled loop at its label instead of its
/// preamble (RPython's short preamble): the label's arguments as facts
/// about the loop's inputs, and what the body assumes constant.
pub struct ShortPreamble {
    facts: Vec<Fact>,
    /// Inputs the body has as constants.
    inputs: Vec<Mode>,
    /// Facts the body uses as constants.
    constants: Vec<(usize, u64)>,
    label: Vec<Expr>,
    /// The ranges the body relies on.
    ranges: Vec<Range>,
    /// The writes the label carries.
    carried: Carried,
}

/// Unrolls the loop `trace` (its last operation jumps back to its start);
/// how to enter its body directly, when it has one.
pub fn unroll(trace: &mut Trace, env: Env) -> Option<ShortPreamble> {
    let orig = std::mem::take(&mut trace.ops);
    let (jump, body_ops) = orig.split_last().expect("a loop ends with its jump");
    let mut pre = Optimizer::new(env);
    pre.reserve(body_ops.len());
    pre.set_virtualizable(trace.vable.flatten());
    for op in body_ops {
        pre.emit(op.clone());
    }
    pre.force_arrays();
    // The label takes objects, not virtual ones.
    for v in &jump.args {
        pre.force_value(*v);
    }
    let entering: Vec<Value> = jump.args.iter().map(|v| pre.resolve(*v)).collect();
    let (facts, exprs) = export(&pre, &entering, trace);
    let as_expr = |v: Value| match pre.resolve(v) {
        Value::Var(n) => exprs.get(&n).copied(),
        c => Some(Expr::Const(c)),
    };
    let mut carried = Carried::capture(&pre, &trace.kinds, &as_expr);
    let mut facts = facts;
    export_leaf_facts(&pre, &exprs, &carried, &mut facts);
    let mut inputs: Vec<Mode> =
        entering.iter().map(|v| if let Value::Const(c, _) = v { Mode::Const(*c) } else { Mode::Var }).collect();
    let mut modes: Vec<Mode> =
        facts.iter().map(|f| if let Value::Const(c, _) = f.value { Mode::Const(c) } else { Mode::Var }).collect();
    let ranges = export_ranges(&pre, &entering, &facts);
    let mut kept_ranges = vec![true; ranges.len()];
    let nkinds = trace.kinds.len();
    for _ in 0..MAX_ROUNDS {
        trace.kinds.truncate(nkinds);
        carried.settle(&mut pre, &trace.kinds);
        let guess = Guess { inputs: &inputs, modes: &modes, ranges: &ranges, kept_ranges: &kept_ranges };
        match body(trace, env, body_ops, jump, &facts, &guess, &carried) {
            Ok(body) => {
                let constants = (body.used.iter())
                    .filter_map(|&k| if let Mode::Const(c) = modes[k] { Some((k, c)) } else { None })
                    .collect();
                let label = body.label.iter().map(|(_, e)| *e).collect();
                let ranges = body.used_ranges.iter().map(|&j| ranges[j]).collect();
                trace.ops = assemble(trace, pre.out, body, &entering, &facts, &carried);
                return Some(ShortPreamble { facts, inputs, constants, label, ranges, carried });
            }
            Err(d) => {
                for i in d.inputs {
                    inputs[i] = Mode::Var;
                }
                for k in d.facts {
                    modes[k] = match modes[k] {
                        // (A relation of a leaf is a constant or nothing.)
                        Mode::Const(_) if !mentions_leaf(&facts[k]) => Mode::Var,
                        _ => Mode::Dropped,
                    };
                }
                for j in d.ranges {
                    kept_ranges[j] = false;
                }
                carried.give_up(&trace.kinds, d.carried);
                // A value carried as a fact that did not hold is carried
                // as a leaf now: what the preamble knew of it, a fact of
                // that leaf (leaves are only added: the others' facts stay).
                let known = facts.len();
                export_leaf_facts(&pre, &exprs, &carried, &mut facts);
                modes.extend(facts[known..].iter().map(|f| match f.value {
                    Value::Const(c, _) => Mode::Const(c),
                    _ => Mode::Var,
                }));
            }
        }
    }
    // No guess held: the loop without a preamble.
    trace.kinds.truncate(nkinds);
    let mut opt = Optimizer::new(env);
    opt.set_virtualizable(trace.vable.flatten());
    for op in orig {
        opt.emit(op);
    }
    trace.ops = opt.out;
    None
}

/// The arguments of `sp`'s label for a jump to its loop with `args` (the
/// loop's inputs) at the end of a trace optimized by `opt`: when `opt`
/// knows every fact the label needs and the constants and ranges the body
/// assumes, or can compute and check them there (safely, or with guards
/// when the trace has a merge point to resume at); else `None`, and the
/// jump goes to the preamble.
pub fn label_args(sp: &ShortPreamble, opt: &mut Optimizer, trace: &mut Trace, args: &[Value]) -> Option<Vec<Value>> {
    let constant = |v: &Value, c: u64| matches!(v, Value::Const(x, _) if *x == c);
    // (Guards the jump adds resume at its merge point; they replace the
    // preamble's checks of what the body assumes.)
    let guards_at = trace.at_end.clone();
    for (i, mode) in sp.inputs.iter().enumerate() {
        if let Mode::Const(c) = mode {
            let kind = match args[i] {
                Value::Var(n) => trace.kinds[n as usize],
                Value::Const(_, kind) => kind,
            };
            if !constant(&args[i], *c)
                && !guards_at.as_ref().is_some_and(|at| guard_equal(opt, args[i], Value::Const(*c, kind), at))
            {
                return None;
            }
        }
    }
    let mut memo = HashMap::default();
    // The jumping trace's guards need not be the preamble's: operations
    // that cannot fail, and reads of fields, lengths and items at indexes
    // known in bounds through objects the jumping trace read or wrote
    // through itself (not null; the read is where the label's would be:
    // it gives the value the preamble would have read there), or of places
    // a bridge's guard knew. Others need guards (`guarded`), and so do
    // reads of a variant's fields: an object read through may be another
    // variant, without the field.
    let safe = |opt: &mut Optimizer, f: &Fact, args: &[Value], _: usize| {
        use Op::*;
        // (A place a bridge's guard knew holds something: its object is
        // no null, its index in bounds.)
        let named = f.heap && location(opt.module(), f.op, args, f.descr).is_some_and(|l| opt.names_place(&l));
        let own = variant(opt.module(), f.descr) == Variant::Own;
        let through_known_object = named
            || match f.op {
                GetfieldGcI | GetfieldGcR | GetfieldGcF if own => false,
                GetfieldGcI | GetfieldGcR | GetfieldGcF | ArraylenGc => opt.is_dereferenced(args[0]),
                GetarrayitemGcI | GetarrayitemGcR | GetarrayitemGcF => {
                    opt.is_dereferenced(args[0]) && opt.in_bounds(args[0], args[1], f.descr)
                }
                _ => false,
            };
        (!f.heap && can_hoist(f.op)) || through_known_object
    };
    let reach = Reach { facts: &sp.facts, inputs: args, leaves: &[], safe: &safe, guards_at: guards_at.as_ref() };
    for &(k, c) in sp.constants.iter().filter(|(k, _)| !mentions_leaf(&sp.facts[*k])) {
        let v = value_of(opt, trace, &reach, k, &mut memo)?;
        let c = Value::Const(c, sp.facts[k].kind);
        if v != c && !guards_at.as_ref().is_some_and(|at| guard_equal(opt, v, c, at)) {
            return None;
        }
    }
    let mut ask = |opt: &mut Optimizer, a: Ask| match a {
        Ask::Expr(Expr::Input(i)) => Some(args[i]),
        Ask::Expr(Expr::Fact(k)) => value_of(opt, trace, &reach, k, &mut memo),
        Ask::Expr(Expr::Const(c)) => Some(c),
        Ask::Expr(Expr::Leaf(_)) => unreachable!("leaves are the carried writes'"),
        Ask::Place(w) => read_place(opt, trace, &w),
    };
    let mut label: Vec<Option<Value>> = (sp.label.iter())
        .map(|e| match e {
            Expr::Leaf(_) => Some(None),
            e => ask(opt, Ask::Expr(*e)).map(Some),
        })
        .collect::<Option<_>>()?;
    // The body's guards that the ranges made go are this trace's to pass
    // (checked below).
    let ranged: Vec<(Value, IntBound)> =
        sp.ranges.iter().map(|&(e, range)| Some((ask(opt, Ask::Expr(e))?, range))).collect::<Option<_>>()?;
    // Last: the jumping trace must have the carried writes waiting, of the
    // label's shape (or what their places hold known); then its jump does
    // them no more.
    let needed = |l: usize| sp.label.contains(&Expr::Leaf(l));
    let (leaves, places) = sp.carried.finish(opt, &mut ask, &needed).ok()?;
    for (v, range) in ranged {
        if !range.contains(opt.bound(v)) && !guards_at.as_ref().is_some_and(|at| guard_within(opt, trace, v, range, at))
        {
            return None;
        }
    }
    // The relations of the carried values the body relies on.
    let reach = Reach { leaves: &leaves, guards_at: None, ..reach };
    for &(k, c) in sp.constants.iter().filter(|(k, _)| mentions_leaf(&sp.facts[*k])) {
        let v = value_of(opt, trace, &reach, k, &mut memo)?;
        if !known_equal(opt, v, c) {
            return None;
        }
    }
    opt.drop_waiting(&places);
    for (v, e) in label.iter_mut().zip(&sp.label) {
        if let Expr::Leaf(l) = e {
            *v = leaves[*l];
        }
    }
    label.into_iter().collect()
}

/// The preamble's facts at its end, expressed in the loop's inputs (the
/// jump's `entering` values), in an order where a fact's operands come
/// before it.
fn export(pre: &Optimizer, entering: &[Value], trace: &Trace) -> (Vec<Fact>, HashMap<u32, Expr>) {
    let mut expr: HashMap<u32, Expr> = HashMap::default();
    for (i, v) in entering.iter().enumerate() {
        if let Value::Var(n) = v {
            expr.entry(*n).or_insert(Expr::Input(i));
        }
    }
    let as_expr = |expr: &HashMap<u32, Expr>, v: &Value| match pre.resolve(*v) {
        Value::Var(n) => expr.get(&n).copied(),
        c => Some(Expr::Const(c)),
    };
    let mut facts = Vec::new();
    let mut exported = HashSet::default();
    for op in &pre.out {
        // A write is a fact about the read of the same place.
        let (read, args, result) = match (read_of(pre.module(), op.op, op.descr), op.result) {
            (Some(read), _) => (read, &op.args[..op.args.len() - 1], op.args[op.args.len() - 1]),
            (None, Some(r)) if op.op.is_heap_read() || op.op.is_pure() => (op.op, &op.args[..], Value::Var(r)),
            _ => continue,
        };
        let heap = read.is_heap_read();
        if matches!(result, Value::Var(r) if expr.contains_key(&r)) && read == op.op {
            continue;
        }
        let Some(exprs) = args.iter().map(|a| as_expr(&expr, a)).collect::<Option<Vec<Expr>>>() else { continue };
        // Still what the preamble knows at its end (a read may have been
        // forgotten since, a place written again).
        let value = if heap {
            location(pre.module(), read, args, op.descr).and_then(|l| pre.peek_heap(&l))
        } else {
            pre.peek_pure(&(read, Args::from_slice(&args), op.descr))
        };
        if value != Some(pre.resolve(result)) {
            continue;
        }
        // Once: a read and the write before it, or two writes, are the
        // same fact (the body must see one variable for it).
        if !exported.insert((read, exprs.clone(), op.descr)) {
            continue;
        }
        let kind = match result {
            Value::Var(r) => trace.kinds[r as usize],
            Value::Const(_, k) => k,
        };
        if let Value::Var(r) = result {
            expr.entry(r).or_insert(Expr::Fact(facts.len()));
        }
        facts.push(Fact { op: read, args: exprs, descr: op.descr, kind, value: pre.resolve(result), heap });
    }
    (facts, expr)
}

/// The comparisons the preamble `pre` knows at its end from its guards
/// (their negations and mirrors are in no operation) about the loop's
/// inputs and facts (`exprs`, the preamble's variables that are some) and
/// what the label carries (`carried`'s leaves: a tape's position kept in
/// its object), and the constants it read in fields that never change of
/// the leaves (an enum's tag: a value kept in a register of the frame and
/// checked the turn it was made need not be checked again the next):
/// appended to `facts`, after the others. The body starts knowing them
/// (the position below the tape's length, so that a move right is in
/// bounds once it is not at the end); those about leaves must hold of the
/// leaves' values at its end, known there without a read (a turn that
/// does not know them gives them up).
fn export_leaf_facts(pre: &Optimizer, exprs: &HashMap<u32, Expr>, carried: &Carried, facts: &mut Vec<Fact>) {
    let mut expr = exprs.clone();
    for l in 0..carried.leaf_count() {
        if let Value::Var(n) = pre.resolve(carried.leaf_value(l)) {
            expr.entry(n).or_insert(Expr::Leaf(l));
        }
    }
    let as_expr = |v: &Value| match pre.resolve(*v) {
        Value::Var(n) => expr.get(&n).copied(),
        c => Some(Expr::Const(c)),
    };
    let mut exported: HashSet<(Op, Vec<Expr>, Option<u32>)> =
        facts.iter().map(|f| (f.op, f.args.clone(), f.descr)).collect();
    for ((op, args, descr), value) in pre.derived_comparisons() {
        let Some(args) = args.iter().map(as_expr).collect::<Option<Vec<Expr>>>() else { continue };
        if exported.insert((op, args.clone(), descr)) {
            facts.push(Fact { op, args, descr, kind: Kind::Int, value, heap: false });
        }
    }
    // The variables a guarded comparison says equal a constant (a tag
    // checked with `==`), and what a value is known to be.
    let mut equal: HashMap<u32, Value> = HashMap::default();
    for op in pre.out.iter().filter(|op| op.op == Op::IntEq) {
        let Some(r) = op.result else { continue };
        if pre.resolve(Value::Var(r)) != Value::Const(1, Kind::Int) {
            continue;
        }
        if let [Value::Var(n), c @ Value::Const(..)] | [c @ Value::Const(..), Value::Var(n)] =
            [pre.resolve(op.args[0]), pre.resolve(op.args[1])]
        {
            equal.insert(n, c);
        }
    }
    let known = |v: Value| match pre.resolve(v) {
        Value::Var(n) => equal.get(&n).copied().unwrap_or(Value::Var(n)),
        c => c,
    };
    for op in &pre.out {
        let (Some(r), Some(d)) = (op.result, op.descr) else { continue };
        if !matches!(op.op, Op::GetfieldGcI | Op::GetfieldGcR | Op::GetfieldGcF) || !pre.module().is_immutable(d) {
            continue;
        }
        let value = known(Value::Var(r));
        let still = location(pre.module(), op.op, &op.args, op.descr).and_then(|l| pre.peek_heap(&l)).map(known);
        let (Value::Const(_, kind), true) = (value, still == Some(value)) else { continue };
        // (A value two leaves hold, a register copied to another: a fact
        // of each.)
        let obj = pre.resolve(op.args[0]);
        for l in (0..carried.leaf_count()).filter(|&l| pre.resolve(carried.leaf_value(l)) == obj) {
            let args = vec![Expr::Leaf(l)];
            if exported.insert((op.op, args.clone(), op.descr)) {
                facts.push(Fact { op: op.op, args, descr: op.descr, kind, value, heap: true });
            }
        }
    }
}

/// Whether `v` is known to be the constant `c`: it is, or a guarded
/// comparison said so (a tag checked with `==` stays a variable).
fn known_equal(opt: &mut Optimizer, v: Value, c: u64) -> bool {
    match v {
        Value::Const(x, _) => x == c,
        Value::Var(_) => {
            let c = Value::Const(c, Kind::Int);
            let eq = |a, b| (Op::IntEq, Args::from_slice(&[a, b]), None);
            let one = Some(Value::Const(1, Kind::Int));
            opt.lookup_pure(&eq(v, c)) == one || opt.lookup_pure(&eq(c, v)) == one
        }
    }
}

/// Whether fact `f` is about a leaf (a constant, `export_leaf_facts`).
fn mentions_leaf(f: &Fact) -> bool {
    f.args.iter().any(|e| matches!(e, Expr::Leaf(_)))
}

/// The ranges the preamble `pre` knew its values at the label (`entering`,
/// the facts' values) to lie in, where it knew any.
fn export_ranges(pre: &Optimizer, entering: &[Value], facts: &[Fact]) -> Vec<Range> {
    let inputs = entering.iter().enumerate().map(|(i, v)| (Expr::Input(i), *v));
    let facts = facts.iter().enumerate().map(|(k, f)| (Expr::Fact(k), f.value));
    (inputs.chain(facts))
        .filter(|(_, v)| matches!(v, Value::Var(_)))
        .map(|(e, v)| (e, pre.bound(v)))
        .filter(|(_, range)| *range != IntBound::FULL)
        .collect()
}

/// The read of what the write `op` writes (`None` for other operations).
fn read_of(m: &JitModule, op: Op, descr: Option<u32>) -> Option<Op> {
    let kind = match &m.descrs[descr? as usize] {
        Descr::Field { leaf, .. } | Descr::Interior { leaf, .. } => leaf.kind,
        Descr::Array { item: Some(leaf), .. } => leaf.kind,
        _ => return None,
    };
    let [i, r, f] = match op {
        Op::SetfieldGc => [Op::GetfieldGcI, Op::GetfieldGcR, Op::GetfieldGcF],
        Op::SetarrayitemGc => [Op::GetarrayitemGcI, Op::GetarrayitemGcR, Op::GetarrayitemGcF],
        Op::SetinteriorfieldGc => [Op::GetinteriorfieldGcI, Op::GetinteriorfieldGcR, Op::GetinteriorfieldGcF],
        _ => return None,
    };
    Some(match kind {
        Kind::Int => i,
        Kind::Ref => r,
        Kind::Float => f,
    })
}

/// The body, once optimized with the guess `inputs`/`modes`.
struct Body {
    ops: Vec<ResOp>,
    /// The label's variables and what each stands for; the jump passes
    /// their values at the end.
    label: Vec<(u32, Expr)>,
    jump: Vec<Value>,
    /// The facts the body used.
    used: Vec<usize>,
    /// The ranges it used.
    used_ranges: Vec<usize>,
}

/// What a body is optimized knowing: how it takes the inputs and the
/// facts, and the ranges (those not given up).
struct Guess<'a> {
    inputs: &'a [Mode],
    modes: &'a [Mode],
    ranges: &'a [Range],
    kept_ranges: &'a [bool],
}

/// The guesses that did not hold: inputs, facts and ranges, by number, and
/// what the label carries.
#[derive(Default)]
struct Demotions {
    inputs: Vec<usize>,
    facts: Vec<usize>,
    ranges: Vec<usize>,
    carried: Mismatch,
}

/// Optimizes a copy of the loop's operations as its body, knowing the
/// inputs, `facts` and ranges as `guess` says, with the `carried` writes
/// waiting; `Err` names the guesses that did not hold at the body's end.
fn body(
    trace: &mut Trace,
    env: Env,
    ops: &[ResOp],
    jump: &ResOp,
    facts: &[Fact],
    guess: &Guess,
    carried: &Carried,
) -> Result<Body, Demotions> {
    let Guess { inputs, modes, ranges, kept_ranges } = *guess;
    let mut opt = Optimizer::new(env);
    opt.reserve(ops.len());
    let fresh = |trace: &mut Trace, kind: Kind| Value::Var(trace.new_var(kind));
    let mut input_vals = Vec::with_capacity(inputs.len());
    for (i, mode) in inputs.iter().enumerate() {
        let kind = trace.kinds[i];
        input_vals.push(match mode {
            Mode::Const(c) => Value::Const(*c, kind),
            _ => fresh(trace, kind),
        });
    }
    // The virtualizable, when the loop takes it as an input and passes it
    // on as the same (before the facts: what they say of its objects).
    let vable = match trace.vable.flatten() {
        Some(Value::Var(i)) if (i as usize) < input_vals.len() && jump.args.get(i as usize) == Some(&Value::Var(i)) => {
            Some(input_vals[i as usize])
        }
        _ => None,
    };
    opt.set_virtualizable(vable);
    // Each fact's value and operands at the body's start (`None`: not known).
    let mut fact_vals: Vec<Option<Value>> = Vec::with_capacity(facts.len());
    let mut fact_args: Vec<Option<Vec<Value>>> = Vec::with_capacity(facts.len());
    for (f, mode) in facts.iter().zip(modes) {
        if mentions_leaf(f) {
            // (Known once the leaves have their variables, below.)
            fact_vals.push(None);
            fact_args.push(None);
            continue;
        }
        let args = args_at_start(f, &input_vals, &fact_vals, &[]);
        let value = match (mode, &args) {
            (Mode::Dropped, _) | (_, None) => None,
            (Mode::Const(c), _) => Some(Value::Const(*c, f.kind)),
            (Mode::Var, _) => Some(fresh(trace, f.kind)),
        };
        if let (Some(v), Some(a)) = (value, &args) {
            let k = fact_vals.len();
            if f.heap {
                let loc = location(env.module, f.op, a, f.descr).expect("a read's location");
                opt.know_heap(loc, v, Some(k));
            } else {
                opt.know_pure((f.op, Args::from_slice(&a), f.descr), v, Some(k));
            }
        }
        fact_vals.push(value);
        fact_args.push(args);
    }
    let at_label = |e: Expr| match e {
        Expr::Input(i) => Some(input_vals[i]),
        Expr::Fact(k) => fact_vals[k],
        _ => None,
    };
    for (j, &(e, range)) in ranges.iter().enumerate().filter(|(j, _)| kept_ranges[*j]) {
        if let Some(v @ Value::Var(_)) = at_label(e) {
            opt.know_bound(v, range, j);
        }
    }
    // The writes the label carries wait from the start; the facts they
    // take their places and values from are used.
    let mut at_start = |opt: &mut Optimizer, e: Expr| match e {
        Expr::Input(i) => Some(input_vals[i]),
        Expr::Fact(k) => {
            opt.used.insert(k);
            fact_vals[k]
        }
        Expr::Const(c) => Some(c),
        Expr::Leaf(_) => unreachable!("leaves are the carried writes'"),
    };
    let start = carried
        .start(&mut opt, &mut at_start, &mut |kind| trace.new_var(kind))
        .map_err(|m| Demotions { carried: m, ..Demotions::default() })?;
    for (k, f) in facts.iter().enumerate().filter(|(_, f)| mentions_leaf(f)) {
        let Mode::Const(c) = modes[k] else { continue };
        if let Some(args) = args_at_start(f, &input_vals, &fact_vals, &start.leaves) {
            let v = Value::Const(c, f.kind);
            if f.heap {
                let loc = location(env.module, f.op, &args, f.descr).expect("a read's location");
                opt.know_heap(loc, v, Some(k));
            } else {
                opt.know_pure((f.op, Args::from_slice(&args), f.descr), v, Some(k));
            }
            (fact_vals[k], fact_args[k]) = (Some(v), Some(args));
        }
    }
    // The loop's operations on the body's values.
    let mut rename: HashMap<u32, Value> = HashMap::default();
    for (i, v) in input_vals.iter().enumerate() {
        rename.insert(i as u32, *v);
    }
    let map = |rename: &HashMap<u32, Value>, v: &mut Value| {
        if let Value::Var(n) = *v {
            *v = rename[&n];
        }
    };
    // The frames renamed, by their address as recorded (a frame waiting
    // for its call is shared by the guards recorded meanwhile: renamed
    // once, shared renamed): the frame as recorded (kept, so that no
    // other frame takes its address) and renamed.
    let mut renamed_frames: HashMap<*const FrameSnapshot, (Rc<FrameSnapshot>, Rc<FrameSnapshot>)> = HashMap::default();
    for op in ops {
        let mut op = op.clone();
        op.args.iter_mut().for_each(|a| map(&rename, a));
        if let Some(s) = &mut op.snapshot {
            for frame in &mut s.frames {
                let (_, renamed) = renamed_frames.entry(Rc::as_ptr(frame)).or_insert_with(|| {
                    let mut renamed = FrameSnapshot::clone(frame);
                    renamed.live.iter_mut().for_each(|(_, v)| map(&rename, v));
                    (frame.clone(), Rc::new(renamed))
                });
                *frame = renamed.clone();
            }
            s.map_object_values(|mut v| {
                map(&rename, &mut v);
                v
            });
        }
        if let Some(r) = op.result {
            let kind = trace.kinds[r as usize];
            let v = fresh(trace, kind);
            rename.insert(r, v);
            let Value::Var(n) = v else { unreachable!() };
            op.result = Some(n);
        }
        opt.emit(op);
    }
    opt.force_arrays();
    let end: Vec<Value> = (jump.args.iter())
        .map(|v| {
            let mut v = *v;
            map(&rename, &mut v);
            opt.force_value(v);
            opt.resolve(v)
        })
        .collect();
    // Do the guesses hold at the end?
    let bad_inputs: Vec<usize> = (inputs.iter().enumerate())
        .filter(|(i, mode)| matches!(mode, Mode::Const(c) if !matches!(end[*i], Value::Const(x, _) if x == *c)))
        .map(|(i, _)| i)
        .collect();
    // The same operands as at the start: the preamble did this, so doing
    // it again is safe (a read of the same object, which may have
    // changed). Other operands: only operations that cannot fail.
    let safe = |_: &mut Optimizer, f: &Fact, args: &[Value], k: usize| {
        fact_args[k].as_deref() == Some(args) || (!f.heap && can_hoist(f.op))
    };
    let mut check = Check::default();
    check.run(&mut opt, trace, facts, modes, ranges, &end, None, &safe);
    if !bad_inputs.is_empty() || !check.bad.facts.is_empty() || !check.bad.ranges.is_empty() {
        return Err(Demotions { inputs: bad_inputs, ..check.bad });
    }
    let at_end = &mut check.at_end;
    let reach = Reach { facts, inputs: &end, leaves: &[], safe: &safe, guards_at: None };
    let mut ask = |opt: &mut Optimizer, a: Ask| match a {
        Ask::Expr(Expr::Input(i)) => Some(end[i]),
        Ask::Expr(Expr::Fact(k)) => value_of(opt, trace, &reach, k, at_end),
        Ask::Expr(Expr::Const(c)) => Some(c),
        Ask::Expr(Expr::Leaf(_)) => unreachable!("leaves are the carried writes'"),
        Ask::Place(w) => read_place(opt, trace, &w),
    };
    let uses: HashSet<u32> = opt.out.iter().flat_map(ResOp::uses).collect();
    let needed = |l: usize| matches!(start.leaves[l], Some(Value::Var(n)) if uses.contains(&n));
    let (end_leaves, places) =
        carried.finish(&mut opt, &mut ask, &needed).map_err(|m| Demotions { carried: m, ..Demotions::default() })?;
    let made = carried.made_in_body(&opt, &start);
    if !made.is_empty() {
        return Err(Demotions { carried: Mismatch { writes: vec![], slots: made }, ..Demotions::default() });
    }
    // Reading what a carried place holds may have relied on more ranges;
    // the relations of the leaves are checked now that their values are known.
    check.run(&mut opt, trace, facts, modes, ranges, &end, Some(&end_leaves), &safe);
    if !check.bad.facts.is_empty() || !check.bad.ranges.is_empty() {
        return Err(check.bad);
    }
    let at_end = &check.at_end;
    opt.drop_waiting(&places);
    let mut used: Vec<usize> = opt.used.iter().copied().collect();
    used.sort();
    let mut label = Vec::new();
    let mut jump_args = Vec::new();
    for (i, mode) in inputs.iter().enumerate() {
        if let (Mode::Var, Value::Var(n)) = (mode, input_vals[i]) {
            label.push((n, Expr::Input(i)));
            jump_args.push(end[i]);
        }
    }
    for k in used {
        if let (Mode::Var, Some(Value::Var(n))) = (modes[k], fact_vals[k]) {
            label.push((n, Expr::Fact(k)));
            jump_args.push(at_end[&k].expect("checked"));
        }
    }
    for (l, v) in start.leaves.iter().enumerate() {
        if let Some(Value::Var(n)) = v {
            label.push((*n, Expr::Leaf(l)));
            // (Nothing: a leaf the body does not use, dropped below.)
            jump_args.push(end_leaves[l].unwrap_or(Value::Const(0, trace.kinds[*n as usize])));
        }
    }
    opt.flush_lazy();
    let used = opt.used.iter().copied().collect();
    let used_ranges = check.ranges_checked.into_iter().collect();
    let mut body = Body { ops: opt.out, label, jump: jump_args, used, used_ranges };
    drop_dead_label_args(&mut body);
    Ok(body)
}

/// The checks at a body's end that what it used of the label still holds
/// there: each fact and range it used, and those that checking them used
/// (computing a fact's value may use other facts, deciding a range ranges).
#[derive(Default)]
struct Check {
    /// The facts' values at the end.
    at_end: HashMap<usize, Option<Value>>,
    facts_checked: HashSet<usize>,
    ranges_checked: HashSet<usize>,
    bad: Demotions,
}

impl Check {
    /// Checks what `opt` used that is not checked yet (`end`: the inputs'
    /// values at the end; `leaves`: the carried values there, once known).
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        opt: &mut Optimizer,
        trace: &mut Trace,
        facts: &[Fact],
        modes: &[Mode],
        ranges: &[Range],
        end: &[Value],
        leaves: Option<&[Option<Value>]>,
        safe: &Safe,
    ) {
        loop {
            // (Facts about leaves wait until the leaves' values are known.)
            let ready = |k: &usize| !self.facts_checked.contains(k) && (leaves.is_some() || !mentions_leaf(&facts[*k]));
            if let Some(k) = opt.used.iter().copied().filter(ready).min() {
                self.facts_checked.insert(k);
                let leaves = leaves.unwrap_or(&[]);
                let reach = Reach { facts, inputs: end, leaves, safe, guards_at: None };
                let end_value = value_of(opt, trace, &reach, k, &mut self.at_end);
                let holds = match (modes[k], end_value) {
                    (Mode::Const(c), Some(v)) => known_equal(opt, v, c),
                    (Mode::Var, Some(_)) => true,
                    _ => false,
                };
                if !holds {
                    self.bad.facts.push(k);
                }
            } else if let Some(j) = opt.used_bounds.iter().copied().filter(|j| !self.ranges_checked.contains(j)).min() {
                self.ranges_checked.insert(j);
                let (e, range) = ranges[j];
                let end_value = match e {
                    Expr::Input(i) => Some(end[i]),
                    Expr::Fact(k) => {
                        opt.used.insert(k);
                        let reach = Reach { facts, inputs: end, leaves: &[], safe, guards_at: None };
                        value_of(opt, trace, &reach, k, &mut self.at_end)
                    }
                    _ => unreachable!("ranges are of inputs and facts"),
                };
                if !end_value.is_some_and(|v| range.contains(opt.bound_used(v))) {
                    self.bad.ranges.push(j);
                }
            } else {
                return;
            }
        }
    }
}

/// The operands of fact `f` at the body's start, from the values there of
/// the inputs, the facts and the leaves (`None`: one is not known).
fn args_at_start(f: &Fact, inputs: &[Value], facts: &[Option<Value>], leaves: &[Option<Value>]) -> Option<Vec<Value>> {
    (f.args.iter())
        .map(|e| match e {
            Expr::Input(i) => Some(inputs[*i]),
            Expr::Fact(j) => facts[*j],
            Expr::Const(c) => Some(*c),
            Expr::Leaf(l) => leaves.get(*l).copied().flatten(),
        })
        .collect()
}

/// Drops the label's variables that nothing in the body uses but the jump
/// passing them on (the program's bytes once the guards on them are
/// known, say).
fn drop_dead_label_args(body: &mut Body) {
    let used: HashSet<u32> = body.ops.iter().flat_map(ResOp::uses).collect();
    loop {
        let dead = body.label.iter().enumerate().position(|(i, (n, _))| {
            !used.contains(n) && body.jump.iter().enumerate().all(|(j, v)| j == i || *v != Value::Var(*n))
        });
        let Some(i) = dead else { break };
        body.label.remove(i);
        body.jump.remove(i);
    }
}

/// Where a trace computes facts: its values of the loop's inputs and of
/// the label's carried values (`leaves`, where known), which reads are safe
/// there, and, for a trace that may add guards (a jump into the label),
/// where they resume (`Trace::at_end`).
struct Reach<'a> {
    facts: &'a [Fact],
    inputs: &'a [Value],
    leaves: &'a [Option<Value>],
    safe: &'a Safe<'a>,
    guards_at: Option<&'a Snapshot>,
}

/// The value of fact `k` where `opt` is, computing it there when `opt` does
/// not know it and the read is safe, or made safe by guards (`guarded`);
/// `None` when it is not.
fn value_of(
    opt: &mut Optimizer,
    trace: &mut Trace,
    r: &Reach,
    k: usize,
    memo: &mut HashMap<usize, Option<Value>>,
) -> Option<Value> {
    if let Some(v) = memo.get(&k) {
        return *v;
    }
    let f = &r.facts[k];
    let mut args = Vec::with_capacity(f.args.len());
    for e in &f.args {
        args.push(match e {
            Expr::Input(i) => r.inputs[*i],
            Expr::Fact(j) => value_of(opt, trace, r, *j, memo)?,
            Expr::Const(c) => *c,
            Expr::Leaf(l) => r.leaves.get(*l).copied().flatten()?,
        });
    }
    let known = if f.heap {
        location(opt.module(), f.op, &args, f.descr).and_then(|l| opt.lookup_heap(&l))
    } else {
        opt.lookup_pure(&(f.op, Args::from_slice(&args), f.descr))
    };
    let value = match known {
        Some(v) => Some(v),
        None if (r.safe)(opt, f, &args, k) || guarded(opt, trace, r, k, &args, memo) => {
            Some(emit_op(opt, trace, f.op, args, f.descr, f.kind))
        }
        None => None,
    };
    memo.insert(k, value);
    value
}

/// The result of `op(args)`, emitted where `opt` is.
fn emit_op(opt: &mut Optimizer, trace: &mut Trace, op: Op, args: Vec<Value>, descr: Option<u32>, kind: Kind) -> Value {
    let r = trace.new_var(kind);
    opt.emit(ResOp { op, args: args.into(), descr, result: Some(r), snapshot: None });
    opt.resolve(Value::Var(r))
}

/// Makes the read of fact `k` (with operands `args`) safe with guards that
/// resume at `Reach::guards_at` (RPython's short preamble guards), the
/// checks the preamble's own guards made before it: its object not null,
/// an enum's tag the variant whose field it reads, an item's index within
/// its array. `false`: no such guards are allowed here, or none makes it safe.
fn guarded(
    opt: &mut Optimizer,
    trace: &mut Trace,
    r: &Reach,
    k: usize,
    args: &[Value],
    memo: &mut HashMap<usize, Option<Value>>,
) -> bool {
    use Op::*;
    let Some(at) = r.guards_at else { return false };
    let f = &r.facts[k];
    if !matches!(
        f.op,
        GetfieldGcI | GetfieldGcR | GetfieldGcF | GetarrayitemGcI | GetarrayitemGcR | GetarrayitemGcF | ArraylenGc
    ) {
        return false;
    }
    let obj = args[0];
    if !opt.is_not_null(obj) {
        let nonnull = emit_op(opt, trace, PtrNonzero, vec![obj], None, Kind::Int);
        if !guard_equal(opt, nonnull, Value::Const(1, Kind::Int), at) {
            return false;
        }
        opt.know_not_null(obj);
    }
    // A variant's own field, or any field of an object whose tag the
    // preamble knew, is read once a guard checked that tag: of another
    // variant the object has no such field, and a tagged word (whose tag
    // reads without memory) no memory at all. (The tag is a field of every
    // variant: its read is safe now.)
    let own = variant(opt.module(), f.descr) == Variant::Own;
    let tag = (0..r.facts.len()).find(|&j| {
        let g = &r.facts[j];
        g.heap && variant(opt.module(), g.descr) == Variant::Tag && g.args[..1] == f.args[..1]
    });
    match tag.map(|tag| (tag, known_tag(r.facts, tag))) {
        Some((tag, Some(variant))) if tag != k => {
            let Some(v) = value_of(opt, trace, r, tag, memo) else { return false };
            if !guard_equal(opt, v, variant, at) {
                return false;
            }
        }
        _ if own => return false,
        _ => {}
    }
    if matches!(f.op, GetarrayitemGcI | GetarrayitemGcR | GetarrayitemGcF) && !opt.in_bounds(obj, args[1], f.descr) {
        let len = emit_op(opt, trace, ArraylenGc, vec![obj], f.descr, Kind::Int);
        let within = emit_op(opt, trace, UintLt, vec![args[1], len], None, Kind::Int);
        if !guard_equal(opt, within, Value::Const(1, Kind::Int), at) {
            return false;
        }
    }
    true
}

/// The tag the preamble knew the tag read `tag` gave: its value, or the
/// constant a comparison it guarded equal to it.
fn known_tag(facts: &[Fact], tag: usize) -> Option<Value> {
    if let Value::Const(..) = facts[tag].value {
        return Some(facts[tag].value);
    }
    let read = Expr::Fact(tag);
    facts.iter().find_map(|g| match (g.op, &g.args[..], g.value) {
        (Op::IntEq, [a, Expr::Const(c)] | [Expr::Const(c), a], Value::Const(1, _)) if *a == read => Some(*c),
        _ => None,
    })
}

/// Makes the integer `v` lie within `range` where `opt` is, through guards
/// on the sides its known range does not (resuming at `at`).
fn guard_within(opt: &mut Optimizer, trace: &mut Trace, v: Value, range: IntBound, at: &Snapshot) -> bool {
    let known = opt.bound(v);
    let sides = [(Op::IntGe, range.lo, known.lo < range.lo), (Op::IntLe, range.hi, known.hi > range.hi)];
    for (cmp, limit, needed) in sides {
        if needed {
            let holds = emit_op(opt, trace, cmp, vec![v, Value::Const(limit as u64, Kind::Int)], None, Kind::Int);
            if !guard_equal(opt, holds, Value::Const(1, Kind::Int), at) {
                return false;
            }
        }
    }
    true
}

/// Makes `v` the constant `c` where `opt` is: `true` when it is known to
/// be, or (not a float) through a guard resuming at `at`.
fn guard_equal(opt: &mut Optimizer, v: Value, c: Value, at: &Snapshot) -> bool {
    match v {
        Value::Const(..) => v == c,
        Value::Var(_) if matches!(c, Value::Const(_, Kind::Float)) => false,
        Value::Var(_) => {
            let snapshot = Some(Box::new(at.clone()));
            opt.guard_keeping_writes(ResOp {
                op: Op::GuardValue,
                args: smallvec![v, c],
                descr: None,
                result: None,
                snapshot,
            });
            true
        }
    }
}

/// The variant part of the field descr `d` (`Any` for other descrs).
fn variant(m: &JitModule, d: Option<u32>) -> Variant {
    match d.map(|d| &m.descrs[d as usize]) {
        Some(Descr::Field { variant, .. }) => *variant,
        _ => Variant::Any,
    }
}

/// What the place the write `w` goes to holds where `opt` is, when a write
/// the label carries is not waiting there: what `opt` knows it holds, or
/// a read of it when that is safe (through an object the trace read or
/// wrote through, at an index known in bounds). The carried write then
/// writes what is there.
fn read_place(opt: &mut Optimizer, trace: &mut Trace, w: &Store) -> Option<Value> {
    let (op, args) = w.op(opt.module());
    let read = read_of(opt.module(), op, Some(w.descr))?;
    let args = &args[..args.len() - 1];
    let loc = location(opt.module(), read, args, Some(w.descr))?;
    if let Some(v) = opt.lookup_heap(&loc) {
        return Some(v);
    }
    let safe = opt.is_dereferenced(w.obj)
        && match (op, w.index) {
            (Op::SetfieldGc, _) => true,
            (Op::SetarrayitemGc, Some(i)) => opt.in_bounds(w.obj, i, Some(w.descr)),
            _ => false,
        };
    if !safe {
        return None;
    }
    let kind = match read {
        Op::GetfieldGcI | Op::GetarrayitemGcI => Kind::Int,
        Op::GetfieldGcF | Op::GetarrayitemGcF => Kind::Float,
        _ => Kind::Ref,
    };
    let r = trace.new_var(kind);
    opt.emit(ResOp { op: read, args: Args::from_slice(args), descr: Some(w.descr), result: Some(r), snapshot: None });
    Some(opt.resolve(Value::Var(r)))
}

/// Whether fact `k` may be computed by the trace `opt` optimizes, with
/// these operands, when `opt` does not know it.
type Safe<'a> = dyn Fn(&mut Optimizer, &Fact, &[Value], usize) -> bool + 'a;

/// Pure operations that cannot trap or fail whatever their operands.
fn can_hoist(op: Op) -> bool {
    use Op::*;
    op.is_pure() && !matches!(op, IntFloordiv | IntMod | UintFloordiv | UintMod | Llop | ArraylenGc)
}

/// The preamble, the label (each of its variables set from the preamble's
/// value: the variable itself when it has one of its own, else through a
/// `same_as`), the body and its jump back to the label.
fn assemble(
    trace: &Trace,
    preamble: Vec<ResOp>,
    body: Body,
    entering: &[Value],
    facts: &[Fact],
    carried: &Carried,
) -> Vec<ResOp> {
    let mut ops = preamble;
    let mut rename: HashMap<u32, u32> = HashMap::default();
    let mut taken = HashSet::default();
    let mut label_args = Vec::new();
    for (var, from) in &body.label {
        let value = match from {
            Expr::Input(i) => entering[*i],
            Expr::Fact(k) => facts[*k].value,
            Expr::Const(c) => *c,
            Expr::Leaf(l) => carried.leaf_value(*l),
        };
        match value {
            Value::Var(n) if taken.insert(n) => {
                rename.insert(*var, n);
                label_args.push(Value::Var(n));
            }
            _ => {
                let same_as = match trace.kinds[*var as usize] {
                    Kind::Int => Op::SameAsI,
                    Kind::Ref => Op::SameAsR,
                    Kind::Float => Op::SameAsF,
                };
                ops.push(ResOp {
                    op: same_as,
                    args: smallvec![value],
                    descr: None,
                    result: Some(*var),
                    snapshot: None,
                });
                label_args.push(Value::Var(*var));
            }
        }
    }
    let renamed = |v: &mut Value| {
        if let Value::Var(n) = v {
            if let Some(m) = rename.get(n) {
                *n = *m;
            }
        }
    };
    ops.push(ResOp { op: Op::Label, args: label_args.into(), descr: None, result: None, snapshot: None });
    for mut op in body.ops {
        op.args.iter_mut().for_each(renamed);
        if let Some(s) = &mut op.snapshot {
            // (A frame shared with other snapshots is copied only when it
            // changes.)
            s.map_values(|mut v| {
                renamed(&mut v);
                v
            });
        }
        ops.push(op);
    }
    let mut jump = body.jump;
    jump.iter_mut().for_each(renamed);
    ops.push(ResOp { op: Op::Jump, args: jump.into(), descr: None, result: None, snapshot: None });
    ops
}
