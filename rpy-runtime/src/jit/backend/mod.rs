//! The backends: a closed trace to machine code, for the machine the
//! program runs on. Two, of one contract:
//! - `x64`, rpy's own for x86-64: the trace straight to machine code in
//!   one pass with a linear-scan register allocator (RPython's
//!   `backend/x86` design), a tenth of Cranelift's compile time;
//! - `cranelift`, for AArch64 (and x86-64 on request: `RPYJIT=backend=
//!   cranelift`), through Cranelift's IR and optimizer.
//!
//! The contract. Code runs on a frame of `FRAME_SLOTS` words on the
//! machine stack, which the dispatcher gives `enter`: a code's inputs are
//! in the frame's first slots when it is entered at its start; it runs
//! until a guard without a bridge fails (then `fail_args` puts the
//! guard's fail arguments, its snapshot's variables in order, in the
//! frame's first slots) or it finishes (its results in the first slots).
//! A guard with a bridge goes on into it, a trace ending in a jump to
//! other code goes into that code: control stays in compiled code from
//! loop to bridge to loop, all of which a process compiles with one
//! backend. GC pointers are plain 64-bit values: the collector scans the
//! machine stack conservatively (the frame included), and stores of
//! pointers run the write barrier's test and slow path as translated code
//! does. Calls go through the module's call wrappers, with the argument
//! and result leaves in memory.
//!
//! Architecture invariant: the backends know traces, descrs and the GC's
//! allocation fast path; nothing of the interpreter, the tracer or the
//! optimizer.

mod cranelift;
#[cfg(target_arch = "x86_64")]
mod x64;

use super::interp::Tables;
use super::trace::{Trace, Value};
use crate::gc;
use rpy_jitcode::{JitModule, Kind};
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// A backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Cranelift,
    #[cfg(target_arch = "x86_64")]
    X64,
}

impl Backend {
    /// The backend of the machine the program runs on.
    #[cfg(target_arch = "x86_64")]
    pub const NATIVE: Backend = Backend::X64;
    #[cfg(not(target_arch = "x86_64"))]
    pub const NATIVE: Backend = Backend::Cranelift;

    /// The backends that run on this machine.
    pub const ALL: &[Backend] = &[
        Backend::Cranelift,
        #[cfg(target_arch = "x86_64")]
        Backend::X64,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Backend::Cranelift => "cranelift",
            #[cfg(target_arch = "x86_64")]
            Backend::X64 => "x64",
        }
    }

    /// The most values a code may have in its frame at once.
    pub fn max_values(self) -> usize {
        match self {
            Backend::Cranelift => FRAME_SLOTS,
            #[cfg(target_arch = "x86_64")]
            Backend::X64 => x64::VALUE_SLOTS,
        }
    }
}

/// The slots of the frame compiled code reads its inputs from and writes
/// fail arguments to: every code fits (a trace needing more does not
/// compile), so code can go on into any other code in the same frame.
/// The frame is on the machine stack once per entry from the interpreter,
/// which a recursive interpreter nests: 2 KB (the suite's and mandel.b's
/// traces need at most 40 slots).
pub const FRAME_SLOTS: usize = 256;

/// The words of a frame: its slots, then room for the header that
/// registers it with the collector (`gc::frames`), which the x64 backend
/// writes (`call_assembler`'s frames are registered; the dispatcher's,
/// all zero when made, are scanned in full).
pub const FRAME_WORDS: usize = FRAME_SLOTS + crate::gc::frames::HEADER_WORDS;

/// That frame.
pub type Frame = [u64; FRAME_WORDS];

/// What compiled code returns when guard `guard` of code `code` failed.
pub fn exit(code: u32, guard: u32) -> u64 {
    ((code as u64) << 32) | guard as u64
}

/// The "guard" of the exit of a `finish`: the portal's result leaves are
/// in the frame.
pub const FINISHED: u32 = u32::MAX;

/// What `call_assembler` hands its helper as the exit when it did not go
/// into the callee's code (its key has none, or the stack is low).
pub const NOT_ENTERED: u64 = ((u32::MAX as u64) << 32) | (u32::MAX - 1) as u64;

/// What compiled code is linked to besides the module's tables.
pub struct Links<'a> {
    /// The code a jump goes to.
    pub codes: &'a dyn Fn(u32) -> &'a CompiledLoop,
    /// The token a `call_assembler` calls through (`memory::Token`: its
    /// first word the entry of its key's code, 0 when none).
    pub tokens: &'a dyn Fn(u32) -> *const super::memory::Token,
    /// `u64 helper(token, exit, frame)`: runs the callee's portal on when
    /// its code was not entered or exited other than by finishing.
    pub assembler_helper: usize,
    /// Where the lowest stack pointer a call of other code may run at is.
    pub stack_limit: usize,
}

/// The code and the guard of an exit.
pub fn exit_parts(r: u64) -> (u32, usize) {
    ((r >> 32) as u32, (r & 0xffff_ffff) as usize)
}

/// Compiled code: a loop or a bridge. Dropping it frees its memory: no
/// code may run it or go on to it any more.
pub struct CompiledLoop {
    pub backend: Backend,
    pub size: usize,
    /// Its entry (the start of its memory): its start, for `enter` and
    /// for other code going on to it.
    pub entry: *const u8,
    /// Per guard, where its failure path goes: its bridge's entry once it
    /// has one (`attach`); until then 0 (`cranelift`) or the guard's exit
    /// path (`x64`). Read at this address, which moving the box does not
    /// change.
    pub bridge_slots: Box<[u64]>,
    /// Its invalidation word: set when a quasi-immutable field it took as
    /// a constant is written; its `guard_not_invalidated`s fail then.
    pub invalidated: Box<std::sync::atomic::AtomicU64>,
    /// Per guard, where its fail arguments are when it fails (`x64`:
    /// `x64::Loc`s; empty for `cranelift`, which passes them in order):
    /// guard `k`'s are `fail_locs[fail_starts[k]..fail_starts[k + 1]]`.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fail_locs: Box<[u16]>,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fail_starts: Box<[u32]>,
    /// An unrolled loop's label (`x64`): its address and where its
    /// arguments are, for the traces that jump to it.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    label: Option<(usize, Box<[u16]>)>,
    /// Per guard, where in the code the displacement of its jump to its
    /// stub is (`x64`; empty for `cranelift`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    guard_jumps: Box<[u32]>,
}

impl CompiledLoop {
    /// Guard `k` goes on into the bridge of entry `bridge` from now on:
    /// through its slot, and (`x64`) by its own jump when the bridge is in
    /// its reach (RPython's `patch_jump_for_descr`).
    pub fn attach(&mut self, k: usize, bridge: *const u8) {
        self.bridge_slots[k] = bridge as u64;
        if let Some(at) = self.guard_jumps.get(k) {
            let at = self.entry as usize + *at as usize;
            if let Ok(rel) = i32::try_from(bridge as i64 - (at as i64 + 4)) {
                // (Unpatched, the guard still goes to its bridge, through
                // its stub: an error here costs only that.)
                let _ = patch_code(at, &rel.to_le_bytes());
            }
        }
    }

    /// After guard `k` failed out of this code: its fail arguments in the
    /// first slots of `frame`, in order.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    pub fn fail_args(&self, k: usize, frame: &mut Frame) {
        match self.backend {
            Backend::Cranelift => {}
            #[cfg(target_arch = "x86_64")]
            Backend::X64 => {
                let locs = &self.fail_locs[self.fail_starts[k] as usize..self.fail_starts[k + 1] as usize];
                x64::gather(locs, frame)
            }
        }
    }
}

impl Drop for CompiledLoop {
    fn drop(&mut self) {
        arena().release(self.entry as usize, self.size);
    }
}

/// Compiles a trace (its last operation a `jump`, a `finish` or a
/// `guard_always_fails`) as code number `index`, linked to `links`, with
/// `backend`. A bridge's trace is compiled `from` its parent and guard.
/// With `counter` (`jit-backend-counts`), each entry into the code adds
/// one to the word there, each start of the loop's body to the next one.
#[allow(clippy::too_many_arguments)]
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub fn compile_loop(
    backend: Backend,
    trace: &Trace,
    m: &JitModule,
    t: &Tables,
    index: u32,
    links: &Links,
    counter: Option<*mut u64>,
    from: Option<(&CompiledLoop, usize)>,
) -> Result<CompiledLoop, String> {
    match backend {
        Backend::Cranelift => cranelift::compile_loop(trace, m, t, index, links, counter),
        #[cfg(target_arch = "x86_64")]
        Backend::X64 => {
            let inputs = from.map(|(parent, k)| {
                &parent.fail_locs[parent.fail_starts[k] as usize..parent.fail_starts[k + 1] as usize]
            });
            x64::compile_loop(trace, m, t, index, links, counter, inputs)
        }
    }
}

/// Runs compiled code from its start on `frame` until a guard without a
/// bridge fails or it finishes; returns the `exit`.
///
/// # Safety
/// `code` is alive with the codes it goes on to; the caller holds the
/// GC's lock.
pub unsafe fn enter(code: &CompiledLoop, frame: &mut Frame) -> u64 {
    let t = match code.backend {
        Backend::Cranelift => cranelift::trampoline(),
        #[cfg(target_arch = "x86_64")]
        Backend::X64 => x64::trampoline(),
    };
    let t = t.expect("the trampoline compiled with the JIT's first code");
    let f = std::mem::transmute::<usize, unsafe extern "C" fn(*const u8, *mut u64) -> u64>(t);
    f(code.entry, frame.as_mut_ptr())
}

unsafe extern "C" {
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
    fn mprotect(addr: *mut u8, len: usize, prot: i32) -> i32;
    fn sysconf(name: i32) -> i64;
    #[cfg(target_arch = "aarch64")]
    fn __clear_cache(start: *mut u8, end: *mut u8);
}

/// `_SC_PAGESIZE` of Linux's C libraries.
const SC_PAGESIZE: i32 = 30;
const PROT_READ: i32 = 1;
const PROT_WRITE: i32 = 2;
const PROT_EXEC: i32 = 4;
const MAP_PRIVATE: i32 = 2;
const MAP_ANONYMOUS: i32 = 0x20;
/// Whether a store of the trace value `v` needs no write barrier: a
/// constant null or prebuilt object (`gc::never_young`).
pub(super) fn never_young(v: &Value) -> bool {
    // SAFETY: a reference constant of a trace is null or a live object
    // (the trace keeps its constants alive).
    matches!(v, Value::Const(k, Kind::Ref) if unsafe { gc::never_young(*k as usize) })
}

/// The slow path of `new_tagged`, for an `x` that does not fit a word: a
/// new object of type `ti` with `tag` in its header's top bytes and `x` at
/// `offset` (a size descr's `word`).
///
/// # Safety
///
/// `ti` is a type info of the module; the caller holds the GIL.
pub(super) unsafe extern "C" fn new_tagged_object(ti: *const gc::TypeInfo, tag: u64, offset: u64, x: i64) -> *mut u8 {
    let obj = gc::rpy_gc_malloc(ti);
    *obj.cast::<u64>() |= tag << 48;
    obj.add(offset as usize).cast::<i64>().write(x);
    obj
}

pub(super) extern "C" fn float_min(x: f64, y: f64) -> f64 {
    x.min(y)
}
pub(super) extern "C" fn float_max(x: f64, y: f64) -> f64 {
    x.max(y)
}
pub(super) extern "C" fn float_mod(x: f64, y: f64) -> f64 {
    x % y
}
pub(super) extern "C" fn float_sin(x: f64) -> f64 {
    x.sin()
}
pub(super) extern "C" fn float_cos(x: f64) -> f64 {
    x.cos()
}
pub(super) extern "C" fn float_exp(x: f64) -> f64 {
    x.exp()
}
pub(super) extern "C" fn float_log(x: f64) -> f64 {
    x.ln()
}
pub(super) extern "C" fn float_powi(x: f64, n: i64) -> f64 {
    x.powi(n as i32)
}
pub(super) extern "C" fn float_tan(x: f64) -> f64 {
    x.tan()
}
pub(super) extern "C" fn float_asin(x: f64) -> f64 {
    x.asin()
}
pub(super) extern "C" fn float_acos(x: f64) -> f64 {
    x.acos()
}
pub(super) extern "C" fn float_atan(x: f64) -> f64 {
    x.atan()
}
pub(super) extern "C" fn float_log10(x: f64) -> f64 {
    x.log10()
}
pub(super) extern "C" fn float_log2(x: f64) -> f64 {
    x.log2()
}
pub(super) extern "C" fn float_pow(x: f64, y: f64) -> f64 {
    x.powf(y)
}
pub(super) extern "C" fn float_atan2(y: f64, x: f64) -> f64 {
    y.atan2(x)
}

/// Where `install` puts code: chunks of executable memory filled one code
/// after the other, so that the hot paths of loops and bridges that run
/// one after the other share pages (a mapping per code cost a TLB entry
/// per code). Freed code leaves a hole that later code fills (first fit);
/// chunks are never unmapped.
struct CodeArena {
    next: usize,
    end: usize,
    /// Holes: their start and length, neighbours merged.
    free: BTreeMap<usize, usize>,
    /// Bytes of code in use, now and at most, and ever installed.
    live: usize,
    peak: usize,
    total: usize,
}

impl CodeArena {
    /// Room for `len` bytes: a hole, or the chunk's rest, or a new chunk.
    unsafe fn take(&mut self, len: usize) -> Result<usize, String> {
        if let Some((&start, &size)) = self.free.iter().find(|(_, &size)| size >= len) {
            self.free.remove(&start);
            if size > len {
                self.free.insert(start + len, size - len);
            }
            return Ok(start);
        }
        if self.end - self.next < len {
            let size = len.max(CHUNK).next_multiple_of(page());
            let p = mmap(std::ptr::null_mut(), size, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if p as isize == -1 {
                return Err("mmap failed".into());
            }
            self.next = p as usize;
            self.end = p as usize + size;
        }
        self.next += len;
        Ok(self.next - len)
    }

    /// The `len` bytes at `start` are free.
    fn release(&mut self, start: usize, len: usize) {
        self.live -= len;
        let (mut start, mut len) = (start, len);
        if let Some((&before, &size)) = self.free.range(..start).next_back() {
            if before + size == start {
                self.free.remove(&before);
                (start, len) = (before, len + size);
            }
        }
        if let Some(size) = self.free.remove(&(start + len)) {
            len += size;
        }
        self.free.insert(start, len);
    }
}

fn arena() -> std::sync::MutexGuard<'static, CodeArena> {
    static ARENA: Mutex<CodeArena> =
        Mutex::new(CodeArena { next: 0, end: 0, free: BTreeMap::new(), live: 0, peak: 0, total: 0 });
    ARENA.lock().unwrap_or_else(|e| e.into_inner())
}

/// The bytes of compiled code in use now, at most so far, and installed
/// in all (what the code would hold were none of it ever freed).
pub fn code_bytes() -> (usize, usize, usize) {
    let arena = arena();
    (arena.live, arena.peak, arena.total)
}

const CHUNK: usize = 1 << 20;
/// The machine's page size (4 KB on x86-64; 4, 16 or 64 KB on AArch64).
fn page() -> usize {
    static PAGE: OnceLock<usize> = OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    *PAGE.get_or_init(|| match unsafe { sysconf(SC_PAGESIZE) } {
        n if n > 0 => n as usize,
        _ => 4096,
    })
}

/// Copies machine code into executable memory; its address and size.
fn install(bytes: &mut [u8]) -> Result<(usize, usize), String> {
    install_linked(bytes, |_, _| {})
}

/// As `install`, `link` first making the code fit its address (its
/// jumps out of it).
fn install_linked(bytes: &mut [u8], link: impl FnOnce(usize, &mut [u8])) -> Result<(usize, usize), String> {
    // Compiled code runs holding the GIL: holding it here, no code runs on
    // a page while it is writable (a page holds other codes too).
    gc::holding_gil(|| {
        let mut arena = arena();
        let len = bytes.len().next_multiple_of(64);
        // SAFETY: the bytes taken are a hole's or never used: no code
        // runs there.
        let start = unsafe { arena.take(len)? };
        link(start, bytes);
        // SAFETY: as above.
        unsafe { write_code(start, bytes)? };
        arena.live += len;
        arena.total += len;
        arena.peak = arena.peak.max(arena.live);
        Ok((start, len))
    })
}

/// Writes `bytes` over installed code at `at` (a jump's displacement,
/// which no code is executing: the code is not running, or stopped at
/// another instruction).
fn patch_code(at: usize, bytes: &[u8]) -> Result<(), String> {
    // SAFETY: holding the GIL, as `install_linked`.
    gc::holding_gil(|| unsafe { write_code(at, bytes) })
}

/// Copies `bytes` to `at` in the code's chunks: the pages are writable
/// only meanwhile (private mappings; no compiled code runs then: this
/// thread holds the GIL, which running code holds too, and runs no
/// code), executable again after.
///
/// # Safety
/// `at..at + bytes.len()` is in the arena's chunks; the caller holds the
/// GIL.
unsafe fn write_code(at: usize, bytes: &[u8]) -> Result<(), String> {
    let first = at & !(page() - 1);
    let pages = (at + bytes.len()).next_multiple_of(page()) - first;
    if mprotect(first as *mut u8, pages, PROT_READ | PROT_WRITE) != 0 {
        return Err("mprotect failed".into());
    }
    std::ptr::copy_nonoverlapping(bytes.as_ptr(), at as *mut u8, bytes.len());
    if mprotect(first as *mut u8, pages, PROT_READ | PROT_EXEC) != 0 {
        return Err("mprotect failed".into());
    }
    #[cfg(target_arch = "aarch64")]
    __clear_cache(at as *mut u8, (at + bytes.len()) as *mut u8);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jit::trace::{FrameSnapshot, ResOp, Snapshot, Value};
    use rpy_jitcode::{Descr, Holds, Kind, Leaf, OnWord, Op, Reg, Variant};
    use smallvec::smallvec;

    fn tables() -> Tables<'static> {
        Tables { calls: &[], typeinfos: &[], prebuilt: &[] }
    }

    /// Links for code that jumps nowhere and calls no other code.
    fn no_links() -> Links<'static> {
        Links {
            codes: &|_| unreachable!("no jumps"),
            tokens: &|_| std::ptr::null(),
            assembler_helper: 0,
            stack_limit: 0,
        }
    }

    /// Compiles `trace` as code `index` of no module with backend `b`.
    fn compile(b: Backend, trace: &Trace, index: u32, links: &Links) -> Result<CompiledLoop, String> {
        compile_loop(b, trace, &JitModule::default(), &tables(), index, links, None, None)
    }

    /// Runs `code` on `frame`; its exit, its fail arguments or results in
    /// the frame's first slots.
    fn run(code: &CompiledLoop, frame: &mut Frame) -> (u32, usize) {
        // SAFETY: the tests' codes read and write the frame, allocate in
        // the GC when run inside it, and call the tests' helpers. Code
        // runs holding the GIL (no other thread's code is installed on its
        // page meanwhile), as the dispatcher runs it.
        let (c, k) = exit_parts(gc::holding_gil(|| unsafe { enter(code, frame) }));
        if k != FINISHED as usize {
            code.fail_args(k, frame);
        }
        (c, k)
    }

    /// A guard whose failure resumes with the given variables.
    fn guard(op: Op, cond: u32, live: &[u32]) -> ResOp {
        let live =
            live.iter().enumerate().map(|(i, n)| (Reg { kind: Kind::Int, index: i as u32 }, Value::Var(*n))).collect();
        let frame = FrameSnapshot { jitcode: 0, pc: 0, live };
        let snapshot = Snapshot { frames: vec![std::rc::Rc::new(frame)], ..Snapshot::default() };
        ResOp { op, args: smallvec![Value::Var(cond)], descr: None, result: None, snapshot: Some(Box::new(snapshot)) }
    }

    fn op(op: Op, args: Vec<Value>, result: u32) -> ResOp {
        ResOp { op, args: args.into(), descr: None, result: Some(result), snapshot: None }
    }

    /// An operation with descr `descr`.
    fn with_descr(op: Op, args: &[Value], descr: u32, result: Option<u32>) -> ResOp {
        ResOp { op, args: crate::jit::trace::Args::from_slice(args), descr: Some(descr), result, snapshot: None }
    }

    /// An operation without a result or a descr (a `jump`, a `finish`).
    fn end(op: Op, args: &[Value]) -> ResOp {
        ResOp { op, args: crate::jit::trace::Args::from_slice(args), descr: None, result: None, snapshot: None }
    }

    /// `i1 = i0 + 1; guard i1 < 10; jump(i1)`: the loop runs in compiled
    /// code until its guard fails, which leaves `i1` in the frame.
    #[test]
    fn a_loop_runs_until_its_guard_fails() {
        let mut trace = Trace::new(&[Kind::Int]);
        let (i1, i2) = (trace.new_var(Kind::Int), trace.new_var(Kind::Int));
        trace.ops = vec![
            op(Op::IntAdd, vec![Value::Var(0), Value::Const(1, Kind::Int)], i1),
            op(Op::IntLt, vec![Value::Var(i1), Value::Const(10, Kind::Int)], i2),
            guard(Op::GuardTrue, i2, &[i1]),
            end(Op::Jump, &[Value::Var(i1)]),
        ];
        for b in Backend::ALL {
            let code = compile(*b, &trace, 7, &no_links()).unwrap();
            let mut frame = [0u64; FRAME_WORDS];
            assert_eq!(run(&code, &mut frame), (7, 0), "{b:?}");
            assert_eq!(frame[0], 10, "{b:?}");
        }
    }

    /// Code takes its first `REG_INPUTS` inputs in registers and the
    /// others in the frame: a loop of six inputs (a float among the first
    /// four) whose guard fails, out to the caller (the six fail arguments
    /// all in the frame then) or into a bridge (which gets them all: it
    /// finishes with a sum weighing each).
    #[test]
    fn inputs_pass_in_registers_then_in_the_frame() {
        use Value::{Const, Var};
        let kinds = [Kind::Int, Kind::Float, Kind::Int, Kind::Int, Kind::Int, Kind::Int];
        let mut trace = Trace::new(&kinds);
        let (i6, c) = (trace.new_var(Kind::Int), trace.new_var(Kind::Int));
        let rest: Vec<Value> = (1..6).map(Var).collect();
        trace.ops = vec![
            op(Op::IntAdd, vec![Var(0), Const(1, Kind::Int)], i6),
            op(Op::IntLt, vec![Var(i6), Const(10, Kind::Int)], c),
            guard(Op::GuardTrue, c, &[i6, 1, 2, 3, 4, 5]),
            end(Op::Jump, &[vec![Var(i6)], rest].concat()),
        ];
        let start = |frame: &mut Frame| {
            frame[..6].copy_from_slice(&[0, 2.5f64.to_bits(), 1, 2, 3, 4]);
        };

        let mut bridge = Trace::new(&kinds);
        let mut sum = Var(0);
        let whole = bridge.new_var(Kind::Int);
        bridge.ops.push(op(Op::CastFloatToInt, vec![Var(1)], whole));
        for (input, weight) in [(whole, 100_000), (2, 10), (3, 100), (4, 1000), (5, 10_000)] {
            let (scaled, next) = (bridge.new_var(Kind::Int), bridge.new_var(Kind::Int));
            bridge.ops.push(op(Op::IntMul, vec![Var(input), Const(weight, Kind::Int)], scaled));
            bridge.ops.push(op(Op::IntAdd, vec![sum, Var(scaled)], next));
            sum = Var(next);
        }
        bridge.ops.push(end(Op::Finish, &[sum]));
        for b in Backend::ALL {
            let mut code = compile(*b, &trace, 7, &no_links()).unwrap();
            let mut frame = [0u64; FRAME_WORDS];
            start(&mut frame);
            assert_eq!(run(&code, &mut frame), (7, 0), "{b:?}");
            assert_eq!(frame[..6], [10, 2.5f64.to_bits(), 1, 2, 3, 4], "{b:?}");
            let m = JitModule::default();
            let bridge = compile_loop(*b, &bridge, &m, &tables(), 8, &no_links(), None, Some((&code, 0))).unwrap();
            code.attach(0, bridge.entry);
            start(&mut frame);
            // (The bridge lives while the loop runs.)
            assert_eq!(run(&code, &mut frame), (8, FINISHED as usize), "{b:?}");
            assert_eq!(frame[0], 10 + 2 * 100_000 + 10 + 2 * 100 + 3 * 1000 + 4 * 10_000, "{b:?}");
        }
    }

    /// `i1 = call_assembler_i(token, i0); finish(i1 * 10)` calling code
    /// that finishes with `i0 + 1` (a frame of its own, the result from its
    /// first slot), or, when the token has no code or the stack is below
    /// the limit, the helper (which gets the reds in the frame).
    #[test]
    fn call_assembler_calls_the_tokens_code_or_the_helper() {
        let mut callee = Trace::new(&[Kind::Int]);
        let r = callee.new_var(Kind::Int);
        callee.ops =
            vec![op(Op::IntAdd, vec![Value::Var(0), Value::Const(1, Kind::Int)], r), end(Op::Finish, &[Value::Var(r)])];
        let mut caller = Trace::new(&[Kind::Int]);
        let (r, s) = (caller.new_var(Kind::Int), caller.new_var(Kind::Int));
        caller.ops = vec![
            op(Op::CallAssemblerI, vec![Value::Const(0, Kind::Int), Value::Var(0)], r),
            op(Op::IntMul, vec![Value::Var(r), Value::Const(10, Kind::Int)], s),
            end(Op::Finish, &[Value::Var(s)]),
        ];
        extern "C" fn helper(token: *const super::super::memory::Token, exit: u64, frame: *mut u64) -> u64 {
            assert_eq!(exit, NOT_ENTERED);
            // SAFETY: the caller's frame, its first slot the red.
            let red = unsafe { *frame };
            // SAFETY: the test's token.
            1000 * red + unsafe { (*token).entry }
        }
        let call = |b: Backend, entry: u64, limit: usize, red: u64| {
            let token = super::super::memory::Token::detached(entry);
            let tokens = |_| &token as *const _;
            let links = Links {
                codes: &|_| unreachable!("no jumps"),
                tokens: &tokens,
                assembler_helper: helper as *const () as usize,
                stack_limit: &limit as *const usize as usize,
            };
            let code = compile(b, &caller, 4, &links).unwrap();
            let mut frame = [0u64; FRAME_WORDS];
            frame[0] = red;
            assert_eq!(run(&code, &mut frame), (4, FINISHED as usize));
            frame[0]
        };
        for b in Backend::ALL {
            let callee = compile(*b, &callee, 3, &no_links()).unwrap();
            let entry = callee.entry as u64;
            assert_eq!(call(*b, entry, 0, 41), 420, "{b:?}");
            assert_eq!(call(*b, 0, 0, 41), 410_000, "{b:?}");
            assert_eq!(call(*b, entry, usize::MAX, 41), 410_000 + 10 * entry, "{b:?}");
        }
    }

    /// The frame `call_assembler` makes is registered with the collector
    /// (`gc::frames`) while the callee runs (x64): the helper finds it the
    /// innermost, scanned in full (it holds the reds, or a failed guard's
    /// values), its outer registration the caller's (none); after the
    /// call the chain is as before.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn call_assembler_registers_its_frame_with_the_collector() {
        let mut caller = Trace::new(&[Kind::Int]);
        let r = caller.new_var(Kind::Int);
        caller.ops = vec![
            op(Op::CallAssemblerI, vec![Value::Const(0, Kind::Int), Value::Var(0)], r),
            end(Op::Finish, &[Value::Var(r)]),
        ];
        extern "C" fn helper(_: *const super::super::memory::Token, _: u64, frame: *mut u64) -> u64 {
            // SAFETY: holding the GIL, as the code runs.
            let h = unsafe { gc::frames::rpy_gc_jit_frames };
            assert_eq!(h, frame as usize + 8 * FRAME_SLOTS);
            // SAFETY: the header is the frame's last words.
            let header = unsafe { std::slice::from_raw_parts(h as *const u64, 3) };
            let all = gc::frames::extent(FRAME_SLOTS, FRAME_SLOTS, FRAME_SLOTS);
            assert_eq!(header, [0, all, FRAME_SLOTS as u64]);
            // SAFETY: the reds are the frame's first slots.
            unsafe { *frame + 1 }
        }
        let token = super::super::memory::Token::detached(0);
        let tokens = |_| &token as *const _;
        let links = Links {
            codes: &|_| unreachable!("no jumps"),
            tokens: &tokens,
            assembler_helper: helper as *const () as usize,
            stack_limit: &0usize as *const usize as usize,
        };
        let code = compile(Backend::X64, &caller, 0, &links).unwrap();
        let mut frame = [0u64; FRAME_WORDS];
        frame[0] = 41;
        assert_eq!(run(&code, &mut frame), (0, FINISHED as usize));
        assert_eq!(frame[0], 42);
        // SAFETY: holding the GIL.
        assert_eq!(gc::holding_gil(|| unsafe { gc::frames::rpy_gc_jit_frames }), 0);
    }

    /// A trace whose guard needs more values than the frame has slots
    /// does not compile (the trace is dropped, the interpreter goes on).
    #[test]
    fn too_many_fail_arguments_do_not_compile() {
        for (b, n, fits) in
            Backend::ALL.iter().flat_map(|b| [(*b, b.max_values(), true), (*b, b.max_values() + 1, false)])
        {
            let mut trace = Trace::new(&vec![Kind::Int; n]);
            let all: Vec<u32> = (0..n as u32).collect();
            let cond = trace.new_var(Kind::Int);
            trace.ops = vec![
                op(Op::IntLt, vec![Value::Var(0), Value::Const(10, Kind::Int)], cond),
                guard(Op::GuardTrue, cond, &all),
                end(Op::Jump, &all.iter().map(|n| Value::Var(*n)).collect::<Vec<_>>()),
            ];
            match compile(b, &trace, 0, &no_links()) {
                Ok(_) => assert!(fits, "{b:?}: {n} values compiled"),
                Err(e) => assert!(!fits && e.contains("values in the frame"), "{b:?}: {n}: {e}"),
            }
        }
    }

    /// `Cell { value: i64, next: Cell }`, for the allocation tests.
    static CELL: gc::TypeInfo = gc::TypeInfo::fixed("Cell", 24, &[16]);

    /// `Cell`'s size descr (0) and its fields' descrs, `value` (1) and
    /// `next` (2).
    fn cell_module() -> JitModule {
        let leaf = |offset, kind| Leaf { offset, size: 8, signed: true, kind };
        JitModule {
            descrs: vec![
                Descr::Size { name: "Cell".into(), typeinfo: 0, word: None },
                Descr::Field {
                    name: "Cell.value".into(),
                    leaf: leaf(8, Kind::Int),
                    immutable: false,
                    holds: Holds::Shared,
                    quasi: false,
                    nonneg: false,
                    variant: Variant::Any,
                    on_word: OnWord::Never,
                },
                Descr::Field {
                    name: "Cell.next".into(),
                    leaf: leaf(16, Kind::Ref),
                    immutable: false,
                    holds: Holds::Shared,
                    quasi: false,
                    nonneg: false,
                    variant: Variant::Any,
                    on_word: OnWord::Never,
                },
            ],
            ..JitModule::default()
        }
    }

    /// A loop that conses two cells per turn onto the list in `p0`:
    /// `p1 = new; p2 = new; p2.value = i0; p2.next = p0; p1.value = -i0;
    /// p1.next = p2`, until `i0` reaches `n`. The stores into `p2` need no
    /// write barrier (nothing could collect since it was allocated); those
    /// into `p1` do, since `p2`'s allocation may have collected and made it
    /// old. Returns the values of the list from its head.
    fn cons_loop(b: Backend, n: i64, cfg: gc::Config) -> (Vec<i64>, gc::GcStats) {
        let module = cell_module();
        let typeinfos = [&CELL as *const gc::TypeInfo];
        let tables = Tables { calls: &[], typeinfos: &typeinfos, prebuilt: &[] };
        let mut trace = Trace::new(&[Kind::Int, Kind::Ref]);
        let (p1, p2, neg, i1, more) = (
            trace.new_var(Kind::Ref),
            trace.new_var(Kind::Ref),
            trace.new_var(Kind::Int),
            trace.new_var(Kind::Int),
            trace.new_var(Kind::Int),
        );
        let set = |obj, field, v| with_descr(Op::SetfieldGc, &[Value::Var(obj), Value::Var(v)], field, None);
        let new = |result| with_descr(Op::New, &[], 0, Some(result));
        trace.ops = vec![
            new(p1),
            new(p2),
            set(p2, 1, 0),
            set(p2, 2, 1),
            op(Op::IntNeg, vec![Value::Var(0)], neg),
            set(p1, 1, neg),
            set(p1, 2, p2),
        ];
        trace.ops.extend(next_turn(i1, more, p1, n));
        run_in_gc(b, &trace, &module, &tables, cfg, |frame, stats| {
            let mut values = vec![];
            let mut p = frame[1] as *const i64;
            // Bounded: a freed cell may have been reused into a cycle.
            while !p.is_null() && values.len() <= 2 * n as usize {
                // SAFETY: a live cell (the frame is on the stack, a root).
                unsafe {
                    values.push(*p.add(1));
                    p = *p.add(2) as *const i64;
                }
            }
            (values, stats)
        })
    }

    /// The end of the tests' loops: `i1 = i0 + 1`, and on with `(i1, p)`
    /// while `i1 < n`.
    fn next_turn(i1: u32, more: u32, p: u32, n: i64) -> Vec<ResOp> {
        let int = |c: i64| Value::Const(c as u64, Kind::Int);
        let (i1v, pv) = (Value::Var(i1), Value::Var(p));
        vec![
            op(Op::IntAdd, vec![Value::Var(0), int(1)], i1),
            op(Op::IntLt, vec![i1v, int(n)], more),
            guard(Op::GuardTrue, more, &[i1, p]),
            end(Op::Jump, &[i1v, pv]),
        ]
    }

    /// Compiles the loop `trace` and runs it on a zeroed frame inside the
    /// GC configured by `cfg`; what `read` makes of the frame it leaves
    /// (inside the GC: the frame is on the stack, a root) and of the GC's
    /// statistics (`collections`, `write_barrier_calls`: those of the run).
    fn run_in_gc<R>(
        b: Backend,
        trace: &Trace,
        module: &JitModule,
        tables: &Tables,
        cfg: gc::Config,
        read: impl FnOnce(&Frame, gc::GcStats) -> R,
    ) -> R {
        let code = compile_loop(b, trace, module, tables, 0, &no_links(), None, None).unwrap();
        gc::with_gc(|| {
            let old = gc::set_config(cfg);
            let before = gc::stats();
            let mut frame = [0u64; FRAME_WORDS];
            run(&code, &mut frame);
            let mut stats = gc::stats();
            stats.collections -= before.collections;
            stats.write_barrier_calls -= before.write_barrier_calls;
            let r = read(&frame, stats);
            gc::set_config(old);
            r
        })
    }

    /// `GcArray(Ptr)`: the arrays of `chain_loop`.
    static REFS: gc::TypeInfo = gc::TypeInfo::varsize("Refs", 16, &[], 8, 16, 8, &[0]);

    /// A loop that chains arrays of lengths known only when it runs:
    /// `p1 = new_array(i0 % 150 + 1); p1[0] = p0`, until `i0` reaches `n`
    /// (up to 1024 bytes they bump a run of their size class inline, in
    /// classes 8 and 16 to 128 bytes apart; the longer ones call the GC).
    /// The lengths of the chain from its head.
    fn chain_loop(b: Backend, n: i64, cfg: gc::Config) -> Vec<i64> {
        let module = JitModule {
            descrs: vec![Descr::Array {
                name: "Refs".into(),
                length_offset: 8,
                items_offset: 16,
                item_size: 8,
                typeinfo: 0,
                item: Some(Leaf { offset: 0, size: 8, signed: false, kind: Kind::Ref }),
                immutable: false,
            }],
            ..JitModule::default()
        };
        let typeinfos = [&REFS as *const gc::TypeInfo];
        let tables = Tables { calls: &[], typeinfos: &typeinfos, prebuilt: &[] };
        let mut trace = Trace::new(&[Kind::Int, Kind::Ref]);
        let (m, len, p1, i1, more) = (
            trace.new_var(Kind::Int),
            trace.new_var(Kind::Int),
            trace.new_var(Kind::Ref),
            trace.new_var(Kind::Int),
            trace.new_var(Kind::Int),
        );
        let int = |c: i64| Value::Const(c as u64, Kind::Int);
        trace.ops = vec![
            op(Op::IntMod, vec![Value::Var(0), int(150)], m),
            op(Op::IntAdd, vec![Value::Var(m), int(1)], len),
            with_descr(Op::NewArray, &[Value::Var(len)], 0, Some(p1)),
            with_descr(Op::SetarrayitemGc, &[Value::Var(p1), int(0), Value::Var(1)], 0, None),
        ];
        trace.ops.extend(next_turn(i1, more, p1, n));
        run_in_gc(b, &trace, &module, &tables, cfg, |frame, _| {
            let mut lengths = vec![];
            let mut p = frame[1] as *const i64;
            while !p.is_null() && lengths.len() <= n as usize {
                // SAFETY: a live array (the frame is on the stack, a root).
                unsafe {
                    lengths.push(*p.add(1));
                    p = *p.add(2) as *const i64;
                }
            }
            lengths
        })
    }

    /// Arrays whose lengths the code computes are allocated inline when
    /// small, by a call when not, and survive the collections they start.
    #[test]
    fn arrays_of_lengths_known_at_run_time_survive_collections() {
        for (n, cfg) in [
            (100_000, gc::Config { min_heap: 1 << 20, ..gc::Config::from_env() }),
            (2_000, gc::Config { collect_every: 7, min_heap: 0, ..gc::Config::from_env() }),
        ] {
            for b in Backend::ALL {
                let lengths = chain_loop(*b, n, cfg);
                let want: Vec<i64> = (0..n).rev().map(|i| i % 150 + 1).collect();
                let start = &lengths[..lengths.len().min(8)];
                assert!(lengths == want, "{b:?}: {} arrays, starting {start:?}", lengths.len());
            }
        }
    }

    fn expected_cells(n: i64) -> Vec<i64> {
        (0..n).rev().flat_map(|i| [-i, i]).collect()
    }

    /// Compiled code allocates with the GC's fast path, and what it builds
    /// survives the collections its allocations start. (A minor collection
    /// comes after allocating `nursery_share` times the bytes live: the
    /// heap is the test process's, which other tests may leave large.)
    #[test]
    fn compiled_allocations_survive_collections() {
        let n = 200_000;
        let cfg = gc::Config { min_heap: 1 << 20, nursery_share: 0.01, ..gc::Config::from_env() };
        for b in Backend::ALL {
            let (values, stats) = cons_loop(*b, n, cfg);
            let start = &values[..values.len().min(8)];
            assert!(values == expected_cells(n), "{b:?}: {} cells, starting {start:?}", values.len());
            assert!(stats.collections > 0, "{b:?}: {stats:?}");
        }
    }

    /// With a collection at every allocation (each takes the slow path),
    /// the first cell of a turn is old when the second is stored into it:
    /// only its write barrier keeps the second alive.
    #[test]
    fn a_store_after_another_allocation_runs_the_write_barrier() {
        let n = 300;
        let cfg = gc::Config { collect_every: 1, min_heap: 0, ..gc::Config::from_env() };
        for b in Backend::ALL {
            let (values, stats) = cons_loop(*b, n, cfg);
            let start = &values[..values.len().min(8)];
            assert!(values == expected_cells(n), "{b:?}: {} cells, starting {start:?}", values.len());
            assert!(stats.collections >= 2 * (n as u64 - 1), "{b:?}: {stats:?}");
            assert!(stats.write_barrier_calls > 0, "{b:?}: {stats:?}");
        }
    }

    /// A store of a prebuilt object into an old one needs no write barrier
    /// (it is never young), where the same store of a young object does:
    /// `p1 = new; p2 = new; p1.next = X; p1.value = i0`, with a collection
    /// at every allocation (so `p1` is old when stored into), `X` a
    /// prebuilt cell or `p2`.
    #[test]
    fn a_store_of_a_prebuilt_object_runs_no_write_barrier() {
        let prebuilt: &[usize; 3] =
            Box::leak(Box::new([&CELL as *const gc::TypeInfo as usize | gc::HDR_PREBUILT, 7, 0]));
        let cfg = gc::Config { collect_every: 1, min_heap: 0, ..gc::Config::from_env() };
        for b in Backend::ALL {
            for stores_prebuilt in [true, false] {
                let module = cell_module();
                let typeinfos = [&CELL as *const gc::TypeInfo];
                let tables = Tables { calls: &[], typeinfos: &typeinfos, prebuilt: &[] };
                let mut trace = Trace::new(&[Kind::Int, Kind::Ref]);
                let (p1, p2, i1, more) = (
                    trace.new_var(Kind::Ref),
                    trace.new_var(Kind::Ref),
                    trace.new_var(Kind::Int),
                    trace.new_var(Kind::Int),
                );
                let stored = match stores_prebuilt {
                    true => Value::Const(prebuilt.as_ptr() as u64, Kind::Ref),
                    false => Value::Var(p2),
                };
                let set = |field, v| with_descr(Op::SetfieldGc, &[Value::Var(p1), v], field, None);
                let new = |result| with_descr(Op::New, &[], 0, Some(result));
                trace.ops = vec![new(p1), new(p2), set(2, stored), set(1, Value::Var(0))];
                trace.ops.extend(next_turn(i1, more, p1, 50));
                let calls = run_in_gc(*b, &trace, &module, &tables, cfg, |frame, stats| {
                    // SAFETY: the last cell (the frame is on the stack, a root).
                    assert_eq!(unsafe { *(frame[1] as *const i64).add(1) }, 49, "{b:?}");
                    stats.write_barrier_calls
                });
                assert_eq!(calls == 0, stores_prebuilt, "{b:?}: {calls} write barrier calls");
            }
        }
    }

    /// The descrs of an enum whose integers are tagged words of tag 3: its
    /// integer variant `V::Int` (0), its tag (1) and its integer (2).
    fn tagged_module() -> JitModule {
        let field = |name: &str, leaf, on_word| Descr::Field {
            name: name.into(),
            leaf,
            immutable: true,
            holds: Holds::Shared,
            quasi: false,
            nonneg: false,
            variant: Variant::Any,
            on_word,
        };
        JitModule {
            descrs: vec![
                Descr::Size { name: "V::Int".into(), typeinfo: 0, word: Some((3, 8)) },
                field("V.#tag", Leaf { offset: 6, size: 2, signed: false, kind: Kind::Int }, OnWord::Tag(3)),
                field("V::Int.0", Leaf { offset: 8, size: 8, signed: true, kind: Kind::Int }, OnWord::Int),
            ],
            ..JitModule::default()
        }
    }

    /// Reads of an enum's tag and of its integer variant's integer, on a
    /// tagged word (`(x << 1) | 1`: no memory) and on an object: `i1 =
    /// tag(p0); i2 = int(p0); finish(i1, i2)`, on every backend.
    #[test]
    fn a_field_read_on_a_tagged_word_is_the_words() {
        let module = tagged_module();
        let mut trace = Trace::new(&[Kind::Ref]);
        let (tag, int) = (trace.new_var(Kind::Int), trace.new_var(Kind::Int));
        trace.ops = vec![
            with_descr(Op::GetfieldGcI, &[Value::Var(0)], 1, Some(tag)),
            with_descr(Op::GetfieldGcI, &[Value::Var(0)], 2, Some(int)),
            end(Op::Finish, &[Value::Var(tag), Value::Var(int)]),
        ];
        // An object of the variant: tag 5 in the header's top bytes.
        let object: &[u64; 2] = Box::leak(Box::new([5 << 48, (-77i64) as u64]));
        let words = [0i64, 7, -1, (1 << 62) - 1, -(1 << 62)].map(|x| (((x << 1) | 1) as u64, (3, x)));
        for b in Backend::ALL {
            let code = compile_loop(*b, &trace, &module, &tables(), 1, &no_links(), None, None).unwrap();
            for (p, (want_tag, want_int)) in words.iter().copied().chain([(object.as_ptr() as u64, (5, -77))]) {
                let mut frame = [0u64; FRAME_WORDS];
                frame[0] = p;
                assert_eq!(run(&code, &mut frame), (1, FINISHED as usize));
                assert_eq!((frame[0], frame[1] as i64), (want_tag, want_int), "{b:?} on {p:#x}");
            }
        }
    }

    /// `V::Int { #tag, value: i64 }`, a tagged integer's variant of tag 3.
    static TAGGED: gc::TypeInfo = gc::TypeInfo::fixed("V::Int", 16, &[]);

    /// `p1 = new_tagged(i0); i2 = tag(p1); i3 = int(p1); finish(i2, i3,
    /// p1)`: a word for an integer of 63 bits, an object with the tag and
    /// the integer beyond, on every backend, with a collection at every
    /// allocation.
    #[test]
    fn new_tagged_makes_a_word_or_an_object() {
        let module = tagged_module();
        let typeinfos = [&TAGGED as *const gc::TypeInfo];
        let tables = Tables { calls: &[], typeinfos: &typeinfos, prebuilt: &[] };
        let mut trace = Trace::new(&[Kind::Int]);
        let (p1, tag, int) = (trace.new_var(Kind::Ref), trace.new_var(Kind::Int), trace.new_var(Kind::Int));
        trace.ops = vec![
            with_descr(Op::NewTagged, &[Value::Var(0)], 0, Some(p1)),
            with_descr(Op::GetfieldGcI, &[Value::Var(p1)], 1, Some(tag)),
            with_descr(Op::GetfieldGcI, &[Value::Var(p1)], 2, Some(int)),
            end(Op::Finish, &[Value::Var(tag), Value::Var(int), Value::Var(p1)]),
        ];
        let cfg = gc::Config { collect_every: 1, min_heap: 0, ..gc::Config::from_env() };
        for b in Backend::ALL {
            let code = compile_loop(*b, &trace, &module, &tables, 1, &no_links(), None, None).unwrap();
            for x in [0, 1, -1, 7, (1 << 62) - 1, -(1 << 62), 1 << 62, -(1 << 62) - 1, i64::MAX, i64::MIN] {
                let fits = (x << 1) >> 1 == x;
                gc::with_gc(|| {
                    let old = gc::set_config(cfg);
                    let mut frame = [0u64; FRAME_WORDS];
                    frame[0] = x as u64;
                    assert_eq!(run(&code, &mut frame), (1, FINISHED as usize), "{b:?}");
                    assert_eq!((frame[0], frame[1] as i64), (3, x), "{b:?} of {x}");
                    assert_eq!(frame[2] & 1 == 1, fits, "{b:?} of {x}: {:#x}", frame[2]);
                    gc::set_config(old);
                });
            }
        }
    }

    /// The operands the operation tests try: edges of the ranges and of
    /// the immediate forms, and ordinary values.
    const INTS: [i64; 12] = [0, 1, -1, 2, 7, -13, 63, 64, 1 << 31, -(1 << 40), i64::MAX, i64::MIN];
    const FLOATS: [f64; 10] = [0.0, -0.0, 1.5, -2.25, 1e300, -1e-300, 9.3e18, -9.3e18, f64::INFINITY, f64::NAN];

    /// `r = op(x, y); finish(r)` with each operand a variable or a
    /// constant, and `c = op(x, y); guard_true(c); finish(1)` for the
    /// conditions (which the x64 backend fuses): what compiled code
    /// computes is what `eval::pure_value` computes, on every backend.
    fn check_op(op: Op, kinds: &[Kind], args: &[u64]) {
        let Some(want) = crate::jit::eval::pure_value(&JitModule::default(), op, args) else { return };
        let rk = if crate::jit::eval::returns_float(op) { Kind::Float } else { Kind::Int };
        // (Any NaN for a NaN, but a bit cast's bits exactly.)
        let any_nan = rk == Kind::Float && op != Op::ConvertLonglongBytesToFloat;
        let same = |a: u64, b: u64| a == b || any_nan && f64::from_bits(a).is_nan() && f64::from_bits(b).is_nan();
        // Each operand a variable or a constant; and, for two equal
        // operands, one variable twice (`x * x`).
        let twice = args.len() == 2 && args[0] == args[1] && kinds[0] == kinds[1];
        for constants in 0..(1u32 << args.len()) + twice as u32 {
            let mut trace = Trace::new(kinds);
            let operands: Vec<Value> =
                match constants {
                    4 => vec![Value::Var(0), Value::Var(0)],
                    _ => (0..args.len())
                        .map(|k| {
                            if constants & (1 << k) != 0 {
                                Value::Const(args[k], kinds[k])
                            } else {
                                Value::Var(k as u32)
                            }
                        })
                        .collect(),
                };
            let r = trace.new_var(rk);
            trace.ops = vec![
                ResOp { op, args: operands.clone().into(), descr: None, result: Some(r), snapshot: None },
                end(Op::Finish, &[Value::Var(r)]),
            ];
            let mut guarded = Trace::new(kinds);
            let c = guarded.new_var(rk);
            let all: Vec<u32> = (0..args.len() as u32).collect();
            guarded.ops = vec![
                ResOp { op, args: operands.into(), descr: None, result: Some(c), snapshot: None },
                guard(Op::GuardTrue, c, &all),
                end(Op::Finish, &[Value::Const(1, Kind::Int)]),
            ];
            for b in Backend::ALL {
                let mut frame = [0u64; FRAME_WORDS];
                frame[..args.len()].copy_from_slice(args);
                let code = compile(*b, &trace, 1, &no_links()).unwrap();
                assert_eq!(run(&code, &mut frame), (1, FINISHED as usize));
                assert!(
                    same(frame[0], want),
                    "{b:?}: {}({args:?}) constants {constants:b}: {:#x}, not {want:#x}",
                    op.name(),
                    frame[0]
                );
                if rk == Kind::Int && want <= 1 {
                    frame[..args.len()].copy_from_slice(args);
                    let code = compile(*b, &guarded, 2, &no_links()).unwrap();
                    let exit = run(&code, &mut frame);
                    let ok = if want == 1 {
                        exit == (2, FINISHED as usize)
                    } else {
                        exit == (2, 0) && frame[..args.len()] == *args
                    };
                    assert!(ok, "{b:?}: guard_true({}({args:?})) constants {constants:b}: {exit:?}", op.name());
                }
            }
        }
    }

    #[test]
    fn integer_operations_compute_what_eval_computes() {
        use Op::*;
        let binary = [
            IntAdd,
            IntSub,
            IntMul,
            IntFloordiv,
            IntMod,
            UintFloordiv,
            UintMod,
            IntAnd,
            IntOr,
            IntXor,
            IntLshift,
            IntRshift,
            UintRshift,
            IntLt,
            IntLe,
            IntEq,
            IntNe,
            IntGt,
            IntGe,
            UintLt,
            UintLe,
            UintGt,
            UintGe,
            IntMin,
            IntMax,
            UintMin,
            UintMax,
            IntAddOvf,
            IntSubOvf,
            IntMulOvf,
            UintAddOvf,
            UintSubOvf,
            UintMulOvf,
            PtrEq,
            PtrNe,
        ];
        for op in binary {
            for x in INTS {
                for y in INTS {
                    // (A division's overflow traps, as Rust's panics first.)
                    let traps = matches!(op, IntFloordiv | IntMod) && x == i64::MIN && y == -1;
                    let shifts = matches!(op, IntLshift | IntRshift | UintRshift);
                    if !traps && (!shifts || (0..64).contains(&y)) {
                        check_op(op, &[Kind::Int, Kind::Int], &[x as u64, y as u64]);
                    }
                }
            }
        }
        for op in
            [IntNeg, IntInvert, IntAbs, IntIsZero, IntIsTrue, PtrIszero, PtrNonzero, CastIntToFloat, CastUintToFloat]
        {
            for x in INTS {
                check_op(op, &[Kind::Int], &[x as u64]);
            }
        }
        for x in INTS {
            for bytes in [1, 2, 4] {
                let mut trace = Trace::new(&[Kind::Int]);
                let r = trace.new_var(Kind::Int);
                let args = vec![Value::Var(0), Value::Const(bytes, Kind::Int)];
                trace.ops = vec![
                    ResOp { op: IntSignext, args: args.into(), descr: None, result: Some(r), snapshot: None },
                    end(Op::Finish, &[Value::Var(r)]),
                ];
                let want = crate::jit::eval::pure_value(&JitModule::default(), IntSignext, &[x as u64, bytes]);
                for b in Backend::ALL {
                    let mut frame = [0u64; FRAME_WORDS];
                    frame[0] = x as u64;
                    run(&compile(*b, &trace, 1, &no_links()).unwrap(), &mut frame);
                    assert_eq!(Some(frame[0]), want, "{b:?}: int_signext({x}, {bytes})");
                }
            }
        }
    }

    /// Division and remainder by constant powers of two (shifts in the x64
    /// backend) compute what `idiv` does, for dividends of either sign.
    #[test]
    fn division_by_powers_of_two_computes_what_eval_computes() {
        for k in [1, 2, 3, 10, 31, 32, 62] {
            for x in INTS.iter().chain(&[-1i64 << k, (-1i64 << k) + 1, (1 << k) - 1, -5, 5]) {
                for op in [Op::IntFloordiv, Op::IntMod] {
                    check_op(op, &[Kind::Int, Kind::Int], &[*x as u64, 1u64 << k]);
                }
            }
        }
    }

    #[test]
    fn float_operations_compute_what_eval_computes() {
        use Op::*;
        let binary = [
            FloatAdd,
            FloatSub,
            FloatMul,
            FloatTruediv,
            FloatMod,
            FloatMin,
            FloatMax,
            FloatPow,
            FloatAtan2,
            FloatLt,
            FloatLe,
            FloatEq,
            FloatNe,
            FloatGt,
            FloatGe,
        ];
        for op in binary {
            for x in FLOATS {
                for y in FLOATS {
                    check_op(op, &[Kind::Float, Kind::Float], &[x.to_bits(), y.to_bits()]);
                }
            }
        }
        let unary = [
            FloatNeg,
            FloatAbs,
            FloatSqrt,
            FloatFloor,
            FloatCeil,
            FloatSin,
            FloatCos,
            FloatExp,
            FloatLog,
            FloatTan,
            FloatAsin,
            FloatAcos,
            FloatAtan,
            FloatLog10,
            FloatLog2,
            CastFloatToInt,
            CastFloatToUint,
            ConvertFloatBytesToLonglong,
        ];
        for op in unary {
            for x in FLOATS {
                check_op(op, &[Kind::Float], &[x.to_bits()]);
            }
        }
        for x in FLOATS {
            for n in [0, 1, 3, -2] {
                check_op(FloatPowi, &[Kind::Float, Kind::Int], &[x.to_bits(), n as u64]);
            }
        }
        // Any word is a float's bits (a NaN's payload too).
        for x in INTS.iter().map(|&k| k as u64).chain(FLOATS.map(f64::to_bits)).chain([0x7ff8_0000_dead_beef]) {
            check_op(ConvertLonglongBytesToFloat, &[Kind::Int], &[x]);
        }
    }

    /// More values than registers, living across a C call (which
    /// clobbers some registers) and a spill of each kind: all reach the
    /// `finish` in place.
    #[test]
    fn values_outnumbering_the_registers_survive_calls() {
        let kinds: Vec<Kind> = (0..40).map(|k| if k % 3 == 0 { Kind::Float } else { Kind::Int }).collect();
        let mut trace = Trace::new(&kinds);
        let mut ops = Vec::new();
        let mut outs = Vec::new();
        for (k, kind) in kinds.iter().enumerate() {
            let r = trace.new_var(*kind);
            let (op, c) = if *kind == Kind::Float { (Op::FloatAdd, 1.0f64.to_bits()) } else { (Op::IntAdd, 1) };
            ops.push(ResOp {
                op,
                args: smallvec![Value::Var(k as u32), Value::Const(c, *kind)],
                descr: None,
                result: Some(r),
                snapshot: None,
            });
            outs.push(Value::Var(r));
            if k == 20 {
                let s = trace.new_var(Kind::Float);
                ops.push(ResOp {
                    op: Op::FloatSin,
                    args: smallvec![Value::Var(0)],
                    descr: None,
                    result: Some(s),
                    snapshot: None,
                });
                outs.push(Value::Var(s));
            }
        }
        // Each value used again after the call, so all live across it.
        outs.extend((0..40).map(Value::Var));
        ops.push(end(Op::Finish, &outs));
        trace.ops = ops;
        let inputs: Vec<u64> = kinds
            .iter()
            .enumerate()
            .map(|(k, kind)| if *kind == Kind::Float { (k as f64 / 4.0).to_bits() } else { k as u64 * 1000 })
            .collect();
        for b in Backend::ALL {
            let mut frame = [0u64; FRAME_WORDS];
            frame[..40].copy_from_slice(&inputs);
            assert_eq!(run(&compile(*b, &trace, 1, &no_links()).unwrap(), &mut frame), (1, FINISHED as usize));
            let plus_one: Vec<u64> = kinds
                .iter()
                .zip(&inputs)
                .map(|(kind, x)| if *kind == Kind::Float { (f64::from_bits(*x) + 1.0).to_bits() } else { x + 1 })
                .collect();
            assert_eq!(frame[..21], plus_one[..21], "{b:?}");
            assert_eq!(frame[21], 0.0f64.sin().to_bits(), "{b:?}");
            assert_eq!(frame[22..41], plus_one[21..], "{b:?}");
            assert_eq!(frame[41..81], inputs[..], "{b:?}");
        }
    }

    /// Items of 24 bytes (a struct of three words, not a scale of an
    /// address): constants and variables stored into their fields by a
    /// variable index, and read back.
    #[test]
    fn fields_of_items_of_any_size_are_stored_and_read() {
        let leaf = |offset, kind| Leaf { offset, size: 8, signed: true, kind };
        let m = JitModule {
            descrs: vec![
                Descr::Array {
                    name: "Triples".into(),
                    length_offset: 8,
                    items_offset: 16,
                    item_size: 24,
                    typeinfo: 0,
                    item: None,
                    immutable: false,
                },
                Descr::Interior { array: 0, leaf: leaf(0, Kind::Int) },
                Descr::Interior { array: 0, leaf: leaf(8, Kind::Float) },
                Descr::Interior { array: 0, leaf: leaf(16, Kind::Float) },
            ],
            ..JitModule::default()
        };
        let mut trace = Trace::new(&[Kind::Ref, Kind::Int, Kind::Float]);
        let (i3, f4) = (trace.new_var(Kind::Int), trace.new_var(Kind::Float));
        let set = |d, v| with_descr(Op::SetinteriorfieldGc, &[Value::Var(0), Value::Var(1), v], d, None);
        let get = |op, d, r| ResOp {
            op,
            args: smallvec![Value::Var(0), Value::Var(1)],
            descr: Some(d),
            result: Some(r),
            snapshot: None,
        };
        trace.ops = vec![
            set(1, Value::Const(-7i64 as u64, Kind::Int)),
            set(2, Value::Const(2.5f64.to_bits(), Kind::Float)),
            set(3, Value::Var(2)),
            get(Op::GetinteriorfieldGcI, 1, i3),
            get(Op::GetinteriorfieldGcF, 2, f4),
            end(Op::Finish, &[Value::Var(i3), Value::Var(f4)]),
        ];
        for b in Backend::ALL {
            let mut items = [0u64; 2 + 3 * 4];
            let mut frame = [0u64; FRAME_WORDS];
            frame[..3].copy_from_slice(&[items.as_mut_ptr() as u64, 2, 0.75f64.to_bits()]);
            let code = compile_loop(*b, &trace, &m, &tables(), 1, &no_links(), None, None).unwrap();
            assert_eq!(run(&code, &mut frame), (1, FINISHED as usize), "{b:?}");
            assert_eq!(frame[..2], [-7i64 as u64, 2.5f64.to_bits()], "{b:?}");
            assert_eq!(items[2 + 6..2 + 9], [-7i64 as u64, 2.5f64.to_bits(), 0.75f64.to_bits()], "{b:?}");
            assert!(items.iter().enumerate().all(|(k, x)| (8..11).contains(&k) || *x == 0), "{b:?}: {items:?}");
        }
    }
}
