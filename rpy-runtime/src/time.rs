//! Clocks, as RPython's `rpython.rlib.rtime`: `clock()` (the process's CPU
//! time) and `time()` (the wall clock). Untranslated they are these
//! functions; translated code calls the same ones through the runtime's
//! `rpy_time_clock`/`rpy_time_time` (`ll.rs`).

use std::ffi::{c_int, c_long};

/// C's `struct timespec` on 64-bit Linux (x86-64 and AArch64): `time_t`
/// and `long` are both `long` there.
#[repr(C)]
struct Timespec {
    tv_sec: c_long,
    tv_nsec: c_long,
}

/// Linux's clock id of the CPU time used by all the process's threads (the
/// same on every architecture).
const CLOCK_PROCESS_CPUTIME_ID: c_int = 2;

extern "C" {
    // From the C library every Rust program on our targets links with.
    fn clock_gettime(clock: c_int, tp: *mut Timespec) -> c_int;
}

/// The CPU time the process has used, in seconds: what C's
/// `clock() / CLOCKS_PER_SEC` and Lua's `os.clock()` give (at nanosecond
/// resolution rather than `clock()`'s microseconds). -1.0 if the system
/// cannot tell, as `clock()` returns `(clock_t) -1`.
pub fn clock() -> f64 {
    let mut t = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a `timespec` for the call to fill.
    if unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut t) } != 0 {
        return -1.0;
    }
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// The wall-clock time in seconds since the Unix epoch (negative before
/// it), as Python's `time.time()`.
pub fn time() -> f64 {
    match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64(),
        Err(before) => -before.duration().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_counts_the_cpu_time_of_work() {
        let start = clock();
        assert!(start > 0.0, "{start}");
        let wall = std::time::Instant::now();
        let mut x = 0u64;
        while clock() < start + 0.02 {
            for i in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
            }
            assert!(wall.elapsed().as_secs() < 10, "20 ms of work took no CPU time");
        }
    }

    #[test]
    fn time_is_seconds_since_the_epoch() {
        let std_secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs_f64();
        assert!((time() - std_secs).abs() < 1.0, "{} vs {std_secs}", time());
        assert!(time() > 1.7e9);
    }
}
