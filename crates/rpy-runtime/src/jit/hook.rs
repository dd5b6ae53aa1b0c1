//! Where translated code meets the JIT: `rpy_jit_merge_point`, called at
//! every merge point while the byte `rpy_jit_hook` is set (see rpy-llvm's
//! `codegen/jit.rs` for the protocol), and the per-module state it keeps.
//!
//! The parameters come from `RPYJIT` once per process (`off` clears
//! `rpy_jit_hook`, so the merge points cost a load and a branch). Each
//! module's state (its decoded jitcodes, its hot counters, its loops)
//! hangs from the last word of its record. A green key that gets hot is
//! traced (`interp`) from its merge point until the loop closes; the
//! trace goes to the `jit-log-noopt-loop` log. Loops are not compiled
//! yet: a hot key with a loop, or whose tracing aborted, runs in the
//! blackhole interpreter to the next merge point.

use super::counter::{increment, JitCounter};
use super::interp::{run_from_merge_point, Abort, CallWrapper, Interp, Outcome, Tables};
use super::log;
use super::params::JitParams;
use super::trace::Trace;
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
    /// What tracing from each green key (with its driver) gave.
    keys: HashMap<(i64, Vec<u64>), KeyState>,
    loops: Vec<Trace>,
}

enum KeyState {
    Loop(#[allow(dead_code)] usize),
    Aborted,
}

/// The counters of `jit-summary`, for the whole process.
#[derive(Default)]
struct Stats {
    tracing: u64,
    tracing_time: Duration,
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
        "Tracing:      \t{}\t{:.6}\nBackend:      \t0\t0.000000\nTOTAL:      \t\t{:.6}\nops:             \t{}\nrecorded ops:    \t{}\n  calls:         \t{}\nguards:          \t{}\nabort: trace too long:\t{}\nTotal # of loops:\t{}\nTotal # of bridges:\t0\n",
        s.tracing,
        s.tracing_time.as_secs_f64(),
        start_time().elapsed().as_secs_f64(),
        s.recorded_ops,
        s.recorded_ops,
        s.calls,
        s.guards,
        s.aborts_too_long,
        s.loops
    );
    log::section("jit-summary", &body);
}

/// The JIT's parameters, from `RPYJIT` (a bad value stops the program
/// with a message, as a bad command-line option would).
pub fn params() -> &'static JitParams {
    static PARAMS: OnceLock<JitParams> = OnceLock::new();
    PARAMS.get_or_init(|| {
        let text = std::env::var("RPYJIT").unwrap_or_default();
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
    let hash = green_hash(std::slice::from_raw_parts(buf, d.greens.len())) ^ driver as u64;
    if !st.counter.tick(hash, increment(params.threshold)) {
        return 0;
    }
    st.counter.reset(hash);
    let tables = Tables {
        calls: std::slice::from_raw_parts(record.calls, record.ncalls),
        typeinfos: std::slice::from_raw_parts(record.typeinfos, record.ntypeinfos),
        strings: std::slice::from_raw_parts(record.strings, record.nstrings),
    };
    let key = (driver, std::slice::from_raw_parts(buf, d.greens.len()).to_vec());
    let outcome = if st.keys.contains_key(&key) {
        run_from_merge_point(&st.module, &tables, driver as usize, buf)
    } else {
        let t0 = Instant::now();
        let mut interp = Interp::new(&st.module, &tables);
        let outcome = interp.trace(driver as usize, buf, params.trace_limit as usize);
        let (closed, aborted) = (interp.closed.take(), interp.aborted);
        let mut s = stats().lock().unwrap_or_else(|e| e.into_inner());
        s.tracing += 1;
        s.tracing_time += t0.elapsed();
        if let Some(trace) = closed {
            s.recorded_ops += trace.ops.len() as u64;
            s.guards += trace.ops.iter().filter(|o| o.snapshot.is_some()).count() as u64;
            s.calls += trace.ops.iter().filter(|o| o.op.name().starts_with("call")).count() as u64;
            s.loops += 1;
            if log::enabled("jit-log-noopt-loop") {
                let n = st.loops.len();
                let body = format!(
                    "# Loop {n} ({}) : loop with {} ops\n{}",
                    st.module.drivers[driver as usize].name,
                    trace.ops.len(),
                    trace.text(&st.module, tables.strings)
                );
                log::section("jit-log-noopt-loop", &body);
            }
            st.keys.insert(key, KeyState::Loop(st.loops.len()));
            st.loops.push(trace);
        } else {
            if aborted == Some(Abort::TooLong) {
                s.aborts_too_long += 1;
            }
            log::section("jit-abort", &format!("{aborted:?}\n"));
            st.keys.insert(key, KeyState::Aborted);
        }
        outcome
    };
    match outcome {
        Outcome::MergePoint => 0,
        Outcome::Return => 1,
    }
}
