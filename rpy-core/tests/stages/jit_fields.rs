// stage: codewriter
// Reads and writes of a red struct's fields: `getfield_gc_i`/`setfield_gc_i` with field descrs.
use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["m"]);

struct Machine {
    acc: i64,
    steps: i64,
}

fn interpret(n: i64, m: &mut Machine) {
    let mut pc = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; m);
        m.acc += pc;
        m.steps += 1;
        pc += 1;
    }
}

pub fn run(n: i64) -> i64 {
    let mut m = Machine { acc: 0, steps: 0 };
    interpret(n, &mut m);
    m.acc + m.steps
}
