// stage: backendopt
// `match` on an enum with data: each arm re-reads the tag of the same object, and the chain
// still becomes one switch on the tag the first block reads (tags never change), with a case per
// arm, the last included (a match of three arms or more tests its last arm; the default is the
// unreachable fall-through); a field-less enum's chain becomes a switch on its value.
pub enum Instr {
    Push(i64),
    Add,
    Jump(usize),
    Halt,
}

#[derive(Clone, Copy, PartialEq)]
pub enum Color {
    Red,
    Green,
    Blue,
}

fn step(i: &Instr, acc: i64) -> i64 {
    match i {
        Instr::Push(v) => acc + v,
        Instr::Add => acc * 2,
        Instr::Jump(t) => *t as i64,
        Instr::Halt => -1,
    }
}

fn shade(c: Color) -> i64 {
    match c {
        Color::Red => 1,
        Color::Green => 2,
        Color::Blue => 3,
    }
}

pub fn run(n: i64) -> i64 {
    step(&Instr::Push(n), 1) + step(&Instr::Add, n) + step(&Instr::Jump(3), 0) + shade(Color::Blue)
}
