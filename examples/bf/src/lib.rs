//! The BF interpreter of the PyPy tutorial (seed 004), in rpy's dialect: a
//! `Tape` of 64-bit cells that grows to the right, `parse` keeping the
//! eight commands and pairing the brackets in a `HashMap`, and `mainloop`
//! dispatching on each command with `match`. `,` leaves the cell unchanged
//! (the programs read no input). The JIT hints are the tutorial's: the
//! position in the program is green, the tape (and the output buffer) red,
//! and the bracket lookup elidable; so is the read of a command.

#[rpython::entry]
pub mod interp {
    use rpython::jit::{elidable, jit_merge_point, JitDriver};
    use std::collections::HashMap;
    use std::io::Write;

    static DRIVER: JitDriver =
        JitDriver::new(&["pc", "code", "brackets"], &["tape", "out"]).get_printable_location("location");

    /// The position shown in the JIT's logs: the instruction and its index.
    /// (Named by the driver only, so rustc sees no call.)
    #[allow(dead_code)]
    fn location(pc: usize, code: &[u8], brackets: &HashMap<usize, usize>) -> String {
        let _ = brackets;
        format!("{} @ {}", code[pc] as char, pc)
    }

    /// The command at `pc` (0 past the end). The tutorial's program is a
    /// string, whose reads the JIT folds; `code` is a list, which could
    /// change as far as the JIT knows, but it never does while the program
    /// runs: the read is elidable, so with `pc` and `code` green it is a
    /// constant of the trace.
    #[elidable]
    fn command(code: &[u8], pc: usize) -> u8 {
        if pc < code.len() {
            code[pc]
        } else {
            0
        }
    }

    /// The instruction of the bracket matching the one at `pc`: the bracket
    /// map never changes while the program runs.
    #[elidable]
    fn matching(brackets: &HashMap<usize, usize>, pc: usize) -> usize {
        brackets[&pc]
    }

    struct Tape {
        cells: Vec<i64>,
        pos: usize,
    }

    impl Tape {
        fn new() -> Tape {
            Tape { cells: vec![0], pos: 0 }
        }

        fn get(&self) -> i64 {
            self.cells[self.pos]
        }

        fn inc(&mut self) {
            self.cells[self.pos] += 1;
        }

        fn dec(&mut self) {
            self.cells[self.pos] -= 1;
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

    /// Keeps the commands of `program` in `code` and pairs its brackets in
    /// `brackets`; -1, or the instruction of a bracket without a match.
    fn parse(program: &[u8], code: &mut Vec<u8>, brackets: &mut HashMap<usize, usize>) -> i64 {
        let mut open: Vec<usize> = Vec::new();
        for c in program.iter() {
            let c = *c;
            let command = c == b'>' || c == b'<' || c == b'+' || c == b'-' || c == b'.' || c == b',';
            if c == b'[' {
                open.push(code.len());
            } else if c == b']' {
                match open.pop() {
                    Some(start) => {
                        brackets.insert(start, code.len());
                        brackets.insert(code.len(), start);
                    }
                    None => return code.len() as i64,
                }
            } else if !command {
                continue;
            }
            code.push(c);
        }
        match open.pop() {
            Some(start) => start as i64,
            None => -1,
        }
    }

    fn mainloop(code: &[u8], brackets: &HashMap<usize, usize>) {
        let mut tape = Tape::new();
        let mut out: Vec<u8> = Vec::new();
        let mut pc = 0;
        loop {
            jit_merge_point!(DRIVER; pc, code, brackets; tape, out);
            match command(code, pc) {
                0 => break,
                b'>' => tape.advance(),
                b'<' => tape.devance(),
                b'+' => tape.inc(),
                b'-' => tape.dec(),
                b'.' => {
                    let b = tape.get() as u8;
                    out.push(b);
                    if b == b'\n' {
                        std::io::stdout().write_all(&out).unwrap();
                        out.clear();
                    }
                }
                b'[' if tape.get() == 0 => pc = matching(brackets, pc),
                b']' if tape.get() != 0 => pc = matching(brackets, pc),
                _ => {}
            }
            pc += 1;
        }
        std::io::stdout().write_all(&out).unwrap();
        std::io::stdout().flush().unwrap();
    }

    pub fn entry_point(argv: Vec<String>) -> i32 {
        if argv.len() != 2 {
            eprintln!("usage: bf PROGRAM");
            return 2;
        }
        let path = &argv[1];
        let program = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("bf: cannot read {}: {}", path, e);
                return 1;
            }
        };
        let mut code = Vec::new();
        let mut brackets = HashMap::new();
        let bad = parse(&program, &mut code, &mut brackets);
        if bad >= 0 {
            eprintln!("bf: unbalanced brackets: the bracket at instruction {} has no match", bad);
            return 1;
        }
        mainloop(&code, &brackets);
        0
    }
}
