//! The binary-trees benchmark (the Computer Language Benchmarks Game's
//! allocation test), run untranslated (`Box` and the system allocator, as
//! rustc -O compiles this module) and translated (rpy's GC), side by side:
//!
//!     cargo run --release -p binarytrees [DEPTH]
//!
//! Prints both times and the ratio translated / untranslated (target:
//! <= 1.0), and checks that both computed the same checksums.

use std::hint::black_box as b;
use std::time::Instant;

#[rpython::entry]
pub mod trees {
    struct Tree {
        left: Option<Box<Tree>>,
        right: Option<Box<Tree>>,
    }

    fn bottom_up(depth: i64) -> Box<Tree> {
        if depth > 0 {
            Box::new(Tree { left: Some(bottom_up(depth - 1)), right: Some(bottom_up(depth - 1)) })
        } else {
            Box::new(Tree { left: None, right: None })
        }
    }

    fn check(tree: &Tree) -> i64 {
        let mut n = 1;
        if let Some(l) = &tree.left {
            n += check(l);
        }
        if let Some(r) = &tree.right {
            n += check(r);
        }
        n
    }

    /// The benchmark for `max_depth`: a long-lived tree, many short-lived
    /// ones of each depth, and a stretch tree; returns a checksum.
    pub fn run(max_depth: i64) -> i64 {
        let min_depth = 4;
        let max_depth = if min_depth + 2 > max_depth { min_depth + 2 } else { max_depth };
        let mut checksum = check(&bottom_up(max_depth + 1));
        let long_lived = bottom_up(max_depth);
        let mut depth = min_depth;
        while depth <= max_depth {
            let iterations = 1 << (max_depth - depth + min_depth);
            let mut sum = 0;
            for _ in 0..iterations {
                sum += check(&bottom_up(depth));
            }
            checksum = checksum * 31 + sum;
            depth += 2;
        }
        checksum * 31 + check(&long_lived)
    }
}

fn main() {
    let depth: i64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(18);
    let time = |f: &dyn Fn() -> i64| {
        let start = Instant::now();
        let r = b(f());
        (start.elapsed().as_secs_f64(), r)
    };
    let (mut tu, mut tt) = (f64::INFINITY, f64::INFINITY);
    let (mut ru, mut rt) = (0, 0);
    for _ in 0..3 {
        let (t, r) = time(&|| trees::run(b(depth)));
        (tu, ru) = (tu.min(t), r);
        let (t, r) = time(&|| trees::translated::run(b(depth)));
        (tt, rt) = (tt.min(t), r);
    }
    let ratio = tt / tu;
    let verdict = if ratio <= 1.0 { "ok" } else { "SLOWER than target 1.0" };
    println!("binary-trees depth {depth} (best of 3, alternating)");
    println!("untranslated {tu:>8.3} s   translated {tt:>8.3} s   ratio {ratio:>5.2}   {verdict}");
    if ru != rt {
        println!("MISMATCH: untranslated {ru}, translated {rt}");
        std::process::exit(1);
    }
}
