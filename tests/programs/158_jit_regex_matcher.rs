// A backtracking regex matcher with the instructions of the classic regex VMs (char, any, range, split, jump, match), a pattern compiled at run time to a list of instructions fetched by an elidable function; the greens are the position in the pattern and the pattern, the reds the position in the subject, the subject and the backtrack stack; a search tries the pattern at every position of a long generated subject of `key=digits;` entries, the hot loops being the greedy repetitions (`split` closing them, a backtrack entry pushed every turn)
// call: run(300)
// expect: "matches=240 bytes=5881 tried=1777 longest=36"

use rpython::jit::{can_enter_jit, elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver =
    JitDriver::new(&["pc", "prog"], &["pos", "input", "stack"]).get_printable_location("location");

enum Inst {
    Char(u8),
    Any,
    /// A byte in `lo..=hi`.
    Range(u8, u8),
    /// Go on at the first target; on failure come back to the second.
    Split(usize, usize),
    Jump(usize),
    Match,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, prog: &Vec<Inst>) -> String {
    let name = match &prog[pc] {
        Inst::Char(_) => "char",
        Inst::Any => "any",
        Inst::Range(_, _) => "range",
        Inst::Split(_, _) => "split",
        Inst::Jump(_) => "jump",
        Inst::Match => "match",
    };
    format!("#{pc} {name}")
}

/// Compiles a pattern of atoms (a byte, `.`, a range `[a-z]`), each
/// followed by `*`, `+` or nothing: `x*` is `L: split L+1, out; x; jump
/// L`, `x+` is `L: x; split L, out`.
fn compile(pattern: &str) -> Vec<Inst> {
    let bytes: Vec<char> = pattern.chars().collect();
    let mut prog = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let (atom, width) = if bytes[i] == '[' {
            (Inst::Range(bytes[i + 1] as u8, bytes[i + 3] as u8), 5)
        } else if bytes[i] == '.' {
            (Inst::Any, 1)
        } else {
            (Inst::Char(bytes[i] as u8), 1)
        };
        i += width;
        let repeat = if i < bytes.len() && (bytes[i] == '*' || bytes[i] == '+') { bytes[i] } else { ' ' };
        if repeat == '*' {
            let top = prog.len();
            prog.push(Inst::Split(top + 1, top + 3));
            prog.push(atom);
            prog.push(Inst::Jump(top));
            i += 1;
        } else if repeat == '+' {
            let top = prog.len();
            prog.push(atom);
            prog.push(Inst::Split(top, top + 2));
            i += 1;
        } else {
            prog.push(atom);
        }
    }
    prog.push(Inst::Match);
    prog
}

#[elidable]
fn fetch(prog: &Vec<Inst>, pc: usize) -> &Inst {
    &prog[pc]
}

/// The end of the match of `prog` at `start`, or -1.
fn match_at(prog: &Vec<Inst>, input: &Vec<u8>, start: usize, stack: &mut Vec<usize>) -> i64 {
    let mut pc = 0;
    let mut pos = start;
    stack.clear();
    loop {
        jit_merge_point!(DRIVER; pc, prog; pos, input, stack);
        let ok = match fetch(prog, pc) {
            Inst::Char(c) => pos < input.len() && input[pos] == *c,
            Inst::Any => pos < input.len(),
            Inst::Range(lo, hi) => pos < input.len() && input[pos] >= *lo && input[pos] <= *hi,
            Inst::Split(a, b) => {
                stack.push(*b);
                stack.push(pos);
                let back = *a < pc;
                pc = *a;
                if back {
                    can_enter_jit!(DRIVER; pc, prog; pos, input, stack);
                }
                continue;
            }
            Inst::Jump(t) => {
                pc = *t;
                can_enter_jit!(DRIVER; pc, prog; pos, input, stack);
                continue;
            }
            Inst::Match => return pos as i64,
        };
        if ok {
            pos += 1;
            pc += 1;
        } else {
            match stack.pop() {
                Some(p) => {
                    pos = p;
                    pc = stack.pop().unwrap();
                }
                None => return -1,
            }
        }
    }
}

/// `n` entries `key=value;`, a few broken (no digits, no `=`), separated
/// by spaces.
fn subject(n: i64) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..n {
        out.push(b'k');
        for j in 0..(4 + i % 23) {
            out.push(b'a' + ((i + j * 7) % 26) as u8);
        }
        if i % 10 != 3 {
            out.push(b'=');
        }
        if i % 10 != 7 {
            let mut v = i * 7919 + 13;
            while v > 0 {
                out.push(b'0' + (v % 10) as u8);
                v /= 10;
            }
        }
        out.push(b';');
        out.push(b' ');
    }
    out
}

pub fn run(n: i64) -> String {
    let prog = compile("k[a-z]*=[0-9]+;");
    let input = subject(n);
    let mut stack = Vec::new();
    let mut matches = 0;
    let mut bytes = 0;
    let mut tried = 0;
    let mut longest = 0;
    let mut start = 0;
    while start < input.len() {
        tried += 1;
        let end = match_at(&prog, &input, start, &mut stack);
        if end >= 0 {
            let len = end - start as i64;
            matches += 1;
            bytes += len;
            longest = longest.max(len);
            start = end as usize;
        } else {
            start += 1;
        }
    }
    format!("matches={matches} bytes={bytes} tried={tried} longest={longest}")
}
