//! Where translated code meets the JIT: `rpy_jit_merge_point`, called at
//! every merge point while the byte `rpy_jit_hook` is set (see rpy-llvm's
//! `codegen/jit.rs` for the protocol), and the per-module state it keeps.
//!
//! The parameters come from `RPYJIT` once per process (`off` clears
//! `rpy_jit_hook`, so the merge points cost a load and a branch). Each
//! module's state (its decoded jitcodes, its hot counters, its loops)
//! hangs from the last word of its record. A green key that gets hot is
//! traced (`interp`) from its merge point until the loop closes; the
//! trace goes to the `jit-log-noopt-loop` log and to the backend. From
//! then on, every time the translated code reaches that merge point with
//! that key, it runs the compiled loop; when a guard fails, the blackhole
//! interpreter resumes from the guard's snapshot and runs to the next
//! merge point, where the translated code takes over again. A hot key
//! whose tracing or compiling gave up runs in the blackhole interpreter to
//! the next merge point.

use super::backend::{
    code_bytes, compile_loop, enter, exit_parts, CompiledLoop, Frame, Links, FINISHED, FRAME_WORDS, NOT_ENTERED,
};
use super::counter::{increment, JitCounter};
use super::interp::{
    assembler_fits, for_each_root, resume, run_from_merge_point, Abort, CallSite, CallWrapper, GuardState, Interp,
    Knows, Outcome, Tables, MAX_PORTAL_LEAVES,
};
use super::log;
use super::memory::{self, key_hash, KeyState};
use super::optimizeopt::{optimize, Env, Opts, ShortPreamble};
use super::params::JitParams;
use super::quasi;
use super::trace::{ResOp, Snapshots, Trace, Value};
use crate::gc::{self, TypeInfo};
use rpy_jitcode::{Descr, JitModule, Kind};
use std::cell::Cell;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Set while merge points must call the JIT.
#[unsafe(no_mangle)]
pub static rpy_jit_hook: AtomicU8 = AtomicU8::new(1);

/// Set by a `can_enter_jit!` (to `rpy_jit_hook`) for the merge point it
/// jumps back to: the merge points of a driver with a `can_enter_jit!`
/// call the JIT only then, so only the loops of the interpreted program
/// count (RPython's `can_enter_jit`), and an interpreted instruction costs
/// a load and a branch. Cleared by the call.
#[unsafe(no_mangle)]
pub static rpy_jit_entering: AtomicU8 = AtomicU8::new(0);

/// A buffer of green and red leaves a portal called now goes on from its
/// merge point with (0: none), which the portal clears (see rpy-llvm's
/// `codegen/jit.rs`).
#[unsafe(no_mangle)]
pub static rpy_jit_resume: AtomicUsize = AtomicUsize::new(0);

/// A translated module's record, as rpy-llvm emits it.
#[repr(C)]
pub struct JitModuleRecord {
    code: *const u8,
    code_len: usize,
    calls: *const CallWrapper,
    ncalls: usize,
    typeinfos: *const *const TypeInfo,
    ntypeinfos: usize,
    prebuilt: *const *mut u8,
    nprebuilt: usize,
    /// The module's `State`, made at its first merge point.
    state: AtomicUsize,
}

struct State {
    /// Decoded when first needed (`State::module`): until the program
    /// traces, it needs only `ngreens` (start-up is not the decoding of a
    /// module it may never use).
    module: std::cell::OnceCell<&'static JitModule>,
    /// Whether the module's jitcodes have `loop_header`s (`can_enter_jit!`):
    /// then only a merge point reached by a loop's back edge may start an
    /// inner loop (`Interp::loop_headers`).
    loop_headers: std::cell::OnceCell<bool>,
    /// The module's encoding.
    bytes: &'static [u8],
    /// The number of greens of each driver.
    ngreens: Vec<usize>,
    /// The module's record (which `call_assembler`'s tokens name).
    record: *const JitModuleRecord,
    /// The module's number for the JIT's memory manager, which holds what
    /// tracing from each green key gave (`memory::lookup`).
    id: u32,
    counter: JitCounter,
    /// What a count adds at a merge point, and at a portal's first one
    /// (`threshold`, `function_threshold`): a division, done once.
    increments: [f64; 2],
    /// By code number; `None` for a number not in use (the code was freed).
    codes: Vec<Option<Box<Code>>>,
    /// The numbers not in use.
    free: Vec<u32>,
    /// How many traces were compiled: the numbers the logs give them.
    compiled: u32,
    /// The recursive calls the tracer does not go into (it did, and gave
    /// up).
    not_inlined: rustc_hash::FxHashSet<CallSite>,
    /// `COLLECTIONS / 32` when the counters last decayed.
    decayed_at: usize,
    /// How often each green key's loop was traced again from a bridge
    /// (`retrace_limit`), by `key_hash`.
    retraces: rustc_hash::FxHashMap<u64, u32>,
}

/// A compiled trace (a loop or a bridge) and what its guards do.
struct Code {
    /// Its number in the logs (`Loop 3`).
    name: u32,
    /// What is kept of the trace once compiled: each guard's snapshot, in
    /// order, and the kinds of the trace's variables (what a guard failing
    /// resumes from, and a bridge starts from); not its operations.
    snapshots: Snapshots,
    /// Per guard that failed and has no bridge: its snapshot unpacked
    /// (a guard fails up to `trace_eagerness` times before its bridge).
    unpacked: Vec<Option<Box<GuardState>>>,
    kinds: Vec<Kind>,
    compiled: CompiledLoop,
    /// How other code enters the loop at its label.
    short: Option<ShortPreamble>,
    /// Per guard: its failures so far, and its bridge (or `Err` when
    /// tracing one gave up).
    fails: Vec<u32>,
    bridges: Vec<Option<Result<u32, ()>>>,
    /// The quasi-immutable fields it took as constants (`quasi`).
    quasi: Vec<u64>,
    /// The green key of its loop (a bridge's: its parent's).
    greens: Vec<u64>,
    /// A loop's guards before its label (all of a loop not unrolled), the
    /// preamble's: where each is when it is a branch on a condition
    /// (`retrace_limit`). The others are the body's.
    retrace_guards: Vec<Option<Position>>,
    /// A loop's turn as recorded: its `branches`.
    branches: Vec<Branch>,
    /// Per guard: how often a bridge traced from it was dropped to wait for
    /// another turn of the loop (`MAX_RETRACE_WAITS`).
    retrace_waits: Vec<u8>,
}

/// How often a bridge going back to its loop's key may be traced again
/// when the next turn went the loop's way, but the bridge cannot enter the
/// loop's body: then it would run the preamble on every turn.
const MAX_RETRACE_WAITS: u8 = 4;

impl State {
    /// Code `c`, which is alive.
    fn code(&self, c: u32) -> &Code {
        self.codes[c as usize].as_ref().expect("a live code")
    }

    fn code_mut(&mut self, c: u32) -> &mut Code {
        self.codes[c as usize].as_mut().expect("a live code")
    }

    /// Frees the codes the collector found dead (nothing can enter them
    /// any more: their cells are gone, and no live code goes on to them).
    fn free_dead(&mut self) {
        for c in memory::take_dead(self.id) {
            if let Some(code) = self.codes[c as usize].take() {
                quasi::forget(self.id, c, &code.quasi);
            }
            self.free.push(c);
        }
    }
}

/// The counters of `jit-summary`, for the whole process.
#[derive(Default)]
struct Stats {
    tracing: u64,
    tracing_time: Duration,
    backend_time: Duration,
    aborts_compiling: u64,
    bridges: u64,
    opt_ops: u64,
    opt_guards: u64,
    recorded_ops: u64,
    calls: u64,
    guards: u64,
    aborts_too_long: u64,
    /// Traces cut where they got too long (their bridge goes on).
    segmented: u64,
    /// Guard failures that resumed in the JIT's interpreter (the guard had
    /// no bridge yet, or tracing one gave up).
    resumed: u64,
    /// The time spent resuming them.
    resumed_time: Duration,
    /// Frames of recursive calls that the resuming blackhole handed to the
    /// portal at their next merge point.
    handed_to_portal: u64,
    loops: u64,
}

fn stats() -> &'static Mutex<Stats> {
    static STATS: OnceLock<Mutex<Stats>> = OnceLock::new();
    STATS.get_or_init(|| {
        if log::enabled("jit-summary") || log::enabled("jit-backend-counts") {
            unsafe extern "C" {
                fn atexit(f: extern "C" fn()) -> i32;
            }
            // SAFETY: registers a plain function, run once at exit.
            unsafe { atexit(write_at_exit) };
        }
        Mutex::default()
    })
}

/// For `jit-backend-counts`: per compiled code, its name and the address
/// of its two counters (entries into the code from anywhere, starts of a
/// loop's body). The counters are never freed, as compiled code is not.
fn counts() -> &'static Mutex<Vec<(String, usize)>> {
    static COUNTS: OnceLock<Mutex<Vec<(String, usize)>>> = OnceLock::new();
    COUNTS.get_or_init(Mutex::default)
}

extern "C" fn write_at_exit() {
    write_summary();
    if log::enabled("jit-backend-counts") {
        let counts = counts().lock().unwrap_or_else(|e| e.into_inner());
        let mut body = String::new();
        for (name, p) in counts.iter() {
            // SAFETY: `p` is a live `[u64; 2]` (see `counts`).
            let [entries, iterations] = unsafe { *(*p as *const [u64; 2]) };
            match name.strip_prefix("Loop ") {
                Some(n) => body.push_str(&format!("entry {n}:{entries}\nTargetToken({n}):{iterations}\n")),
                None => body.push_str(&format!("{name}:{entries}\n")),
            }
        }
        log::section("jit-backend-counts", &body);
    }
}

/// Process start, for the summary's total (the first use of the JIT, in
/// fact: close enough for the share of the JIT in a run).
fn start_time() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

fn write_summary() {
    let s = stats().lock().unwrap_or_else(|e| e.into_inner());
    let (freed_loops, freed_bridges) = memory::freed();
    let (code_live, code_peak, code_total) = code_bytes();
    let (memory_live, memory_peak) = memory::bytes();
    let body = format!(
        "Tracing:      \t{}\t{:.6}\nBackend:      \t{}\t{:.6}\nBlackhole:    \t{}\t{:.6}\nTOTAL:      \t\t{:.6}\nops:             \t{}\nrecorded ops:    \t{}\n  calls:         \t{}\nguards:          \t{}\nopt ops:         \t{}\nopt guards:      \t{}\nabort: trace too long:\t{}\nabort: compiling:\t{}\nsegmented traces:\t{}\nguard failures resumed:\t{}\nrecursive frames handed back:\t{}\nTotal # of loops:\t{}\nTotal # of bridges:\t{}\nFreed # of loops:\t{}\nFreed # of bridges:\t{}\nCode bytes (live, peak):\t{}\t{}\nCode bytes installed:\t{}\nJIT memory (live, peak):\t{}\t{}\n",
        s.tracing,
        s.tracing_time.as_secs_f64(),
        s.loops + s.bridges,
        s.backend_time.as_secs_f64(),
        s.resumed,
        s.resumed_time.as_secs_f64(),
        start_time().elapsed().as_secs_f64(),
        s.recorded_ops,
        s.recorded_ops,
        s.calls,
        s.guards,
        s.opt_ops,
        s.opt_guards,
        s.aborts_too_long,
        s.aborts_compiling,
        s.segmented,
        s.resumed,
        s.handed_to_portal,
        s.loops,
        s.bridges,
        freed_loops,
        freed_bridges,
        code_live,
        code_peak,
        code_total,
        memory_live,
        memory_peak
    );
    log::section("jit-summary", &body);
}

/// The JIT's parameters, from `RPYJIT` (a bad value stops the program
/// with a message, as a bad command-line option would). Without `RPYJIT`,
/// RPython's defaults: the JIT is on, as in PyPy.
pub fn params() -> &'static JitParams {
    static PARAMS: OnceLock<JitParams> = OnceLock::new();
    PARAMS.get_or_init(|| {
        let text = std::env::var("RPYJIT").unwrap_or_else(|_| "default".into());
        JitParams::parse(&text).unwrap_or_else(|e| {
            eprintln!("rpy: bad RPYJIT={text:?}: {e}");
            std::process::exit(2)
        })
    })
}

/// Stops the program: its module's encoding cannot be read.
fn corrupt(e: &str) -> ! {
    eprintln!("rpy: the JIT's data of this program is corrupt ({e}); run it with RPYJIT=off");
    std::process::exit(2)
}

impl State {
    /// The module, decoded the first time (it lives as long as the
    /// program, as the state does).
    fn module(&self) -> &'static JitModule {
        self.module.get_or_init(|| Box::leak(Box::new(rpy_jitcode::decode(self.bytes).unwrap_or_else(|e| corrupt(&e)))))
    }

    fn loop_headers(&self) -> bool {
        *self.loop_headers.get_or_init(|| {
            let codes = self.module().jitcodes.iter();
            codes.flat_map(|c| &c.insns).any(|i| i.op == rpy_jitcode::Op::LoopHeader)
        })
    }
}

unsafe fn state(record: &JitModuleRecord) -> &'static mut State {
    let mut p = record.state.load(Ordering::Relaxed);
    if p == 0 {
        start_time();
        let bytes = std::slice::from_raw_parts(record.code, record.code_len);
        let ngreens = rpy_jitcode::green_counts(bytes).unwrap_or_else(|e| corrupt(&e));
        gc::set_marking_hook(mark_jit_roots);
        let id = memory::add_module(params().loop_longevity);
        let counter = JitCounter::new(1 << 12);
        let not_inlined = Default::default();
        let s = Box::new(State {
            module: std::cell::OnceCell::new(),
            loop_headers: std::cell::OnceCell::new(),
            bytes,
            ngreens,
            record,
            id,
            counter,
            increments: [increment(params().threshold), increment(params().function_threshold)],
            codes: Vec::new(),
            free: Vec::new(),
            compiled: 0,
            not_inlined,
            decayed_at: 0,
            retraces: Default::default(),
        });
        p = Box::into_raw(s) as usize;
        record.state.store(p, Ordering::Relaxed);
    }
    &mut *(p as *mut State)
}

/// The collections so far (the marking hook counts them): the clock of the
/// counters' decay.
static COLLECTIONS: AtomicUsize = AtomicUsize::new(0);

/// The GC's marking hook: what the JIT's interpreters hold, then what
/// compiled code keeps alive (which needs every other root marked first).
fn mark_jit_roots(m: &mut gc::Marking) {
    COLLECTIONS.fetch_add(1, Ordering::Relaxed);
    for_each_root(|p| m.mark(p));
    memory::collect(m);
}

/// What the JIT's work at one merge point may take of the machine stack
/// (tracing, compiling with Cranelift, running compiled code and the
/// blackhole interpreter, each of which may call the interpreter again).
const STACK_MARGIN: usize = 1 << 20;

/// Whether the machine stack has `STACK_MARGIN` left. A recursive
/// interpreter nests the JIT's frames with its own; when it nests deep,
/// its innermost levels run without the JIT (as RPython's stack check
/// keeps the JIT from overflowing the stack), so the program overflows
/// where it would without the JIT, not sooner.
fn stack_has_room() -> bool {
    let limit = stack_limit();
    // Compiled code's calls of other code (`call_assembler`) check it too.
    STACK_LIMIT.store(limit, Ordering::Relaxed);
    let marker = 0u8;
    let here = std::hint::black_box(&marker) as *const u8 as usize;
    here > limit
}

/// The lowest address of the machine stack compiled code may call other
/// code at (`STACK_MARGIN` above the bottom of the stack of the thread
/// that last entered the JIT: only the thread holding the GIL runs it).
pub static STACK_LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// This thread's stack limit (see `stack_has_room`).
fn stack_limit() -> usize {
    thread_local! {
        static LIMIT: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
    }
    // Once per thread: glibc reads /proc/self/maps for the main thread.
    LIMIT.with(|l| match l.get() {
        Some(limit) => limit,
        None => {
            let limit = stack_low().map_or(0, |low| low + STACK_MARGIN);
            l.set(Some(limit));
            limit
        }
    })
}

/// The lowest address of this thread's stack (glibc's view: the main
/// thread's is its `RLIMIT_STACK`).
fn stack_low() -> Option<usize> {
    unsafe extern "C" {
        fn pthread_self() -> usize;
        fn pthread_getattr_np(thread: usize, attr: *mut [u64; 16]) -> i32;
        fn pthread_attr_getstack(attr: *const [u64; 16], addr: *mut usize, size: *mut usize) -> i32;
        fn pthread_attr_destroy(attr: *mut [u64; 16]) -> i32;
    }
    let mut attr = [0u64; 16];
    let (mut addr, mut size) = (0usize, 0usize);
    // SAFETY: `attr` is larger than glibc's `pthread_attr_t` on x86-64 and
    // AArch64 (56 and 64 bytes), initialized by `pthread_getattr_np`.
    unsafe {
        if pthread_getattr_np(pthread_self(), &mut attr) != 0 {
            return None;
        }
        let ok = pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        pthread_attr_destroy(&mut attr);
        ok.then_some(addr)
    }
}

/// The merge point of driver `driver` of the module `record`, with the
/// green and red leaves in `buf`: 0 to go on from the merge point with the
/// values in `buf`, 1 to return the portal's result leaves in `buf`.
///
/// # Safety
/// Called by translated code only, holding the GC's lock, with the
/// module's record and a buffer as large as its driver needs.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rpy_jit_merge_point(record: *mut JitModuleRecord, driver: i64, buf: *mut u64) -> i64 {
    // 2: the first merge point of a portal just entered (`function_entry`).
    // (A load and a store, not a swap: only the thread holding the GIL
    // runs translated code, and a swap is a locked instruction.)
    let entering = rpy_jit_entering.load(Ordering::Relaxed);
    if entering != 0 {
        rpy_jit_entering.store(0, Ordering::Relaxed);
    }
    merge_point(&*record, driver as usize, buf, entering == 2)
}

/// The merge point of `rpy_jit_merge_point` and of `run_portal`: `entry`
/// when it is the first of a portal just entered.
unsafe fn merge_point(record: &JitModuleRecord, driver: usize, buf: *mut u64, entry: bool) -> i64 {
    let driver = driver as i64;
    let params = params();
    if !params.enabled {
        rpy_jit_hook.store(0, Ordering::Relaxed);
        return 0;
    }
    if !stack_has_room() {
        return 0;
    }
    let st = state(record);
    if memory::has_dead(st.id) {
        st.free_dead();
    }
    let ngreens = st.ngreens[driver as usize];
    let tables = tables(record);
    // After tracing, the run goes on at the merge point where the trace
    // stopped as at any other (RPython's `ContinueRunningNormally`): into
    // the code just made, or counted. (Else the interpreter would run the
    // loop just traced once more, counting its positions after the first.)
    let mut entry = entry;
    loop {
        let greens = std::slice::from_raw_parts(buf, ngreens);
        let hash = key_hash(driver, greens);
        // (Most positions the interpreter runs have no cell: their bucket,
        // which counting them reads anyway, says so.)
        let known = if st.counter.may_have_cell(hash) { memory::lookup(st.id, hash, greens) } else { None };
        if let Some(KeyState::Code(c)) = known {
            return status(run_code(st, &tables, c, driver as usize, buf));
        }
        // Every 32 collections, every count decays (RPython decays them after
        // every 32 minor collections), so positions warm long ago do not get
        // hot. (RPython also decays them whenever tracing starts; with every
        // merge point counting, as a driver without `can_enter_jit!` does,
        // that kept mandel.b's loops interpreted twice as long.)
        let epoch = COLLECTIONS.load(Ordering::Relaxed) / 32;
        if epoch != st.decayed_at {
            st.decayed_at = epoch;
            st.counter.decay_all(params.decay);
        }
        if !st.counter.tick(hash, st.increments[entry as usize]) {
            return 0;
        }
        st.counter.reset(hash);
        if known.is_some() {
            // Tracing from here gave up before: interpret to the next merge point.
            return status(run_from_merge_point(st.module(), &tables, driver as usize, buf));
        }
        if trace_loop(st, &tables, driver as usize, buf) == Outcome::Return {
            return status(Outcome::Return);
        }
        entry = false;
    }
}

/// Traces a loop from the merge point in `buf` (its key just got hot) and
/// keeps what it gave for the key: code, or that tracing gave up. The run
/// is at the next merge point after (or the portal returned).
unsafe fn trace_loop(st: &mut State, tables: &Tables, driver: usize, buf: *mut u64) -> Outcome {
    let d = &st.module().drivers[driver];
    let mut greens = std::slice::from_raw_parts(buf, d.greens.len()).to_vec();
    let limit = params().trace_limit as usize;
    let pins = memory::pins();
    let traced = trace_with(st, tables, driver, |interp| unsafe {
        let outcome = interp.trace(driver, buf, limit);
        // An inner loop is its own key's; this key stays as it was.
        if let Some(inner) = interp.closed_at.take() {
            greens = inner;
        }
        outcome
    });
    let state = match add_loop(st, tables, driver, &greens, traced.closed, traced.aborted) {
        Some(c) => Some(KeyState::Code(c)),
        // (Counted again, and traced again when hot.)
        None if traced.retry => None,
        None => Some(KeyState::Aborted),
    };
    if let Some(state) = state {
        set_key_state(st, driver, &greens, state);
    }
    memory::unpin(pins);
    traced.outcome
}

/// Records what the key `greens` of `driver` has now (code, or that
/// tracing gave up), for the merge points to find.
fn set_key_state(st: &mut State, driver: usize, greens: &[u64], state: KeyState) {
    let hash = key_hash(driver as i64, greens);
    memory::set_cell(st.id, hash, greens, &st.module().drivers[driver].greens, state);
    st.counter.mark_cell(hash);
}

/// Compiles the loop traced from green key `greens`.
fn add_loop(
    st: &mut State,
    tables: &Tables,
    driver: usize,
    greens: &[u64],
    closed: Option<Trace>,
    aborted: Option<Abort>,
) -> Option<u32> {
    let d = &st.module().drivers[driver];
    let key: Vec<u64> = (greens.iter().zip(&d.greens)).filter(|(_, k)| **k == Kind::Ref).map(|(g, _)| *g).collect();
    let what = format!("Loop {} ({}) : loop", st.compiled, d.name);
    add_code(st, tables, closed, aborted, &what, &key, greens, None)
}

/// The addresses a module's descrs index.
unsafe fn tables(record: &JitModuleRecord) -> Tables<'static> {
    Tables {
        calls: std::slice::from_raw_parts(record.calls, record.ncalls),
        typeinfos: std::slice::from_raw_parts(record.typeinfos, record.ntypeinfos),
        prebuilt: std::slice::from_raw_parts(record.prebuilt, record.nprebuilt),
    }
}

/// Runs driver `driver`'s portal from its merge point, the green and red
/// leaves in `buf` (`entry`: the portal was just entered), to its end,
/// the result leaves then in `buf` (RPython's portal runner: here the
/// portal's code before its merge point has run already): at an entry,
/// what the merge point does (compiled code if the key has some, else
/// counted towards tracing the function), then the translated portal goes
/// on from there (as it does after the dispatcher resumed a guard).
///
/// # Safety
/// As `rpy_jit_merge_point`; `buf` is on the machine stack (the reds may
/// be the only references to their objects) and has room for the
/// portal's result leaves.
#[inline(never)]
unsafe fn run_portal(record: &JitModuleRecord, driver: usize, buf: *mut u64, entry: bool) {
    if entry && merge_point(record, driver, buf, true) == 1 {
        return;
    }
    let st = state(record);
    let Descr::Call { target, args, results, .. } = &st.module().descrs[st.module().drivers[driver].call as usize]
    else {
        unreachable!("a portal's call descr")
    };
    // The portal's parameters are not read: it goes on from its merge point.
    let argv = vec![0u64; args.len()];
    let mut res = [0u64; MAX_PORTAL_LEAVES];
    let wrapper = tables(record).calls[*target as usize];
    rpy_jit_resume.store(buf as usize, Ordering::Relaxed);
    wrapper(argv.as_ptr(), res.as_mut_ptr());
    std::ptr::copy_nonoverlapping(res.as_ptr(), buf, results.len());
}

/// `call_assembler`'s slow path (RPython's `assembler_helper`): the code
/// of `token`'s key exited at `exit` with its frame in `frame`, or was not
/// entered (`NOT_ENTERED`: the reds are in `frame`); runs the portal on
/// to its end. Its result leaf (0 without one).
///
/// # Safety
/// Called by compiled code only, holding the GC's lock, `frame` a frame
/// on the machine stack.
pub unsafe extern "C" fn assembler_helper(token: *const memory::Token, exit: u64, frame: *mut u64) -> u64 {
    let token = &*token;
    let [record, driver] = token.owner;
    let record = &*(record as *const JitModuleRecord);
    let st = state(record);
    let d = &st.module().drivers[driver];
    let (ngreens, nreds) = (d.greens.len(), d.reds.len());
    let mut buf = [0u64; MAX_PORTAL_LEAVES];
    let frame = &mut *(frame as *mut Frame);
    if exit == NOT_ENTERED {
        // At the callee's first merge point (its entry).
        buf[..ngreens].copy_from_slice(&token.greens);
        buf[ngreens..ngreens + nreds].copy_from_slice(&frame[..nreds]);
        run_portal(record, driver, buf.as_mut_ptr(), true);
    } else if after_exit(st, &tables(record), exit, driver, buf.as_mut_ptr(), frame) == Outcome::MergePoint {
        run_portal(record, driver, buf.as_mut_ptr(), false);
    }
    buf[0]
}

/// Driver `d`'s position `greens` as its `get_printable_location` shows
/// it (`None` without one).
///
/// # Safety
/// As `rpy_jit_merge_point` (the function is translated code, and may
/// allocate).
unsafe fn printable_location(m: &JitModule, t: &Tables, d: usize, greens: &[u64]) -> Option<String> {
    let Descr::Call { target, args, results, .. } = &m.descrs[m.drivers.get(d)?.printable_location? as usize] else {
        return None;
    };
    if args.len() != greens.len() || results.as_slice() != [Kind::Ref] {
        return None;
    }
    let mut result = [0u64];
    (t.calls[*target as usize])(greens.as_ptr(), result.as_mut_ptr());
    Some(String::from_utf8_lossy(crate::ll::string_bytes(result[0] as *const u8)).into_owned())
}

/// Traces with `run` (a loop from a merge point, or a bridge from a
/// guard), the tracer jumping into the code of the keys that have some
/// (pinned until the caller's `memory::unpin`, as are the references the
/// trace holds); counts the time in `jit-summary`. A recursive call the
/// trace went into and gave up on is not gone into again: then the trace
/// may be tried again (`Traced::retry`).
fn trace_with(st: &mut State, t: &Tables, driver: usize, run: impl FnOnce(&mut Interp) -> Outcome) -> Traced {
    let entry_of = |g: &[u64]| match memory::lookup(st.id, key_hash(driver as i64, g), g) {
        Some(KeyState::Code(c)) => {
            memory::pin_code(st.id, c);
            Some(c)
        }
        _ => None,
    };
    let record = unsafe { &*st.record };
    // (A driver's leaves go through buffers of `MAX_PORTAL_LEAVES`, and
    // its result into one register.)
    let token_of = |driver: usize, greens: &[u64]| {
        let d = &st.module().drivers[driver];
        let fits = assembler_fits(d);
        let owner = [record as *const JitModuleRecord as usize, driver];
        fits.then(|| memory::token(st.id, key_hash(driver as i64, greens), greens, &d.greens, owner))
    };
    let run_callee = |driver: usize, buf: *mut u64| unsafe { run_portal(record, driver, buf, true) };
    let p = params();
    let ((outcome, closed, aborted, refused), own) = timed(|| {
        let mut interp = Interp::new(st.module(), t);
        interp.entry_of = Some(&entry_of);
        if p.inlining {
            interp.assembler = Some((&token_of, &run_callee));
        }
        interp.max_portal_frames = if p.inlining { p.max_unroll_recursion as usize + 1 } else { 1 };
        interp.knows = Knows { heap: p.enable_opts.contains(&"heap"), pure: p.enable_opts.contains(&"pure") };
        interp.loop_headers = st.loop_headers();
        interp.not_inlined = Some(&st.not_inlined);
        let outcome = run(&mut interp);
        (outcome, interp.closed.take(), interp.aborted, interp.refused.take())
    });
    stats().lock().unwrap_or_else(|e| e.into_inner()).tracing_time += own;
    // A trace during which a quasi-immutable field was written may hold
    // its old value (RPython's tracer aborts when it sees the write): it
    // is dropped, and the key traced again.
    let stale = closed.as_ref().is_some_and(|t| !t.quasi.is_empty() && quasi::writes() != t.quasi_since);
    let (closed, aborted) = if stale { (None, Some(Abort::QuasiImmutableWrite)) } else { (closed, aborted) };
    let retry = refused.is_some() || stale;
    st.not_inlined.extend(refused);
    Traced { outcome, closed, aborted, retry }
}

/// Where a guard is: the merge point before it (a hash of its greens: the
/// interpreter's instruction), the depth of its innermost frame and the
/// position there (one in the interpreter's code for all its instructions
/// of a kind).
type Position = (u64, usize, u32, u32);

/// A guard on a condition of a recorded trace: which way the condition
/// went, and where the guard is.
type Branch = (rpy_jitcode::Op, Position);

/// Each guard of `ops` (those with a snapshot) with where it is, in order.
fn guard_positions(ops: &[ResOp]) -> impl Iterator<Item = (&ResOp, Option<Position>)> {
    let mut merge_point = 0;
    ops.iter().filter_map(move |o| {
        if o.op == rpy_jitcode::Op::DebugMergePoint {
            let mut h = rustc_hash::FxHasher::default();
            o.args.hash(&mut h);
            merge_point = h.finish();
        }
        let s = o.snapshot.as_ref()?;
        Some((o, s.frames.last().map(|top| (merge_point, s.frames.len(), top.jitcode, top.pc))))
    })
}

fn is_branch(op: rpy_jitcode::Op) -> bool {
    matches!(op, rpy_jitcode::Op::GuardTrue | rpy_jitcode::Op::GuardFalse)
}

/// The branches a recorded trace took, in order.
fn branches(trace: &Trace) -> Vec<Branch> {
    (guard_positions(&trace.ops)).filter(|(o, _)| is_branch(o.op)).filter_map(|(o, at)| Some((o.op, at?))).collect()
}

/// Which way the first of `branches` at `position` went.
fn way_at(branches: &[Branch], position: Position) -> Option<rpy_jitcode::Op> {
    branches.iter().find(|(_, at)| *at == position).map(|b| b.0)
}

/// What tracing gave.
struct Traced {
    outcome: Outcome,
    closed: Option<Trace>,
    aborted: Option<Abort>,
    /// The trace gave up on a recursive call it went into: tracing again,
    /// without going into it, may do.
    retry: bool,
}

thread_local! {
    /// The time the JIT's work (tracing, compiling) took inside the work
    /// being timed now (`timed`).
    static INSIDE: Cell<Duration> = const { Cell::new(Duration::ZERO) };
}

/// Runs `f`; the time it took without the JIT's work nested in it (a
/// recursive interpreter traces again inside a residual call while
/// tracing), so that `jit-summary` counts each moment once.
fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let outer = INSIDE.with(|i| i.replace(Duration::ZERO));
    let t0 = Instant::now();
    let r = f();
    let total = t0.elapsed();
    let nested = INSIDE.with(|i| i.replace(outer + total));
    (r, total.saturating_sub(nested))
}

fn status(o: Outcome) -> i64 {
    match o {
        Outcome::MergePoint => 0,
        Outcome::Return => 1,
    }
}

/// Optimizes `trace` (a jump's target entered at its label when the trace
/// knows enough): what other code enters the loop with, for a loop.
fn optimize_trace(st: &State, trace: &mut Trace) -> Option<ShortPreamble> {
    // Constant objects are alive: the trace pins them.
    let read_field = |obj: u64, leaf: &rpy_jitcode::Leaf| unsafe { super::interp::load(obj as *const u8, leaf) };
    let opts = Opts::new(&params().enable_opts, params().disable_unrolling);
    let call_pure_results = std::mem::take(&mut trace.call_pure_results);
    let env = Env { module: st.module(), read_field: &read_field, opts, call_pure_results: &call_pure_results };
    let short = optimize(trace, env, &|c| st.code(c).short.as_ref());
    trace.call_pure_results = call_pure_results;
    short
}

/// Whether `bridge`, jumping to loop `target`, enters its body (at its
/// label) rather than its preamble (a trial: the bridge is optimized
/// again when compiled).
fn enters_body(st: &State, bridge: &Trace, target: u32) -> bool {
    let mut trial = bridge.clone();
    trial.ops.last_mut().expect("a jump").descr = Some(target);
    optimize_trace(st, &mut trial);
    trial.enters_label
}

/// Logs, compiles and keeps a closed trace, or counts why there is none.
/// `what` starts the log's header, as PyPy's: `Loop 3 (<location>) :
/// loop` or `bridge out of Guard 0x2 of Loop 1`. A loop's `key` is the
/// references of its green key, which its code keeps alive; a bridge's
/// `from` is its parent code and guard.
fn add_code(
    st: &mut State,
    t: &Tables,
    closed: Option<Trace>,
    aborted: Option<Abort>,
    what: &str,
    key: &[u64],
    greens: &[u64],
    from: Option<(u32, usize)>,
) -> Option<u32> {
    let kind = if what.starts_with("bridge") { "bridge" } else { "loop" };
    let mut s = stats().lock().unwrap_or_else(|e| e.into_inner());
    s.tracing += 1;
    let Some(trace) = closed else {
        if aborted == Some(Abort::TooLong) {
            s.aborts_too_long += 1;
        }
        log::section("jit-abort", &format!("{aborted:?}\n"));
        return None;
    };
    s.recorded_ops += trace.ops.len() as u64;
    cool_passed_positions(&mut st.counter, &trace);
    s.segmented += trace.ops.last().is_some_and(|op| op.op == rpy_jitcode::Op::GuardAlwaysFails) as u64;
    s.guards += trace.ops.iter().filter(|o| o.snapshot.is_some()).count() as u64;
    s.calls += (trace.ops.iter())
        .filter(|o| {
            use rpy_jitcode::Op::*;
            matches!(o.op, CallI | CallR | CallF | CallN | CallPureI | CallPureR | CallPureF | CallPureN)
        })
        .count() as u64;
    st.free_dead();
    let n = st.free.pop().unwrap_or(st.codes.len() as u32);
    let name = st.compiled;
    let log_trace = |section: &str, trace: &Trace| {
        if log::enabled(section) {
            let location = |d, greens: &[u64]| unsafe { printable_location(st.module(), t, d, greens) };
            let text = trace.text(st.module(), t.prebuilt, &location);
            log::section(section, &format!("# {what} with {} ops\n{text}", trace.ops.len()));
        }
    };
    log_trace(&format!("jit-log-noopt-{kind}"), &trace);
    let branches = if kind == "loop" { branches(&trace) } else { Vec::new() };
    let mut trace = trace;
    let counter = log::enabled("jit-backend-counts").then(|| Box::leak(Box::new([0u64; 2])) as *mut [u64; 2]);
    // As RPython's profile counts them: the optimizer's time is tracing's,
    // the backend's is the compilation's.
    let (short, own) = timed(|| optimize_trace(st, &mut trace));
    s.tracing_time += own;
    let logged_at = log::now();
    let (compiled, own) = timed(|| {
        let st: &State = st;
        let codes = |code: u32| &st.code(code).compiled;
        let tokens = |token: u32| memory::token_ptr(st.id, token);
        let links = Links {
            codes: &codes,
            tokens: &tokens,
            assembler_helper: assembler_helper as *const () as usize,
            stack_limit: STACK_LIMIT.as_ptr() as usize,
        };
        let counter = counter.map(|c| c.cast::<u64>());
        let from = from.map(|(c, k)| (&st.code(c).compiled, k));
        compile_loop(params().backend, &trace, st.module(), t, n, &links, counter, from)
    });
    s.backend_time += own;
    s.opt_ops += trace.ops.len() as u64;
    s.opt_guards += trace.ops.iter().filter(|o| o.snapshot.is_some()).count() as u64;
    // As PyPy's: the section spans the backend's compilation.
    if let (Some(start), Ok(code)) = (logged_at, &compiled) {
        let (from, to) = (code.entry as usize, code.entry as usize + code.size);
        let name = what.split(" :").next().unwrap_or(what);
        log::section_since("jit-backend", start, &format!("{name} has address 0x{from:x} to 0x{to:x}\n"));
    }
    log_trace(&format!("jit-log-opt-{kind}"), &trace);
    match compiled {
        Ok(compiled) => {
            log::perf_map(compiled.entry, compiled.size, &format!("rpy_{kind}_{name}"));
            if kind == "loop" {
                s.loops += 1;
            } else {
                s.bridges += 1;
            }
            let n_guards = trace.ops.iter().filter(|o| o.snapshot.is_some()).count();
            // (A loop that is not unrolled is all preamble.)
            let label = match kind {
                "loop" => trace.ops.iter().position(|o| o.op == rpy_jitcode::Op::Label).unwrap_or(trace.ops.len()),
                _ => 0,
            };
            let retrace_guards =
                (guard_positions(&trace.ops[..label])).map(|(o, at)| at.filter(|_| is_branch(o.op))).collect();
            if let Some(c) = counter {
                let name = if kind == "loop" { format!("Loop {name}") } else { format!("bridge {name}") };
                counts().lock().unwrap_or_else(|e| e.into_inner()).push((name, c as usize));
            }
            let (fails, bridges) = (vec![0; n_guards], vec![None; n_guards]);
            let unpacked = (0..n_guards).map(|_| None).collect();
            let snapshots = Snapshots::pack(trace.ops.iter().filter_map(|o| o.snapshot.as_deref()));
            let bytes = compiled.size + trace.kinds.len() + snapshots.size();
            memory::add_code(st.id, n, compiled.entry as u64, &trace, key, kind == "bridge", bytes);
            let Trace { kinds, quasi, .. } = trace;
            quasi::depend(st.id, n, &*compiled.invalidated as *const _ as usize, &quasi);
            let greens = greens.to_vec();
            let code = Some(Box::new(Code {
                name,
                snapshots,
                unpacked,
                kinds,
                short,
                compiled,
                fails,
                bridges,
                quasi,
                greens,
                retrace_guards,
                branches,
                retrace_waits: vec![0; n_guards],
            }));
            match st.codes.get_mut(n as usize) {
                Some(slot) => *slot = code,
                None => st.codes.push(code),
            }
            st.compiled += 1;
            Some(n)
        }
        Err(e) => {
            if (n as usize) < st.codes.len() {
                st.free.push(n);
            }
            log::section("jit-abort", &format!("compiling: {e}\n"));
            s.aborts_compiling += 1;
            None
        }
    }
}

/// The positions of the outermost frame a trace about to be compiled went
/// through count from zero again: their counts were the heat of the path
/// the trace now covers (a loop's body, a bridge's way back), and counted
/// on they get hot only where the code does not run for them. (Else every
/// position of a loop's body gets hot right after its start, its count
/// as high, when a guard failing sends the run through the interpreter:
/// mandel.b made a second trace per loop, 660 "loops" for 197. RPython
/// decays every count when tracing starts instead.)
fn cool_passed_positions(counter: &mut JitCounter, trace: &Trace) {
    let mut key = Vec::new();
    for op in trace.ops.iter().filter(|op| op.op == rpy_jitcode::Op::DebugMergePoint) {
        if let [Value::Const(driver, _), Value::Const(0, _), greens @ ..] = op.args.as_slice() {
            key.clear();
            key.extend(greens.iter().map(|g| if let Value::Const(x, _) = g { *x } else { 0 }));
            counter.reset(key_hash(*driver as i64, &key));
        }
    }
}

/// Runs compiled code `c` from the merge point (the reds in `buf`), and
/// the code it goes on to, until a guard without a bridge fails; then
/// resumes in the blackhole interpreter from the guard's snapshot to the
/// next merge point, or, once the guard has failed `trace_eagerness`
/// times, traces a bridge from it, which the guard goes on to from then
/// on.
unsafe fn run_code(st: &mut State, t: &Tables, c: u32, driver: usize, buf: *mut u64) -> Outcome {
    let d = &st.module().drivers[driver];
    let (ngreens, nreds) = (d.greens.len(), d.reds.len());
    // On the machine stack, which the collector scans: the fail arguments
    // are alive while only the frame holds them.
    let mut frame = [0u64; FRAME_WORDS];
    frame[..nreds].copy_from_slice(std::slice::from_raw_parts(buf.add(ngreens), nreds));
    // The code runs until it returns here, and the codes it goes on to
    // (guards' bridges, jumps' targets) are alive while it is.
    memory::enter(st.id, c);
    let outcome = run_entered(st, t, c, driver, buf, &mut frame);
    memory::leave();
    outcome
}

/// `run_code` once the code is alive for the memory manager.
unsafe fn run_entered(st: &mut State, t: &Tables, c: u32, driver: usize, buf: *mut u64, frame: &mut Frame) -> Outcome {
    // No reference into `st` lives across the call: the code's calls may
    // run the portal again (a recursive interpreter), which may add code
    // to `st.codes` or free dead code.
    let exit = enter(&st.code(c).compiled, frame);
    after_exit(st, t, exit, driver, buf, frame)
}

/// What follows code's `exit` (`frame` its frame): the portal's result to
/// hand over, or a guard's failure: the blackhole interpreter resumes from
/// the guard's snapshot, or a bridge is traced from it.
unsafe fn after_exit(
    st: &mut State,
    t: &Tables,
    exit: u64,
    driver: usize,
    buf: *mut u64,
    frame: &mut Frame,
) -> Outcome {
    let (c, k) = exit_parts(exit);
    if k == FINISHED as usize {
        let n = st.module().drivers[driver].result.len();
        std::ptr::copy_nonoverlapping(frame.as_ptr(), buf, n);
        return Outcome::Return;
    }
    let module = st.module();
    let code = st.codes[c as usize].as_mut().expect("a live code");
    code.compiled.fail_args(k, frame);
    code.fails[k] += 1;
    let want_bridge = code.bridges[k].is_none() && code.fails[k] > params().trace_eagerness;
    if !want_bridge {
        let (snapshots, kinds) = (&code.snapshots, &code.kinds);
        let guard = code.unpacked[k].get_or_insert_with(|| Box::new(GuardState::new(&snapshots.get(k), kinds)));
        let record = &*st.record;
        let run_callee = |driver: usize, buf: *mut u64| {
            if log::enabled("jit-summary") {
                stats().lock().unwrap_or_else(|e| e.into_inner()).handed_to_portal += 1;
            }
            // (The program's time, not the blackhole's.)
            timed(|| run_portal(record, driver, buf, true));
        };
        let (outcome, own) = timed(|| resume(module, t, guard, frame, buf, &run_callee));
        if log::enabled("jit-summary") {
            let mut s = stats().lock().unwrap_or_else(|e| e.into_inner());
            s.resumed += 1;
            s.resumed_time += own;
        }
        return outcome;
    }
    let code = st.code_mut(c);
    let guard = code.unpacked[k].take().map_or_else(|| GuardState::new(&code.snapshots.get(k), &code.kinds), |s| *s);
    let limit = params().trace_limit as usize;
    let pins = memory::pins();
    let (name, greens) = (code.name, code.greens.clone());
    // The loop may be traced again from the bridge (RPython's retrace)
    // when the guard is a branch of its preamble: failing this often, the
    // loop may have been traced on a turn unlike the others (a `while`
    // left at once, an array grown by its first run), and a bridge back to
    // its start would run the preamble, making every value the loop
    // carries again, once per turn. (A guard on a value or a class is a
    // loop meeting other objects: bridges do better there than a loop for
    // each.)
    let hash = key_hash(driver as i64, &greens);
    let at_guard = st.code(c).retrace_guards.get(k).copied().flatten();
    let retrace = at_guard.is_some() && st.retraces.get(&hash).copied().unwrap_or(0) < params().retrace_limit;
    let mut to_loop = None;
    let traced = trace_with(st, t, driver, |interp| unsafe {
        interp.retrace_at = retrace.then(|| greens.clone());
        let outcome = interp.trace_bridge(driver, &guard, frame, buf, limit);
        to_loop = interp.bridge_to_loop.take().zip(interp.closed_at.take());
        outcome
    });
    let (outcome, retry) = (traced.outcome, traced.retry);
    let mut closed = traced.closed;
    let mut wait = false;
    // (A trace dropped, stale, takes its bridge with it.)
    if let Some((mut bridge, at)) = to_loop.filter(|_| closed.is_some()) {
        let turn = closed.take().expect("the loop traced again");
        let turn_branches = branches(&turn);
        let key_state = memory::lookup(st.id, key_hash(driver as i64, &at), &at);
        let key_code = match key_state {
            Some(KeyState::Code(key_code)) => Some(key_code),
            _ => None,
        };
        let target = match key_code {
            // A turn going the loop's way at the guard, when the bridge
            // cannot enter the loop's body, would make a loop the bridge
            // enters at its preamble on every turn (the loop was traced on
            // a turn unlike the bridge's: a `while` left at once, which the
            // bridge goes on with): the guard fails on and is traced from
            // again, up to `MAX_RETRACE_WAITS` times, for a turn its way.
            // A turn the way the key's loop went all along (a branch that
            // goes either way from turn to turn) is that loop again.
            Some(key_code)
                if at == greens
                    && st.code(c).retrace_waits[k] < MAX_RETRACE_WAITS
                    && at_guard.is_some_and(|p| {
                        matches!((way_at(&turn_branches, p), way_at(&st.code(c).branches, p)), (Some(a), Some(b)) if a == b)
                    })
                    && !enters_body(st, &bridge, key_code) =>
            {
                st.code_mut(c).retrace_waits[k] += 1;
                wait = true;
                None
            }
            Some(key_code) if st.code(key_code).branches == turn_branches => Some(key_code),
            // An inner loop the bridge ran through: a key without code (not
            // given up on) has it as its loop from now on, as if traced
            // there; else the loop is the bridge's.
            _ if at != greens => {
                let l = add_loop(st, t, driver, &at, Some(turn), traced.aborted);
                if let (None, Some(l)) = (key_state, l) {
                    set_key_state(st, driver, &at, KeyState::Code(l));
                }
                l
            }
            // Else the loop traced again is the bridge's, not the key's:
            // the key's turns are the loop's as traced first, and a loop
            // traced from a first turn (a bridge out of a loop's exit, back
            // at its start for the next run) would make them worse. Its
            // code lives while the bridge going into it does.
            _ => {
                let l = add_loop(st, t, driver, &at, Some(turn), traced.aborted);
                let guards = l.map_or(0, |l| st.code(l).fails.len() as u32);
                let n = st.retraces.entry(hash).or_insert(0);
                *n = if guards > params().max_retrace_guards { u32::MAX } else { *n + 1 };
                if let Some(l) = l {
                    let to = st.code(l).name;
                    log::section("jit-retrace", &format!("Loop {to} from Guard 0x{k:x} of Loop {name}\n"));
                }
                l.or(key_code)
            }
        };
        if let Some(target) = target {
            memory::pin_code(st.id, target);
            bridge.ops.last_mut().expect("a jump").descr = Some(target);
            closed = Some(bridge);
        }
    }
    if wait {
        memory::unpin(pins);
        let code = st.code_mut(c);
        (code.fails[k], code.bridges[k]) = (0, None);
        log::section("jit-retrace", &format!("Guard 0x{k:x} of Loop {name} waits for another turn\n"));
        return outcome;
    }
    let what = format!("bridge out of Guard 0x{k:x} of Loop {name}");
    let bridge = add_code(st, t, closed, traced.aborted, &what, &[], &greens, Some((c, k))).ok_or(());
    if let Ok(b) = bridge {
        // Alive while its parent is, before the guard goes on into it.
        memory::add_bridge(st.id, c, b);
        let entry = st.code(b).compiled.entry;
        st.code_mut(c).compiled.attach(k, entry);
    }
    memory::unpin(pins);
    st.code_mut(c).bridges[k] = if bridge.is_err() && retry { None } else { Some(bridge) };
    outcome
}
