//! Scalar kernels, run untranslated (this module as rustc -O compiles it)
//! and translated (the native code rpy generated from the same source),
//! timed side by side in one run:
//!
//!     cargo run --release -p kernels
//!
//! Prints each kernel's time in both versions and the ratio translated /
//! untranslated (target: <= 1.10), then the translation time per stage.

use std::hint::black_box as b;
use std::time::Instant;

#[rpython::entry]
pub mod kernels {
    /// Recursive Fibonacci: calls and integer arithmetic.
    pub fn fib(n: i64) -> i64 {
        if n < 2 {
            n
        } else {
            fib(n - 1) + fib(n - 2)
        }
    }

    /// Counts primes below `limit` by trial division: nested loops,
    /// division and remainder (a sieve without a table).
    pub fn count_primes(limit: u64) -> u64 {
        let mut count = 0;
        let mut n = 2;
        while n < limit {
            let mut d = 2;
            let mut prime = true;
            while d * d <= n {
                if n % d == 0 {
                    prime = false;
                    break;
                }
                d += 1;
            }
            if prime {
                count += 1;
            }
            n += 1;
        }
        count
    }

    /// Counts the points of a `size` x `size` grid over [-2, 1] x [-1.5, 1.5]
    /// that stay bounded for `max_iter` iterations: float arithmetic.
    pub fn mandelbrot(size: i64, max_iter: i64) -> i64 {
        let mut inside = 0;
        for py in 0..size {
            let ci = py as f64 * 3.0 / size as f64 - 1.5;
            for px in 0..size {
                let cr = px as f64 * 3.0 / size as f64 - 2.0;
                let (mut zr, mut zi) = (0.0, 0.0);
                let mut i = 0;
                while i < max_iter && zr * zr + zi * zi <= 4.0 {
                    let t = zr * zr - zi * zi + cr;
                    zi = 2.0 * zr * zi + ci;
                    zr = t;
                    i += 1;
                }
                if i == max_iter {
                    inside += 1;
                }
            }
        }
        inside
    }
}

/// Times `untranslated` and `translated` alternately, seven times each,
/// so that both see the same machine load; returns the best time of each.
fn compare<T: PartialEq + std::fmt::Debug>(
    name: &str,
    untranslated: impl Fn() -> T,
    translated: impl Fn() -> T,
) -> bool {
    let time = |f: &dyn Fn() -> T| {
        let start = Instant::now();
        let r = b(f());
        (start.elapsed().as_secs_f64(), r)
    };
    let (mut tu, mut tt) = (f64::INFINITY, f64::INFINITY);
    let (mut ru, mut rt) = (None, None);
    for _ in 0..7 {
        let (t, r) = time(&untranslated);
        tu = tu.min(t);
        ru = Some(r);
        let (t, r) = time(&translated);
        tt = tt.min(t);
        rt = Some(r);
    }
    let ratio = tt / tu;
    let verdict = if ratio <= 1.10 { "ok" } else { "SLOWER than target 1.10" };
    println!("{name:<14} untranslated {tu:>8.4} s   translated {tt:>8.4} s   ratio {ratio:>5.2}   {verdict}");
    if ru != rt {
        println!("  MISMATCH: untranslated {ru:?}, translated {rt:?}");
        return false;
    }
    true
}

fn main() {
    let n: i64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(35);
    println!("kernel         time (best of 7, alternating)");
    let mut ok = true;
    ok &= compare("fib", || kernels::fib(b(n)), || kernels::translated::fib(b(n)));
    ok &= compare(
        "count_primes",
        || kernels::count_primes(b(1_000_000)),
        || kernels::translated::count_primes(b(1_000_000)),
    );
    ok &= compare(
        "mandelbrot",
        || kernels::mandelbrot(b(600), b(300)),
        || kernels::translated::mandelbrot(b(600), b(300)),
    );
    println!();
    println!("translation of module `kernels` (at compile time):");
    let mut total = 0.0;
    for (stage, secs) in kernels::translated::TRANSLATION_TIMINGS {
        println!("  {stage:<16} {secs:>8.4} s");
        total += secs;
    }
    println!("  {:<16} {total:>8.4} s (target: under 1 s)", "total");
    if !ok {
        std::process::exit(1);
    }
}
