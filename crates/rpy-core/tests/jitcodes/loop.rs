// jitcodes: interpret, get
// The portal of a small loop: the merge point with its greens and reds,
// `promote` as a guard, a branch, and field and list reads.
use rpython::jit::{jit_merge_point, promote, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["acc"]);

struct Tape {
    cells: Vec<i64>,
    pos: usize,
}

fn get(t: &Tape) -> i64 {
    t.cells[t.pos]
}

pub fn interpret(n: i64) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; acc);
        let k = promote(pc);
        if k % 3 == 0 {
            acc += k;
        } else {
            acc -= 1;
        }
        pc += 1;
    }
    let t = Tape { cells: vec![acc], pos: 0 };
    get(&t)
}
