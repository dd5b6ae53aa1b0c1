// A small BF interpreter in the tutorial's shape: a Tape struct, the bracket map in a HashMap<usize, usize>, match dispatch on bytes, output collected in a String
use std::collections::HashMap;

// call: run_bf(0)
// expect: "Hello World!"
// call: run_bf(1)
// expect: "0123456789"
// call: run_bf(2)
// expect: "unmatched ] at 3"

struct Tape {
    cells: Vec<u8>,
    pos: usize,
}

impl Tape {
    fn new() -> Tape {
        Tape { cells: vec![0; 1], pos: 0 }
    }

    fn get(&self) -> u8 {
        self.cells[self.pos]
    }

    fn set(&mut self, v: u8) {
        self.cells[self.pos] = v;
    }

    fn inc(&mut self) {
        let v = self.get();
        self.set(v.wrapping_add(1));
    }

    fn dec(&mut self) {
        let v = self.get();
        self.set(v.wrapping_sub(1));
    }

    fn advance(&mut self) {
        self.pos += 1;
        if self.pos == self.cells.len() {
            self.cells.push(0);
        }
    }

    fn devance(&mut self) {
        self.pos -= 1;
    }
}

fn parse(src: &str) -> Result<(Vec<u8>, HashMap<usize, usize>), String> {
    let mut program = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut map = HashMap::new();
    for b in src.bytes() {
        if !b"+-<>[].,".contains(&b) {
            continue;
        }
        let pc = program.len();
        if b == b'[' {
            stack.push(pc);
        } else if b == b']' {
            let Some(open) = stack.pop() else {
                return Err(format!("unmatched ] at {pc}"));
            };
            map.insert(open, pc);
            map.insert(pc, open);
        }
        program.push(b);
    }
    if let Some(open) = stack.pop() {
        return Err(format!("unmatched [ at {open}"));
    }
    Ok((program, map))
}

fn mainloop(program: &[u8], map: &HashMap<usize, usize>) -> String {
    let mut tape = Tape::new();
    let mut out = String::new();
    let mut pc = 0;
    while pc < program.len() {
        match program[pc] {
            b'>' => tape.advance(),
            b'<' => tape.devance(),
            b'+' => tape.inc(),
            b'-' => tape.dec(),
            b'.' => out.push(tape.get() as char),
            b'[' if tape.get() == 0 => pc = map[&pc],
            b']' if tape.get() != 0 => pc = map[&pc],
            _ => {}
        }
        pc += 1;
    }
    out
}

pub fn run_bf(which: i64) -> String {
    let src = match which {
        0 => "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.",
        // '0' is 48; comments are skipped
        1 => "set 48: ++++++++[>++++++<-]> then ten: >++++++++++ loop: [<.+>-]",
        _ => "+++]",
    };
    match parse(src) {
        Ok((program, map)) => mainloop(&program, &map),
        Err(e) => e,
    }
}
