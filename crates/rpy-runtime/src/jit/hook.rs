//! Where translated code meets the JIT: `rpy_jit_merge_point`, called at
//! every merge point while the byte `rpy_jit_hook` is set (see rpy-llvm's
//! `codegen/jit.rs` for the protocol), and the per-module state it keeps.
//!
//! The parameters come from `RPYJIT` once per process (`off` clears
//! `rpy_jit_hook`, so the merge points cost a load and a branch). Each
//! module's state (its decoded jitcodes, its hot counters) hangs from the
//! last word of its record. A green key that gets hot runs in the
//! blackhole interpreter to the next merge point; tracing will start
//! there.

use super::blackhole::{run_from_merge_point, CallWrapper, Outcome, Tables};
use super::counter::{increment, JitCounter};
use super::params::JitParams;
use crate::gc::TypeInfo;
use rpy_jitcode::JitModule;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::OnceLock;

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
        let s = Box::new(State { module, counter: JitCounter::new(1 << 12) });
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
    match run_from_merge_point(&st.module, &tables, driver as usize, buf) {
        Outcome::MergePoint => 0,
        Outcome::Return => 1,
    }
}
