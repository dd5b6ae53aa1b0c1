#[rpython::entry]
pub mod m {
    use rpython::jit::{jit_merge_point, JitDriver};

    static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "frame"]).virtualizables(&["frame"]);

    struct Frame {
        acc: i64,
    }

    struct Saved {
        frame: Frame,
    }

    fn interpret(n: i64, frame: &mut Frame) {
        let mut pc = 0;
        while pc < n {
            jit_merge_point!(DRIVER; pc; n, frame);
            frame.acc += pc;
            pc += 1;
        }
    }

    pub fn run(n: i64) -> i64 {
        let mut saved = Saved { frame: Frame { acc: 0 } };
        interpret(n, &mut saved.frame);
        saved.frame.acc
    }

    // Kept in a list: the store is the list's `push`, reported there.
    pub fn keep(n: i64) -> i64 {
        let mut frame = Frame { acc: 0 };
        interpret(n, &mut frame);
        let acc = frame.acc;
        let mut spare: Vec<Frame> = Vec::new();
        spare.push(frame);
        acc
    }
}

fn main() {}
