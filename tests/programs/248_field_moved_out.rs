// A `Vec` field used by value is moved out of its struct (no copy is made:
// rustc allows it only of a struct nothing uses again); an array field is
// copied, also when another struct has a `Vec` field of the same name
// call: run(4)
// expect: "[0, 1, 2, 3, 7] 5 | [1, 2, 3] [9, 2, 3] | [5, 5] [8, 5] | abcd!"

struct Frame {
    regs: Vec<i64>,
    top: usize,
}

struct Grid {
    cells: [i64; 3],
}

struct Other {
    cells: Vec<i64>,
}

#[derive(Clone, Copy)]
struct Pair {
    both: [i64; 2],
}

struct Named {
    text: String,
}

fn frame(n: usize) -> Frame {
    let mut regs = Vec::new();
    for i in 0..n {
        regs.push(i as i64);
    }
    Frame { regs, top: n }
}

fn take(f: Frame) -> Vec<i64> {
    let top = f.top;
    let mut regs = f.regs;
    regs.push(top as i64 + 3);
    regs
}

pub fn run(n: usize) -> String {
    let regs = take(frame(n));
    let len = regs.len();
    let g = Grid { cells: [1, 2, 3] };
    let mut copy = g.cells;
    copy[0] = 9;
    let o = Other { cells: vec![4] };
    let moved = o.cells;
    let p = Pair { both: [5, 5] };
    let mut q = p.both;
    q[0] = 8;
    let named = Named { text: String::from("abcd") };
    let mut text = named.text;
    text.push('!');
    format!("{:?} {} | {:?} {:?} | {:?} {:?} | {}", regs, len + moved.len() - 1, g.cells, copy, p.both, q, text)
}
