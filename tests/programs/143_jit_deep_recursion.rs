// A recursive interpreter nested 2000 calls deep with the JIT on: each level spins a small loop (traced, compiled, entered from the interpreter) before calling the next, so compiled code, the JIT's frames and the blackhole interpreter are on the machine stack thousands of times over (with the JIT forced hot this overflowed the stack before the JIT stopped at a margin of it)
// call: run(2000)
// expect: "depth=2000 sum=2001000 loops=6003"

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "acc", "i", "stats"]);

struct Stats {
    loops: i64,
}

// pc 0: spin 3 turns; 1: acc = n + interpret(n - 1); 2: return acc.
fn interpret(n: i64, stats: &mut Stats) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    let mut i = 0;
    loop {
        jit_merge_point!(DRIVER; pc; n, acc, i, stats);
        match pc {
            0 => {
                if i < 3 {
                    i += 1;
                    stats.loops += 1;
                } else {
                    pc = 1;
                }
            }
            1 => {
                acc = if n == 0 { 0 } else { n + interpret(n - 1, stats) };
                pc = 2;
            }
            _ => return acc,
        }
    }
}

pub fn run(n: i64) -> String {
    let mut stats = Stats { loops: 0 };
    let sum = interpret(n, &mut stats);
    format!("depth={n} sum={sum} loops={}", stats.loops)
}
