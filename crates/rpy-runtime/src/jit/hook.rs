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

use super::backend::{compile_loop, guards, CompiledLoop};
use super::counter::{increment, JitCounter};
use super::interp::{resume, run_from_merge_point, Abort, CallWrapper, Interp, Outcome, Tables};
use super::log;
use super::params::JitParams;
use super::trace::{Trace, Value};
use crate::gc::TypeInfo;
use rpy_jitcode::JitModule;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Set while merge points must call the JIT.
#[unsafe(no_mangle)]
pub static rpy_jit_hook: AtomicU8 = AtomicU8::new(1);

/// A translated module's record, as rpy-llvm emits it.
#[repr(C)]
pub struct JitModuleRecord {
    code: *const u8,
    code_len: usize,
    calls: *const CallWrapper,
    ncalls: usize,
    typeinfos: *const *const TypeInfo,
    ntypeinfos: usize,
    strings: *const *mut u8,
    nstrings: usize,
    /// The module's `State`, made at its first merge point.
    state: AtomicUsize,
}

struct State {
    module: JitModule,
    counter: JitCounter,
    /// What tracing from each green key gave, by the key's hash (with its
    /// driver's number).
    keys: HashMap<u64, Vec<(Vec<u64>, KeyState)>>,
    loops: Vec<Loop>,
}

enum KeyState {
    /// A compiled loop, by its index in `State::loops`.
    Loop(usize),
    /// Tracing or compiling gave up.
    Aborted,
}

struct Loop {
    trace: Trace,
    code: CompiledLoop,
}

/// The counters of `jit-summary`, for the whole process.
#[derive(Default)]
struct Stats {
    tracing: u64,
    tracing_time: Duration,
    backend_time: Duration,
    aborts_compiling: u64,
    recorded_ops: u64,
    calls: u64,
    guards: u64,
    aborts_too_long: u64,
    loops: u64,
}

fn stats() -> &'static Mutex<Stats> {
    static STATS: OnceLock<Mutex<Stats>> = OnceLock::new();
    STATS.get_or_init(|| {
        if log::enabled("jit-summary") {
            unsafe extern "C" {
                fn atexit(f: extern "C" fn()) -> i32;
            }
            // SAFETY: registers a plain function, run once at exit.
            unsafe { atexit(write_summary) };
        }
        Mutex::default()
    })
}

/// Process start, for the summary's total (the first use of the JIT, in
/// fact: close enough for the share of the JIT in a run).
fn start_time() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

extern "C" fn write_summary() {
    let s = stats().lock().unwrap_or_else(|e| e.into_inner());
    let body = format!(
        "Tracing:      \t{}\t{:.6}\nBackend:      \t{}\t{:.6}\nTOTAL:      \t\t{:.6}\nops:             \t{}\nrecorded ops:    \t{}\n  calls:         \t{}\nguards:          \t{}\nabort: trace too long:\t{}\nabort: compiling:\t{}\nTotal # of loops:\t{}\nTotal # of bridges:\t0\n",
        s.tracing,
        s.tracing_time.as_secs_f64(),
        s.loops,
        s.backend_time.as_secs_f64(),
        start_time().elapsed().as_secs_f64(),
        s.recorded_ops,
        s.recorded_ops,
        s.calls,
        s.guards,
        s.aborts_too_long,
        s.aborts_compiling,
        s.loops
    );
    log::section("jit-summary", &body);
}

/// The JIT's parameters, from `RPYJIT` (a bad value stops the program
/// with a message, as a bad command-line option would).
///
/// Until the JIT has its optimizer and bridges it is slower than the
/// translated interpreter on real programs, so it stays off unless
/// `RPYJIT` is set (`RPYJIT=default` for RPython's parameters).
pub fn params() -> &'static JitParams {
    static PARAMS: OnceLock<JitParams> = OnceLock::new();
    PARAMS.get_or_init(|| {
        let text = std::env::var("RPYJIT").unwrap_or_else(|_| "off".into());
        JitParams::parse(&text).unwrap_or_else(|e| {
            eprintln!("rpy: bad RPYJIT={text:?}: {e}");
            std::process::exit(2)
        })
    })
}

unsafe fn state(record: &JitModuleRecord) -> &'static mut State {
    let mut p = record.state.load(Ordering::Relaxed);
    if p == 0 {
        let bytes = std::slice::from_raw_parts(record.code, record.code_len);
        let module = rpy_jitcode::decode(bytes).unwrap_or_else(|e| {
            eprintln!("rpy: the JIT's data of this program is corrupt ({e}); run it with RPYJIT=off");
            std::process::exit(2)
        });
        let s = Box::new(State { module, counter: JitCounter::new(1 << 12), keys: HashMap::new(), loops: Vec::new() });
        p = Box::into_raw(s) as usize;
        record.state.store(p, Ordering::Relaxed);
    }
    &mut *(p as *mut State)
}

/// A hash of the green leaves (RPython hashes the green key the same way:
/// each value mixed in turn).
fn green_hash(greens: &[u64]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for &g in greens {
        h = (h ^ g).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    }
    h.wrapping_mul(0x9e37_79b9_7f4a_7c15)
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
    let params = params();
    if !params.enabled {
        rpy_jit_hook.store(0, Ordering::Relaxed);
        return 0;
    }
    let record = &*record;
    start_time();
    let st = state(record);
    let d = &st.module.drivers[driver as usize];
    let greens = std::slice::from_raw_parts(buf, d.greens.len());
    let hash = green_hash(greens) ^ driver as u64;
    let tables = Tables {
        calls: std::slice::from_raw_parts(record.calls, record.ncalls),
        typeinfos: std::slice::from_raw_parts(record.typeinfos, record.ntypeinfos),
        strings: std::slice::from_raw_parts(record.strings, record.nstrings),
    };
    let known = st.keys.get(&hash).and_then(|ks| ks.iter().find(|(g, _)| g.as_slice() == greens)).map(|(_, k)| k);
    if let Some(KeyState::Loop(i)) = known {
        return status(run_loop(&st.module, &tables, &st.loops[*i], driver as usize, buf));
    }
    if !st.counter.tick(hash, increment(params.threshold)) {
        return 0;
    }
    st.counter.reset(hash);
    if known.is_some() {
        // Tracing from here gave up before: interpret to the next merge point.
        return status(run_from_merge_point(&st.module, &tables, driver as usize, buf));
    }
    let greens = greens.to_vec();
    let t0 = Instant::now();
    let mut interp = Interp::new(&st.module, &tables);
    let outcome = interp.trace(driver as usize, buf, params.trace_limit as usize);
    let (closed, aborted) = (interp.closed.take(), interp.aborted);
    let mut s = stats().lock().unwrap_or_else(|e| e.into_inner());
    s.tracing += 1;
    s.tracing_time += t0.elapsed();
    let state = match closed {
        Some(trace) => {
            s.recorded_ops += trace.ops.len() as u64;
            s.guards += trace.ops.iter().filter(|o| o.snapshot.is_some()).count() as u64;
            s.calls += trace.ops.iter().filter(|o| o.op.name().starts_with("call")).count() as u64;
            let n = st.loops.len();
            if log::enabled("jit-log-noopt-loop") {
                let body = format!(
                    "# Loop {n} ({}) : loop with {} ops\n{}",
                    st.module.drivers[driver as usize].name,
                    trace.ops.len(),
                    trace.text(&st.module, tables.strings)
                );
                log::section("jit-log-noopt-loop", &body);
            }
            let t1 = Instant::now();
            let compiled = compile_loop(&trace, &st.module, &tables);
            s.backend_time += t1.elapsed();
            match compiled {
                Ok(code) => {
                    s.loops += 1;
                    st.loops.push(Loop { trace, code });
                    KeyState::Loop(n)
                }
                Err(e) => {
                    log::section("jit-abort", &format!("compiling: {e}\n"));
                    s.aborts_compiling += 1;
                    KeyState::Aborted
                }
            }
        }
        None => {
            if aborted == Some(Abort::TooLong) {
                s.aborts_too_long += 1;
            }
            log::section("jit-abort", &format!("{aborted:?}\n"));
            KeyState::Aborted
        }
    };
    st.keys.entry(hash).or_default().push((greens, state));
    status(outcome)
}

fn status(o: Outcome) -> i64 {
    match o {
        Outcome::MergePoint => 0,
        Outcome::Return => 1,
    }
}

/// Runs a compiled loop from the merge point (the reds in `buf`) until a
/// guard fails, then resumes in the blackhole interpreter from the
/// guard's snapshot to the next merge point.
unsafe fn run_loop(m: &JitModule, t: &Tables, l: &Loop, driver: usize, buf: *mut u64) -> Outcome {
    let d = &m.drivers[driver];
    let (ngreens, nreds) = (d.greens.len(), d.reds.len());
    let mut frame = vec![0u64; l.code.frame_size.max(nreds)];
    frame[..nreds].copy_from_slice(std::slice::from_raw_parts(buf.add(ngreens), nreds));
    let k = (l.code.entry)(frame.as_mut_ptr());
    let guard = guards(&l.trace).nth(k as usize).expect("the failing guard");
    let snapshot = guard.snapshot.as_ref().expect("a guard's snapshot");
    // The fail arguments are the snapshot's variables, in order.
    let mut values = std::collections::HashMap::new();
    let vars = snapshot.frames.iter().flat_map(|f| f.live.iter()).filter_map(|(_, v)| match v {
        Value::Var(n) => Some(*n),
        Value::Const(..) => None,
    });
    for (slot, n) in vars.enumerate() {
        values.insert(n, frame[slot]);
    }
    let value = |v: &Value| match v {
        Value::Const(x, _) => *x,
        Value::Var(n) => values[n],
    };
    resume(m, t, snapshot, value, buf)
}
