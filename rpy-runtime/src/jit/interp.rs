//! The interpreter of jitcodes. Without a recorder it is RPython's
//! blackhole interpreter (`blackhole.py`): it runs jitcodes on real values
//! from a driver's merge point, with the greens and reds the translated
//! code hands over, and stops at the next merge point of the portal
//! (handing the new values back) or at the portal's end (handing back its
//! result). With a recorder it is the tracing meta-interpreter
//! (`pyjitpl.py`): it still runs every operation on real values, and
//! records each one whose operands are not all constants into a `Trace`,
//! guards where the path taken depends on a value, until it is back at the
//! merge point with the green key it started from (the loop closes), or
//! the portal returns (the trace ends with a `finish`), or the trace gets
//! too long (it is given up and the run goes on unrecorded). One interpreter for both means the tracer
//! and the blackhole cannot disagree on what an instruction does.
//!
//! Integer registers hold 64-bit words normalized as the codewriter keeps
//! them; reference registers live on one stack (`REFS`) that the GC scans
//! as roots, so objects only the interpreter holds survive collections.

use super::eval::pure_value;
use super::memory;
use super::trace::{allocation, initialization, Args, FrameSnapshot, PureCallResult, ResOp, Snapshot, Trace, Value};
use crate::gc::{self, TypeInfo};
use rpy_jitcode::{Arg, Descr, Effect, JitModule, Kind, Leaf, Op, RefConst, Reg};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use smallvec::smallvec;
use std::cell::UnsafeCell;
use std::rc::Rc;

/// A call wrapper of the translated module (see rpy-llvm's `codegen/jit.rs`).
pub type CallWrapper = unsafe extern "C" fn(*const u64, *mut u64);

/// The addresses the descrs index.
pub struct Tables<'a> {
    pub calls: &'a [CallWrapper],
    pub typeinfos: &'a [*const TypeInfo],
    /// The prebuilt objects (string literals, variants without data).
    pub prebuilt: &'a [*mut u8],
}

thread_local! {
    static REFS: UnsafeCell<Vec<usize>> = const { UnsafeCell::new(Vec::new()) };
    /// The registers of frames popped, kept for their memory: the
    /// blackhole pushes a frame per call it runs, and resumes a guard
    /// thousands of times before the guard gets a bridge.
    static SPARE: UnsafeCell<Vec<Registers>> = const { UnsafeCell::new(Vec::new()) };
}

/// Calls `f` on every reference the JIT's interpreters hold (the GC's
/// roots).
pub fn for_each_root(mut f: impl FnMut(usize)) {
    REFS.with(|r| {
        // SAFETY: single-threaded under the GC's lock; the collector does
        // not run interpreter code while it scans.
        for &p in unsafe { &*r.get() }.iter() {
            f(p)
        }
    });
}

fn refs() -> &'static mut Vec<usize> {
    // SAFETY: the stack belongs to this thread, which holds the GC's lock;
    // no reference to it outlives one operation.
    REFS.with(|r| unsafe { &mut *r.get() })
}

/// A frame's integer and float registers, and its boxes while tracing.
type Registers = (Vec<i64>, Vec<f64>, [Vec<Value>; 3]);

fn spare() -> &'static mut Vec<Registers> {
    // SAFETY: as `refs`.
    SPARE.with(|r| unsafe { &mut *r.get() })
}

struct Frame {
    code: usize,
    pc: usize,
    ints: Vec<i64>,
    floats: Vec<f64>,
    ref_base: usize,
    /// While tracing: the trace value of each register, per kind.
    boxes: [Vec<Value>; 3],
    /// While tracing, a portal's frame: the green keys of the merge
    /// points it went through, in order.
    keys: Vec<Vec<u64>>,
    /// A portal's frame the tracer is inside of, above the outermost.
    inlined: Option<Inlined>,
    /// A portal's frame called where the tracer goes no deeper: at its
    /// first merge point, the call becomes a `call_assembler`.
    assembler: bool,
    /// While tracing, a portal's frame: a `loop_header` ran since its last
    /// merge point (the next one is a loop's, reached by its back edge).
    back_edge: bool,
    /// While tracing, a frame below the top one: its part of the snapshots
    /// (it does not change until the call it waits for returns).
    snapshot: Option<Rc<FrameSnapshot>>,
}

/// How the tracer came to be inside a portal's frame above the outermost.
#[derive(Clone, Debug)]
enum Inlined {
    /// A frame of the snapshot a bridge starts from.
    Rebuilt,
    /// A recursive call the trace went into: where from (when known), and
    /// how long the trace was then.
    Called { site: Option<CallSite>, at: usize },
}

/// A recursive call of a portal, as the tracer tells one from another to
/// stop going into it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CallSite {
    /// The call at `pc` in the portal's jitcode, from the caller's
    /// position `greens` (the interpreted call instruction).
    At { greens: Vec<u64>, pc: u32 },
    /// A call from a frame whose position is unknown (a bridge's frames
    /// before their first merge point), into the portal at `callee`: known
    /// at the callee's first merge point.
    Into { callee: Vec<u64> },
}

/// The tracer's state: the trace so far and where it started.
pub struct Recorder {
    pub trace: Trace,
    driver: usize,
    /// The green key a loop's trace started from (`None` for a bridge).
    start_greens: Option<Vec<u64>>,
    /// The other merge points a loop's trace went through: the green key,
    /// where the trace was, and the reds' values there.
    merge_points: Vec<(Vec<u64>, usize, Vec<Value>)>,
    limit: usize,
    /// The operations recorded inside the recursive calls gone into and
    /// returned from, per call site (RPython's `portal_trace_positions`).
    inside: HashMap<CallSite, usize>,
    /// The last merge point the trace went through after its start: how
    /// long the trace was there, and the state to resume from there; where
    /// a trace too long is cut.
    cut_point: Option<(usize, Box<Snapshot>)>,
    /// A bridge starting at a merge point (a cut trace's end, or a guard
    /// on the greens there): it is not cut there, at its own start (an
    /// empty segment would be its own bridge's start again).
    starts_at_merge_point: bool,
    /// What the trace knows so far, so that it records nothing it knows.
    known: Known,
}

/// What the tracer may know (`Known`): the optimizer's `heap` and `pure`
/// off (`enable_opts`), every read is recorded, every pure operation too.
#[derive(Clone, Copy)]
pub struct Knows {
    pub heap: bool,
    pub pure: bool,
}

/// What the tracer knows of the values of a trace being recorded (RPython's
/// `heapcache`, and its boxes replaced by constants after a guard): the
/// box a read of a place gave or a write stored, the result of a pure
/// operation on boxes, and the constant a guard proved a variable is. An
/// interpreter reads its frame's registers through the frame's list at
/// every instruction: read again, the list, its length and its items
/// record nothing, and the same bounds check, computed again, needs no
/// guard again. (The optimizer would drop them too; recorded, each cost
/// the tracer and the optimizer time, and a guard its snapshot.)
#[derive(Default)]
struct Known {
    /// By descr, then by object and index, the box a place that may change
    /// holds (a write forgets only places of its descr: searched through
    /// all, a trace's writes cost the tracer in proportion to what it knew).
    heap: HashMap<u32, HashMap<(Value, Option<Value>), Value>>,
    /// By place (descr, object, index), the box of a place that never
    /// changes once known (an immutable field, an array's length): kept
    /// across calls.
    lasting: HashMap<Place, Value>,
    /// By pure operation and operands (at most three, the rest 0), its
    /// result.
    pure: HashMap<PureKey, Value>,
    /// By variable, the constant a guard proved it is.
    consts: HashMap<u32, Value>,
}

/// A heap place: descr, object, index (for items).
type Place = (u32, Value, Option<Value>);

impl Known {
    /// A call (or another operation that may write anything) was recorded:
    /// what the heap held may have changed.
    fn forget_heap(&mut self) {
        // (Each descr's map kept for the next places: a call is recorded
        // every few instructions.)
        self.heap.values_mut().for_each(HashMap::clear);
    }

    /// The box the place `p` is known to hold.
    fn get(&self, p: &Place) -> Option<Value> {
        let (d, obj, index) = *p;
        self.lasting.get(p).or_else(|| self.heap.get(&d)?.get(&(obj, index))).copied()
    }

    /// The trace wrote `v` at `p` (for good if `lasting`): the places of
    /// its descr that may be the same memory are forgotten, all but those
    /// that never change and items at other constant indexes (different
    /// memory: an interpreter's registers).
    fn write(&mut self, p: Place, v: Value, lasting: bool) {
        let index = p.2;
        let apart =
            |i: &Option<Value>| matches!((index, i), (Some(Value::Const(a, _)), Some(Value::Const(b, _))) if a != *b);
        if let Some(same_descr) = self.heap.get_mut(&p.0) {
            same_descr.retain(|(_, i), _| apart(i));
        }
        self.insert(p, v, lasting);
    }

    /// The place `p` holds `v`, for good if `lasting`.
    fn insert(&mut self, p: Place, v: Value, lasting: bool) {
        let (d, obj, index) = p;
        match lasting {
            true => drop(self.lasting.insert(p, v)),
            false => drop(self.heap.entry(d).or_default().insert((obj, index), v)),
        }
    }
}

type PureKey = (Op, [Value; 3], Option<u32>);

/// The key of the pure operation `op` of `args`, if it has at most three.
fn pure_key(op: Op, args: &[Value], descr: Option<u32>) -> Option<PureKey> {
    let mut key = [Value::Const(0, Kind::Int); 3];
    key.get_mut(..args.len())?.copy_from_slice(args);
    Some((op, key, descr))
}

/// The place a heap operation `op` of `args` reads or writes, and what a
/// write stores: fields and array lengths by descr and object, items by
/// descr, array and index.
fn heap_place(op: Op, args: &[Value], descr: u32) -> Option<(Place, Option<Value>)> {
    use Op::*;
    Some(match op {
        GetfieldGcI | GetfieldGcR | GetfieldGcF | ArraylenGc => ((descr, args[0], None), None),
        SetfieldGc => ((descr, args[0], None), Some(args[1])),
        GetarrayitemGcI | GetarrayitemGcR | GetarrayitemGcF | GetinteriorfieldGcI | GetinteriorfieldGcR
        | GetinteriorfieldGcF => ((descr, args[0], Some(args[1])), None),
        SetarrayitemGc | SetinteriorfieldGc => ((descr, args[0], Some(args[1])), Some(args[2])),
        _ => return None,
    })
}

/// Why a trace was given up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abort {
    TooLong,
    /// A recursive call traced into went through a loop of its own.
    CalleeLoops,
    /// The trace wrote a quasi-immutable field (compiled code never
    /// does: writing one invalidates code).
    QuasiImmutableWrite,
}

/// How a run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// At the portal's merge point: the green and red leaves are in the
    /// buffer.
    MergePoint,
    /// The portal returned: its result leaves are in the buffer.
    Return,
}

/// A 64-bit slot holding a leaf of any kind.
fn slot_of(kind: Kind, frame: &Frame, r: Reg) -> u64 {
    match kind {
        Kind::Int => frame.ints[r.index as usize] as u64,
        Kind::Float => frame.floats[r.index as usize].to_bits(),
        Kind::Ref => refs()[frame.ref_base + r.index as usize] as u64,
    }
}

fn set_slot(frame: &mut Frame, r: Reg, v: u64) {
    match r.kind {
        Kind::Int => frame.ints[r.index as usize] = v as i64,
        Kind::Float => frame.floats[r.index as usize] = f64::from_bits(v),
        Kind::Ref => refs()[frame.ref_base + r.index as usize] = v as usize,
    }
}

fn regs(a: &Arg) -> &[Reg] {
    match a {
        Arg::Regs(rs) => rs,
        other => panic!("rpy JIT: a register list expected, got {other:?}"),
    }
}

fn descr(a: &Arg) -> usize {
    match a {
        Arg::Descr(d) => *d as usize,
        other => panic!("rpy JIT: a descr expected, got {other:?}"),
    }
}

/// `n` slots: of `small` when they fit, else of `big`.
fn scratch<'b, const N: usize>(small: &'b mut [u64; N], big: &'b mut Vec<u64>, n: usize) -> &'b mut [u64] {
    if n <= N {
        return &mut small[..n];
    }
    big.resize(n, 0);
    big
}

/// Reads a leaf at `addr` into a 64-bit slot.
pub(crate) unsafe fn load(addr: *const u8, leaf: &Leaf) -> u64 {
    let p = addr.add(leaf.offset as usize);
    match (leaf.size, leaf.signed) {
        (1, false) => *p as u64,
        (1, true) => *(p as *const i8) as i64 as u64,
        (2, false) => *(p as *const u16) as u64,
        (2, true) => *(p as *const i16) as i64 as u64,
        (4, false) => *(p as *const u32) as u64,
        (4, true) => *(p as *const i32) as i64 as u64,
        _ => *(p as *const u64),
    }
}

/// Writes a 64-bit slot to a leaf at `obj + base` (through the write
/// barrier for references).
unsafe fn store(obj: *mut u8, base: usize, leaf: &Leaf, v: u64) {
    let offset = base + leaf.offset as usize;
    let p = obj.add(offset);
    match (leaf.kind, leaf.size) {
        (Kind::Ref, _) => gc::write_pointer(obj, offset, v as usize as *mut u8),
        (_, 1) => *p = v as u8,
        (_, 2) => *(p as *mut u16) = v as u16,
        (_, 4) => *(p as *mut u32) = v as u32,
        _ => *(p as *mut u64) = v,
    }
}

/// Which compiled code, if any, is entered at a green key.
pub type EntryOf<'a> = dyn Fn(&[u64]) -> Option<u32> + 'a;

/// The token through which a trace calls driver `driver`'s portal at a
/// green key (`call_assembler`), if it may.
pub type TokenOf<'a> = dyn Fn(usize, &[u64]) -> Option<u32> + 'a;

/// Runs driver `driver`'s portal from its merge point (the green and red
/// leaves in the buffer) to its end (its result leaves then there).
pub type RunPortal<'a> = dyn Fn(usize, *mut u64) + 'a;

/// The most green and red leaves a driver may have for its portal to be
/// called through a token (they go through a buffer of this size).
pub const MAX_PORTAL_LEAVES: usize = 64;

/// Whether a driver's portal can be called through a token (a
/// `call_assembler`): its leaves fit the buffer and its result is one leaf
/// at most.
pub fn assembler_fits(d: &rpy_jitcode::code::Driver) -> bool {
    d.greens.len() + d.reds.len() <= MAX_PORTAL_LEAVES && d.result.len() <= 1
}

pub struct Interp<'a> {
    m: &'a JitModule,
    t: &'a Tables<'a>,
    frames: Vec<Frame>,
    rec: Option<Recorder>,
    /// The compiled code entered at a green key, if any: a trace reaching
    /// such a key ends there with a jump to it.
    pub entry_of: Option<&'a EntryOf<'a>>,
    /// The green key of the loop `closed` is when it is not the one the
    /// trace started from (an inner loop).
    pub closed_at: Option<Vec<u64>>,
    /// A bridge's: the green key of the loop its guard is in, when that
    /// loop may be traced again from there (RPython's retrace): the bridge
    /// back at that key goes on tracing the loop's next turn. The loop
    /// traced so is then `closed` (at `closed_at`), and the bridge up to
    /// the key `bridge_to_loop`, its `jump` going into that loop (as for
    /// any loop a bridge runs into twice).
    pub retrace_at: Option<Vec<u64>>,
    pub bridge_to_loop: Option<Trace>,
    /// After a run with a recorder: the closed trace, or why there is
    /// none.
    pub closed: Option<Trace>,
    pub aborted: Option<Abort>,
    /// How many frames of a portal the tracer may be inside of at once
    /// (RPython's `max_unroll_recursion`; 1: recursive calls are residual).
    pub max_portal_frames: usize,
    /// The calls of a portal not to trace into.
    /// The calls of a portal not to trace into.
    pub not_inlined: Option<&'a HashSet<CallSite>>,
    /// After an abort: a call of a portal that the trace went into and
    /// should not have (its callee loops, or it made the trace too long).
    pub refused: Option<CallSite>,
    /// Calls of a portal the tracer goes no deeper into become
    /// `call_assembler`s (`None`: residual calls of the translated portal,
    /// as with `inlining=0`). A key with no token (a driver with more
    /// leaves than `MAX_PORTAL_LEAVES`, or a result of several) is traced
    /// into instead.
    pub assembler: Option<(&'a TokenOf<'a>, &'a RunPortal<'a>)>,
    /// Not tracing (the blackhole after a guard failure): runs the portal
    /// on from a merge point of a recursive call (its code, or the
    /// translated interpreter), so that only the rest of the failing
    /// instruction runs here.
    pub run_portal: Option<&'a RunPortal<'a>>,
    /// What the tracer may know.
    pub knows: Knows,
    /// Whether the driver's interpreter marks its loops' back edges
    /// (`loop_header`, `can_enter_jit!`): then only a merge point reached
    /// by one may start an inner loop, as in RPython (`reached_loop_header`
    /// after `loop_header`), and what the tracer knows goes on through the
    /// other merge points (an interpreter's every instruction). Without,
    /// every merge point may.
    pub loop_headers: bool,
}

/// The registers live at the merge point `a` of frame `top`, into `live`:
/// its greens (the constants `greens`, pinned: a snapshot keeps them) and
/// its reds.
fn merge_point_live(top: &Frame, a: &[Arg], greens: &[u64], live: &mut Vec<(Reg, Value)>) {
    live.clear();
    live.extend(regs(&a[1]).iter().zip(greens).map(|(r, g)| (*r, Value::Const(*g, r.kind))));
    live.extend(regs(&a[2]).iter().map(|r| (*r, top.boxes[r.kind as usize][r.index as usize])));
    for (_, v) in live.iter() {
        if let Value::Const(p, Kind::Ref) = v {
            memory::pin_ref(*p);
        }
    }
}

/// A frame's part of a snapshot: its instruction being run (the guard,
/// or the call of the frame above), preceded by its `-live-` marker, and
/// the values of the registers that lists.
fn frame_part(m: &JitModule, f: &Frame) -> FrameSnapshot {
    let pc = f.pc - 1;
    let live = match m.jitcodes[f.code].insns.get(pc.wrapping_sub(1)) {
        Some(insn) if insn.op == Op::Live => regs(&insn.args[0]),
        _ => &[],
    };
    let live = live.iter().map(|r| (*r, f.boxes[r.kind as usize][r.index as usize])).collect();
    FrameSnapshot { jitcode: f.code as u32, pc: pc as u32, live }
}

/// The part of a frame waiting for its call: made once, and shared by the
/// snapshots until the call returns. The references it holds as constants
/// are pinned when it is made (`Interp::record` pins those of the top
/// frame's part only).
fn waiting_part(m: &JitModule, f: &mut Frame) -> Rc<FrameSnapshot> {
    if f.snapshot.is_none() {
        let part = frame_part(m, f);
        pin_refs(part.live.iter().map(|(_, v)| v));
        f.snapshot = Some(Rc::new(part));
    }
    f.snapshot.clone().expect("made")
}

/// Keeps the references among `values` alive until the trace is compiled
/// (`memory::pin_ref`).
fn pin_refs<'v>(values: impl Iterator<Item = &'v Value>) {
    for v in values {
        if let Value::Const(p, Kind::Ref) = v {
            memory::pin_ref(*p);
        }
    }
}

impl<'a> Interp<'a> {
    pub fn new(m: &'a JitModule, t: &'a Tables<'a>) -> Interp<'a> {
        Interp {
            m,
            t,
            frames: Vec::new(),
            rec: None,
            entry_of: None,
            closed: None,
            closed_at: None,
            retrace_at: None,
            bridge_to_loop: None,
            aborted: None,
            max_portal_frames: 1,
            not_inlined: None,
            refused: None,
            assembler: None,
            run_portal: None,
            knows: Knows { heap: true, pure: true },
            loop_headers: false,
        }
    }

    /// Pushes a frame for jitcode `code`, its registers zero (a spare
    /// frame's memory reused).
    fn push_frame(&mut self, code: usize) -> &mut Frame {
        let c = &self.m.jitcodes[code];
        let stack = refs();
        let ref_base = stack.len();
        stack.resize(ref_base + c.num_regs[1] as usize, 0);
        let (mut ints, mut floats, mut boxes) = spare().pop().unwrap_or_default();
        ints.resize(c.num_regs[0] as usize, 0);
        floats.resize(c.num_regs[2] as usize, 0.0);
        if self.rec.is_some() {
            for k in Kind::ALL {
                boxes[k as usize].resize(c.num_regs[k as usize] as usize, Value::Const(0, k));
            }
        }
        self.frames.push(Frame {
            code,
            pc: 0,
            ints,
            floats,
            ref_base,
            boxes,
            keys: Vec::new(),
            inlined: None,
            assembler: false,
            back_edge: false,
            snapshot: None,
        });
        self.frames.last_mut().unwrap()
    }

    /// The registers the top frame's call being run puts its results in
    /// (the call instruction is the one before its `pc`).
    fn call_results(&self) -> &'a [Reg] {
        let m = self.m;
        let f = self.frames.last().expect("a caller");
        &m.jitcodes[f.code].insns[f.pc - 1].results
    }

    // ----- the tracer's part -----

    /// The trace value of an argument (constants are themselves).
    fn boxed(&self, a: &Arg) -> Value {
        match a {
            Arg::Reg(r) => {
                let b = self.frames.last().unwrap().boxes[r.kind as usize][r.index as usize];
                match (b, &self.rec) {
                    (Value::Var(n), Some(rec)) => rec.known.consts.get(&n).copied().unwrap_or(b),
                    _ => b,
                }
            }
            Arg::Int(i) => Value::Const(*i as u64, Kind::Int),
            Arg::Float(f) => Value::Const(f.to_bits(), Kind::Float),
            Arg::Ref(_) => Value::Const(self.ptr(a) as u64, Kind::Ref),
            other => panic!("rpy JIT: a value expected, got {other:?}"),
        }
    }

    fn set_box(&mut self, r: Reg, v: Value) {
        self.frames.last_mut().unwrap().boxes[r.kind as usize][r.index as usize] = v;
    }

    /// Appends an operation to the trace; its result (if `kind`) is a new
    /// variable (`None` when the trace got too long: the tracer stopped,
    /// here or before).
    /// The references it holds as constants are pinned: the program may
    /// drop them before the trace is compiled (a folded call's result).
    fn record(
        &mut self,
        op: Op,
        args: impl Into<Args>,
        descr: Option<u32>,
        kind: Option<Kind>,
        guard: bool,
    ) -> Option<Value> {
        // The trace stopped at an operation before (too long), and with it
        // its boxes: nothing to record.
        self.rec.as_ref()?;
        let args: Args = args.into();
        let snapshot = guard.then(|| Box::new(self.snapshot()));
        // (The callers' parts were pinned when made: `waiting_part`.)
        let top = snapshot.iter().flat_map(|s| s.frames.last()).flat_map(|f| f.live.iter().map(|(_, v)| v));
        pin_refs(args.iter().chain(top));
        let rec = self.rec.as_mut().expect("tracing");
        if op.is_call_with_effects() {
            rec.known.forget_heap();
        }
        let result = kind.map(|k| rec.trace.new_var(k));
        rec.trace.ops.push(ResOp { op, args, descr, result, snapshot });
        if rec.trace.ops.len() > rec.limit {
            self.abort(Abort::TooLong);
            return None;
        }
        result.map(Value::Var)
    }

    fn abort(&mut self, why: Abort) {
        let Some(rec) = self.rec.take() else { return };
        for f in &mut self.frames {
            f.boxes = Default::default();
        }
        if why != Abort::TooLong {
            self.aborted = Some(why);
            return;
        }
        // Too long: the recursive call the trace spent the most operations
        // in, and did not refuse before, is not traced into again
        // (RPython's `find_biggest_function`), and the trace is tried
        // again; with none, the trace ends at its last merge point, where
        // its bridge goes on (RPython's segmented traces).
        let mut inside = rec.inside;
        for f in &self.frames {
            if let Some(Inlined::Called { site: Some(site), at }) = &f.inlined {
                *inside.entry(site.clone()).or_default() += rec.trace.ops.len() - at;
            }
        }
        let new = |site: &CallSite| !self.not_inlined.is_some_and(|refused| refused.contains(site));
        self.refused = inside.into_iter().filter(|(site, _)| new(site)).max_by_key(|(_, n)| *n).map(|(site, _)| site);
        match rec.cut_point {
            Some((at, snapshot)) if self.refused.is_none() => {
                let mut trace = rec.trace;
                trace.ops.truncate(at);
                let end = ResOp {
                    op: Op::GuardAlwaysFails,
                    args: smallvec![],
                    descr: None,
                    result: None,
                    snapshot: Some(snapshot),
                };
                trace.ops.push(end);
                self.closed = Some(trace);
            }
            _ => self.aborted = Some(why),
        }
    }

    /// At a merge point (`greens` the values of its greens): the trace
    /// may be cut here if it gets too long, the state here its end's
    /// snapshot (the frame's greens and reds are all it has live). Noted
    /// at every merge point, it reuses the last one's memory.
    fn note_cut_point(&mut self, a: &[Arg], greens: &[u64]) {
        let Some(rec) = self.rec.as_mut() else { return };
        if std::mem::take(&mut rec.starts_at_merge_point) {
            return;
        }
        let m = self.m;
        let (top, callers) = self.frames.split_last_mut().expect("a frame");
        let (at, snapshot) = rec.cut_point.get_or_insert_with(Default::default);
        *at = rec.trace.ops.len();
        let mut live = snapshot.frames.pop().and_then(|f| Rc::try_unwrap(f).ok()).map(|f| f.live).unwrap_or_default();
        merge_point_live(top, a, greens, &mut live);
        snapshot.frames.clear();
        snapshot.frames.extend(callers.iter_mut().map(|f| waiting_part(m, f)));
        snapshot.frames.push(Rc::new(FrameSnapshot { jitcode: top.code as u32, pc: top.pc as u32 - 1, live }));
    }

    /// Keeps the merge point `a` (the portal's, at the bottom) where the
    /// trace jumps to other code, as a snapshot for the guards of the
    /// jump: failing, they go on from here. Not for a bridge from such a
    /// guard (it would only check the same again).
    fn snapshot_at_end(&mut self, a: &[Arg], greens: &[u64]) {
        let Some(rec) = self.rec.as_mut() else { return };
        if rec.starts_at_merge_point {
            return;
        }
        let top = self.frames.last().expect("a frame");
        let mut live = Vec::new();
        merge_point_live(top, a, greens, &mut live);
        let at = FrameSnapshot { jitcode: top.code as u32, pc: top.pc as u32 - 1, live };
        rec.trace.at_end = Some(Snapshot { frames: vec![Rc::new(at)], ..Snapshot::default() });
    }

    /// The state a guard failing here resumes from: per frame, the
    /// instruction and the values of the registers live before it.
    fn snapshot(&mut self) -> Snapshot {
        let (top, callers) = self.frames.split_last_mut().expect("a frame");
        // (Sized for all of them: no growing by the last push.)
        let mut frames: Vec<Rc<FrameSnapshot>> = Vec::with_capacity(callers.len() + 1);
        frames.extend(callers.iter_mut().map(|f| waiting_part(self.m, f)));
        frames.push(Rc::new(frame_part(self.m, top)));
        Snapshot { frames, ..Snapshot::default() }
    }

    /// The variable `n` is the constant `c`: every register holding it
    /// holds `c`, and so does every place the heap cache knows it in.
    fn replace_box(&mut self, n: u32, c: Value) {
        let v = Value::Var(n);
        for f in &mut self.frames {
            for boxes in f.boxes.iter_mut() {
                for b in boxes.iter_mut().filter(|b| **b == v) {
                    *b = c;
                }
            }
        }
        if let Some(rec) = self.rec.as_mut() {
            let known = &mut rec.known;
            for b in known.heap.values_mut().flat_map(|m| m.values_mut()).chain(known.lasting.values_mut()) {
                if *b == v {
                    *b = c;
                }
            }
        }
    }

    /// Records an ordinary operation just run: heap accesses, allocations
    /// and arithmetic (folded when pure with constant operands).
    fn record_plain(&mut self, insn: &rpy_jitcode::Insn) {
        let mut descr = None;
        let mut args = Args::new();
        for a in &insn.args {
            match a {
                Arg::Descr(d) => descr = Some(*d),
                a => args.push(self.boxed(a)),
            }
        }
        let op = match insn.op {
            Op::SetfieldGcI | Op::SetfieldGcR | Op::SetfieldGcF => Op::SetfieldGc,
            Op::SetarrayitemGcI | Op::SetarrayitemGcR | Op::SetarrayitemGcF => Op::SetarrayitemGc,
            Op::SetinteriorfieldGcI | Op::SetinteriorfieldGcR | Op::SetinteriorfieldGcF => Op::SetinteriorfieldGc,
            op => op,
        };
        let res = insn.results.first().copied();
        // A field or item that never changes, of a constant object, is a
        // constant too (RPython's `opimpl_getfield_gc_*` with a pure descr).
        let immutable_read = op.is_heap_read() && descr.is_some_and(|d| self.m.is_immutable(d));
        let constant = args.iter().all(|v| matches!(v, Value::Const(..)));
        // A quasi-immutable one too, while the field is not written
        // (RPython's `record_quasiimmut_field`).
        let field_read = matches!(op, Op::GetfieldGcI | Op::GetfieldGcR | Op::GetfieldGcF);
        if let (Some(d), true, true) = (descr, field_read, constant) {
            if self.m.is_quasi_immutable(d) {
                let r = insn.results[0];
                self.quasi_read(d, args[0], r);
                return;
            }
        }
        if (op.is_pure() || immutable_read) && constant {
            if let Some(r) = res {
                let v = slot_of(r.kind, self.frames.last().unwrap(), r);
                self.set_box(r, Value::Const(v, r.kind));
            }
            return;
        }
        if op == Op::Llop {
            args.insert(0, Value::Const(descr.unwrap_or(0) as u64, Kind::Int));
        }
        let place = descr.filter(|_| self.knows.heap).and_then(|d| heap_place(op, &args, d));
        let rec = self.rec.as_mut().expect("tracing");
        // Known already: recorded before, as a read, a write or the same
        // pure operation (the register gets that box).
        let key = if op.is_pure() && place.is_none() && self.knows.pure { pure_key(op, &args, descr) } else { None };
        let known = match (&place, &key) {
            (Some((p, None)), _) => rec.known.get(p),
            (None, Some(k)) => rec.known.pure.get(k).copied(),
            _ => None,
        };
        if let (Some(v), Some(r)) = (known, res) {
            self.set_box(r, v);
            return;
        }
        // (An immutable field is written only in an object being made, and
        // then known for good.)
        let lasting = op == Op::ArraylenGc || descr.is_some_and(|d| self.m.is_immutable(d));
        let Some(v) = self.record(op, args, descr, res.map(|r| r.kind), false) else {
            if let (Some((p, Some(stored))), Some(rec)) = (place, self.rec.as_mut()) {
                rec.known.write(p, stored, lasting);
            }
            return;
        };
        let rec = self.rec.as_mut().expect("tracing");
        match place {
            Some((p, None)) => rec.known.insert(p, v, lasting),
            _ => {
                if let Some(key) = key {
                    rec.known.pure.insert(key, v);
                }
            }
        }
        self.set_box(res.unwrap(), v);
    }

    /// Whether register `r`'s box is an object the trace allocated (the
    /// result of one of its `new`s).
    fn allocated_by_trace(&self, r: &Arg) -> bool {
        let (Some(rec), Value::Var(n)) = (self.rec.as_ref(), self.boxed(r)) else { return false };
        rec.trace.ops.iter().rev().any(|op| op.result == Some(n) && matches!(op.op, Op::New | Op::NewArray))
    }

    /// The tracer reads the quasi-immutable field of descr `d` of the
    /// constant object `obj`: the trace depends on the field (its address),
    /// guarded by `guard_not_invalidated` (resuming at the read); the
    /// result (in `r`) is the value read, a constant.
    fn quasi_read(&mut self, d: u32, obj: Value, r: Reg) {
        let (Value::Const(obj, _), Descr::Field { leaf, .. }) = (obj, &self.m.descrs[d as usize]) else {
            unreachable!("a quasi-immutable field of a constant object")
        };
        let address = obj + leaf.offset as u64;
        let Some(rec) = self.rec.as_mut() else { return };
        if rec.trace.quasi.is_empty() {
            rec.trace.quasi_since = super::quasi::watch();
        }
        if !rec.trace.quasi.contains(&address) {
            rec.trace.quasi.push(address);
        }
        self.record(Op::GuardNotInvalidated, smallvec![], None, None, true);
        if self.rec.is_some() {
            let v = slot_of(r.kind, self.frames.last().unwrap(), r);
            self.set_box(r, Value::Const(v, r.kind));
        }
    }

    /// Records a residual call just run: an elidable one with constant
    /// arguments is its result, a constant.
    fn record_call(&mut self, d: usize, lists: &[Arg], results: &[Reg]) {
        let Descr::Call { args: kinds, effect, .. } = &self.m.descrs[d] else { return };
        let frame = self.frames.last().unwrap();
        let mut next = [0usize; 3];
        // Each argument's box, and its value (what an elidable call gave for
        // them, the optimizer may use: `call_pure_results`).
        let (args, values): (Vec<Value>, Vec<u64>) = kinds
            .iter()
            .map(|&k| {
                let r = regs(&lists[k as usize])[next[k as usize]];
                next[k as usize] += 1;
                (frame.boxes[k as usize][r.index as usize], slot_of(r.kind, frame, r))
            })
            .unzip();
        if *effect == Effect::Elidable && args.iter().all(|v| matches!(v, Value::Const(..))) {
            for r in results {
                let v = slot_of(r.kind, self.frames.last().unwrap(), *r);
                self.set_box(*r, Value::Const(v, r.kind));
            }
            return;
        }
        if results.len() > 1 {
            // A by-value struct: the call, then its leaves one by one, each
            // read right after it (never folded: traces keep only one
            // result per operation, the optimizer one per pure operation).
            self.record(Op::CallN, args, Some(d as u32), None, false);
            for (k, r) in results.iter().enumerate() {
                let op = match r.kind {
                    Kind::Int => Op::CallResultI,
                    Kind::Ref => Op::CallResultR,
                    Kind::Float => Op::CallResultF,
                };
                if let Some(v) =
                    self.record(op, smallvec![Value::Const(k as u64, Kind::Int)], None, Some(r.kind), false)
                {
                    self.set_box(*r, v);
                }
            }
            return;
        }
        let kind = results.first().map(|r| r.kind);
        let pure = *effect == Effect::Elidable;
        if let (true, Some(result)) = (pure, results.first()) {
            let result = slot_of(result.kind, self.frames.last().unwrap(), *result);
            if let Some(rec) = self.rec.as_mut() {
                rec.trace.call_pure_results.push(PureCallResult { descr: d as u32, args: values, result });
            }
        }
        let op = match (kind, pure) {
            (None, false) => Op::CallN,
            (Some(Kind::Int), false) => Op::CallI,
            (Some(Kind::Ref), false) => Op::CallR,
            (Some(Kind::Float), false) => Op::CallF,
            (None, true) => Op::CallPureN,
            (Some(Kind::Int), true) => Op::CallPureI,
            (Some(Kind::Ref), true) => Op::CallPureR,
            (Some(Kind::Float), true) => Op::CallPureF,
        };
        if let Some(v) = self.record(op, args, Some(d as u32), kind, false) {
            self.set_box(results[0], v);
        }
    }

    /// A value the path depends on: in a trace, a guard on it, after
    /// which it is a constant.
    fn guard_on(&mut self, a: &Arg, op: Op) {
        // The trace may have stopped at the guard before (too long): its
        // boxes are gone.
        if self.rec.is_none() {
            return;
        }
        let v = self.boxed(a);
        if let Value::Var(_) = v {
            let c = match a {
                Arg::Reg(r) => Value::Const(slot_of(r.kind, self.frames.last().unwrap(), *r), r.kind),
                _ => v,
            };
            let args = if op == Op::GuardValue { vec![v, c] } else { vec![v] };
            self.record(op, args, None, None, true);
            if let (Arg::Reg(r), Some(rec), Value::Var(n)) = (a, self.rec.as_mut(), v) {
                rec.known.consts.insert(n, c);
                if op == Op::GuardValue {
                    // A promoted value: a constant wherever the trace holds
                    // it (RPython's `replace_box`), calls' arguments and
                    // what the heap cache knows too.
                    self.replace_box(n, c);
                } else {
                    self.set_box(*r, c);
                }
            }
        }
    }

    /// The tracer at a `switch` (RPython's `opimpl_switch`): on one of its
    /// cases, the value is promoted (a `guard_value`, then it is a
    /// constant); on its default path, a guard that it is none of the keys,
    /// `int_eq` and `guard_false` for each. Nothing when the value is a
    /// constant. The guards resume at the switch, which the `-live-`
    /// before it gives its live registers.
    fn trace_switch(&mut self, insn: &rpy_jitcode::Insn, hit: bool) {
        if hit {
            self.guard_on(&insn.args[0], Op::GuardValue);
            return;
        }
        let v = self.boxed(&insn.args[0]);
        if let Value::Const(..) = v {
            return;
        }
        for (key, _) in insn.switch_cases() {
            let key = Value::Const(key as u64, Kind::Int);
            let Some(eq) = self.record(Op::IntEq, smallvec![v, key], None, Some(Kind::Int), false) else {
                return;
            };
            self.record(Op::GuardFalse, smallvec![eq], None, None, true);
        }
    }

    fn pop_frame(&mut self) {
        // (Taken apart where it is: a frame is large to move.)
        let n = self.frames.len();
        let f = self.frames.last_mut().expect("a frame");
        refs().truncate(f.ref_base);
        if let (Some(rec), Some(Inlined::Called { site: Some(site), at })) = (&mut self.rec, &f.inlined) {
            *rec.inside.entry(site.clone()).or_default() += rec.trace.ops.len() - at;
        }
        let mut regs = (std::mem::take(&mut f.ints), std::mem::take(&mut f.floats), std::mem::take(&mut f.boxes));
        regs.0.clear();
        regs.1.clear();
        regs.2.iter_mut().for_each(Vec::clear);
        spare().push(regs);
        self.frames.truncate(n - 1);
        // The caller goes on: its part of the snapshots changes.
        if let Some(caller) = self.frames.last_mut() {
            caller.snapshot = None;
        }
    }

    fn int(&self, a: &Arg) -> i64 {
        match a {
            Arg::Reg(r) => self.frames.last().unwrap().ints[r.index as usize],
            Arg::Int(i) => *i,
            other => panic!("rpy JIT: an integer expected, got {other:?}"),
        }
    }

    fn ptr(&self, a: &Arg) -> *mut u8 {
        match a {
            Arg::Reg(r) => refs()[self.frames.last().unwrap().ref_base + r.index as usize] as *mut u8,
            Arg::Ref(RefConst::Null) => std::ptr::null_mut(),
            Arg::Ref(RefConst::Prebuilt(i)) => self.t.prebuilt[*i as usize],
            other => panic!("rpy JIT: a reference expected, got {other:?}"),
        }
    }

    /// Any argument as a 64-bit slot.
    fn slot(&self, a: &Arg) -> u64 {
        match a {
            Arg::Reg(r) => slot_of(r.kind, self.frames.last().unwrap(), *r),
            Arg::Int(i) => *i as u64,
            Arg::Float(f) => f.to_bits(),
            Arg::Ref(_) => self.ptr(a) as u64,
            other => panic!("rpy JIT: a value expected, got {other:?}"),
        }
    }

    fn set(&mut self, r: Reg, v: u64) {
        set_slot(self.frames.last_mut().unwrap(), r, v)
    }

    /// The argument leaves of a call, in the callee's order, from the three
    /// lists `args[0..3]`.
    fn call_args(&self, kinds: &[Kind], lists: &[Arg], out: &mut [u64]) {
        let frame = self.frames.last().unwrap();
        let mut next = [0usize; 3];
        for (slot, &k) in out.iter_mut().zip(kinds) {
            let r = regs(&lists[k as usize])[next[k as usize]];
            next[k as usize] += 1;
            *slot = slot_of(k, frame, r);
        }
    }

    unsafe fn call(&mut self, d: usize, lists: &[Arg], results: &[Reg]) {
        let Descr::Call { target, args, results: rkinds, .. } = &self.m.descrs[d] else {
            panic!("rpy JIT: a call descr expected")
        };
        // On the machine stack when they fit (calls are much of what the
        // blackhole runs).
        let (mut small_args, mut small_res) = ([0u64; 16], [0u64; 16]);
        let (mut big_args, mut big_res) = (Vec::new(), Vec::new());
        let argv = scratch(&mut small_args, &mut big_args, args.len());
        self.call_args(args, lists, argv);
        let res = scratch(&mut small_res, &mut big_res, rkinds.len().max(1));
        (self.t.calls[*target as usize])(argv.as_ptr(), res.as_mut_ptr());
        for (r, v) in results.iter().zip(res.iter()) {
            self.set(*r, *v);
        }
    }

    /// Runs until the portal's merge point or end; the portal's frame is
    /// set up by the caller.
    unsafe fn run(&mut self, buf: *mut u64) -> Outcome {
        loop {
            let depth = self.frames.len();
            let m = self.m;
            let frame = self.frames.last_mut().unwrap();
            let code = &m.jitcodes[frame.code];
            let insn = &code.insns[frame.pc];
            frame.pc += 1;
            let a = &insn.args;
            let res = insn.results.first().copied();
            let iv = |i: usize| self.int(&a[i]);
            let int_result = |s: &mut Self, v: i64| s.set(res.unwrap(), v as u64);
            let tracing = self.rec.is_some();
            let special = matches!(
                insn.op,
                Op::Live
                    | Op::Goto
                    | Op::GotoIfNot
                    | Op::Switch
                    | Op::Unreachable
                    | Op::JitMergePoint
                    | Op::LoopHeader
                    | Op::IntReturn
                    | Op::RefReturn
                    | Op::FloatReturn
                    | Op::VoidReturn
                    | Op::MultiReturn
                    | Op::IntCopy
                    | Op::RefCopy
                    | Op::FloatCopy
                    | Op::IntGuardValue
                    | Op::RefGuardValue
                    | Op::FloatGuardValue
                    | Op::StrGuardValue
                    | Op::ResidualCall
                    | Op::Panic
                    | Op::PanicIf
                    | Op::InlineCall
                    | Op::RecursiveCall
            );
            match insn.op {
                Op::Live => {}
                Op::IntGuardValue | Op::RefGuardValue | Op::FloatGuardValue | Op::StrGuardValue => {
                    if tracing {
                        self.guard_on(&a[0], Op::GuardValue);
                    }
                }
                Op::Goto => {
                    let Arg::Label(l) = a[0] else { unreachable!() };
                    self.frames.last_mut().unwrap().pc = l as usize;
                }
                Op::GotoIfNot => {
                    let taken = iv(0) != 0;
                    if tracing {
                        self.guard_on(&a[0], if taken { Op::GuardTrue } else { Op::GuardFalse });
                    }
                    if !taken {
                        let Arg::Label(l) = a[1] else { unreachable!() };
                        self.frames.last_mut().unwrap().pc = l as usize;
                    }
                }
                Op::Switch => {
                    let target = insn.switch_target(iv(0));
                    if tracing {
                        self.trace_switch(insn, target.is_some());
                    }
                    if let Some(l) = target {
                        self.frames.last_mut().unwrap().pc = l as usize;
                    }
                }
                Op::Unreachable => {
                    panic!(
                        "rpy JIT: `unreachable` reached in the jitcode of {} at {}",
                        code.name,
                        self.frames.last().unwrap().pc - 1
                    )
                }
                Op::LoopHeader => {
                    self.frames.last_mut().unwrap().back_edge = true;
                }
                Op::JitMergePoint => {
                    if tracing && depth > 1 {
                        self.entered_from_unknown(a);
                    }
                    if tracing && depth > 1 && self.frames[depth - 1].assembler && self.call_assembler(a) {
                        continue;
                    }
                    if tracing && depth > 1 {
                        self.inside_recursive_call(a);
                        continue;
                    }
                    if tracing && depth == 1 && self.at_merge_point(a) {
                        continue;
                    }
                    if !tracing && depth > 1 && self.leave_to_portal(a) {
                        continue;
                    }
                    if depth == 1 {
                        let frame = self.frames.last().unwrap();
                        for (i, r) in regs(&a[1]).iter().chain(regs(&a[2])).enumerate() {
                            *buf.add(i) = slot_of(r.kind, frame, *r);
                        }
                        self.pop_frame();
                        return Outcome::MergePoint;
                    }
                }
                Op::IntReturn | Op::RefReturn | Op::FloatReturn | Op::VoidReturn | Op::MultiReturn => {
                    if depth == 1 {
                        // The portal returned: the trace ends there (RPython's
                        // `compile_done_with_this_frame`).
                        let boxes: Vec<Value> =
                            if tracing { a.iter().map(|x| self.boxed(x)).collect() } else { vec![] };
                        for (i, x) in a.iter().enumerate() {
                            *buf.add(i) = self.slot(x);
                        }
                        self.pop_frame();
                        if tracing {
                            self.record(Op::Finish, boxes, None, None, false);
                            if let Some(rec) = self.rec.take() {
                                self.closed = Some(rec.trace);
                            }
                        }
                        return Outcome::Return;
                    }
                    // Into the caller's registers, from the callee's still
                    // there.
                    let results = {
                        let caller = &self.frames[depth - 2];
                        &self.m.jitcodes[caller.code].insns[caller.pc - 1].results
                    };
                    for (r, x) in results.iter().zip(a) {
                        let (v, b) = (self.slot(x), tracing.then(|| self.boxed(x)));
                        let caller = &mut self.frames[depth - 2];
                        set_slot(caller, *r, v);
                        if let Some(b) = b {
                            caller.boxes[r.kind as usize][r.index as usize] = b;
                        }
                    }
                    self.pop_frame();
                }
                Op::IntCopy | Op::RefCopy | Op::FloatCopy => {
                    let v = self.slot(&a[0]);
                    self.set(res.unwrap(), v);
                    if tracing {
                        let b = self.boxed(&a[0]);
                        self.set_box(res.unwrap(), b);
                    }
                }
                op if op.is_pure() && op != Op::ArraylenGc => {
                    // At most an llop's descr and two operands: no allocation
                    // on the blackhole's hot path.
                    let mut args = [0u64; 3];
                    for (slot, x) in args.iter_mut().zip(a) {
                        *slot = match x {
                            Arg::Descr(d) => *d as u64,
                            x => self.slot(x),
                        };
                    }
                    let args = &args[..a.len()];
                    let v = pure_value(self.m, op, args).expect("a pure operation (a division by zero panics first)");
                    self.set(res.unwrap(), v);
                }
                Op::GetfieldGcI | Op::GetfieldGcR | Op::GetfieldGcF => {
                    let Descr::Field { leaf, on_word, .. } = &self.m.descrs[descr(&a[1])] else {
                        panic!("a field descr")
                    };
                    let obj = self.ptr(&a[0]);
                    let v = on_word.read(obj as u64).unwrap_or_else(|| load(obj, leaf));
                    self.set(res.unwrap(), v);
                }
                Op::SetfieldGcI | Op::SetfieldGcR | Op::SetfieldGcF => {
                    let Descr::Field { leaf, quasi, .. } = &self.m.descrs[descr(&a[2])] else {
                        panic!("a field descr")
                    };
                    let obj = self.ptr(&a[0]);
                    store(obj, 0, leaf, self.slot(&a[1]));
                    // (Setting up an object the trace allocated writes
                    // nothing any code can have read.)
                    if *quasi && !(tracing && self.allocated_by_trace(&a[0])) {
                        super::quasi::rpy_jit_quasi_write(obj as u64 + leaf.offset as u64, leaf.size as u64);
                        if tracing {
                            self.abort(Abort::QuasiImmutableWrite);
                        }
                    }
                }
                Op::GetarrayitemGcI
                | Op::GetarrayitemGcR
                | Op::GetarrayitemGcF
                | Op::GetinteriorfieldGcI
                | Op::GetinteriorfieldGcR
                | Op::GetinteriorfieldGcF => {
                    let (base, leaf) = self.item(descr(&a[2]), self.ptr(&a[0]), iv(1));
                    let v = load(base, &leaf);
                    self.set(res.unwrap(), v);
                }
                Op::SetarrayitemGcI
                | Op::SetarrayitemGcR
                | Op::SetarrayitemGcF
                | Op::SetinteriorfieldGcI
                | Op::SetinteriorfieldGcR
                | Op::SetinteriorfieldGcF => {
                    let obj = self.ptr(&a[0]);
                    let (base, leaf) = self.item(descr(&a[3]), obj, iv(1));
                    store(obj, base as usize - obj as usize, &leaf, self.slot(&a[2]));
                }
                Op::ArraylenGc => {
                    let Descr::Array { length_offset, .. } = &self.m.descrs[descr(&a[1])] else {
                        panic!("an array descr")
                    };
                    let n = *(self.ptr(&a[0]).add(*length_offset as usize) as *const i64);
                    int_result(self, n)
                }
                Op::New => {
                    let Descr::Size { typeinfo, .. } = &self.m.descrs[descr(&a[0])] else { panic!("a size descr") };
                    let p = gc::rpy_gc_malloc(self.t.typeinfos[*typeinfo as usize]);
                    self.set(res.unwrap(), p as u64);
                }
                Op::NewArray => {
                    let Descr::Array { typeinfo, .. } = &self.m.descrs[descr(&a[1])] else { panic!("an array descr") };
                    let p = gc::rpy_gc_malloc_varsize(self.t.typeinfos[*typeinfo as usize], iv(0) as usize);
                    self.set(res.unwrap(), p as u64);
                }
                Op::ResidualCall | Op::Panic => {
                    self.call(descr(&a[0]), &a[1..4], &insn.results);
                    if tracing {
                        self.record_call(descr(&a[0]), &a[1..4], &insn.results);
                    }
                }
                Op::PanicIf => {
                    if self.int(&a[0]) != 0 {
                        self.call(descr(&a[1]), &a[2..5], &[]);
                    }
                    if tracing {
                        self.guard_on(&a[0], Op::GuardFalse);
                    }
                }
                Op::RecursiveCall => {
                    let results = &insn.results;
                    match self.call_site(depth) {
                        Some((site, deeper)) if deeper || self.assembler.is_some() => {
                            let at = self.rec.as_ref().map_or(0, |rec| rec.trace.ops.len());
                            self.inline_call(descr(&a[0]), &a[2..5]);
                            let callee = self.frames.last_mut().unwrap();
                            callee.inlined = Some(Inlined::Called { site, at });
                            callee.assembler = !deeper;
                        }
                        _ => {
                            self.call(descr(&a[1]), &a[2..5], results);
                            if tracing {
                                self.record_call(descr(&a[1]), &a[2..5], results);
                            }
                        }
                    }
                }
                Op::InlineCall => {
                    self.inline_call(descr(&a[0]), &a[1..4]);
                }
                // The resoperations only traces have.
                other => panic!("rpy JIT: the trace operation {} in a jitcode", other.name()),
            }
            if tracing && !special && self.rec.is_some() {
                self.record_plain(insn);
            }
        }
    }

    /// Where the recursive call being run is (when known: a bridge's
    /// frames went through no merge point yet), while tracing, and whether
    /// the tracer goes deeper into it (inside fewer frames of the portal
    /// than `max_portal_frames`, and not a call refused before), else it is
    /// traced to the callee's merge point only, where it becomes a
    /// `call_assembler` (RPython's assembler call). `None`: a residual
    /// call (not tracing, or `call_assembler`s are off, and the site is
    /// unknown or refused).
    fn call_site(&self, depth: usize) -> Option<(Option<CallSite>, bool)> {
        self.rec.as_ref()?;
        let portal_frames = self.frames.iter().filter(|f| f.inlined.is_some()).count() + 1;
        let frame = &self.frames[depth - 1];
        let greens = self.frames.iter().rev().find_map(|f| f.keys.last()).cloned();
        let site = greens.map(|greens| CallSite::At { greens, pc: frame.pc as u32 - 1 });
        if site.is_none() && self.assembler.is_none() {
            return None;
        }
        let refused = site.as_ref().is_some_and(|s| self.not_inlined.is_some_and(|refused| refused.contains(s)));
        match portal_frames < self.max_portal_frames && !refused {
            true => Some((site, true)),
            // Not gone into: a `call_assembler` where the driver's portal
            // can have a token, else a residual call (traced into, it
            // would loop or recurse again, and be refused again).
            false => {
                let driver = self.rec.as_ref().map(|rec| rec.driver)?;
                let fits = assembler_fits(&self.m.drivers[driver]);
                self.assembler.filter(|_| fits).map(|_| (site, false))
            }
        }
    }

    /// The blackhole at a merge point of a recursive call's frame (RPython's
    /// `bhimpl_jit_merge_point` below the last level): the portal goes on
    /// from there for real, and its result is the frame's. (Interpreted
    /// here, the rest of the call, loops and tail calls included, would
    /// run in the blackhole.) False without a way to run the portal.
    fn leave_to_portal(&mut self, a: &[Arg]) -> bool {
        let Some(run) = self.run_portal else { return false };
        let Arg::Int(driver) = a[0] else { unreachable!("a merge point names its driver") };
        let frame = self.frames.last().unwrap();
        let (greens, reds) = (regs(&a[1]), regs(&a[2]));
        if greens.len() + reds.len() > MAX_PORTAL_LEAVES {
            return false;
        }
        // On the machine stack: the reds may be the only references to
        // their objects while the portal runs.
        let mut leaves = [0u64; MAX_PORTAL_LEAVES];
        for (i, r) in greens.iter().chain(reds).enumerate() {
            leaves[i] = slot_of(r.kind, frame, *r);
        }
        run(driver as usize, leaves.as_mut_ptr());
        self.pop_frame();
        for (r, v) in self.call_results().iter().zip(leaves) {
            self.set(*r, v);
        }
        true
    }

    /// At the first merge point of a recursive call from an unknown
    /// position: the call is known by the callee's key from here on, and
    /// becomes a `call_assembler` if it was refused before.
    fn entered_from_unknown(&mut self, a: &[Arg]) {
        let frame = self.frames.last().unwrap();
        if !matches!(frame.inlined, Some(Inlined::Called { site: None, .. })) {
            return;
        }
        let site = CallSite::Into { callee: regs(&a[1]).iter().map(|r| slot_of(r.kind, frame, *r)).collect() };
        let refused = self.assembler.is_some() && self.not_inlined.is_some_and(|refused| refused.contains(&site));
        let frame = self.frames.last_mut().unwrap();
        frame.assembler |= refused;
        if let Some(Inlined::Called { site: known, .. }) = &mut frame.inlined {
            *known = Some(site);
        }
    }

    /// The tracer at the first merge point of a portal's frame it goes no
    /// deeper into (RPython's `do_recursive_call` with an assembler call):
    /// the greens are promoted, the callee runs to its end for real
    /// (`RunPortal`: its key's code, or the interpreter), and the trace
    /// gets `call_assembler(token, reds...)` for the frame. False when the
    /// key has no token: the tracer goes on into the call.
    fn call_assembler(&mut self, a: &[Arg]) -> bool {
        let Some((token_of, run)) = self.assembler else { return false };
        let Arg::Int(driver) = a[0] else { unreachable!("a merge point names its driver") };
        let driver = driver as usize;
        let frame = self.frames.last_mut().unwrap();
        frame.assembler = false;
        let greens: Vec<u64> = regs(&a[1]).iter().map(|r| slot_of(r.kind, frame, *r)).collect();
        let Some(token) = token_of(driver, &greens) else { return false };
        for r in regs(&a[1]) {
            self.guard_on(&Arg::Reg(*r), Op::GuardValue);
        }
        if self.rec.is_none() {
            return false;
        }
        let frame = self.frames.last().unwrap();
        let reds: Vec<Value> = regs(&a[2]).iter().map(|r| frame.boxes[r.kind as usize][r.index as usize]).collect();
        // On the machine stack: the reds may be the only references to
        // their objects while the callee runs.
        let mut buf = [0u64; MAX_PORTAL_LEAVES];
        for (slot, r) in buf.iter_mut().zip(regs(&a[1]).iter().chain(regs(&a[2]))) {
            *slot = slot_of(r.kind, frame, *r);
        }
        self.pop_frame();
        run(driver, buf.as_mut_ptr());
        let results = self.call_results();
        let kind = results.first().map(|r| r.kind);
        let op = match kind {
            None => Op::CallAssemblerN,
            Some(Kind::Int) => Op::CallAssemblerI,
            Some(Kind::Ref) => Op::CallAssemblerR,
            Some(Kind::Float) => Op::CallAssemblerF,
        };
        let args = std::iter::once(Value::Const(token as u64, Kind::Int)).chain(reds).collect::<Args>();
        let result = self.record(op, args, None, kind, false);
        if let Some(&r) = results.first() {
            self.set(r, buf[0]);
            if let Some(v) = result {
                self.set_box(r, v);
            }
        }
        true
    }

    /// Pushes the frame of the jitcode of descr `d` for a call with the
    /// argument lists `lists` (its results go where the call instruction
    /// says, `call_results`).
    fn inline_call(&mut self, d: usize, lists: &[Arg]) {
        let m = self.m;
        let Descr::JitCode { index, .. } = &m.descrs[d] else { panic!("a jitcode descr") };
        let params = &m.jitcodes[*index as usize].params;
        let tracing = self.rec.is_some();
        self.push_frame(*index as usize);
        let (callee, callers) = self.frames.split_last_mut().expect("the callee");
        let caller = callers.last().expect("the caller");
        // The caller's register of each parameter, in the callee's order.
        let mut next = [0usize; 3];
        for p in params {
            let k = p.kind as usize;
            let r = regs(&lists[k])[next[k]];
            next[k] += 1;
            set_slot(callee, *p, slot_of(r.kind, caller, r));
            if tracing {
                callee.boxes[k][p.index as usize] = caller.boxes[k][r.index as usize];
            }
        }
    }

    /// The tracer at the portal's merge point: the greens become constants
    /// (guarded when they are not); back at the green key the trace
    /// started from, the loop closes (returns false: the run stops here as
    /// the blackhole's would); at another key, the trace goes on through
    /// it (returns true).
    fn at_merge_point(&mut self, a: &[Arg]) -> bool {
        for r in regs(&a[1]) {
            self.guard_on(&Arg::Reg(*r), Op::GuardValue);
        }
        let Some(rec) = self.rec.as_ref() else { return false };
        let frame = self.frames.last_mut().unwrap();
        let greens: Vec<u64> = regs(&a[1]).iter().map(|r| slot_of(r.kind, frame, *r)).collect();
        frame.keys = vec![greens.clone()];
        let frame = self.frames.last().unwrap();
        let reds: Vec<Value> = regs(&a[2]).iter().map(|r| frame.boxes[r.kind as usize][r.index as usize]).collect();
        // A bridge back at its loop's key, which it may trace again: the
        // trace goes on through the loop's next turn (from here, as a loop
        // trace from its start does), and closes at this key again. A
        // bridge back at a key without code it went through since it
        // started (an inner loop its path runs through, which the loop it
        // left covered) closes that loop too (RPython's
        // `reached_loop_header` in a bridge), instead of unrolling the
        // loop's turns up to a key with code: each other count of turns
        // would fail a guard of the unrolled copy into a bridge of its own.
        let (bridge, driver) = (rec.start_greens.is_none(), rec.driver);
        // A merge point a loop may start at (see `loop_headers`).
        let header = !self.loop_headers || std::mem::take(&mut self.frames.last_mut().unwrap().back_edge);
        let again = bridge && rec.merge_points.iter().any(|(g, ..)| *g == greens);
        let retrace = bridge && rec.merge_points.is_empty() && self.retrace_at.as_ref() == Some(&greens);
        let closes = rec.start_greens.as_ref() == Some(&greens);
        if again && self.close_inner_loop(&greens, &reds) {
            return false;
        }
        // Back where the loop started: it closes on itself; at a key with
        // code already: the trace jumps there.
        let target = if closes {
            Some(None)
        } else if retrace {
            None
        } else {
            self.entry_of.and_then(|f| f(&greens)).map(Some)
        };
        if let Some(k) = self.m.drivers[driver].virtualizable {
            let rec = self.rec.as_mut().expect("tracing");
            rec.trace.vable = match rec.trace.vable {
                None => Some(Some(reds[k as usize])),
                Some(v) if v != Some(reds[k as usize]) => Some(None),
                same => same,
            };
        }
        if let Some(target) = target {
            if target.is_some() {
                self.snapshot_at_end(a, &greens);
            }
            self.record(Op::Jump, reds, target, None, false);
            if let Some(rec) = self.rec.take() {
                self.closed = Some(rec.trace);
            }
            return false;
        }
        if self.close_inner_loop(&greens, &reds) {
            return false;
        }
        // (A bridge tracing its loop again closes at that loop's key only.)
        if header && (!bridge || retrace || self.retrace_at.is_none()) {
            // The reds become variables, so that the operations after do
            // not depend on the constants they are now (the optimizer
            // sees through the `same_as`), and the trace from here on can
            // be a loop taking them.
            let mut reds = reds;
            for (r, v) in regs(&a[2]).iter().zip(&mut reds) {
                if let Value::Const(..) = v {
                    let same_as = [Op::SameAsI, Op::SameAsR, Op::SameAsF][r.kind as usize];
                    let Some(var) = self.record(same_as, smallvec![*v], None, Some(r.kind), false) else {
                        return false;
                    };
                    self.set_box(*r, var);
                    *v = var;
                }
            }
            let rec = self.rec.as_mut().expect("tracing");
            rec.merge_points.push((greens.clone(), rec.trace.ops.len(), reds));
            // An inner loop may start here (`close_inner_loop`, a
            // retrace): what the trace knew before does not go into it,
            // whose operations take the reds only (RPython resets its
            // heapcache at a loop header).
            rec.known = Known::default();
        }
        self.note_cut_point(a, &greens);
        let Some(rec) = self.rec.as_ref() else { return false };
        let driver = rec.driver as u64;
        let mut args = vec![Value::Const(driver, Kind::Int), Value::Const(0, Kind::Int)];
        args.extend(regs(&a[1]).iter().zip(&greens).map(|(r, g)| Value::Const(*g, r.kind)));
        self.record(Op::DebugMergePoint, args, None, None, false);
        true
    }

    /// The tracer at a merge point of a portal's frame it is inside of (a
    /// recursive call traced into): the position in the log; a key the
    /// frame went through before is a loop of the callee's, which the
    /// trace does not unroll: it gives up, and the call is not traced
    /// into again (RPython makes it a `call_assembler` there). The key the
    /// frame started at may come again a few times (tail calls).
    fn inside_recursive_call(&mut self, a: &[Arg]) {
        // The callee's greens become constants, as at the portal's own
        // merge point (RPython promotes them at the recursive call): what
        // the callee does with them (its code) folds.
        for r in regs(&a[1]) {
            self.guard_on(&Arg::Reg(*r), Op::GuardValue);
        }
        if self.rec.is_none() {
            return;
        }
        let frame = self.frames.last().unwrap();
        let greens: Vec<u64> = regs(&a[1]).iter().map(|r| slot_of(r.kind, frame, *r)).collect();
        // Back at the key the frame started at, not by a loop's back edge,
        // is the callee starting again in the frame (a tail call: Lua's
        // `compose`, whose closure tail-calls another closure of the same
        // function): gone through as many times as recursive calls are
        // traced into, before it counts as a loop.
        let starts = frame.keys.iter().take_while(|k| **k == greens).count();
        let again = starts > 0 && !frame.back_edge && starts < self.max_portal_frames;
        if frame.keys.contains(&greens) && !again {
            let site = match &frame.inlined {
                Some(Inlined::Called { site, .. }) => site.clone(),
                _ => None,
            };
            // A frame whose call is not known (a bridge's, resumed inside
            // the call) cannot be refused for a trace tried again: the rest
            // of the call is a `call_assembler` from this merge point
            // (RPython's assembler call at an inner loop header).
            if site.is_none() && self.call_assembler(a) {
                return;
            }
            self.abort(Abort::CalleeLoops);
            // (A site refused before is not a reason to try again.)
            let new = |s: &CallSite| !self.not_inlined.is_some_and(|refused| refused.contains(s));
            self.refused = site.filter(new);
            return;
        }
        let depth = self.frames.iter().filter(|f| f.inlined.is_some()).count();
        let frame = self.frames.last_mut().unwrap();
        frame.back_edge = false;
        let keys = &mut frame.keys;
        if again {
            // The keys of the call before are not this one's: only the
            // times the frame started again are kept.
            keys.truncate(starts);
        }
        keys.push(greens.clone());
        self.note_cut_point(a, &greens);
        let Some(rec) = self.rec.as_ref() else { return };
        let mut args = vec![Value::Const(rec.driver as u64, Kind::Int), Value::Const(depth as u64, Kind::Int)];
        args.extend(regs(&a[1]).iter().zip(&greens).map(|(r, g)| Value::Const(*g, r.kind)));
        self.record(Op::DebugMergePoint, args, None, None, false);
    }

    /// Back at a key the loop's trace went through since it started, not
    /// the one it started from: the code from there on is a loop of its
    /// own, that key's (RPython's `reached_loop_header`), and the trace
    /// stops there; its start's key is traced again when hot, and then
    /// runs into this loop.
    fn close_inner_loop(&mut self, greens: &[u64], reds: &[Value]) -> bool {
        let Some(rec) = self.rec.as_ref() else { return false };
        let Some((_, start, inputs)) = rec.merge_points.iter().rev().find(|(g, ..)| g == greens) else {
            return false;
        };
        let inputs: Vec<u32> = (inputs.iter())
            .map(|v| if let Value::Var(n) = v { *n } else { unreachable!("the reds are variables at merge points") })
            .collect();
        let start = *start;
        let jump = ResOp { op: Op::Jump, args: Args::from_slice(reds), descr: None, result: None, snapshot: None };
        let rec = self.rec.as_mut().expect("tracing");
        rec.trace.ops.push(jump);
        match rec.trace.cut(start, &inputs) {
            Some(inner) => {
                let rec = self.rec.take().expect("tracing");
                if rec.start_greens.is_none() {
                    // A bridge's (`retrace_at`, or an inner loop): it goes
                    // on into the loop, with the values the loop starts
                    // from.
                    let mut bridge = rec.trace;
                    bridge.ops.truncate(start);
                    let args = inputs.iter().map(|n| Value::Var(*n)).collect();
                    bridge.ops.push(ResOp { op: Op::Jump, args, descr: None, result: None, snapshot: None });
                    self.bridge_to_loop = Some(bridge);
                }
                self.closed = Some(inner);
                self.closed_at = Some(greens.to_vec());
                true
            }
            None => {
                rec.trace.ops.pop();
                false
            }
        }
    }

    /// The address of item `index` of `obj` and the leaf to read there,
    /// for an array or interior descr.
    fn item(&self, d: usize, obj: *mut u8, index: i64) -> (*mut u8, Leaf) {
        let (offset, leaf) = item_offset(self.m, d as u32, index as u64);
        // SAFETY: the codewriter put the bounds checks of the graph before.
        (unsafe { obj.add(offset) }, leaf)
    }
}

/// Where item `index` of an object of array or interior descr `d` starts,
/// from the object's start, and the leaf to read or write there.
fn item_offset(m: &JitModule, d: u32, index: u64) -> (usize, Leaf) {
    let (array, leaf) = match &m.descrs[d as usize] {
        Descr::Array { item: Some(leaf), .. } => (d, *leaf),
        Descr::Interior { array, leaf } => (*array, *leaf),
        other => panic!("rpy JIT: an array descr expected, got {other}"),
    };
    let Descr::Array { items_offset, item_size, .. } = &m.descrs[array as usize] else { panic!("an array descr") };
    (*items_offset as usize + index as usize * *item_size as usize, leaf)
}

/// Runs driver `driver`'s portal from its merge point with the green and
/// red leaves in `buf`, until the next merge point or the portal's end
/// (see `Outcome`).
///
/// # Safety
/// `m` and `t` are the module's (from its record), `buf` has room for the
/// leaves of the greens and reds and of the portal's result, and the
/// caller holds the GC's lock.
pub unsafe fn run_from_merge_point(m: &JitModule, t: &Tables, driver: usize, buf: *mut u64) -> Outcome {
    let mut interp = Interp::new(m, t);
    interp.start(driver, buf);
    interp.run(buf)
}

/// Resumes after a guard failure: rebuilds the frames of `snapshot` (its
/// fail arguments in `frame`) and runs them as `run_from_merge_point`
/// does; the failing guard's own instruction runs again, with real values,
/// and takes the other way. A recursive call's frame goes on in the portal
/// from its next merge point (`run_portal`).
///
/// # Safety
/// As `run_from_merge_point`.
pub unsafe fn resume(
    m: &JitModule,
    t: &Tables,
    guard: &GuardState,
    frame: &[u64],
    buf: *mut u64,
    run_portal: &RunPortal,
) -> Outcome {
    let values = guard_values(m, t, guard, frame);
    let mut interp = Interp::new(m, t);
    interp.run_portal = Some(run_portal);
    interp.rebuild(&guard.snapshot, |v| real(&values, v), |_| None);
    interp.run(buf)
}

/// What resuming from a failed guard or tracing its bridge needs: its
/// snapshot numbered densely (`Snapshot::numbered_densely`), and the kinds
/// of its fail arguments. Made when the guard first fails, and kept while
/// it fails without a bridge.
pub struct GuardState {
    pub snapshot: Snapshot,
    pub kinds: Vec<Kind>,
}

impl GuardState {
    /// Of a guard's snapshot, its trace's variables of kinds `kinds`.
    pub fn new(snapshot: &Snapshot, kinds: &[Kind]) -> GuardState {
        let kinds = snapshot.fail_args().map(|n| kinds[n as usize]).collect();
        GuardState { snapshot: snapshot.numbered_densely(), kinds }
    }
}

/// The real value of `v`, its variables' in `values`.
fn real(values: &[u64], v: &Value) -> u64 {
    match v {
        Value::Const(x, _) => *x,
        Value::Var(n) => values[*n as usize],
    }
}

/// The values of a failed guard's variables, by number: its fail
/// arguments, from `frame`, and its virtual objects, allocated now and
/// their fields written; then the trace's pending writes are done.
///
/// # Safety
/// As `run_from_merge_point`; `frame` is on the machine stack (the
/// dispatcher's), which the collector scans.
unsafe fn guard_values(m: &JitModule, t: &Tables, guard: &GuardState, frame: &[u64]) -> Vec<u64> {
    let snapshot = &guard.snapshot;
    let mut values = frame[..guard.kinds.len()].to_vec();
    let field = |d: u32| match &m.descrs[d as usize] {
        Descr::Field { leaf, .. } => *leaf,
        _ => panic!("rpy JIT: a field descr expected"),
    };
    // An allocation may collect: the objects made so far are only in
    // `values`, so they are roots meanwhile.
    let base = refs().len();
    for o in &snapshot.virtuals {
        let p = match (&m.descrs[o.size as usize], o.length) {
            (Descr::Size { typeinfo, .. }, None) => gc::rpy_gc_malloc(t.typeinfos[*typeinfo as usize]),
            (Descr::Array { typeinfo, .. }, Some(len)) => {
                gc::rpy_gc_malloc_varsize(t.typeinfos[*typeinfo as usize], len as usize)
            }
            _ => panic!("rpy JIT: a size or array descr expected"),
        };
        refs().push(p as usize);
        debug_assert_eq!(o.var as usize, values.len());
        values.push(p as u64);
    }
    for a in &snapshot.arrays {
        let Descr::Array { typeinfo, .. } = &m.descrs[a.descr as usize] else {
            panic!("rpy JIT: an array descr expected")
        };
        let p = gc::rpy_gc_malloc_varsize(t.typeinfos[*typeinfo as usize], real(&values, &a.length) as usize);
        refs().push(p as usize);
        debug_assert_eq!(a.var as usize, values.len());
        values.push(p as u64);
    }
    for o in &snapshot.virtuals {
        let obj = values[o.var as usize] as *mut u8;
        for (d, v) in &o.fields {
            let (base, leaf) = match o.length {
                None => (0, field(*d)),
                Some(_) => item_offset(m, o.size, *d as u64),
            };
            store(obj, base, &leaf, real(&values, v));
        }
    }
    for w in &snapshot.pending {
        let (base, leaf) = match w.index {
            None => (0, field(w.descr)),
            Some(i) => item_offset(m, w.descr, real(&values, &i)),
        };
        store(real(&values, &w.obj) as *mut u8, base, &leaf, real(&values, &w.value));
    }
    // The copies last: the writes the trace had not done were before them
    // (a write to a copy's source after it made the copy).
    for (a, p) in snapshot.arrays.iter().flat_map(|a| a.pieces.iter().map(move |p| (a, p))) {
        let Descr::Call { target, .. } = &m.descrs[p.call as usize] else { panic!("rpy JIT: a call descr expected") };
        let args: Vec<u64> = p.args(Value::Var(a.var)).iter().map(|v| real(&values, v)).collect();
        (t.calls[*target as usize])(args.as_ptr(), [0u64].as_mut_ptr());
    }
    refs().truncate(base);
    values
}

impl Interp<'_> {
    /// Rebuilds the frames of `snapshot`, the value of each variable
    /// given by `value` and, while tracing, its trace value by `boxed`.
    fn rebuild(&mut self, snapshot: &Snapshot, value: impl Fn(&Value) -> u64, boxed: impl Fn(&Value) -> Option<Value>) {
        let m = self.m;
        let n = snapshot.frames.len();
        for (i, f) in snapshot.frames.iter().enumerate() {
            let portal = i > 0 && m.drivers.iter().any(|d| d.portal == f.jitcode);
            let frame = self.push_frame(f.jitcode as usize);
            if portal {
                frame.inlined = Some(Inlined::Rebuilt);
            }
            for (r, v) in &f.live {
                set_slot(frame, *r, value(v));
                if let Some(b) = boxed(v) {
                    frame.boxes[r.kind as usize][r.index as usize] = b;
                }
            }
            // A frame below the top one is in the middle of the call of the
            // one above: it gets its results and goes on after the call.
            frame.pc = if i + 1 < n { f.pc as usize + 1 } else { f.pc as usize };
        }
    }

    /// Traces a bridge from a failing guard of a trace (`kinds` its
    /// variables' kinds): the bridge's inputs are the guard's fail
    /// arguments, in `frame`; it ends with a jump to a compiled loop.
    ///
    /// # Safety
    /// As `run_from_merge_point`.
    pub unsafe fn trace_bridge(
        &mut self,
        driver: usize,
        guard: &GuardState,
        frame: &[u64],
        buf: *mut u64,
        limit: usize,
    ) -> Outcome {
        let snapshot = &guard.snapshot;
        // The trace value of each of the guard's variables, by number.
        let mut box_of: Vec<Value> = (0..guard.kinds.len() as u32).map(Value::Var).collect();
        let value_of = guard_values(self.m, self.t, guard, frame);
        self.rec = Some(Recorder {
            trace: Trace::new(&guard.kinds),
            driver,
            start_greens: None,
            merge_points: Vec::new(),
            limit,
            inside: HashMap::default(),
            cut_point: None,
            starts_at_merge_point: false,
            known: Known::default(),
        });
        // The guard's virtual objects: the bridge allocates them first.
        for o in &snapshot.virtuals {
            let (new, args) = allocation(o.length);
            let b = self.record(new, args, Some(o.size), Some(Kind::Ref), false);
            box_of.push(b.expect("a short trace"));
        }
        let boxed_value = |box_of: &[Value], v: &Value| match v {
            Value::Var(n) => box_of[*n as usize],
            c => *c,
        };
        for a in &snapshot.arrays {
            let length = boxed_value(&box_of, &a.length);
            let b = self.record(Op::NewArray, smallvec![length], Some(a.descr), Some(Kind::Ref), false);
            box_of.push(b.expect("a short trace"));
        }
        for o in &snapshot.virtuals {
            for (d, v) in &o.fields {
                let obj = box_of[o.var as usize];
                let (op, args, descr) = initialization(o.size, o.length, obj, *d, boxed_value(&box_of, v));
                self.record(op, args, Some(descr), None, false);
            }
        }
        // And the writes the guard's trace had not done, then the copies.
        for w in &snapshot.pending {
            let (op, args) = w.op(self.m);
            let args = args.iter().map(|v| boxed_value(&box_of, v)).collect::<Args>();
            self.record(op, args, Some(w.descr), None, false);
        }
        for a in &snapshot.arrays {
            for p in &a.pieces {
                let args = p.args(Value::Var(a.var)).iter().map(|v| boxed_value(&box_of, v)).collect::<Args>();
                self.record(Op::CallN, args, Some(p.call), None, false);
            }
        }
        // What the guard's trace knew, for the bridge's optimizer; the
        // values it did not keep get names of their own.
        let rec = self.rec.as_mut().expect("tracing");
        let mut names = HashMap::default();
        let mut name = |v: Value, kind: Kind| match v {
            Value::Var(n) if (n as usize) < box_of.len() => box_of[n as usize],
            Value::Var(n) => Value::Var(*names.entry(n).or_insert_with(|| rec.trace.new_var(kind))),
            c => c,
        };
        let mut known = snapshot.known.clone();
        for k in &mut known.stores {
            let kind = self.m.leaf(k.descr).map_or(Kind::Ref, |l| l.kind);
            k.obj = name(k.obj, Kind::Ref);
            k.index = k.index.map(|i| name(i, Kind::Int));
            k.value = name(k.value, kind);
        }
        for (v, ..) in &mut known.ranges {
            *v = name(*v, Kind::Int);
        }
        rec.trace.known = known;
        self.rebuild(snapshot, |v| real(&value_of, v), |v| Some(boxed_value(&box_of, v)));
        let top = self.frames.last().unwrap();
        let at_merge_point = self.m.jitcodes[top.code].insns[top.pc].op == Op::JitMergePoint;
        self.rec.as_mut().expect("tracing").starts_at_merge_point = at_merge_point;
        self.run(buf)
    }
}

impl Interp<'_> {
    /// Sets up the portal's frame at the merge point of `driver` with the
    /// values in `buf`.
    unsafe fn start(&mut self, driver: usize, buf: *const u64) {
        let d = &self.m.drivers[driver];
        let code = d.portal as usize;
        let insn = &self.m.jitcodes[code].insns[d.merge_point as usize];
        debug_assert_eq!(insn.op, Op::JitMergePoint);
        let ngreens = d.greens.len();
        let tracing = self.rec.is_some();
        let frame = self.push_frame(code);
        frame.pc = d.merge_point as usize + 1;
        let mut reds = 0;
        for (i, r) in regs(&insn.args[1]).iter().chain(regs(&insn.args[2])).enumerate() {
            let v = *buf.add(i);
            set_slot(frame, *r, v);
            if tracing {
                // Greens are constants of the trace, reds its input arguments.
                frame.boxes[r.kind as usize][r.index as usize] =
                    if i < ngreens { Value::Const(v, r.kind) } else { Value::Var(reds) };
                reds += (i >= ngreens) as u32;
            }
        }
    }

    /// Traces from the merge point of `driver` with the values in `buf`
    /// (see `Recorder`); on return, `closed` or `aborted` says how it
    /// went, and the outcome and `buf` are the blackhole's.
    ///
    /// # Safety
    /// As `run_from_merge_point`.
    pub unsafe fn trace(&mut self, driver: usize, buf: *mut u64, limit: usize) -> Outcome {
        let d = &self.m.drivers[driver];
        let start_greens = std::slice::from_raw_parts(buf, d.greens.len()).to_vec();
        let mut dmp = vec![Value::Const(driver as u64, Kind::Int), Value::Const(0, Kind::Int)];
        dmp.extend(d.greens.iter().zip(&start_greens).map(|(k, g)| Value::Const(*g, *k)));
        self.rec = Some(Recorder {
            trace: Trace::new(&d.reds),
            driver,
            start_greens: Some(start_greens),
            merge_points: Vec::new(),
            limit,
            inside: HashMap::default(),
            cut_point: None,
            starts_at_merge_point: false,
            known: Known::default(),
        });
        self.start(driver, buf);
        self.frames[0].keys = vec![std::slice::from_raw_parts(buf, d.greens.len()).to_vec()];
        // As PyPy's, a trace starts with the position it starts from.
        self.record(Op::DebugMergePoint, dmp, None, None, false);
        self.run(buf)
    }
}

#[cfg(test)]
mod tests;
