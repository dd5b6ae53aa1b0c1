//! The optimizer (RPython's `optimizeopt`, its first passes): one forward
//! pass over a trace with
//! - *constant folding* and the identities of `rewrite` (`x + 0`, `x * 1`,
//!   `x - x`, ...);
//! - *guards as facts*: after `guard_true(x)` x is 1, after
//!   `guard_false(x)` 0, after `guard_value(x, c)` c: later uses of x see
//!   the constant, and a guard on a known value goes away; a comparison
//!   known true also makes its negation and its mirror known
//!   (`uint_lt(a, b)` true: `uint_ge(a, b)` false, `uint_gt(b, a)` true);
//! - *CSE of pure operations* (RPython's `pure`): the same operation on the
//!   same operands is computed once;
//! - *heap caching* (`heap`): a field or item read again, or read after a
//!   write, without a write that may alias it in between, is the value
//!   known; a residual call forgets everything (it may write anything);
//!   writes of fields are *lazy*: done only before something that may
//!   read them (a call, a read of the same field of another object, the
//!   end of the trace), a write overwritten before that is never done, and
//!   a guard failing in between does the pending writes when it resumes;
//! - *allocation removal* (`virtualize`, below);
//!
//! `Env::opts` turns each of them off (`Opts`): then it knows nothing
//! (no range, no pure operation, no heap location, no virtual object)
//! and keeps nothing waiting, so the operations go out as they came.
//!
//! Guards' snapshots and the final `jump` see the same substitutions, so a
//! guard failing still resumes with the right values.

use super::dense::{Marks, ValueMap, ValueSet, VarMap};
use super::facts::{mirror, negation, step};
use super::intbounds::{self, IntBound};
use super::Opts;
use super::VarSet;
use crate::jit::eval::{pure_value, returns_float};
use crate::jit::trace::{
    allocation, initialization, Args, FrameSnapshot, Known, LazyArray, Piece, PureCallResult, ResOp, Snapshot, Store,
    Value, VirtualObject,
};
use rpy_jitcode::{Descr, Effect, Effects, Holds, JitModule, Kind, Leaf, OnWord, Op, Reg};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use smallvec::smallvec;
use std::collections::hash_map::Entry;
use std::rc::Rc;

/// Where a heap read or write goes: the object, the index for items, and
/// the descr of the field or of the items. Descrs are the memory's: the
/// codewriter gives a field one descr whichever type it is reached
/// through (an enum's tag through its base or a variant), so two places
/// are the same memory only when their descrs are the same (RPython's heap
/// cache, by descr). `immutable`: a field never written once its object is
/// built.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Loc {
    obj: Value,
    index: Option<Value>,
    descr: u32,
    immutable: bool,
}

impl Loc {
    /// Whether a write to `self` may change what a read of `other` gives
    /// when their objects (or indexes) are not known to differ.
    fn may_alias(&self, other: &Loc) -> bool {
        self.descr == other.descr
    }

    /// Whether a call that may read or write what the descrs `ds` describe
    /// may touch this place.
    fn touched_by(&self, m: &JitModule, ds: &[u32]) -> bool {
        ds.iter().any(|&d| {
            d == self.descr
                // An array of by-value structs is its interior descrs.
                || (bytes_of(m, d).is_none() && !matches!(m.descrs[d as usize], Descr::Array { item: None, .. }))
        })
    }
}

/// The bytes descr `d` reads or writes: whether they are items, and the
/// leaf at its offset from the object (a field's) or from the item (an
/// item's, counted from the array's start). `None` for other descrs.
fn bytes_of(m: &JitModule, d: u32) -> Option<(bool, Leaf)> {
    let at = |leaf: &Leaf, base: u32| Leaf { offset: base + leaf.offset, ..*leaf };
    match &m.descrs[d as usize] {
        Descr::Field { leaf, .. } => Some((false, *leaf)),
        Descr::Array { item: Some(leaf), items_offset, .. } => Some((true, at(leaf, *items_offset))),
        Descr::Interior { array, leaf } => match &m.descrs[*array as usize] {
            Descr::Array { items_offset, .. } => Some((true, at(leaf, *items_offset))),
            _ => None,
        },
        _ => None,
    }
}

/// The location of a heap access `op` (`None` for other operations).
pub fn location(m: &JitModule, op: Op, args: &[Value], descr: Option<u32>) -> Option<Loc> {
    use Op::*;
    let field = matches!(op, GetfieldGcI | GetfieldGcR | GetfieldGcF | SetfieldGc);
    let items = (op.is_heap_read() && !field) || matches!(op, SetarrayitemGc | SetinteriorfieldGc);
    if !items && !field {
        return None;
    }
    let descr = descr?;
    let (of_items, _) = bytes_of(m, descr)?;
    if of_items != items {
        return None;
    }
    let index = items.then(|| args[1]);
    Some(Loc { obj: args[0], index, descr, immutable: m.is_immutable(descr) })
}

/// What the optimizer knows of the world outside the trace: the module's
/// descrs, and how to read a field of a constant object (the program's
/// memory while it runs; made up by the tests); and what it may do.
#[derive(Clone, Copy)]
pub struct Env<'m> {
    pub module: &'m JitModule,
    pub read_field: &'m dyn Fn(u64, &Leaf) -> u64,
    /// The optimizations that run (`RPYJIT`'s `enable_opts`).
    pub opts: Opts,
    /// What the trace's elidable calls gave when recorded
    /// (`Trace::call_pure_results`).
    pub call_pure_results: &'m [PureCallResult],
}

/// A pure operation's key: the operation, its operands, its descr.
pub type PureKey = (Op, Args, Option<u32>);

/// A virtual object's size descr, length (arrays) and fields.
pub type VirtualParts = (u32, Option<u64>, Vec<(u32, Value)>);

/// The optimizer's state part way through a trace. What it knows comes
/// from the operations it has seen, or from outside (`unroll` gives a
/// loop's body what its preamble knew, each fact tagged with its number so
/// the body's uses of it are seen).
pub struct Optimizer<'m> {
    m: &'m JitModule,
    read_field: &'m dyn Fn(u64, &Leaf) -> u64,
    call_pure_results: &'m [PureCallResult],
    opts: Opts,
    subst: Subst,
    pure: HashMap<PureKey, (Value, Option<usize>)>,
    /// What heap locations hold: the value, and the outside fact it is.
    heap: HashMap<Loc, (Value, Option<usize>)>,
    /// The places of `heap` by object, each once, as they were first
    /// added (some forgotten since): what a guard knows of the objects it
    /// keeps.
    places_of: ValueMap<Vec<Loc>>,
    /// The comparison that defined a variable (for the facts a guard on it
    /// gives about the other comparisons of the same operands).
    compares: VarMap<(Op, Value, Value)>,
    /// The variables that are another plus a constant (`fold_offset`).
    offsets: HashMap<u32, (Value, i64)>,
    /// The ranges integer variables are known to lie in (`intbounds`).
    bounds: VarMap<IntBound>,
    /// The outside ranges (`know_bound`, by number) each variable's range
    /// rests on: a decision relying on the range uses them.
    bound_origins: VarMap<Vec<usize>>,
    /// What is known below what (`know_relation`): `x + k < y` by `(x, y)`,
    /// `x` a variable that is not itself a step.
    below: HashMap<(Value, Value), Vec<Below>>,
    /// The comparisons `know_comparison` added to `pure` (no descr), in
    /// order.
    derived: Vec<(Op, [Value; 2])>,
    virtuals: VarMap<Virtual>,
    /// The arrays of lengths known only when the code runs that the trace
    /// allocates and has not yet (`lazy_array`).
    arrays: HashMap<u32, Lazy>,
    /// The arrays the optimized trace allocates, by when (`clock`).
    allocated: VarMap<u64>,
    /// Counts the lazy arrays' copies and the allocations: an array
    /// allocated after a copy was due is not its source.
    clock: u64,
    /// The writes of fields not done yet, in order, and where they go.
    lazy: Vec<(Loc, ResOp)>,
    /// While set, guards keep the writes of items waiting too (`guard_keeping_writes`).
    keep_item_writes: bool,
    /// `known_at_guard`'s buffers, kept from guard to guard.
    guard_scratch: GuardScratch,
    /// By depth, the last shared frame `resolve_snapshot` resolved: as
    /// recorded (kept, so that no other frame takes its address) and
    /// resolved.
    frame_memo: Vec<Option<(Rc<FrameSnapshot>, Rc<FrameSnapshot>)>>,
    /// What memory holds at a place whose write waits, when known (and
    /// the outside fact it is): a later write of that value there is
    /// none (a count up and down again: a `RefCell`'s borrow and its
    /// release). Nothing else writes the place while its write waits: a
    /// write or call that may does the waiting write first.
    in_memory: HashMap<Loc, (Value, Option<usize>)>,
    /// By place whose write waits with `in_memory` known, what the heap
    /// cache forgot when that write was made (the places it may be): if
    /// the place is written back to what memory holds, no write happened
    /// and they are known again, but those a later write or call may
    /// have changed (dropped from here as they happen). A `RefCell`'s
    /// count goes up and down with every borrow: without this, a borrow
    /// of one table forgot every other table's count, read and tested
    /// again at its next borrow.
    forgotten_by: Vec<(Loc, Vec<(Loc, (Value, Option<usize>))>)>,
    /// The objects an operation read or wrote through: not null.
    dereferenced: ValueSet,
    /// Other values known not null: guarded so, or read a field of that a
    /// tagged word has too (an enum's tag: the value may be no object).
    not_null: ValueSet,
    /// Where objects were read from, when the field says something of what
    /// it holds (`Holds`): the object and the field's descr.
    origins: ValueMap<(Value, u32)>,
    /// Objects known not to be the virtualizable nor an object only it
    /// reaches (no other place holds those): read from a field or item
    /// that says nothing of what it holds (`Holds::Shared`, array items),
    /// allocated by the trace, or given by a call not given such an
    /// object.
    shared: ValueSet,
    /// The driver's virtualizable (`Optimizer::set_virtualizable`).
    vable: Option<Value>,
    /// The outside facts that operations used.
    pub used: HashSet<usize>,
    /// The outside ranges that decisions used.
    pub used_bounds: HashSet<usize>,
    /// The variables that stand for outside facts, and which: an operation
    /// rewritten to use one (`fold_offset`) uses the fact.
    fact_vars: VarMap<usize>,
    /// A `guard_not_invalidated` is in `out` since the last call that
    /// may write a quasi-immutable field: the next is redundant.
    not_invalidated: bool,
    /// A bridge's names for what places its guard knew held, not read
    /// yet (`know_at_start`): the heap knows them, no operation defines
    /// them; the first read of their place will.
    unbound: VarSet,
    pub out: Vec<ResOp>,
}

impl<'m> Optimizer<'m> {
    pub fn new(env: Env<'m>) -> Optimizer<'m> {
        Optimizer {
            m: env.module,
            read_field: env.read_field,
            call_pure_results: env.call_pure_results,
            opts: env.opts,
            subst: Subst::default(),
            pure: HashMap::default(),
            heap: HashMap::default(),
            places_of: ValueMap::default(),
            compares: VarMap::default(),
            offsets: HashMap::default(),
            bounds: VarMap::default(),
            bound_origins: VarMap::default(),
            below: HashMap::default(),
            derived: Vec::new(),
            virtuals: VarMap::default(),
            arrays: HashMap::default(),
            allocated: VarMap::default(),
            clock: 0,
            lazy: Vec::new(),
            keep_item_writes: false,
            guard_scratch: GuardScratch::default(),
            frame_memo: Vec::new(),
            in_memory: HashMap::default(),
            forgotten_by: Vec::new(),
            dereferenced: ValueSet::default(),
            not_null: ValueSet::default(),
            origins: ValueMap::default(),
            shared: ValueSet::default(),
            vable: None,
            used: HashSet::default(),
            used_bounds: HashSet::default(),
            fact_vars: VarMap::default(),
            not_invalidated: false,
            unbound: VarSet::new(0),
            out: Vec::new(),
        }
    }

    /// Makes room for optimizing about `ops` operations: about a third of
    /// them go out, and a fifth make a pure operation known (measured on
    /// the Lua benchmarks). (Growing `pure` hashes each key again.)
    pub fn reserve(&mut self, ops: usize) {
        self.out.reserve(ops / 3);
        self.pure.reserve(ops / 5);
    }

    pub fn module(&self) -> &'m JitModule {
        self.m
    }

    /// What `v` is known to be.
    pub fn resolve(&self, mut v: Value) -> Value {
        while let Value::Var(n) = v {
            match self.subst.get(n) {
                Some(w) => v = w,
                None => break,
            }
        }
        v
    }

    /// Records that the pure operation `key` gives `v` (fact `origin` from
    /// outside the trace).
    pub fn know_pure(&mut self, key: PureKey, v: Value, origin: Option<usize>) {
        if let (Value::Var(n), Some(k)) = (v, origin) {
            self.fact_vars.insert(n, k);
        }
        if !self.opts.pure {
            return;
        }
        if let (Value::Var(n), Some(form)) = (v, self.offset_form(key.0, &key.1)) {
            self.offsets.insert(n, form);
        }
        // A comparison known from outside relates its operands. (A fact's
        // range comes separately, `know_bound`, with uses of its own.)
        if let (Value::Const(c, _), [a, b]) = (v, &key.1[..]) {
            self.know_relation(key.0, *a, *b, c != 0, origin);
        }
        self.pure.insert(key, (v, origin));
    }

    /// The integer `v` lies in `bound`, the outside range number `origin`
    /// (a loop's label's): the decisions relying on it count as its uses.
    pub fn know_bound(&mut self, v: Value, bound: IntBound, origin: usize) {
        let (Value::Var(n), true) = (self.resolve(v), self.opts.intbounds) else { return };
        self.bounds.insert(n, self.bound(v).intersect(bound));
        self.bound_origins.get_or_insert_with(n, Vec::new).push(origin);
    }

    /// The outside ranges the ranges of `vs` rest on, each once.
    fn origins_of<'v>(&self, vs: impl IntoIterator<Item = &'v Value>) -> Vec<usize> {
        let mut out: Vec<usize> = (vs.into_iter())
            .filter_map(|v| match self.resolve(*v) {
                Value::Var(n) => self.bound_origins.get(n),
                Value::Const(..) => None,
            })
            .flatten()
            .copied()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A decision relied on the ranges of `vs`.
    fn use_bounds<'v>(&mut self, vs: impl IntoIterator<Item = &'v Value>) {
        let origins = self.origins_of(vs);
        self.used_bounds.extend(origins);
    }

    /// The range of `v`, counting a use of the outside ranges it rests on
    /// (a loop's body checking at its end that a value is in a range).
    pub fn bound_used(&mut self, v: Value) -> IntBound {
        self.use_bounds(&[v]);
        self.bound(v)
    }

    /// Whether `a` and `b` are known to be the same value: the same, or
    /// integers whose ranges are the same one number (a count tested
    /// against 0, then written 0). A decision on ranges counts their use.
    fn same_int(&mut self, a: Value, b: Value) -> bool {
        if self.resolve(a) == self.resolve(b) {
            return true;
        }
        let (x, y) = (self.bound(a), self.bound(b));
        let same = x.lo == x.hi && x == y;
        if same {
            self.use_bounds(&[a, b]);
        }
        same
    }

    /// The range the integer `v` is known to lie in.
    pub fn bound(&self, v: Value) -> IntBound {
        if !self.opts.intbounds {
            return IntBound::FULL;
        }
        match self.resolve(v) {
            Value::Const(c, Kind::Int) => IntBound::constant(c as i64),
            Value::Var(n) => self.bounds.get(n).copied().unwrap_or(IntBound::FULL),
            Value::Const(..) => IntBound::FULL,
        }
    }

    /// `cmp(a, b)` is `holds`: what that says of the ranges of `a` and `b`,
    /// and of the variables they are steps by constants from.
    fn narrow(&mut self, cmp: Op, a: Value, b: Value, holds: bool) {
        if !self.opts.intbounds {
            return;
        }
        let (na, nb) = intbounds::narrow(cmp, holds, self.bound(a), self.bound(b));
        // Each narrowed range rests on what both operands' ranges did.
        let origins = self.origins_of(&[a, b]);
        for (v, bound) in [(a, na), (b, nb)] {
            let Value::Var(n) = self.resolve(v) else { continue };
            self.set_bound(n, bound, &origins);
            // `n` is `y + c` (wrapping): `y` is `n - c` where that does not wrap.
            if let Some(&(Value::Var(y), c)) = self.offsets.get(&n) {
                if let (Some(lo), Some(hi)) = (bound.lo.checked_sub(c), bound.hi.checked_sub(c)) {
                    let narrowed = self.bound(Value::Var(y)).intersect(IntBound { lo, hi });
                    self.set_bound(y, narrowed, &origins);
                }
            }
        }
    }

    /// `n` lies in `bound`, which rests on the outside ranges `origins`
    /// (besides those `n`'s range already rested on).
    fn set_bound(&mut self, n: u32, bound: IntBound, origins: &[usize]) {
        self.bounds.insert(n, bound);
        if !origins.is_empty() {
            let all = self.bound_origins.get_or_insert_with(n, Vec::new);
            all.extend_from_slice(origins);
            all.sort_unstable();
            all.dedup();
        }
    }

    /// `cmp(a, b)` is `holds`: when that says `x + k < y` (signed or
    /// unsigned), it is known below, from the outside fact `origin`.
    fn know_relation(&mut self, cmp: Op, a: Value, b: Value, holds: bool, origin: Option<usize>) {
        use Op::*;
        let cmp = if holds { Some(cmp) } else { negation(cmp) };
        let (lower, upper, signed) = match cmp {
            Some(IntLt) => (a, b, true),
            Some(IntGt) => (b, a, true),
            Some(UintLt) => (a, b, false),
            Some(UintGt) => (b, a, false),
            _ => return,
        };
        if !self.opts.intbounds {
            return;
        }
        let (x, k) = self.step_form(lower);
        self.below.entry((x, self.resolve(upper))).or_default().push(Below { k, signed, origin });
    }

    /// `v` as `x + k`, `x` not itself a step (`k` 0 when `v` is no step).
    fn step_form(&self, v: Value) -> (Value, i64) {
        let v = self.resolve(v);
        match v {
            Value::Var(n) => self.offsets.get(&n).copied().unwrap_or((v, 0)),
            Value::Const(..) => (v, 0),
        }
    }

    /// Whether `a < b` (signed or not) is known from what is known below
    /// `b` (relational facts; RPython's ranges have none): a check that
    /// `x + k < b` covers `x + j` for `j <= k` when neither sum wraps
    /// (signed), or when `x + j` is not negative (unsigned: `x + j` is then
    /// `x + k` less `k - j` without a borrow). And `x + k < b` with
    /// `x + m != b` for every `m` in `k + 1..=j` is `x + j < b` (a tape's
    /// growth checks at each move, then its bounds check). Counts the uses
    /// of what it relies on.
    fn known_below(&mut self, a: Value, b: Value, signed: bool) -> bool {
        let (x, j) = self.step_form(a);
        let key = (x, self.resolve(b));
        let Some(known) = self.below.get(&key) else { return false };
        let xb = self.bound(x);
        let covers = |r: &&Below| {
            r.signed == signed
                && (r.k == j
                    || (r.k > j
                        && if signed {
                            xb.hi.checked_add(r.k).is_some() && xb.lo.checked_add(j).is_some()
                        } else {
                            xb.lo.checked_add(j).is_some_and(|s| s >= 0)
                        }))
        };
        if let Some(r) = known.iter().find(covers) {
            let (exact, origin) = (r.k == j, r.origin);
            self.used.extend(origin);
            if !exact {
                self.use_bounds(&[x]);
            }
            return true;
        }
        // The nearest `x + k < b` below, and `x + m != b` for each step m
        // after it up to `j` (a tape's growth check at each move right,
        // then a bounds check further on).
        let Some((k, origin)) =
            known.iter().filter(|r| r.signed == signed && r.k < j).max_by_key(|r| r.k).map(|r| (r.k, r.origin))
        else {
            return false;
        };
        if j - k > MAX_STEPS {
            return false;
        }
        let mut at: HashMap<i64, Value> = (self.offsets.iter())
            .filter(|(_, (base, m))| *base == x && (k + 1..=j).contains(m))
            .map(|(v, (_, m))| (*m, Value::Var(*v)))
            .collect();
        at.insert(j, self.resolve(a));
        let differs: Option<Vec<PureKey>> = (k + 1..=j)
            .map(|m| {
                let ne = (Op::IntNe, smallvec![*at.get(&m)?, key.1], None);
                matches!(self.peek_pure(&ne), Some(Value::Const(1, _))).then_some(ne)
            })
            .collect();
        let Some(differs) = differs else { return false };
        for ne in &differs {
            self.lookup_pure(ne); // (a use of what is known)
        }
        self.used.extend(origin);
        // Known now, for the steps after (a run of moves).
        self.below.entry(key).or_default().push(Below { k: j, signed, origin });
        true
    }

    /// What is known below decides `cmp(a, b)` (`None`: it does not).
    fn related(&mut self, cmp: Op, a: Value, b: Value) -> Option<bool> {
        use Op::*;
        // cmp(a, b) holds when `lower < upper`, not when `upper < lower`.
        let (lower, upper, signed) = match cmp {
            IntLt | IntLe => (a, b, true),
            IntGt | IntGe => (b, a, true),
            UintLt | UintLe => (a, b, false),
            UintGt | UintGe => (b, a, false),
            IntEq | IntNe => {
                let differ = [true, false].into_iter().any(|s| self.known_below(a, b, s) || self.known_below(b, a, s));
                return differ.then_some(cmp == IntNe);
            }
            _ => return None,
        };
        if self.known_below(lower, upper, signed) {
            Some(true)
        } else if self.known_below(upper, lower, signed) {
            Some(false)
        } else {
            None
        }
    }

    pub fn know_heap(&mut self, loc: Loc, v: Value, origin: Option<usize>) {
        if let (Value::Var(n), Some(k)) = (v, origin) {
            self.fact_vars.insert(n, k);
        }
        if !self.opts.heap {
            return;
        }
        self.note_origin(&loc, v);
        self.remember(loc, (v, origin));
    }

    /// `loc` holds `entry`'s value (`heap`, `places_of`).
    fn remember(&mut self, loc: Loc, entry: (Value, Option<usize>)) {
        if self.heap.insert(loc, entry).is_none() {
            // (A place forgotten and known again is listed once.)
            let places = self.places_of.get_or_insert_with(loc.obj, Vec::new);
            if !places.contains(&loc) {
                places.push(loc);
            }
        }
    }

    /// The trace's virtualizable: an object only ever passed to functions,
    /// never stored in another (the translator checked it), so a call not
    /// given it, nor an object it owns, cannot reach them.
    pub fn set_virtualizable(&mut self, v: Option<Value>) {
        self.vable = v;
    }

    /// Whether `v` is the virtualizable or an object only it reaches: what
    /// an owned or private field of such an object holds (Rust's
    /// ownership: a frame's `Vec`, a list's items).
    fn confined(&self, v: Value) -> bool {
        self.vable.is_some_and(|vable| self.holder(v) == Some(self.resolve(vable)))
    }

    /// The object `v` is reached from through owned and private fields
    /// (`origins`), `v` itself if none (`None`: too far to follow).
    fn holder(&self, v: Value) -> Option<Value> {
        let mut v = self.resolve(v);
        for _ in 0..4 {
            match self.origins.get(&v) {
                Some(&(obj, _)) => v = self.resolve(obj),
                None => return Some(v),
            }
        }
        None
    }

    /// `v` was read from `loc`: where it came from, when that tells it
    /// apart from other objects.
    fn note_origin(&mut self, loc: &Loc, v: Value) {
        if let Descr::Field { holds: Holds::Owned | Holds::Private, .. } = self.m.descrs[loc.descr as usize] {
            self.origins.get_or_insert_with(v, || (loc.obj, loc.descr));
        } else {
            self.note_shared(v);
        }
    }

    /// `v` is no object of the virtualizable's (`shared`).
    fn note_shared(&mut self, v: Value) {
        if self.vable.is_some() {
            self.shared.insert(v);
        }
    }

    /// Whether `v` is known to be no object of the virtualizable's
    /// (`shared`), or is held by an owned or private field of such an
    /// object (a table's array, read from a value in a register). A loop's
    /// body knows it of what the preamble read (its facts).
    fn unconfined(&self, v: Value) -> bool {
        self.holder(v).is_some_and(|h| matches!(h, Value::Const(..)) || self.shared.contains(&h))
    }

    /// Whether `a` and `b` are known to be different objects: different
    /// constants; an object of the virtualizable's and one known not to
    /// be; what two owned fields of one object hold; what the private field
    /// of two different objects holds (Rust's ownership).
    fn distinct_objects(&self, a: Value, b: Value, depth: u32) -> bool {
        let (a, b) = (self.resolve(a), self.resolve(b));
        if a == b || depth == 0 {
            return false;
        }
        if let (Value::Const(..), Value::Const(..)) = (a, b) {
            return true;
        }
        if (self.confined(a) && self.unconfined(b)) || (self.confined(b) && self.unconfined(a)) {
            return true;
        }
        let (Some(&(x, f)), Some(&(y, g))) = (self.origins.get(&a), self.origins.get(&b)) else { return false };
        let holds = |d: u32| match self.m.descrs[d as usize] {
            Descr::Field { holds, .. } => holds,
            _ => Holds::Shared,
        };
        match (holds(f), holds(g)) {
            (Holds::Private, Holds::Private) if f == g => self.distinct_objects(x, y, depth - 1),
            (Holds::Owned, Holds::Owned) => f != g && self.resolve(x) == self.resolve(y),
            _ => false,
        }
    }

    /// What the pure operation `key` is known to give.
    pub fn lookup_pure(&mut self, key: &PureKey) -> Option<Value> {
        let (v, origin) = *self.pure.get(key)?;
        self.used.extend(origin);
        Some(self.resolve(v))
    }

    pub fn lookup_heap(&mut self, loc: &Loc) -> Option<Value> {
        let (v, origin) = self.heap_entry(loc)?;
        self.used.extend(origin);
        Some(self.resolve(v))
    }

    /// What `heap` knows `loc` holds, unless that is a name no operation
    /// defines yet (`name_at`).
    fn heap_entry(&self, loc: &Loc) -> Option<(Value, Option<usize>)> {
        match *self.heap.get(loc)? {
            (Value::Var(n), _) if self.unbound.contains(n) => None,
            entry => Some(entry),
        }
    }

    /// The name a bridge gave what its guard knew `loc` held (an object or
    /// integer it did not keep), when no read of `loc` defined it yet.
    fn name_at(&self, loc: &Loc) -> Option<u32> {
        match self.heap.get(loc)? {
            (Value::Var(n), _) if self.unbound.contains(*n) => Some(*n),
            _ => None,
        }
    }

    /// Whether `loc` holds a name a read of it would define (the guard's
    /// trace read the place: its object is no null, its index in bounds).
    pub fn names_place(&self, loc: &Loc) -> bool {
        self.name_at(loc).is_some()
    }

    /// A bridge starts knowing what its guard's trace knew (`Trace::known`;
    /// RPython's `bridgeopt`). Its variables from `first_name` on are
    /// names no operation defines yet.
    pub fn know_at_start(&mut self, known: &Known, first_name: u32) {
        for v in known.values() {
            if let Value::Var(n) = *v {
                if n >= first_name {
                    self.unbound.insert(n);
                }
            }
        }
        for k in &known.stores {
            let (op, args) = k.op(self.m);
            let Some(loc) = location(self.m, op, &args, Some(k.descr)) else { continue };
            // (Its trace read or wrote through the object.)
            self.read_through(k.obj, Some(k.descr));
            self.know_heap(loc, k.value, None);
        }
        if self.opts.intbounds {
            for &(v, lo, hi) in &known.ranges {
                if let Value::Var(n) = v {
                    self.bounds.insert(n, self.bound(v).intersect(IntBound { lo, hi }));
                }
            }
        }
    }

    /// What the optimizer knows that a bridge from a guard (whose
    /// snapshot `push` went through, `guard_scratch`) can know too
    /// (`Snapshot::known`): what places of the objects the
    /// guard keeps hold (those of its innermost portal's frame and the
    /// frames above it, and those it writes), when that is a value it
    /// keeps, a constant, an integer of a known range, or an object it
    /// does not keep, a part of the other (held by an owned or private
    /// field), whose places hold such values (one such step: an
    /// interpreter's frame's list of registers, between the frame and the
    /// registers' values); and the ranges of those integers and of those
    /// the guard keeps. Not the places whose write waits (the bridge does
    /// the write first), nor quasi-immutable fields. A loop's body uses the
    /// outside facts and ranges what it tells rests on: the label checks
    /// that they hold on every turn. (A place holding an outside fact's
    /// variable needs no check: the bridge's name for it stands for what
    /// the place holds.)
    fn known_at_guard(&mut self) -> Known {
        // (`push` found the variables the guard keeps and the objects.)
        let GuardScratch { mut kept, kept_set, mut waiting, mut objects, mut origins } =
            std::mem::take(&mut self.guard_scratch);
        let is_kept = |v: &Value| match v {
            Value::Const(..) => true,
            Value::Var(n) => kept_set.contains(*n),
        };
        // (The snapshot's values and what the heap holds are resolved.)
        let range = |v: &Value| match v {
            Value::Var(n) if self.opts.intbounds => self.bounds.get(*n).filter(|b| **b != IntBound::FULL),
            _ => None,
        };
        let worth = |v: &Value| is_kept(v) || range(v).is_some();
        waiting.clear();
        waiting.extend(self.lazy.iter().map(|(l, _)| self.resolved(l)));
        // What the places of `obj` hold that a bridge can know, and the
        // outside fact a constant there is.
        let places = |obj: &Value| {
            let locs = self.places_of.get(obj).map_or(&[][..], |l| &l[..]);
            locs.iter().filter_map(|loc| {
                let &(v, origin) = self.heap.get(loc)?;
                let (loc, value) = (self.resolved(loc), self.resolve(v));
                // (A quasi-immutable field's value is the bridge's to watch.
                // The guard makes its virtual objects, after the places.)
                let skip = self.m.is_quasi_immutable(loc.descr)
                    || !loc.index.is_none_or(|i| is_kept(&i))
                    || waiting.contains(&loc)
                    || matches!(value, Value::Var(n) if self.virtuals.contains(n) || self.arrays.contains_key(&n));
                let origin = origin.filter(|_| matches!(value, Value::Const(..)));
                (!skip).then_some((Store { obj: loc.obj, index: loc.index, descr: loc.descr, value }, origin))
            })
        };
        let mut stores: Vec<Store> = Vec::new();
        origins.clear();
        // (A place read again after it was forgotten is listed twice.)
        let add = |stores: &mut Vec<Store>, origins: &mut Vec<usize>, (k, origin): (Store, Option<usize>)| {
            if !stores.iter().any(|o| o.place() == k.place()) {
                stores.push(k);
                origins.extend(origin);
            }
        };
        // (The objects of the frames from the innermost portal's up and of
        // the pending writes, those with places known: `push`.)
        objects.sort_unstable_by_key(|v| if let Value::Var(n) = v { *n } else { 0 });
        objects.dedup();
        // One step through an object it does not keep, when that is a
        // part of the object it keeps (a field that owns it, or holds it
        // alone: a frame's list of registers, a list's items).
        let part =
            |d: u32| matches!(self.m.descrs[d as usize], Descr::Field { holds: Holds::Owned | Holds::Private, .. });
        for obj in &objects {
            for (store, origin) in places(obj) {
                if worth(&store.value) {
                    add(&mut stores, &mut origins, (store, origin));
                    continue;
                }
                if !part(store.descr) {
                    continue;
                }
                let outer = stores.len();
                for inner in places(&store.value).filter(|(i, _)| worth(&i.value)) {
                    add(&mut stores, &mut origins, inner);
                }
                if stores.len() > outer && !stores[..outer].iter().any(|o| o.place() == store.place()) {
                    stores.insert(outer, store);
                    origins.extend(origin);
                }
            }
        }
        let mut ranges: Vec<(Value, i64, i64)> = Vec::new();
        // (The variables the guard keeps by number, those of a range only.)
        kept.retain(|n| range(&Value::Var(*n)).is_some());
        kept.sort_unstable();
        for v in kept.iter().map(|n| Value::Var(*n)).chain(stores.iter().map(|k| k.value)) {
            if let Some(b) = range(&v).filter(|_| !ranges.iter().any(|(r, ..)| *r == v)) {
                ranges.push((v, b.lo, b.hi));
            }
        }
        self.used.extend(origins.iter().copied());
        self.use_bounds(ranges.iter().map(|(v, ..)| v));
        self.guard_scratch = GuardScratch { kept, kept_set, waiting, objects, origins };
        Known { stores, ranges }
    }

    /// The result of the elidable call `op` when its arguments are
    /// constants it was recorded with (RPython's `call_pure_results`): the
    /// optimizer found constant what the tracer saw as variables (a field
    /// of a constant object, a value a later guard fixed).
    fn call_pure_result(&self, op: &ResOp) -> Option<Value> {
        let kind = match op.op {
            Op::CallPureI => Kind::Int,
            Op::CallPureR => Kind::Ref,
            Op::CallPureF => Kind::Float,
            _ => return None,
        };
        let args: Vec<u64> = (op.args.iter())
            .map(|a| match a {
                Value::Const(x, _) => Some(*x),
                Value::Var(_) => None,
            })
            .collect::<Option<_>>()?;
        let found = self.call_pure_results.iter().find(|c| Some(c.descr) == op.descr && c.args == args)?;
        Some(Value::Const(found.result, kind))
    }

    /// What the pure operation `key` gives, without counting a use.
    pub fn peek_pure(&self, key: &PureKey) -> Option<Value> {
        self.pure.get(key).map(|(v, _)| self.resolve(*v))
    }

    pub fn peek_heap(&self, loc: &Loc) -> Option<Value> {
        self.heap_entry(loc).map(|(v, _)| self.resolve(v))
    }

    /// Whether `index` is known to be within the array `array` (of array
    /// descr `descr`), whose length the trace read (a use of what that
    /// relies on when it is).
    pub fn in_bounds(&mut self, array: Value, index: Value, descr: Option<u32>) -> bool {
        let key = (Op::ArraylenGc, smallvec![self.resolve(array)], descr);
        let Some(len) = self.peek_pure(&key) else { return false };
        let by_ranges = intbounds::compare(Op::UintLt, self.bound(index), self.bound(len)) == Some(true);
        if by_ranges {
            self.use_bounds(&[index, len]);
        }
        let holds = by_ranges || self.known_below(index, len, false);
        if holds {
            self.lookup_pure(&key); // (a use of the length)
        }
        holds
    }

    /// Whether the trace read or wrote through `v`: an object.
    pub fn is_dereferenced(&self, v: Value) -> bool {
        self.dereferenced.contains(&self.resolve(v))
    }

    /// Whether `v` is not null: read or written through, or guarded so.
    pub fn is_not_null(&self, v: Value) -> bool {
        let v = self.resolve(v);
        self.dereferenced.contains(&v) || self.not_null.contains(&v)
    }

    /// The trace read or wrote the field or item `descr` of `obj`: an
    /// object, unless a tagged word can be read through the field.
    fn read_through(&mut self, obj: Value, descr: Option<u32>) {
        if self.readable_on_word(descr) {
            self.not_null.insert(obj);
        } else {
            self.dereferenced.insert(obj);
        }
    }

    /// Whether `descr` is a field a tagged word can be read through (an
    /// enum's tag or integer): a read of it says nothing of the memory of
    /// what it read, which may be no object.
    fn readable_on_word(&self, descr: Option<u32>) -> bool {
        descr.is_some_and(
            |d| matches!(self.m.descrs[d as usize], Descr::Field { on_word, .. } if on_word != OnWord::Never),
        )
    }

    /// Emits the guard `op` leaving every waiting write waiting (its
    /// snapshot does them when it fails): a jump into a label checks what
    /// the label assumes with guards before it finds there the writes the
    /// label carries.
    pub fn guard_keeping_writes(&mut self, op: ResOp) {
        self.keep_item_writes = true;
        self.emit(op);
        self.keep_item_writes = false;
    }

    /// `v` is not null (a guard said so).
    pub fn know_not_null(&mut self, v: Value) {
        self.not_null.insert(self.resolve(v));
    }

    /// The comparisons known from guards on other comparisons (in no
    /// operation), in the order they became known, with their values.
    pub fn derived_comparisons(&self) -> impl Iterator<Item = (PureKey, Value)> + '_ {
        self.derived.iter().map(|&(op, args)| {
            let key = (op, Args::from_slice(&args), None);
            let value = self.pure[&key].0;
            (key, value)
        })
    }

    /// Rewrites the values of the snapshot `s` with what they are known to
    /// be (`Snapshot::map_values`). A frame below the top one is shared by
    /// the guards recorded while it waits for its call: resolved once, it
    /// is shared resolved (`frame_memo`) while its values resolve to the
    /// same, not resolved and copied again at each guard.
    fn resolve_snapshot(&mut self, s: &mut Snapshot) {
        let mut memo = std::mem::take(&mut self.frame_memo);
        if memo.len() < s.frames.len() {
            memo.resize(s.frames.len(), None);
        }
        for (frame, memo) in s.frames.iter_mut().zip(&mut memo) {
            if let Some((recorded, resolved)) = memo {
                let same = |(_, v): &(Reg, Value), (_, r): &(Reg, Value)| self.resolve(*v) == *r;
                if Rc::ptr_eq(recorded, frame) && recorded.live.iter().zip(&resolved.live).all(|(v, r)| same(v, r)) {
                    *frame = resolved.clone();
                    continue;
                }
            }
            // (A frame no other guard has is resolved in place.)
            let recorded = (Rc::strong_count(frame) > 1).then(|| frame.clone());
            FrameSnapshot::map_values(frame, |v| self.resolve(v));
            if let Some(recorded) = recorded {
                *memo = Some((recorded, frame.clone()));
            }
        }
        self.frame_memo = memo;
        s.map_values_but_frames(|v| self.resolve(v));
    }

    /// Optimizes one more operation: rewrites its operands with what is
    /// known, then drops it, or keeps it in `out`.
    pub fn emit(&mut self, mut op: ResOp) {
        for a in &mut op.args {
            *a = self.resolve(*a);
        }
        if let Some(s) = &mut op.snapshot {
            self.resolve_snapshot(s);
        }
        let writes = matches!(op.op, Op::SetfieldGc | Op::SetarrayitemGc | Op::SetinteriorfieldGc);
        if op.op.is_heap_read() || op.op == Op::ArraylenGc || writes {
            self.read_through(op.args[0], op.descr);
        }
        if let (Op::New | Op::NewArray, Some(r)) = (op.op, op.result) {
            self.note_shared(Value::Var(r));
        }
        if self.opts.virtualize && self.lazy_array(&mut op) {
            return;
        }
        if let Some(v) = self.call_pure_result(&op) {
            self.subst.insert(op.result.expect("a call giving a value"), v);
            return;
        }
        if self.virtualize(&op) {
            return;
        }
        match op.op {
            // The tracer's copies of constant reds at merge points.
            Op::SameAsI | Op::SameAsR | Op::SameAsF => {
                self.subst.insert(op.result.expect("same_as has a result"), op.args[0]);
                return;
            }
            Op::GuardTrue | Op::GuardFalse | Op::GuardValue => {
                let want = match op.op {
                    Op::GuardTrue => Value::Const(1, Kind::Int),
                    Op::GuardFalse => Value::Const(0, Kind::Int),
                    _ => op.args[1],
                };
                match op.args[0] {
                    // A guard on a known value: always true, or always false
                    // (kept: it fails every time, as it must).
                    Value::Const(x, _) if matches!(want, Value::Const(y, _) if y == x) => return,
                    Value::Var(n) => {
                        self.push(op);
                        self.subst.insert(n, want);
                        if let (Some(&(cmp, a, b)), Value::Const(known, _)) = (self.compares.get(n), want) {
                            self.know_comparison(cmp, a, b, known != 0);
                            self.narrow(cmp, a, b, known != 0);
                            self.know_relation(cmp, a, b, known != 0, None);
                        }
                        return;
                    }
                    Value::Const(..) => {}
                }
            }
            // A residual call (RPython's `EffectInfo`): the delayed writes
            // it may read or write are done before it; it forgets what it
            // may write; what immutable fields hold stays known. Elidable
            // calls write nothing.
            Op::CallI
            | Op::CallR
            | Op::CallF
            | Op::CallN
            | Op::CallPureI
            | Op::CallPureR
            | Op::CallPureF
            | Op::CallPureN
            | Op::CallAssemblerI
            | Op::CallAssemblerR
            | Op::CallAssemblerF
            | Op::CallAssemblerN => {
                // (A `call_assembler` runs a whole interpreter: anything.)
                // A call given no object of the virtualizable's cannot
                // reach them: what they hold stays, and waits.
                let effects = self.effects_of(op.descr);
                let shielded = self.vable.is_some() && !op.args.iter().any(|a| self.confined(*a));
                self.flush_touched(effects, shielded);
                if let (true, Some(r)) = (shielded, op.result) {
                    self.note_shared(Value::Var(r));
                }
                let m = self.m;
                if !matches!(op.op, Op::CallPureI | Op::CallPureR | Op::CallPureF | Op::CallPureN) {
                    self.not_invalidated = false;
                    // (In place: a call is frequent, the cache large.)
                    let mut heap = std::mem::take(&mut self.heap);
                    heap.retain(|l, _| {
                        l.immutable
                            || (shielded && self.confined(l.obj))
                            || effects.is_some_and(|e| !l.touched_by(m, &e.writes))
                    });
                    self.heap = heap;
                    self.forgotten_by.clear();
                }
            }
            // Only the first since the last call that may write a
            // quasi-immutable field (RPython's `optimize_GUARD_NOT_INVALIDATED`).
            Op::GuardNotInvalidated if self.not_invalidated => return,
            Op::GuardNotInvalidated => self.not_invalidated = true,
            Op::Jump | Op::Finish => {
                self.force_arrays();
                self.flush_lazy();
            }
            _ => {}
        }
        // An elidable call again with the same arguments gives the same
        // result (RPython's `pure` does this for `call_pure` too). Not a
        // pure operation otherwise: never computed again elsewhere.
        if let (Op::CallPureI | Op::CallPureR | Op::CallPureF, Some(r), true) = (op.op, op.result, self.opts.pure) {
            let key = (op.op, op.args.clone(), op.descr);
            if let Some(v) = self.lookup_pure(&key) {
                self.subst.insert(r, v);
                return;
            }
            self.pure.insert(key, (Value::Var(r), None));
        }
        if writes && !self.opts.heap {
            // Done now (what it stores escapes now).
            self.push_write(op);
            return;
        }
        // (Without `heap`, reads are no location: they are done.)
        let loc = if self.opts.heap { location(self.m, op.op, &op.args, op.descr) } else { None };
        if let Some(loc) = loc {
            if writes {
                let value = op.args[op.args.len() - 1];
                if self.peek_heap(&loc) == Some(value) {
                    self.lookup_heap(&loc); // (a use of what is known)
                    return; // writes what is there
                }
                let first = !self.lazy.iter().any(|(l, _)| *l == loc);
                if !first {
                    let held = self.in_memory.get(&loc).copied();
                    if let Some((m, origin)) = held.filter(|&(m, _)| self.same_int(m, value)) {
                        // Back to what memory holds: the waiting write goes.
                        self.lazy.retain(|(l, _)| *l != loc);
                        self.in_memory.remove(&loc);
                        self.used.extend(origin);
                        self.remember(loc, (m, origin));
                        self.recall_forgotten_by(&loc);
                        return;
                    }
                } else {
                    match self.heap.get(&loc) {
                        Some(&known) => self.in_memory.insert(loc, known),
                        None => self.in_memory.remove(&loc),
                    };
                }
                // Any other object (or index) may be the same memory,
                // unless the field is immutable (written only while its
                // object is built, which is no object read before).
                let mut heap = std::mem::take(&mut self.heap);
                let mut forgotten = Vec::new();
                heap.retain(|l, e| {
                    let keep = l.immutable || !self.may_be_same(&loc, l);
                    if !keep && first {
                        forgotten.push((*l, *e));
                    }
                    keep
                });
                self.heap = heap;
                self.note_forgotten_by(loc, first && self.in_memory.contains_key(&loc), forgotten);
                self.remember(loc, (value, None));
                // Done later, or never when written again first; writes
                // that may be the same memory keep their order.
                self.flush_aliasing(&loc);
                self.lazy.retain(|(l, _)| *l != loc);
                self.lazy.push((loc, op));
                return;
            } else if let Some(v) = self.lookup_heap(&loc) {
                self.subst.insert(op.result.expect("a read has a result"), v);
                return;
            } else if let Some(v) = self.read_constant(&loc) {
                self.subst.insert(op.result.expect("a read has a result"), v);
                return;
            } else {
                self.flush_aliasing(&loc);
                let mut r = op.result.expect("a read has a result");
                // A bridge's name for what the place holds: this read
                // defines it.
                if let Some(name) = self.name_at(&loc) {
                    self.unbound.remove(name);
                    self.subst.insert(r, Value::Var(name));
                    (op.result, r) = (Some(name), name);
                }
                let v = Value::Var(r);
                if let (Descr::Field { nonneg: true, .. }, true) =
                    (&self.m.descrs[loc.descr as usize], self.opts.intbounds)
                {
                    self.bounds.insert(r, self.bound(v).intersect(IntBound::NONNEG));
                }
                self.note_origin(&loc, v);
                self.remember(loc, (v, None));
            }
        } else if op.op.is_pure() {
            // Without `rewrite`, the operation stays as it is, but what
            // it is (a step from a variable) is still known: the heap
            // cache's aliasing and the ranges use it.
            let offset = if self.opts.rewrite { self.fold_offset(&mut op) } else { self.offset_form(op.op, &op.args) };
            if let (Some(r), Some(v)) = (op.result, self.fold(&op)) {
                self.subst.insert(r, v);
                return;
            }
            if let Some(r) = op.result {
                let key = (op.op, op.args.clone(), op.descr);
                if let Some(v) = self.lookup_pure(&key).filter(|_| self.opts.pure) {
                    self.subst.insert(r, v);
                    return;
                }
                if mirror(op.op).is_some() {
                    self.compares.insert(r, (op.op, op.args[0], op.args[1]));
                }
                if let Some(form) = offset {
                    self.offsets.insert(r, form);
                }
                // (A result's range depends on two operands at most.)
                let mut args = [IntBound::FULL; 2];
                args.iter_mut().zip(&op.args).for_each(|(b, a)| *b = self.bound(*a));
                let args = &args[..op.args.len().min(2)];
                if let Some(bound) = intbounds::result(op.op, args).filter(|_| self.opts.intbounds) {
                    let origins = self.origins_of(&op.args);
                    self.set_bound(r, bound, &origins);
                }
                if self.opts.pure {
                    self.pure.insert(key, (Value::Var(r), None));
                }
            }
        }
        if let (Op::NewArray, Some(r)) = (op.op, op.result) {
            self.note_allocation(r, op.args[0], op.descr);
        }
        self.push(op);
    }

    /// The array `r` of length `length` (array descr `descr`) is allocated
    /// now: its length is known, and it is no array that existed before.
    fn note_allocation(&mut self, r: u32, length: Value, descr: Option<u32>) {
        self.clock += 1;
        self.allocated.insert(r, self.clock);
        if self.opts.pure {
            self.pure.insert((Op::ArraylenGc, smallvec![Value::Var(r)], descr), (length, None));
        }
    }

    /// Arrays whose lengths the trace computes (a string's, a list's) are
    /// allocated only where something needs them (RPython's virtual
    /// strings, for the copies strings and lists are made of): until then
    /// the trace knows their length and the copies of items of other
    /// arrays they are made of, one after the other from item 0 (a string
    /// built as `a + b + c`), which a copy of them then copies directly.
    /// The array that nothing else uses is never made. A write that may
    /// go to a source first makes the copies of it; a guard makes those it
    /// sees when it fails. True when `op` was taken care of; `op`'s source
    /// may be rewritten.
    fn lazy_array(&mut self, op: &mut ResOp) -> bool {
        let lazy = |o: &Self, v: Option<&Value>| match v {
            Some(Value::Var(n)) if o.arrays.contains_key(n) => Some(*n),
            _ => None,
        };
        // (Only these operations' descrs are the module's.)
        let descr = match op.op {
            Op::NewArray | Op::CallN => op.descr.map(|d| &self.m.descrs[d as usize]),
            _ => None,
        };
        match (op.op, descr) {
            (Op::NewArray, Some(Descr::Array { item: Some(_), .. })) => {
                if !matches!(op.args[0], Value::Const(n, _) if n <= MAX_VIRTUAL_ITEMS) {
                    let r = op.result.expect("new_array has a result");
                    let d = op.descr.expect("an array descr");
                    self.arrays
                        .insert(r, Lazy { descr: d, length: op.args[0], pieces: vec![], end: Some(ZERO), since: 0 });
                    return true;
                }
            }
            (Op::ArraylenGc, _) => {
                if let Some(n) = lazy(self, op.args.first()) {
                    self.subst.insert(op.result.expect("arraylen has a result"), self.arrays[&n].length);
                    return true;
                }
            }
            (Op::PtrNonzero | Op::PtrIszero, _) => {
                if lazy(self, op.args.first()).is_some() {
                    let nonzero = op.op == Op::PtrNonzero;
                    self.subst.insert(op.result.expect("a test has a result"), Value::Const(nonzero as u64, Kind::Int));
                    return true;
                }
            }
            (Op::CallN, Some(Descr::Call { effect: Effect::Arraycopy, .. })) => {
                if self.arraycopy(op) {
                    return true;
                }
            }
            _ => {}
        }
        self.before_writing_items(op);
        false
    }

    /// `arraycopy(src, dst, src_start, dst_start, n)`: its source
    /// rewritten when it is a lazy array (the array it is a whole copy of,
    /// or, copied whole into a lazy array, its pieces; else it is made),
    /// and kept as the next piece of a lazy destination when it starts
    /// where the pieces end (true: it is then not done yet).
    fn arraycopy(&mut self, op: &mut ResOp) -> bool {
        let [src, dst, start, at, n] = op.args[..] else { panic!("arraycopy has five operands") };
        let call = op.descr.expect("a call descr");
        let appending = match dst {
            Value::Var(d) => {
                src != dst && self.arrays.get(&d).is_some_and(|l| l.end.map(|e| self.resolve(e)) == Some(at))
            }
            _ => false,
        };
        let mut pieces = vec![Piece { src, start, at, n, call }];
        if let Value::Var(s) = src {
            if let Some(l) = self.arrays.get(&s) {
                if let Some(p) = l.whole_copy(|v| self.resolve(v)) {
                    // Copied from what it copies when the offsets add up.
                    let from = match (p.start, start) {
                        (Value::Const(a, k), Value::Const(b, _)) => Some(Value::Const(a.wrapping_add(b), k)),
                        (a, ZERO) | (ZERO, a) => Some(a),
                        _ => None,
                    };
                    match from {
                        Some(from) => pieces[0] = Piece { src: p.src, start: from, ..pieces[0] },
                        None => self.force(s),
                    }
                } else if appending && at == ZERO && start == ZERO && l.end.map(|e| self.resolve(e)) == Some(n) {
                    pieces = l.pieces.clone();
                } else {
                    self.force(s);
                }
            } else {
                // A virtual array is made before anything copies it.
                self.force(s);
            }
        }
        if !appending {
            (op.args[0], op.args[2]) = (pieces[0].src, pieces[0].start);
            return false;
        }
        let Value::Var(d) = dst else { unreachable!("a lazy destination") };
        let end = match at {
            ZERO => Some(n),
            _ => self
                .lookup_pure(&(Op::IntAdd, smallvec![at, n], None))
                .or_else(|| self.lookup_pure(&(Op::IntAdd, smallvec![n, at], None))),
        };
        self.clock += 1;
        let l = self.arrays.get_mut(&d).expect("a lazy array");
        l.pieces.extend(pieces);
        l.end = end;
        l.since = self.clock;
        true
    }

    /// Makes the lazy copies whose source `op` may write: an item write,
    /// a call that may write items of the sources' type (an `arraycopy`
    /// into an array allocated after the copy was due writes no source).
    fn before_writing_items(&mut self, op: &ResOp) {
        if self.arrays.is_empty() {
            return;
        }
        let (descrs, target): (Option<Vec<u32>>, Option<Value>) = match op.op {
            Op::SetarrayitemGc | Op::SetinteriorfieldGc => {
                let d = op.descr.expect("a write has a descr");
                let array = match &self.m.descrs[d as usize] {
                    Descr::Interior { array, .. } => *array,
                    _ => d,
                };
                (Some(vec![array]), Some(op.args[0]))
            }
            Op::CallI | Op::CallR | Op::CallF | Op::CallN => match op.descr.map(|d| &self.m.descrs[d as usize]) {
                Some(Descr::Call { effect, effects, .. }) => {
                    let target = (*effect == Effect::Arraycopy).then(|| op.args[1]);
                    (effects.as_ref().map(|e| e.writes.clone()), target)
                }
                _ => (None, None),
            },
            op if op.is_call_assembler() => (None, None),
            _ => return,
        };
        match target {
            // A virtual object is no copy's source (those are made).
            Some(Value::Var(n)) if self.virtuals.contains(n) => return,
            // A lazy array written is made first.
            Some(Value::Var(n)) if self.arrays.contains_key(&n) => self.force(n),
            _ => {}
        }
        let made_after = |o: &Self, since: u64| match target {
            Some(Value::Var(n)) => o.allocated.get(n).is_some_and(|&at| at > since),
            _ => false,
        };
        let mut doomed: Vec<u32> = (self.arrays.iter())
            .filter(|(_, l)| {
                !l.pieces.is_empty()
                    && descrs.as_ref().is_none_or(|ds| ds.contains(&l.descr))
                    && !made_after(self, l.since)
            })
            .map(|(n, _)| *n)
            .collect();
        doomed.sort_unstable();
        for n in doomed {
            self.force(n);
        }
    }

    /// Makes every lazy array (a loop's label and a trace's end take
    /// objects).
    pub fn force_arrays(&mut self) {
        let mut lazy: Vec<u32> = self.arrays.keys().copied().collect();
        lazy.sort_unstable();
        for n in lazy {
            self.force(n);
        }
    }

    /// An immutable field of a constant object, or an immutable item at a
    /// constant index within its array: a constant, what the memory holds
    /// (RPython's pure descrs).
    fn read_constant(&self, loc: &Loc) -> Option<Value> {
        let Value::Const(obj, _) = loc.obj else { return None };
        if !loc.immutable || obj == 0 {
            return None;
        }
        let descr = loc.descr;
        let (_, leaf) = bytes_of(self.m, descr)?;
        if obj & 1 != 0 {
            // A tagged word: no memory, what the field says it reads.
            let Descr::Field { on_word, .. } = &self.m.descrs[descr as usize] else { return None };
            return on_word.read(obj).map(|v| Value::Const(v, leaf.kind));
        }
        let offset = match (loc.index, &self.m.descrs[descr as usize]) {
            (None, _) => leaf.offset,
            (Some(Value::Const(i, _)), Descr::Array { .. } | Descr::Interior { .. }) => {
                let array = match &self.m.descrs[descr as usize] {
                    Descr::Interior { array, .. } => *array,
                    _ => descr,
                };
                let Descr::Array { length_offset, item_size, .. } = &self.m.descrs[array as usize] else {
                    return None;
                };
                let length = Leaf { offset: *length_offset, size: 8, signed: false, kind: Kind::Int };
                if i >= (self.read_field)(obj, &length) {
                    return None;
                }
                leaf.offset + i as u32 * item_size
            }
            _ => return None,
        };
        let leaf = Leaf { offset, ..leaf };
        Some(Value::Const((self.read_field)(obj, &leaf), leaf.kind))
    }

    /// Allocation removal (RPython's `virtualize`): an object the trace
    /// allocates is *virtual*, its fields known values, until something
    /// other than reading or writing its fields or testing it for null
    /// uses it; then it is *forced*: allocated and its fields written
    /// where that use is. True when `op` was taken care of.
    fn virtualize(&mut self, op: &ResOp) -> bool {
        if !self.opts.virtualize {
            // (No object is virtual: none escapes.)
            return false;
        }
        let virtual_arg = |k: usize| match op.args.get(k) {
            Some(Value::Var(n)) if self.virtuals.contains(*n) => Some(*n),
            _ => None,
        };
        match (op.op, virtual_arg(0)) {
            (Op::New, _) => {
                let r = op.result.expect("new has a result");
                self.virtuals
                    .insert(r, Virtual { size: op.descr.expect("a size descr"), length: None, fields: Vec::new() });
                return true;
            }
            (Op::SetfieldGc, Some(n)) => {
                let d = op.descr.expect("a field descr");
                let fields = &mut self.virtuals.get_mut(n).expect("virtual").fields;
                fields.retain(|(f, _)| *f != d);
                fields.push((d, op.args[1]));
                return true;
            }
            (Op::GetfieldGcI | Op::GetfieldGcR | Op::GetfieldGcF, Some(n)) => {
                let d = op.descr.expect("a field descr");
                let v = match self.virtuals.get(n).expect("virtual").fields.iter().find(|(f, _)| *f == d) {
                    Some((_, v)) => *v,
                    None => Value::Const(0, bytes_of(self.m, d).expect("a field descr").1.kind),
                };
                self.subst.insert(op.result.expect("a read has a result"), v);
                return true;
            }
            (Op::NewArray, _) => {
                // Short arrays of a constant length whose items are words.
                if let (Value::Const(len, _), Some(Descr::Array { item: Some(_), .. })) =
                    (op.args[0], op.descr.map(|d| &self.m.descrs[d as usize]))
                {
                    if len <= MAX_VIRTUAL_ITEMS {
                        let r = op.result.expect("new_array has a result");
                        let virt =
                            Virtual { size: op.descr.expect("an array descr"), length: Some(len), fields: Vec::new() };
                        self.virtuals.insert(r, virt);
                        return true;
                    }
                }
            }
            (Op::SetarrayitemGc, Some(n)) => {
                if let Some(i) = self.virtual_index(n, op.args[1]) {
                    let items = &mut self.virtuals.get_mut(n).expect("virtual").fields;
                    items.retain(|(k, _)| *k != i);
                    items.push((i, op.args[2]));
                    return true;
                }
            }
            (Op::GetarrayitemGcI | Op::GetarrayitemGcR | Op::GetarrayitemGcF, Some(n)) => {
                if let Some(i) = self.virtual_index(n, op.args[1]) {
                    let kind = match op.op {
                        Op::GetarrayitemGcI => Kind::Int,
                        Op::GetarrayitemGcR => Kind::Ref,
                        _ => Kind::Float,
                    };
                    let v = self
                        .virtuals
                        .get(n)
                        .expect("virtual")
                        .fields
                        .iter()
                        .find(|(k, _)| *k == i)
                        .map_or(Value::Const(0, kind), |(_, v)| *v);
                    self.subst.insert(op.result.expect("a read has a result"), v);
                    return true;
                }
            }
            (Op::ArraylenGc, Some(n)) => {
                if let Some(len) = self.virtuals.get(n).expect("virtual").length {
                    self.subst.insert(op.result.expect("arraylen has a result"), Value::Const(len, Kind::Int));
                    return true;
                }
            }
            (Op::PtrNonzero | Op::PtrIszero, Some(_)) => {
                let nonzero = op.op == Op::PtrNonzero;
                self.subst.insert(op.result.expect("a test has a result"), Value::Const(nonzero as u64, Kind::Int));
                return true;
            }
            _ => {}
        }
        // Any other use: the object escapes. The value a write into an
        // object that is not virtual stores escapes only when the write is
        // done: it waits with the write (`push_write`).
        let writes = matches!(op.op, Op::SetfieldGc | Op::SetarrayitemGc | Op::SetinteriorfieldGc);
        let escaping = if writes { &op.args[..op.args.len() - 1] } else { &op.args[..] };
        for a in escaping {
            if let Value::Var(n) = a {
                self.force(*n);
            }
        }
        false
    }

    /// Allocates the virtual object `n` (if it still is one) and writes
    /// its fields, forcing the virtual objects they hold first.
    pub fn force(&mut self, n: u32) {
        if let Some(l) = self.arrays.remove(&n) {
            let length = self.resolve(l.length);
            self.out.push(ResOp {
                op: Op::NewArray,
                args: smallvec![length],
                descr: Some(l.descr),
                result: Some(n),
                snapshot: None,
            });
            self.note_allocation(n, length, Some(l.descr));
            for p in &l.pieces {
                // The writes waiting to go to the source were before the
                // copy was due.
                self.flush_touched(self.effects_of(Some(p.call)), false);
                let args = p.args(Value::Var(n)).into_iter().map(|v| self.resolve(v)).collect();
                self.out.push(ResOp { op: Op::CallN, args, descr: Some(p.call), result: None, snapshot: None });
            }
            return;
        }
        let Some(v) = self.virtuals.remove(n) else { return };
        if let Some(x) = self.tagged_int(&v) {
            // A tagged integer: the word, unless the integer does not fit.
            self.out.push(ResOp {
                op: Op::NewTagged,
                args: smallvec![x],
                descr: Some(v.size),
                result: Some(n),
                snapshot: None,
            });
            if self.opts.heap {
                for (d, value) in v.fields {
                    if let Some(loc) = location(self.m, Op::GetfieldGcI, &[Value::Var(n)], Some(d)) {
                        let value = self.resolve(value);
                        self.remember(loc, (value, None));
                    }
                }
            }
            return;
        }
        let (new, args) = allocation(v.length);
        self.out.push(ResOp { op: new, args: args.into(), descr: Some(v.size), result: Some(n), snapshot: None });
        for (d, value) in v.fields {
            let value = self.resolve(value);
            if let Value::Var(m) = value {
                self.force(m);
            }
            // Done now: the writes into a new object are no other place's
            // (nothing else known changes, nothing waiting goes there), and
            // whoever the object escapes to may read them.
            let (op, args, descr) = initialization(v.size, v.length, Value::Var(n), d, value);
            if let (Some(loc), true) = (location(self.m, op, &args, Some(descr)), self.opts.heap) {
                self.remember(loc, (value, None));
            }
            self.out.push(ResOp { op, args: args.into(), descr: Some(descr), result: None, snapshot: None });
        }
    }

    /// The integer of the virtual `v` when it is a tagged integer's variant
    /// whose tag is its own (`new_tagged` makes it then).
    fn tagged_int(&self, v: &Virtual) -> Option<Value> {
        let Descr::Size { word: Some((tag, _)), .. } = self.m.descrs[v.size as usize] else { return None };
        let field = |which: OnWord| {
            let (_, value) = v.fields.iter().find(
                |(d, _)| matches!(self.m.descrs[*d as usize], Descr::Field { on_word, .. } if on_word == which),
            )?;
            Some(self.resolve(*value))
        };
        let int = field(OnWord::Int).unwrap_or(Value::Const(0, Kind::Int));
        (v.length.is_none() && field(OnWord::Tag(tag)) == Some(Value::Const(tag as u64, Kind::Int))).then_some(int)
    }

    /// The index `index` of the virtual array `n` when it is a constant
    /// within its length.
    fn virtual_index(&self, n: u32, index: Value) -> Option<u32> {
        match (self.virtuals.get(n).expect("virtual").length, self.resolve(index)) {
            (Some(len), Value::Const(i, _)) if i < len => Some(i as u32),
            _ => None,
        }
    }

    /// Forces `v` if it is a virtual object.
    pub fn force_value(&mut self, v: Value) {
        if let Value::Var(n) = self.resolve(v) {
            self.force(n);
        }
    }

    /// Whether `a` and `b` may be the same memory: the same field or items
    /// of objects not known to differ, unless at indexes known to differ
    /// (different items of one array, or items of different arrays).
    fn may_be_same(&self, a: &Loc, b: &Loc) -> bool {
        a.may_alias(b)
            && !matches!((a.index, b.index), (Some(i), Some(j)) if distinct(&self.offsets, i, j))
            && !self.distinct_objects(a.obj, b.obj, 4)
    }

    /// The effects of the call of descr `descr` (`None`: anything).
    fn effects_of(&self, descr: Option<u32>) -> Option<&'m Effects> {
        match descr.map(|d| &self.m.descrs[d as usize]) {
            Some(Descr::Call { effects: Some(e), .. }) => Some(e),
            _ => None,
        }
    }

    /// Does the lazy writes a call with `effects` may read or write (but
    /// those to the virtualizable's objects when the call is `shielded`
    /// from them).
    fn flush_touched(&mut self, effects: Option<&Effects>, shielded: bool) {
        let m = self.m;
        self.flush_where(|o, l, _| {
            !(shielded && o.confined(l.obj))
                && effects.is_none_or(|e| l.touched_by(m, &e.reads) || l.touched_by(m, &e.writes))
        });
    }

    /// Does the lazy writes `due` picks now, in order; the others wait,
    /// in order. (In place: most calls and guards leave every write
    /// waiting.)
    fn flush_where(&mut self, due: impl Fn(&Self, &Loc, &ResOp) -> bool) {
        let mut lazy = std::mem::take(&mut self.lazy);
        let now: Vec<(Loc, ResOp)> = lazy.extract_if(.., |(l, w)| due(self, l, w)).collect();
        self.lazy = lazy;
        for (_, w) in now {
            self.push_write(w);
        }
    }

    /// Does the lazy writes now.
    pub fn flush_lazy(&mut self) {
        for (_, op) in std::mem::take(&mut self.lazy) {
            self.push_write(op);
        }
    }

    /// `loc` with what its object and index are known to be now.
    fn resolved(&self, loc: &Loc) -> Loc {
        Loc { obj: self.resolve(loc.obj), index: loc.index.map(|i| self.resolve(i)), ..*loc }
    }

    /// The writes waiting, in order: where each goes and what it stores.
    pub fn lazy_writes(&self) -> Vec<(Loc, Store)> {
        (self.lazy.iter())
            .map(|(l, w)| {
                let mut w = Store::of(w);
                w.values_mut().for_each(|v| *v = self.resolve(*v));
                (self.resolved(l), w)
            })
            .collect()
    }

    /// Does the lazy writes now but those to `keep`.
    pub fn flush_lazy_except(&mut self, keep: &[Loc]) {
        self.flush_where(|o, l, _| !keep.contains(&o.resolved(l)));
    }

    /// What the write waiting to go to `loc` stores.
    pub fn waiting_at(&self, loc: &Loc) -> Option<Value> {
        let (_, w) = self.lazy.iter().find(|(l, _)| self.resolved(l) == *loc)?;
        Some(self.resolve(w.args[w.args.len() - 1]))
    }

    /// Forgets the writes waiting to go to `locs` without doing them
    /// (the code jumped to does them: a loop's label carries them).
    pub fn drop_waiting(&mut self, locs: &[Loc]) {
        let lazy = std::mem::take(&mut self.lazy);
        self.lazy = lazy.into_iter().filter(|(l, _)| !locs.contains(&self.resolved(l))).collect();
    }

    /// A write of `w` waits from the start (a loop's body, whose label
    /// carries it): reads of its place see its value.
    pub fn carry_write(&mut self, w: Store) {
        let (op, args) = w.op(self.m);
        let loc = location(self.m, op, &args, Some(w.descr)).expect("a write's place");
        self.remember(loc, (w.value, None));
        self.in_memory.remove(&loc);
        self.lazy.push((loc, ResOp { op, args: args.into(), descr: Some(w.descr), result: None, snapshot: None }));
    }

    /// The virtual object `v` is: its size descr, its length (arrays) and
    /// its fields (`None`: `v` is not virtual).
    pub fn virtual_object(&self, v: Value) -> Option<VirtualParts> {
        let Value::Var(n) = self.resolve(v) else { return None };
        let o = self.virtuals.get(n)?;
        Some((o.size, o.length, o.fields.iter().map(|(d, x)| (*d, self.resolve(*x))).collect()))
    }

    /// `n` is a virtual object from the start (a loop's body, whose label
    /// carries it by its fields).
    pub fn add_virtual(&mut self, n: u32, size: u32, length: Option<u64>, fields: Vec<(u32, Value)>) {
        self.virtuals.insert(n, Virtual { size, length, fields });
    }

    /// A write to `loc` is made: what the places other writes wait at
    /// made the cache forget and `loc` may be is changed; `forgotten`, if
    /// `remembered` (the write may go back to what memory holds), is what
    /// it made the cache forget.
    fn note_forgotten_by(&mut self, loc: Loc, remembered: bool, forgotten: Vec<(Loc, (Value, Option<usize>))>) {
        let mut all = std::mem::take(&mut self.forgotten_by);
        all.retain_mut(|(w, entries)| {
            entries.retain(|(l, _)| !self.may_be_same(&loc, l));
            *w != loc && !entries.is_empty()
        });
        if remembered && !forgotten.is_empty() {
            all.push((loc, forgotten));
        }
        self.forgotten_by = all;
    }

    /// The waiting write to `loc` went (it wrote back what memory held):
    /// what the cache forgot for it is known again.
    fn recall_forgotten_by(&mut self, loc: &Loc) {
        let Some(i) = self.forgotten_by.iter().position(|(w, _)| w == loc) else { return };
        let (_, entries) = self.forgotten_by.swap_remove(i);
        for (l, e) in entries {
            if !self.heap.contains_key(&l) {
                self.remember(l, e);
            }
        }
    }

    /// Does the lazy writes of places other than `loc` that may be the
    /// same memory.
    fn flush_aliasing(&mut self, loc: &Loc) {
        self.flush_where(|o, l, _| l != loc && o.may_be_same(l, loc));
    }

    /// Does the write `op` that waited: what it stores escapes now.
    fn push_write(&mut self, mut op: ResOp) {
        self.force_value(op.args[op.args.len() - 1]);
        for a in &mut op.args {
            *a = self.resolve(*a);
        }
        self.out.push(op);
    }

    /// Keeps `op`; a guard's snapshot gets the virtual objects its values
    /// refer to, as they are now, and the lazy writes.
    fn push(&mut self, mut op: ResOp) {
        if op.snapshot.is_some() && !self.keep_item_writes {
            // A waiting write of an item costs the guard three values to
            // keep; it is done before the guard unless what it stores is
            // virtual (RPython's `force_lazy_sets_for_guard`) or it goes to
            // the virtualizable's stack (RPython keeps those items in
            // registers). Field writes (a frame's stack pointer, written at
            // every instruction) wait.
            self.flush_where(|o, l, w| {
                l.index.is_some()
                    && !o.confined(l.obj)
                    && !matches!(o.resolve(w.args[w.args.len() - 1]), Value::Var(n) if o.virtuals.contains(n))
            });
        }
        if let Some(s) = &mut op.snapshot {
            s.pending = (self.lazy.iter())
                .map(|(_, w)| {
                    let mut w = Store::of(w);
                    w.values_mut().for_each(|v| *v = self.resolve(*v));
                    w
                })
                .collect();
            let made = |o: &Self, v: &Value| match v {
                Value::Var(n) if o.virtuals.contains(*n) || (!o.arrays.is_empty() && o.arrays.contains_key(n)) => {
                    Some(*n)
                }
                _ => None,
            };
            // One pass over the values of the frames and of the pending
            // writes finds the objects the guard makes (`todo`, in the
            // order of `Snapshot::values`), and for `known_at_guard` the
            // variables it has (`kept`, each once) and the objects whose
            // places it may know (`objects`: those of the frames from the
            // innermost portal's up, where the bridge starts and goes on,
            // and of the writes it does first; an interpreter's callers'
            // are read again only once they return).
            let mut g = std::mem::take(&mut self.guard_scratch);
            (g.kept.clear(), g.kept_set.clear(), g.objects.clear());
            let mut todo: Vec<u32> = Vec::new();
            let portal = |f: &FrameSnapshot| self.m.drivers.iter().any(|d| d.portal == f.jitcode);
            let from = s.frames.iter().rposition(|f| portal(f)).unwrap_or(0);
            for (i, f) in s.frames.iter().enumerate() {
                for (_, v) in &f.live {
                    let Value::Var(n) = *v else { continue };
                    g.keep(n);
                    todo.extend(made(self, v));
                    if i >= from && self.places_of.contains(v) {
                        g.objects.push(*v);
                    }
                }
            }
            for w in &s.pending {
                for v in w.values() {
                    if let Value::Var(n) = *v {
                        g.keep(n);
                    }
                    todo.extend(made(self, v));
                }
                if matches!(w.obj, Value::Var(_)) && self.places_of.contains(&w.obj) {
                    g.objects.push(w.obj);
                }
            }
            while let Some(n) = todo.pop() {
                if s.makes(n) {
                    continue;
                }
                if let Some(l) = self.arrays.get(&n) {
                    let mut a = LazyArray { var: n, descr: l.descr, length: l.length, pieces: l.pieces.clone() };
                    a.values_mut().for_each(|v| *v = self.resolve(*v));
                    a.values().for_each(|v| g.keep_value(v));
                    s.arrays.push(a);
                    continue;
                }
                let v = &self.virtuals.get(n).expect("virtual");
                let fields: Vec<(u32, Value)> = v.fields.iter().map(|(d, x)| (*d, self.resolve(*x))).collect();
                fields.iter().for_each(|(_, x)| g.keep_value(x));
                todo.extend(fields.iter().filter_map(|(_, x)| made(self, x)));
                s.virtuals.push(VirtualObject { var: n, size: v.size, length: v.length, fields });
            }
            // (The guard makes its objects: it does not keep them.)
            if !s.virtuals.is_empty() || !s.arrays.is_empty() {
                g.kept.retain(|n| !s.makes(*n));
                g.kept_set.clear();
                g.kept.iter().for_each(|n| {
                    g.kept_set.insert(*n);
                });
            }
            self.guard_scratch = g;
            s.known = self.known_at_guard();
        }
        self.out.push(op);
    }

    /// `x + c` or `x - c` where `x` is `y + d` becomes `y + (c + d)`
    /// (wrapping, as the operations): chains of steps by constants (a
    /// tape's position moved cell by cell) become one step each from the
    /// same variable, which CSE and the comparisons then see through; a
    /// step of 0 is `y` itself (`fold`). Returns the operation's form.
    fn fold_offset(&mut self, op: &mut ResOp) -> Option<(Value, i64)> {
        let (y, c) = self.offset_form(op.op, &op.args)?;
        // `y` may be a fact the operation did not name: it uses it now.
        if let Value::Var(n) = y {
            if let Some(&k) = self.fact_vars.get(n) {
                self.used.insert(k);
            }
        }
        // Written as a step up, or down when negative (as traced).
        (op.op, op.args) = match c {
            c if c < 0 && c != i64::MIN => (Op::IntSub, smallvec![y, Value::Const(c.wrapping_neg() as u64, Kind::Int)]),
            c => (Op::IntAdd, smallvec![y, Value::Const(c as u64, Kind::Int)]),
        };
        Some((y, c))
    }

    /// `(y, c)` when `op(args)` is `y + c` for a variable `y` that is not
    /// itself a step by a constant.
    fn offset_form(&self, op: Op, args: &[Value]) -> Option<(Value, i64)> {
        let (x, c) = step(op, args)?;
        let Value::Var(n) = x else { return Some((x, c)) };
        Some(match self.offsets.get(&n) {
            Some(&(y, d)) => (y, c.wrapping_add(d)),
            None => (x, c),
        })
    }

    /// The value of a pure operation when its operands make it known.
    fn fold(&mut self, op: &ResOp) -> Option<Value> {
        use Op::*;
        let kind = if returns_float(op.op) { Kind::Float } else { Kind::Int };
        let consts: Option<Vec<u64>> = (op.args.iter())
            .map(|v| match v {
                Value::Const(x, _) => Some(*x),
                Value::Var(_) => None,
            })
            .collect();
        if let (Some(args), true) = (consts, self.opts.rewrite) {
            if op.op != ArraylenGc {
                return pure_value(self.m, op.op, &args).map(|x| Value::Const(x, kind));
            }
        }
        let (a, b) = (op.args[0], op.args.get(1).copied());
        // A pointer the trace read or wrote through is not null: the
        // program dereferences only what it knows is not (RPython's
        // `make_nonnull` of a `getfield`'s object).
        if matches!(op.op, PtrNonzero | PtrIszero) && self.is_not_null(a) {
            return Some(Value::Const((op.op == PtrNonzero) as u64, Kind::Int));
        }
        if let (Some(_), Some(b), true) = (mirror(op.op), b, self.opts.intbounds) {
            if let Some(holds) = intbounds::compare(op.op, self.bound(a), self.bound(b)) {
                self.use_bounds(&[a, b]);
                return Some(Value::Const(holds as u64, Kind::Int));
            }
            if let Some(holds) = self.related(op.op, a, b) {
                return Some(Value::Const(holds as u64, Kind::Int));
            }
        }
        if let (true, Some(b), true) = (op.op.is_overflow_test(), b, self.opts.intbounds) {
            if intbounds::never_overflows(op.op, self.bound(a), self.bound(b)) {
                self.use_bounds(&[a, b]);
                return Some(Value::Const(0, Kind::Int));
            }
        }
        // Making a value of a narrower type what it is already.
        if let (Some(Value::Const(c, _)), true) = (b, self.opts.intbounds) {
            if intbounds::narrowed(op.op, c).is_some_and(|w| w.contains(self.bound(a))) {
                self.use_bounds(&[a]);
                return Some(a);
            }
        }
        if !self.opts.rewrite {
            return None;
        }
        let is = |v: Option<Value>, c: i64| matches!(v, Some(Value::Const(x, Kind::Int)) if x as i64 == c);
        let zero = Value::Const(0, Kind::Int);
        Some(match op.op {
            IntAdd | IntOr | IntXor if is(b, 0) => a,
            IntAdd | IntOr | IntXor if is(Some(a), 0) => b?,
            IntSub | IntLshift | IntRshift | UintRshift if is(b, 0) => a,
            IntMul if is(b, 1) => a,
            IntMul if is(Some(a), 1) => b?,
            IntMul | IntAnd if is(b, 0) || is(Some(a), 0) => zero,
            IntAnd if is(b, -1) => a,
            IntAnd if is(Some(a), -1) => b?,
            IntSub | IntXor if Some(a) == b => zero,
            // An integer compared with itself (a list's room checked
            // against the length it was made with).
            IntLt | IntGt | IntNe | UintLt | UintGt if Some(a) == b => zero,
            IntLe | IntGe | IntEq | UintLe | UintGe if Some(a) == b => Value::Const(1, Kind::Int),
            // A comparison's result is 0 or 1: `x != 0` and `x == 1` are `x`
            // (an interpreter's `if cond != 0` on a boolean it computed).
            IntNe if is(b, 0) && self.is_comparison(a) => a,
            IntEq if is(b, 1) && self.is_comparison(a) => a,
            _ => return None,
        })
    }

    /// Whether `v` is the result of a comparison in the trace (0 or 1).
    fn is_comparison(&self, v: Value) -> bool {
        matches!(v, Value::Var(n) if self.compares.contains(n))
    }

    /// `cmp(a, b)` is `holds`: so are its negation and its mirror.
    fn know_comparison(&mut self, cmp: Op, a: Value, b: Value, holds: bool) {
        if !self.opts.pure {
            return;
        }
        let bool_const = |x: bool| Value::Const(x as u64, Kind::Int);
        let (neg, mir) = (negation(cmp).expect("a comparison"), mirror(cmp).expect("a comparison"));
        let neg_mir = negation(mir).expect("a comparison");
        for (op, args, value) in [(neg, [a, b], !holds), (mir, [b, a], holds), (neg_mir, [b, a], !holds)] {
            if let Entry::Vacant(e) = self.pure.entry((op, Args::from_slice(&args), None)) {
                e.insert((bool_const(value), None));
                self.derived.push((op, args));
            }
        }
    }
}

/// Whether integers `a` and `b` are known to differ: different constants,
/// or steps by different constants from the same variable (`offsets`:
/// the optimizer's).
fn distinct(offsets: &HashMap<u32, (Value, i64)>, a: Value, b: Value) -> bool {
    let form = |v: Value| match v {
        Value::Var(n) => offsets.get(&n).copied().unwrap_or((v, 0)),
        c => (c, 0),
    };
    match (a, b) {
        (Value::Const(x, _), Value::Const(y, _)) => x != y,
        _ => {
            let ((x, i), (y, j)) = (form(a), form(b));
            x == y && i != j
        }
    }
}

/// `x + k < y` (signed or not) for the `(x, y)` it is kept under, from
/// the outside fact `origin`.
/// The most steps `known_below` goes from a known `x + k < b` to the
/// `x + j` asked about, each known to differ from `b`.
const MAX_STEPS: i64 = 16;

struct Below {
    k: i64,
    signed: bool,
    origin: Option<usize>,
}

/// What variables are known to be instead, by number. (`resolve` asks it
/// of every operand and every value of every snapshot: the trace's
/// variables are numbered densely from 0, a vector is cheaper than a hash
/// map.)
#[derive(Default)]
struct Subst(Vec<Option<Value>>);

impl Subst {
    fn get(&self, n: u32) -> Option<Value> {
        self.0.get(n as usize).copied().flatten()
    }

    fn insert(&mut self, n: u32, v: Value) {
        if n as usize >= self.0.len() {
            self.0.resize(n as usize + 1, None);
        }
        self.0[n as usize] = Some(v);
    }
}

/// The buffers `push` and `known_at_guard` fill at each guard (contents
/// not kept): the variables the guard keeps (a list, each once, and a
/// set), the places whose write waits, the objects whose places it looks
/// at, and the outside facts it used.
#[derive(Default)]
struct GuardScratch {
    kept: Vec<u32>,
    kept_set: Marks,
    waiting: Vec<Loc>,
    objects: Vec<Value>,
    origins: Vec<usize>,
}

impl GuardScratch {
    /// The guard keeps variable `n`.
    fn keep(&mut self, n: u32) {
        if self.kept_set.insert(n) {
            self.kept.push(n);
        }
    }

    /// The guard keeps `v` if it is a variable.
    fn keep_value(&mut self, v: &Value) {
        if let Value::Var(n) = *v {
            self.keep(n);
        }
    }
}

/// An object the trace has not allocated (yet): its size descr, and the
/// field values written so far, by field descr; or an array: its array
/// descr, its length and the items written so far, by index.
struct Virtual {
    size: u32,
    length: Option<u64>,
    fields: Vec<(u32, Value)>,
}

/// An array not allocated yet (`lazy_array`): its descr, its length, the
/// copies it is made of (zeroes after them), where they end (`None`: not
/// known as one value of the trace) and when the last was due (`clock`).
struct Lazy {
    descr: u32,
    length: Value,
    pieces: Vec<Piece>,
    end: Option<Value>,
    since: u64,
}

impl Lazy {
    /// Its one piece when it fills the array, resolved by `resolve`.
    fn whole_copy(&self, resolve: impl Fn(Value) -> Value) -> Option<Piece> {
        match self.pieces[..] {
            [p] if resolve(p.at) == ZERO && resolve(p.n) == resolve(self.length) => {
                Some(Piece { src: resolve(p.src), start: resolve(p.start), ..p })
            }
            _ => None,
        }
    }
}

/// The integer 0.
const ZERO: Value = Value::Const(0, Kind::Int);

/// The longest array kept virtual (its items are in every snapshot that
/// sees it).
const MAX_VIRTUAL_ITEMS: u64 = 16;
