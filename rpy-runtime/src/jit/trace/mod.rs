//! Traces: the resoperations the tracer records (RPython's `history.py`),
//! and their text form as PyPy's logs print them (`logger.py`):
//! `i3 = int_add(i1, -1)`, `guard_true(i5, descr=<Guard0x2>) [i1, p0]`.
//!
//! Values are `Value`s: a constant (64 bits, read by its kind) or a
//! variable of the trace, numbered in order of definition: the loop's
//! input arguments first, then the results of operations.

mod packed;
mod parse;

pub use packed::Snapshots;

use rpy_jitcode::{Descr, JitModule, Kind, Op};
use std::rc::Rc;

/// An operation's operands: inline up to three (most operations have one
/// to three; a call more), so that recording or optimizing one allocates
/// nothing for them.
pub type Args = smallvec::SmallVec<[Value; 3]>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Const(u64, Kind),
    Var(u32),
}

/// Where a guard's failure resumes: for each frame, outermost first, the
/// jitcode, the instruction to resume at and the values of the registers
/// live there (RPython's resume data, not yet compressed); the objects
/// the optimizer removed from the trace that those values refer to, made
/// when the guard fails (RPython's virtuals in resume data); and the
/// writes of fields and items the trace had not done yet
/// (`pendingfields`). A frame below the top one is shared by the guards
/// recorded while it waits for the call above it (RPython's snapshots
/// share their callers' parts): a deep recursion traced into does not copy
/// every frame at every guard.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    pub frames: Vec<Rc<FrameSnapshot>>,
    pub virtuals: Vec<VirtualObject>,
    pub arrays: Vec<LazyArray>,
    pub pending: Vec<Store>,
    /// What the optimizer knew when the guard failed that a bridge's
    /// optimizer starts knowing.
    pub known: Known,
}

/// What the optimizer knew at a guard, for a bridge from it (RPython's
/// `bridgeopt`): what places of memory held, the pending writes done, and
/// the ranges integers lay in. Not the guard's values: a variable here
/// that is no fail argument names a value the guard does not keep (what a
/// place holds).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Known {
    pub stores: Vec<Store>,
    /// An integer and the range `lo..=hi` it lies in.
    pub ranges: Vec<(Value, i64, i64)>,
}

impl Known {
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.stores.iter().flat_map(Store::values).chain(self.ranges.iter().map(|(v, ..)| v))
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        self.stores.iter_mut().flat_map(Store::values_mut).chain(self.ranges.iter_mut().map(|(v, ..)| v))
    }
}

/// `value` in the field `descr` of `obj`, or in its item `index` (`descr`
/// the array's, or an interior descr): a write the trace had not done when
/// a guard failed, or what the optimizer knew memory held there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Store {
    pub obj: Value,
    pub index: Option<Value>,
    pub descr: u32,
    pub value: Value,
}

impl Store {
    /// The write of a `setfield_gc`, `setarrayitem_gc` or
    /// `setinteriorfield_gc`.
    pub fn of(op: &ResOp) -> Store {
        let (obj, value) = (op.args[0], op.args[op.args.len() - 1]);
        let index = (op.args.len() == 3).then(|| op.args[1]);
        Store { obj, index, descr: op.descr.expect("a write has a descr"), value }
    }

    /// That operation: its name, its arguments.
    pub fn op(&self, m: &JitModule) -> (Op, Vec<Value>) {
        match (self.index, &m.descrs[self.descr as usize]) {
            (None, _) => (Op::SetfieldGc, vec![self.obj, self.value]),
            (Some(i), Descr::Interior { .. }) => (Op::SetinteriorfieldGc, vec![self.obj, i, self.value]),
            (Some(i), _) => (Op::SetarrayitemGc, vec![self.obj, i, self.value]),
        }
    }

    /// Where it is: its object, index and descr.
    pub fn place(&self) -> (Value, Option<Value>, u32) {
        (self.obj, self.index, self.descr)
    }

    pub fn values(&self) -> impl Iterator<Item = &Value> {
        std::iter::once(&self.obj).chain(self.index.as_ref()).chain(std::iter::once(&self.value))
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        std::iter::once(&mut self.obj).chain(self.index.as_mut()).chain(std::iter::once(&mut self.value))
    }
}

/// An object the trace does not allocate: the variable standing for it,
/// its size descr and the values of its fields (by field descr; the
/// others are zero); or an array: its array descr, its `length`, and its
/// items by index.
#[derive(Clone, Debug, PartialEq)]
pub struct VirtualObject {
    pub var: u32,
    pub size: u32,
    pub length: Option<u64>,
    pub fields: Vec<(u32, Value)>,
}

/// An array the trace had not allocated yet when a guard failed (its
/// length is known only when the code runs): the variable standing for
/// it, its array descr, its length, and the copies of items of other
/// arrays it is made of (one after the other from item 0; zeroes after
/// the last).
#[derive(Clone, Debug, PartialEq)]
pub struct LazyArray {
    pub var: u32,
    pub descr: u32,
    pub length: Value,
    pub pieces: Vec<Piece>,
}

/// The items `src[start..start + n]` of another array (not written since
/// the copy was due), at `at` in the array they are copied into, by the
/// call of descr `call` (an `arraycopy`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    pub src: Value,
    pub start: Value,
    pub at: Value,
    pub n: Value,
    pub call: u32,
}

impl Piece {
    /// The `arraycopy` arguments that copy the piece into `dst`.
    pub fn args(&self, dst: Value) -> Vec<Value> {
        vec![self.src, dst, self.start, self.at, self.n]
    }
}

impl LazyArray {
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        let pieces = self.pieces.iter().flat_map(|p| [&p.src, &p.start, &p.at, &p.n]);
        std::iter::once(&self.length).chain(pieces)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        let pieces = self.pieces.iter_mut().flat_map(|p| [&mut p.src, &mut p.start, &mut p.at, &mut p.n]);
        std::iter::once(&mut self.length).chain(pieces)
    }
}

/// The operation allocating a virtual object (an array when it has a
/// `length`; its descr is the object's) and its arguments.
pub fn allocation(length: Option<u64>) -> (Op, Vec<Value>) {
    match length {
        None => (Op::New, vec![]),
        Some(len) => (Op::NewArray, vec![Value::Const(len, Kind::Int)]),
    }
}

/// The write of field (or item) `key` of such an object `obj`: the
/// operation, its arguments and its descr.
pub fn initialization(size: u32, length: Option<u64>, obj: Value, key: u32, value: Value) -> (Op, Vec<Value>, u32) {
    match length {
        None => (Op::SetfieldGc, vec![obj, value], key),
        Some(_) => (Op::SetarrayitemGc, vec![obj, Value::Const(key as u64, Kind::Int), value], size),
    }
}

impl Snapshot {
    /// Every value the snapshot holds: the registers', the virtual
    /// objects' fields, the lazy arrays' lengths and sources.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        let live = self.frames.iter().flat_map(|f| f.live.iter().map(|(_, v)| v));
        let fields = self.virtuals.iter().flat_map(|o| o.fields.iter().map(|(_, v)| v));
        let arrays = self.arrays.iter().flat_map(LazyArray::values);
        live.chain(fields).chain(arrays).chain(self.pending.iter().flat_map(Store::values))
    }

    /// Every value, `known`'s too.
    pub fn all_values(&self) -> impl Iterator<Item = &Value> {
        self.values().chain(self.known.values())
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        self.values_mut_and(false)
    }

    /// Every value, `known`'s too: what renaming the trace's variables
    /// renames.
    pub fn all_values_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        self.values_mut_and(true)
    }

    fn values_mut_and(&mut self, with_known: bool) -> impl Iterator<Item = &mut Value> {
        // (A frame shared with other snapshots is copied first.)
        let live = self.frames.iter_mut().flat_map(|f| Rc::make_mut(f).live.iter_mut().map(|(_, v)| v));
        let known = with_known.then_some(&mut self.known).into_iter().flat_map(Known::values_mut);
        live.chain(Self::object_values_mut(&mut self.virtuals, &mut self.arrays, &mut self.pending)).chain(known)
    }

    /// The values of the virtual objects, the lazy arrays and the pending
    /// writes (`values_mut` without the frames').
    fn object_values_mut<'a>(
        virtuals: &'a mut [VirtualObject],
        arrays: &'a mut [LazyArray],
        pending: &'a mut [Store],
    ) -> impl Iterator<Item = &'a mut Value> {
        let fields = virtuals.iter_mut().flat_map(|o| o.fields.iter_mut().map(|(_, v)| v));
        let arrays = arrays.iter_mut().flat_map(LazyArray::values_mut);
        fields.chain(arrays).chain(pending.iter_mut().flat_map(Store::values_mut))
    }

    /// Replaces every value `v` by `f(v)`, `known`'s too. A frame's part
    /// shared with other snapshots is copied only when one of its values
    /// changes (most do not: the optimizer resolves every guard's snapshot).
    pub fn map_values(&mut self, f: impl Fn(Value) -> Value) {
        for frame in &mut self.frames {
            FrameSnapshot::map_values(frame, &f);
        }
        self.map_values_but_frames(f);
    }

    /// `map_values` on all but the frames: the virtual objects, lazy
    /// arrays, pending writes and `known`.
    pub fn map_values_but_frames(&mut self, f: impl Fn(Value) -> Value) {
        let objects = Self::object_values_mut(&mut self.virtuals, &mut self.arrays, &mut self.pending);
        for v in objects.chain(self.known.values_mut()) {
            *v = f(*v);
        }
    }

    /// Every value but the frames' and `known`'s replaced by `f(v)` (what
    /// `values_mut` gives but the frames').
    pub fn map_object_values(&mut self, f: impl Fn(Value) -> Value) {
        for v in Self::object_values_mut(&mut self.virtuals, &mut self.arrays, &mut self.pending) {
            *v = f(*v);
        }
    }

    /// Whether `n` stands for an object the guard makes (a virtual object
    /// or a lazy array), not a value the trace computed.
    pub fn makes(&self, n: u32) -> bool {
        self.virtuals.iter().any(|o| o.var == n) || self.arrays.iter().any(|a| a.var == n)
    }

    /// The snapshot with its variables numbered `0..` in the order the
    /// guard has them: its fail arguments (`0..n`, their slots in the
    /// guard's frame), then the objects it makes, virtual objects first
    /// (`n..`, in order), then lazy arrays, then the objects `known` names
    /// that the guard does not keep. Resuming from it, the values of its
    /// variables up to the last object it makes are a list.
    pub fn numbered_densely(&self) -> Snapshot {
        let mut number: rustc_hash::FxHashMap<u32, u32> = Default::default();
        let made = self.virtuals.iter().map(|o| o.var).chain(self.arrays.iter().map(|a| a.var));
        for n in self.fail_args().chain(made) {
            let next = number.len() as u32;
            number.insert(n, next);
        }
        let mut s = self.clone();
        for v in s.values_mut() {
            if let Value::Var(n) = v {
                *n = number[n];
            }
        }
        s.virtuals.iter_mut().for_each(|o| o.var = number[&o.var]);
        s.arrays.iter_mut().for_each(|a| a.var = number[&a.var]);
        for v in s.known.values_mut() {
            if let Value::Var(n) = v {
                let next = number.len() as u32;
                *n = *number.entry(*n).or_insert(next);
            }
        }
        s
    }

    /// The guard's fail arguments: the variables of its values that the
    /// trace computes (not the virtual objects), each once, in order of
    /// first appearance.
    pub fn fail_args(&self) -> impl Iterator<Item = u32> + '_ {
        let mut seen = Vec::new();
        self.values().filter_map(move |v| match v {
            Value::Var(n) if !seen.contains(n) && !self.makes(*n) => {
                seen.push(*n);
                Some(*n)
            }
            _ => None,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct FrameSnapshot {
    pub jitcode: u32,
    pub pc: u32,
    pub live: Vec<(rpy_jitcode::Reg, Value)>,
}

impl FrameSnapshot {
    /// Replaces each value `v` of `frame` by `f(v)`, copying the frame
    /// first when it is shared, and only when a value changes.
    pub fn map_values(frame: &mut Rc<FrameSnapshot>, f: impl Fn(Value) -> Value) {
        if frame.live.iter().any(|(_, v)| f(*v) != *v) {
            Rc::make_mut(frame).live.iter_mut().for_each(|(_, v)| *v = f(*v));
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResOp {
    pub op: Op,
    pub args: Args,
    /// The index of the operation's descr in the module; for `jump`, the
    /// number of the code it jumps to (`None`: the start of this loop).
    pub descr: Option<u32>,
    pub result: Option<u32>,
    /// Guards only.
    pub snapshot: Option<Box<Snapshot>>,
}

impl ResOp {
    /// The variables the operation uses: its operands', and its
    /// snapshot's fail arguments (a failing guard needs them; the
    /// snapshot's virtual objects it makes itself, though the trace may
    /// make the same object later under the same name).
    pub fn uses(&self) -> impl Iterator<Item = u32> + '_ {
        let args = self.args.iter().filter_map(|v| match v {
            Value::Var(n) => Some(*n),
            Value::Const(..) => None,
        });
        args.chain(self.snapshot.iter().flat_map(|s| s.fail_args()))
    }

    /// The token a `call_assembler` calls through.
    pub fn assembler_token(&self) -> Option<u32> {
        match (self.op.is_call_assembler(), self.args.first()) {
            (true, Some(Value::Const(t, Kind::Int))) => Some(*t as u32),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// The kind of each variable (inputs first).
    pub kinds: Vec<Kind>,
    pub ninputs: u32,
    pub ops: Vec<ResOp>,
    /// Whether the final jump (to other code) goes to the other code's
    /// label, with its label's arguments, rather than to its start.
    pub enters_label: bool,
    /// The addresses of the quasi-immutable fields the trace took as
    /// constants, and the count of their writes when it first did
    /// (`quasi::watch`).
    pub quasi: Vec<u64>,
    pub quasi_since: u64,
    /// The driver's virtualizable at the portal's merge points the trace
    /// passed: `None` before the first, `Some(None)` when they differ.
    pub vable: Option<Option<Value>>,
    /// A bridge's: what its guard's trace knew memory held
    /// (`Snapshot::known`), in this trace's variables. A variable here
    /// that is no input and no operation defines names what its place
    /// holds: the first read of the place defines it.
    pub known: Known,
    /// Of a trace that jumps to other code from one of its merge points
    /// after operations of its own: that merge point as a snapshot (the
    /// portal's frame about to run it), where the guards the jump needs to
    /// enter the other code's label resume (RPython's short preamble
    /// guards).
    pub at_end: Option<Snapshot>,
    /// What its elidable calls gave while it was recorded, by the values
    /// of their arguments (RPython's `call_pure_results`): a call whose
    /// arguments the optimizer finds constant is its result (`emit`).
    pub call_pure_results: Vec<PureCallResult>,
}

/// An elidable call the tracer ran: its descr, the values of its
/// arguments, and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct PureCallResult {
    pub descr: u32,
    pub args: Vec<u64>,
    pub result: u64,
}

impl Trace {
    pub fn new(inputs: &[Kind]) -> Trace {
        Trace {
            kinds: inputs.to_vec(),
            ninputs: inputs.len() as u32,
            ops: Vec::new(),
            enters_label: false,
            quasi: Vec::new(),
            quasi_since: 0,
            vable: None,
            known: Known::default(),
            at_end: None,
            call_pure_results: Vec::new(),
        }
    }

    /// The trace of operations `start..` alone, its input arguments the
    /// variables `inputs` (distinct), renumbered: `None` when those
    /// operations use another variable defined before `start`.
    pub fn cut(&self, start: usize, inputs: &[u32]) -> Option<Trace> {
        let kinds: Vec<Kind> = inputs.iter().map(|n| self.kinds[*n as usize]).collect();
        let mut cut = Trace::new(&kinds);
        let mut rename: rustc_hash::FxHashMap<u32, u32> =
            inputs.iter().enumerate().map(|(i, n)| (*n, i as u32)).collect();
        if rename.len() != inputs.len() {
            return None;
        }
        for op in &self.ops[start..] {
            let mut op = op.clone();
            let renamed = |v: &mut Value| match v {
                Value::Var(n) => rename.get(n).map(|m| *n = *m).is_some(),
                Value::Const(..) => true,
            };
            if !op.args.iter_mut().all(renamed) {
                return None;
            }
            if let Some(s) = &mut op.snapshot {
                if !s.values_mut().all(renamed) {
                    return None;
                }
            }
            if let Some(r) = &mut op.result {
                let n = cut.new_var(self.kinds[*r as usize]);
                rename.insert(*r, n);
                *r = n;
            }
            cut.ops.push(op);
        }
        cut.vable = self.vable.map(|v| match v {
            Some(Value::Var(n)) => rename.get(&n).map(|m| Value::Var(*m)),
            other => other,
        });
        // (What the whole trace took as constants: the part cut off may
        // have read a field the rest relies on.)
        cut.quasi = self.quasi.clone();
        cut.quasi_since = self.quasi_since;
        cut.call_pure_results = self.call_pure_results.clone();
        Some(cut)
    }

    pub fn new_var(&mut self, kind: Kind) -> u32 {
        self.kinds.push(kind);
        self.kinds.len() as u32 - 1
    }

    fn value_text(&self, v: &Value, prebuilt: &[*mut u8]) -> String {
        match v {
            Value::Var(n) => format!("{}{n}", var_letter(self.kinds[*n as usize])),
            Value::Const(x, Kind::Int) => format!("{}", *x as i64),
            Value::Const(x, Kind::Float) => format!("{:?}", f64::from_bits(*x)),
            Value::Const(0, Kind::Ref) => "ConstPtr(null)".to_string(),
            Value::Const(x, Kind::Ref) => match prebuilt.iter().position(|s| *s as u64 == *x) {
                Some(i) => format!("ConstPtr(prebuilt{i})"),
                None => format!("ConstPtr(0x{x:x})"),
            },
        }
    }

    /// The operations in PyPy's log syntax, one per line; `guards` numbers
    /// the guards' descrs. `location` shows a driver's position from its
    /// greens (its `get_printable_location`), if it has one.
    pub fn text(
        &self,
        m: &JitModule,
        prebuilt: &[*mut u8],
        location: &dyn Fn(usize, &[u64]) -> Option<String>,
    ) -> String {
        self.text_with(m, prebuilt, location, false)
    }

    /// The text of `text` with each guard's whole snapshot: every value of
    /// its frames' registers (constants too) in brackets instead of the
    /// fail arguments, then its virtual objects and pending writes in
    /// braces: `{p5=new(<SizeDescr Pair>; <FieldS Pair.a 8>=i1) |
    /// setfield_gc(p0, i2, descr=<FieldS Pair.b 16>)}` (for tests of the
    /// optimizer, which change snapshots).
    pub fn snapshot_text(&self, m: &JitModule) -> String {
        self.text_with(m, &[], &|_, _| None, true)
    }

    fn text_with(
        &self,
        m: &JitModule,
        prebuilt: &[*mut u8],
        location: &dyn Fn(usize, &[u64]) -> Option<String>,
        full: bool,
    ) -> String {
        let vars = |vs: &[Value]| vs.iter().map(|v| self.value_text(v, prebuilt)).collect::<Vec<_>>().join(", ");
        let inputs: Vec<Value> = (0..self.ninputs).map(Value::Var).collect();
        let mut out = format!("[{}]\n", vars(&inputs));
        let mut guards = 0;
        for op in &self.ops {
            if let Some(r) = op.result {
                out.push_str(&format!("{} = ", self.value_text(&Value::Var(r), prebuilt)));
            }
            let mut args = vars(&op.args);
            if op.op == Op::DebugMergePoint {
                // debug_merge_point(driver, depth, 'location')
                let consts: Option<Vec<u64>> = (op.args.iter())
                    .map(|v| match v {
                        Value::Const(x, _) => Some(*x),
                        Value::Var(_) => None,
                    })
                    .collect();
                let shown = consts.and_then(|c| location(c[0] as usize, &c[2..]));
                let place = shown.unwrap_or_else(|| vars(&op.args[2..]));
                args = format!("{}, {}, '{place}'", vars(&op.args[..1]), vars(&op.args[1..2]));
            }
            let descr = if op.snapshot.is_some() {
                guards += 1;
                Some(format!("<Guard0x{:x}>", guards - 1))
            } else if matches!(op.op, Op::Jump | Op::Label) {
                // The code jumped to: this loop's label (0) or another
                // code's start or label.
                let label = if op.op == Op::Jump && self.enters_label { ", label" } else { "" };
                Some(format!("TargetToken({}{label})", op.descr.map_or(0, |t| t + 1)))
            } else {
                op.descr.map(|d| descr_text(&m.descrs[d as usize]))
            };
            match (args.is_empty(), descr) {
                (_, None) => out.push_str(&format!("{}({args})", op.op.name())),
                (true, Some(d)) => out.push_str(&format!("{}(descr={d})", op.op.name())),
                (false, Some(d)) => out.push_str(&format!("{}({args}, descr={d})", op.op.name())),
            }
            match &op.snapshot {
                Some(s) if full => out.push_str(&self.snapshot_values(m, s)),
                Some(s) => {
                    let args: Vec<Value> = s.fail_args().map(Value::Var).collect();
                    out.push_str(&format!(" [{}]", vars(&args)));
                }
                None => {}
            }
            out.push('\n');
        }
        out
    }
}

impl Trace {
    /// A snapshot's values, virtual objects, pending writes and what it
    /// knows memory holds, for `snapshot_text`.
    fn snapshot_values(&self, m: &JitModule, s: &Snapshot) -> String {
        let val = |v: &Value| self.value_text(v, &[]);
        let live: Vec<String> = s.frames.iter().flat_map(|f| f.live.iter().map(|(_, v)| val(v))).collect();
        let mut out = format!(" [{}]", live.join(", "));
        let descr = |d: u32| descr_text(&m.descrs[d as usize]);
        let mut extra: Vec<String> = (s.virtuals.iter())
            .map(|o| {
                let obj = val(&Value::Var(o.var));
                let fields = |key: &dyn Fn(u32) -> String| {
                    o.fields.iter().map(|(k, v)| format!("{}={}", key(*k), val(v))).collect::<Vec<_>>().join(", ")
                };
                match o.length {
                    None => format!("{obj}=new({}; {})", descr(o.size), fields(&descr)),
                    Some(n) => format!("{obj}=new_array({n}, {}; {})", descr(o.size), fields(&|k| k.to_string())),
                }
            })
            .collect();
        for a in &s.arrays {
            let pieces: String = (a.pieces.iter())
                .map(|p| format!("; {}[{}..+{}]@{}", val(&p.src), val(&p.start), val(&p.n), val(&p.at)))
                .collect();
            extra.push(format!(
                "{}=new_array({}, {}{pieces})",
                val(&Value::Var(a.var)),
                val(&a.length),
                descr(a.descr)
            ));
        }
        for w in &s.pending {
            let (op, args) = w.op(m);
            let args: Vec<String> = args.iter().map(val).collect();
            extra.push(format!("{}({}, descr={})", op.name(), args.join(", "), descr(w.descr)));
        }
        for k in &s.known.stores {
            let args: Vec<String> = k.values().map(val).collect();
            extra.push(format!("known({}, descr={})", args.join(", "), descr(k.descr)));
        }
        for (v, lo, hi) in &s.known.ranges {
            extra.push(format!("{} in {lo}..={hi}", val(v)));
        }
        if !extra.is_empty() {
            out.push_str(&format!(" {{{}}}", extra.join(" | ")));
        }
        out
    }
}

fn var_letter(k: Kind) -> char {
    match k {
        Kind::Int => 'i',
        Kind::Ref => 'p',
        Kind::Float => 'f',
    }
}

/// A descr as PyPy prints it: `<FieldS Tape.pos 16>`, `<FieldP Op.0 8 pure>`
/// (immutable), `<ArrayU 1>`.
pub fn descr_text(d: &Descr) -> String {
    let letter = |l: &rpy_jitcode::Leaf| match l.kind {
        Kind::Ref => 'P',
        Kind::Float => 'F',
        Kind::Int if l.signed => 'S',
        Kind::Int => 'U',
    };
    match d {
        Descr::Field { name, leaf, immutable, .. } => {
            format!("<Field{} {name} {}{}>", letter(leaf), leaf.offset, if *immutable { " pure" } else { "" })
        }
        Descr::Array { item, item_size, immutable, .. } => {
            let letter = item.as_ref().map_or('X', letter);
            format!("<Array{letter} {item_size}{}>", if *immutable { " pure" } else { "" })
        }
        Descr::Interior { leaf, .. } => format!("<InteriorField{} {}>", letter(leaf), leaf.offset),
        Descr::Size { name, .. } => format!("<SizeDescr {name}>"),
        Descr::Call { name, .. } => format!("<Call {name}>"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rpy_jitcode::Reg;

    /// Fail arguments first, in the order the guard has them (a variable
    /// seen twice once), then the virtual objects, then the lazy arrays,
    /// then what only `known` names; constants stay.
    #[test]
    fn a_snapshot_numbered_densely_has_its_fail_arguments_first() {
        let reg = |index| Reg { kind: Kind::Ref, index };
        let (var, int) = (Value::Var, |x| Value::Const(x, Kind::Int));
        let snapshot = Snapshot {
            frames: vec![Rc::new(FrameSnapshot {
                jitcode: 0,
                pc: 4,
                live: vec![
                    (reg(0), var(12)),
                    (reg(1), var(40)),
                    (reg(2), int(7)),
                    (reg(3), var(12)),
                    (reg(4), var(30)),
                ],
            })],
            virtuals: vec![VirtualObject { var: 40, size: 1, length: None, fields: vec![(2, var(9)), (3, var(30))] }],
            arrays: vec![LazyArray { var: 30, descr: 5, length: var(3), pieces: vec![] }],
            pending: vec![Store { obj: var(12), index: None, descr: 6, value: var(40) }],
            known: Known {
                stores: vec![Store { obj: var(9), index: Some(var(3)), descr: 7, value: var(17) }],
                ranges: vec![(var(17), 0, 5), (var(18), -1, 1)],
            },
        };
        let dense = snapshot.numbered_densely();
        assert_eq!(snapshot.fail_args().collect::<Vec<_>>(), [12, 9, 3]);
        assert_eq!(dense.fail_args().collect::<Vec<_>>(), [0, 1, 2]);
        let live: Vec<Value> = dense.frames[0].live.iter().map(|(_, v)| *v).collect();
        assert_eq!(live, [var(0), var(3), int(7), var(0), var(4)]);
        assert_eq!((dense.virtuals[0].var, &dense.virtuals[0].fields), (3, &vec![(2, var(1)), (3, var(4))]));
        assert_eq!((dense.arrays[0].var, dense.arrays[0].length), (4, var(2)));
        assert_eq!((dense.pending[0].obj, dense.pending[0].value), (var(0), var(3)));
        // (An object the guard does not keep gets the next number.)
        let k = &dense.known;
        assert_eq!((k.stores[0].obj, k.stores[0].index, k.stores[0].value), (var(1), Some(var(2)), var(5)));
        assert_eq!(k.ranges, [(var(5), 0, 5), (var(6), -1, 1)]);
    }
}
