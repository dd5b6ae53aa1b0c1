//! Writes a loop carries across its back-edge. A write the preamble has not
//! done at its end (a lazy write) need not be done before the label when
//! the body ends with the same write waiting: the label says it waits, its
//! value is passed in the label's variables, and the body starts with it
//! waiting as the preamble ended. An interpreter's frame is the case: the
//! locals written every turn are never written to memory inside the loop,
//! and the values stored there (a boxed integer) stay virtual, never
//! allocated; a guard failing does the writes and makes the objects, as
//! for any waiting write. (RPython gets this from virtualizables, declared
//! on the frame; here any object's places qualify, and nothing escapes
//! unless the optimizer sees it escape.)
//!
//! What the label carries is a *shape*: each write's place, in the loop's
//! inputs and facts (`Expr`), and what it stores, a *slot*: a value the
//! label has anyway (an input, a fact, a constant), a value of its own (a
//! *leaf*), or a virtual object whose fields are slots again, shared as
//! they are shared (one object stored in two places is one object in the
//! shape). Like the rest of the label it is a guess that must hold at the
//! body's end, for the next turn: the same writes waiting, with values of
//! the same shape. What does not hold is given up: a write (then done
//! before the label), or a slot's value (a constant or an input that is
//! another value at the end becomes a leaf).

use super::optimizer::{location, Loc, Optimizer};
use super::unroll::Expr;
use crate::jit::trace::{Store, Value};
use rpy_jitcode::Kind;
use rustc_hash::FxHashMap as HashMap;

/// What a carried write stores, or a carried object's field holds.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Slot {
    Value(Expr),
    /// A virtual object, by its number in `Carried::virtuals`.
    Virtual(usize),
}

/// Where a slot is: the value of write `w`, or field `f` (by position) of
/// virtual object `v`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum SlotId {
    Write(usize),
    Field(usize, usize),
}

/// A virtual object of the shape: the preamble's variable for it, its size
/// descr, its length (arrays) and its fields, each with the preamble's
/// value.
struct VirtualShape {
    var: u32,
    size: u32,
    length: Option<u64>,
    fields: Vec<(u32, Slot, Value)>,
}

/// A write the label carries: its place, what it stores, the preamble's
/// value of that, and the place in the preamble.
struct CarriedWrite {
    obj: Expr,
    index: Option<Expr>,
    descr: u32,
    value: Slot,
    pre_value: Value,
    pre_loc: Loc,
    dropped: bool,
}

/// The writes a loop's label carries and their shape.
pub(super) struct Carried {
    writes: Vec<CarriedWrite>,
    virtuals: Vec<VirtualShape>,
    /// Each leaf's kind and the preamble's value for it.
    leaves: Vec<(Kind, Value)>,
}

/// A loop's body's start: the variables of the leaves (`None`: a leaf of
/// no kept write) and of the objects of the shape.
pub(super) struct Start {
    pub leaves: Vec<Option<Value>>,
    objects: HashMap<usize, u32>,
}

/// What `Carried::materialize` works with.
struct Making<'a, 'b, 'm> {
    opt: &'a mut Optimizer<'m>,
    at_start: &'a mut ExprValue<'b, 'm>,
    var: &'a mut dyn FnMut(Kind) -> u32,
    st: &'a mut Start,
    bad: &'a mut Mismatch,
}

/// What did not hold at the end: writes to give up, slots to make leaves.
#[derive(Default)]
pub(super) struct Mismatch {
    pub writes: Vec<usize>,
    pub slots: Vec<SlotId>,
}

/// The value of an `Expr` where a trace is (`None`: not known there).
pub(super) type ExprValue<'a, 'm> = dyn FnMut(&mut Optimizer<'m>, Expr) -> Option<Value> + 'a;

/// What a trace jumping to the label is asked: the value of an `Expr`
/// there, or what a place holds there (no write waiting to go there).
pub(super) enum Ask {
    Expr(Expr),
    Place(Store),
}

/// The answers (`None`: not known, or not safe to read).
pub(super) type Answer<'a, 'm> = dyn FnMut(&mut Optimizer<'m>, Ask) -> Option<Value> + 'a;

impl Carried {
    /// The writes waiting at the end of the preamble `pre` (its jump's
    /// values made objects) whose places `as_expr` can say in the loop's
    /// inputs and facts; `kinds` are the trace's variables'.
    pub fn capture(pre: &Optimizer, kinds: &[Kind], as_expr: &dyn Fn(Value) -> Option<Expr>) -> Carried {
        let mut c = Carried { writes: Vec::new(), virtuals: Vec::new(), leaves: Vec::new() };
        let mut memo = HashMap::default();
        for (loc, w) in pre.lazy_writes() {
            let Some(obj) = as_expr(w.obj) else { continue };
            let index = match w.index {
                Some(i) => match as_expr(i) {
                    Some(e) => Some(e),
                    None => continue,
                },
                None => None,
            };
            let value = c.slot_of(pre, kinds, as_expr, w.value, &mut memo);
            let (descr, pre_value) = (w.descr, w.value);
            c.writes.push(CarriedWrite { obj, index, descr, value, pre_value, pre_loc: loc, dropped: false });
        }
        c
    }

    /// The slot for the preamble's value `v`.
    fn slot_of(
        &mut self,
        pre: &Optimizer,
        kinds: &[Kind],
        as_expr: &dyn Fn(Value) -> Option<Expr>,
        v: Value,
        memo: &mut HashMap<u32, usize>,
    ) -> Slot {
        let Some((size, length, fields)) = pre.virtual_object(v) else {
            return Slot::Value(as_expr(v).unwrap_or_else(|| self.leaf(kinds, v)));
        };
        let Value::Var(var) = pre.resolve(v) else { unreachable!("a virtual is a variable") };
        if let Some(&j) = memo.get(&var) {
            return Slot::Virtual(j);
        }
        let j = self.virtuals.len();
        memo.insert(var, j);
        self.virtuals.push(VirtualShape { var, size, length, fields: Vec::new() });
        let fields = (fields.into_iter()).map(|(d, x)| (d, self.slot_of(pre, kinds, as_expr, x, memo), x)).collect();
        self.virtuals[j].fields = fields;
        Slot::Virtual(j)
    }

    /// A new leaf for the preamble's value `v`.
    fn leaf(&mut self, kinds: &[Kind], v: Value) -> Expr {
        let kind = match v {
            Value::Var(n) => kinds[n as usize],
            Value::Const(_, k) => k,
        };
        self.leaves.push((kind, v));
        Expr::Leaf(self.leaves.len() - 1)
    }

    fn kept(&self) -> impl Iterator<Item = (usize, &CarriedWrite)> {
        self.writes.iter().enumerate().filter(|(_, w)| !w.dropped)
    }

    /// How many leaves there are.
    pub fn leaf_count(&self) -> usize {
        self.leaves.len()
    }

    /// The preamble's value for leaf `l`.
    pub fn leaf_value(&self, l: usize) -> Value {
        self.leaves[l].1
    }

    /// Gives up what `m` says did not hold.
    pub fn give_up(&mut self, kinds: &[Kind], m: Mismatch) {
        for w in m.writes {
            self.writes[w].dropped = true;
        }
        for id in m.slots {
            self.make_leaf(kinds, id);
        }
    }

    /// The slot `id` becomes a leaf (the preamble's value passed as it is).
    fn make_leaf(&mut self, kinds: &[Kind], id: SlotId) {
        let pre = match id {
            SlotId::Write(w) => self.writes[w].pre_value,
            SlotId::Field(v, f) => self.virtuals[v].fields[f].2,
        };
        let leaf = Slot::Value(self.leaf(kinds, pre));
        match id {
            SlotId::Write(w) => self.writes[w].value = leaf,
            SlotId::Field(v, f) => self.virtuals[v].fields[f].1 = leaf,
        }
    }

    /// Makes the preamble `pre` end as the label says: the writes it does
    /// not carry done; a virtual object of the shape that doing them made
    /// (it was stored there too) is passed as the object it now is.
    pub fn settle(&mut self, pre: &mut Optimizer, kinds: &[Kind]) {
        let keep: Vec<Loc> = self.kept().map(|(_, w)| w.pre_loc).collect();
        pre.flush_lazy_except(&keep);
        for (_, s) in self.slots() {
            if let Slot::Value(Expr::Leaf(l)) = s {
                pre.force_value(self.leaves[l].1);
            }
        }
        loop {
            let made = |s: &Slot| match s {
                Slot::Virtual(j) => pre.virtual_object(Value::Var(self.virtuals[*j].var)).is_none(),
                Slot::Value(_) => false,
            };
            let forced = self.slots().into_iter().find(|(_, s)| made(s));
            let Some((id, _)) = forced else { break };
            self.make_leaf(kinds, id);
        }
    }

    /// Every slot of the kept writes, each once.
    fn slots(&self) -> Vec<(SlotId, Slot)> {
        let mut out = Vec::new();
        let mut seen = vec![false; self.virtuals.len()];
        let mut todo: Vec<(SlotId, Slot)> = self.kept().map(|(i, w)| (SlotId::Write(i), w.value)).collect();
        while let Some((id, s)) = todo.pop() {
            out.push((id, s));
            if let Slot::Virtual(j) = s {
                if !std::mem::replace(&mut seen[j], true) {
                    let fields = self.virtuals[j].fields.iter().enumerate();
                    todo.extend(fields.map(|(f, (_, s, _))| (SlotId::Field(j, f), *s)));
                }
            }
        }
        out
    }

    /// Starts a loop's body in `opt` with the carried writes waiting:
    /// `at_start` gives the inputs' and facts' values there, `var` a new
    /// variable. The leaves' variables and the objects', or what cannot be
    /// carried this time (a place or a value of a fact the body does not
    /// know).
    pub fn start<'m>(
        &self,
        opt: &mut Optimizer<'m>,
        at_start: &mut ExprValue<'_, 'm>,
        var: &mut dyn FnMut(Kind) -> u32,
    ) -> Result<Start, Mismatch> {
        let mut st = Start { leaves: vec![None; self.leaves.len()], objects: HashMap::default() };
        let mut bad = Mismatch::default();
        let mut writes = Vec::new();
        for (i, w) in self.kept() {
            let obj = at_start(opt, w.obj);
            let index = w.index.map(|e| at_start(opt, e));
            let (Some(obj), Some(index)) = (obj, index.map_or(Some(None), |i| i.map(Some))) else {
                bad.writes.push(i);
                continue;
            };
            let mut make = Making { opt, at_start, var, st: &mut st, bad: &mut bad };
            let value = self.materialize(&mut make, SlotId::Write(i), w.value);
            writes.push(Store { obj, index, descr: w.descr, value });
        }
        if !bad.writes.is_empty() || !bad.slots.is_empty() {
            return Err(bad);
        }
        for w in writes {
            opt.carry_write(w);
        }
        Ok(st)
    }

    /// The value of slot `s` at the body's start: its virtual objects made,
    /// once each.
    fn materialize(&self, make: &mut Making<'_, '_, '_>, id: SlotId, s: Slot) -> Value {
        match s {
            Slot::Value(Expr::Leaf(l)) => {
                let kind = self.leaves[l].0;
                *make.st.leaves[l].get_or_insert_with(|| Value::Var((make.var)(kind)))
            }
            Slot::Value(e) => (make.at_start)(make.opt, e).unwrap_or_else(|| {
                make.bad.slots.push(id);
                Value::Const(0, Kind::Int)
            }),
            Slot::Virtual(j) => {
                if let Some(&n) = make.st.objects.get(&j) {
                    return Value::Var(n);
                }
                let n = (make.var)(Kind::Ref);
                make.st.objects.insert(j, n);
                let v = &self.virtuals[j];
                let fields = (v.fields.iter().enumerate())
                    .map(|(f, (d, s, _))| (*d, self.materialize(make, SlotId::Field(j, f), *s)))
                    .collect();
                make.opt.add_virtual(n, v.size, v.length, fields);
                Value::Var(n)
            }
        }
    }

    /// The slots holding objects of the shape that the body (`opt` at its
    /// end, started as `st` says) made: carried virtual, they would be made
    /// every turn all the same, one turn later; carried as objects, other
    /// traces can enter the label with theirs.
    pub fn made_in_body(&self, opt: &Optimizer, st: &Start) -> Vec<SlotId> {
        let made = |j: usize| st.objects.get(&j).is_some_and(|&n| opt.virtual_object(Value::Var(n)).is_none());
        self.slots().into_iter().filter(|(_, s)| matches!(s, Slot::Virtual(j) if made(*j))).map(|(id, _)| id).collect()
    }

    /// At the end of a trace jumping to the label (the body's own end, or
    /// another trace), with `ask` answering for that trace: does the writes
    /// waiting that the label does not carry, and matches those it does
    /// with the shape. A write not waiting matches when the label carries
    /// no object there and the trace can tell what the place holds (then
    /// the label's write writes what is there). The leaves' values and the
    /// places of the carried writes (the jump does them no more:
    /// `Optimizer::drop_waiting`), or what did not hold. A leaf the body
    /// does not use (`needed`: the write is overwritten before anything
    /// sees it) takes any value, made or not.
    pub fn finish<'m>(
        &self,
        opt: &mut Optimizer<'m>,
        ask: &mut Answer<'_, 'm>,
        needed: &dyn Fn(usize) -> bool,
    ) -> Result<(Vec<Option<Value>>, Vec<Loc>), Mismatch> {
        let mut bad = Mismatch::default();
        // First every value computed (it may read memory, which may do
        // waiting writes), then the writes not carried done.
        let mut places = Vec::new();
        let mut held: HashMap<usize, Value> = HashMap::default();
        for (i, w) in self.kept() {
            let obj = ask(opt, Ask::Expr(w.obj));
            let index = w.index.map(|e| ask(opt, Ask::Expr(e)));
            let (Some(obj), Some(index)) = (obj, index.map_or(Some(None), |i| i.map(Some))) else {
                bad.writes.push(i);
                continue;
            };
            let write = Store { obj, index, descr: w.descr, value: Value::Const(0, Kind::Int) };
            let (op, args) = write.op(opt.module());
            let loc = location(opt.module(), op, &args, Some(w.descr)).expect("a write's place");
            if opt.waiting_at(&loc).is_none() && matches!(w.value, Slot::Value(_)) {
                if let Some(v) = ask(opt, Ask::Place(write)) {
                    held.insert(i, v);
                }
            }
            places.push((i, loc));
        }
        let mut exprs: HashMap<Expr, Option<Value>> = HashMap::default();
        for (_, s) in self.slots() {
            if let Slot::Value(e @ (Expr::Input(_) | Expr::Fact(_) | Expr::Const(_))) = s {
                exprs.entry(e).or_insert_with(|| ask(opt, Ask::Expr(e)));
            }
        }
        let locs: Vec<Loc> = places.iter().map(|(_, l)| *l).collect();
        opt.flush_lazy_except(&locs);
        // A leaf is an object at the label: made if virtual (then matched
        // again: that may have made an object of the shape).
        loop {
            let mut m = Matching::default();
            for &(i, loc) in &places {
                match opt.waiting_at(&loc).or_else(|| held.get(&i).copied()) {
                    Some(v) => {
                        let at_end = AtEnd { exprs: &exprs, needed };
                        if !self.matches(opt, SlotId::Write(i), self.writes[i].value, v, &at_end, &mut m) {
                            bad.writes.push(i);
                        }
                    }
                    None => bad.writes.push(i),
                }
            }
            if m.to_force.is_empty() {
                bad.slots = std::mem::take(&mut m.slots);
                if !bad.writes.is_empty() || !bad.slots.is_empty() {
                    return Err(bad);
                }
                return Ok((m.leaves_of(self.leaves.len()), locs));
            }
            for v in m.to_force {
                opt.force_value(v);
            }
            bad.writes.clear();
        }
    }

    /// Whether `v`, in `opt`, has the shape of slot `s`; slots whose value
    /// differs from the label's are noted in `m`.
    fn matches(&self, opt: &Optimizer, id: SlotId, s: Slot, v: Value, at_end: &AtEnd, m: &mut Matching) -> bool {
        let virtual_object = opt.virtual_object(v);
        match s {
            Slot::Value(Expr::Leaf(l)) if !(at_end.needed)(l) => true,
            Slot::Value(_) if virtual_object.is_some() => {
                m.to_force.push(v);
                true
            }
            Slot::Value(Expr::Leaf(l)) => {
                m.leaves.push((l, v));
                true
            }
            Slot::Value(e) => {
                if at_end.exprs.get(&e).copied().flatten() != Some(v) {
                    m.slots.push(id);
                }
                true
            }
            Slot::Virtual(j) => {
                let Some((size, length, fields)) = virtual_object else { return false };
                let Value::Var(n) = opt.resolve(v) else { return false };
                // One object of the shape is one object at the end.
                match (m.objects.get(&j), m.vars.get(&n)) {
                    (Some(&x), Some(&y)) if x == n && y == j => return true,
                    (None, None) => {}
                    _ => return false,
                }
                m.objects.insert(j, n);
                m.vars.insert(n, j);
                let shape = &self.virtuals[j];
                let same_fields = fields.len() == shape.fields.len()
                    && shape.fields.iter().all(|(d, _, _)| fields.iter().any(|(e, _)| e == d));
                if size != shape.size || length != shape.length || !same_fields {
                    return false;
                }
                shape.fields.iter().enumerate().all(|(f, (d, s, _))| {
                    let x = fields.iter().find(|(e, _)| e == d).expect("same fields").1;
                    self.matches(opt, SlotId::Field(j, f), *s, x, at_end, m)
                })
            }
        }
    }
}

/// What a matching at a trace's end compares with: the values of the
/// label's `Expr`s there, and which leaves the body uses.
struct AtEnd<'a> {
    exprs: &'a HashMap<Expr, Option<Value>>,
    needed: &'a dyn Fn(usize) -> bool,
}

/// A matching of values with the shape under way.
#[derive(Default)]
struct Matching {
    /// The shape's objects and the variables they are, both ways.
    objects: HashMap<usize, u32>,
    vars: HashMap<u32, usize>,
    leaves: Vec<(usize, Value)>,
    slots: Vec<SlotId>,
    /// Virtual objects where the label has objects.
    to_force: Vec<Value>,
}

impl Matching {
    fn leaves_of(&self, n: usize) -> Vec<Option<Value>> {
        let mut out = vec![None; n];
        for &(l, v) in &self.leaves {
            out[l] = Some(v);
        }
        out
    }
}
