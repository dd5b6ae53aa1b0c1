// stage: codewriter
// The portal of a small loop: the merge point with its greens and reds,
// `promote` as a guard, a branch, field and list reads in a function the
// JIT traces into (`get`), and residual calls of an elidable function and
// of one with a loop.
use rpython::jit::{elidable, jit_merge_point, promote, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "n"], &["acc"]);

struct Tape {
    cells: Vec<i64>,
    pos: usize,
}

fn get(t: &Tape) -> i64 {
    t.cells[t.pos]
}

#[elidable]
fn double(x: i64) -> i64 {
    x * 2
}

fn sum_to(k: i64) -> i64 {
    let mut s = 0;
    let mut i = 0;
    while i < k {
        s += i;
        i += 1;
    }
    s
}

pub fn interpret(n: i64) -> i64 {
    let mut pc = 0;
    let mut acc = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc, n; acc);
        let k = promote(pc);
        if k % 3 == 0 {
            acc += double(k);
        } else {
            acc -= sum_to(k);
        }
        pc += 1;
    }
    let t = Tape { cells: vec![acc], pos: 0 };
    get(&t)
}
