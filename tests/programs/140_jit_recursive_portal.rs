// A recursive interpreter under the JIT: the portal calls itself (a residual call in jitcodes), so the JIT is entered again at the callee's merge points, tracing and compiling, while the caller is in the middle of a trace, of compiled code or of the blackhole interpreter
// call: run(6)
// expect: "fib(6)=8 calls=25 loops=38"

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "acc", "i", "stats"]);

struct Stats {
    calls: i64,
    loops: i64,
}

// The program, by pc: 0: if n < 2 return n; 1: acc = fib(n-1) + fib(n-2);
// 2: spin a small loop n times; 3: return acc.
fn interpret(n: i64, stats: &mut Stats) -> i64 {
    stats.calls += 1;
    let mut pc = 0;
    let mut acc = 0;
    let mut i = 0;
    loop {
        jit_merge_point!(DRIVER; pc; n, acc, i, stats);
        match pc {
            0 => {
                if n < 2 {
                    return n;
                }
                pc = 1;
            }
            1 => {
                acc = interpret(n - 1, stats) + interpret(n - 2, stats);
                pc = 2;
            }
            2 => {
                if i < n {
                    i += 1;
                    stats.loops += 1;
                } else {
                    pc = 3;
                }
            }
            _ => return acc,
        }
    }
}

pub fn run(n: i64) -> String {
    let mut stats = Stats { calls: 0, loops: 0 };
    let f = interpret(n, &mut stats);
    format!("fib({n})={f} calls={} loops={}", stats.calls, stats.loops)
}
