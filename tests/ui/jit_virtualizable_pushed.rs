#[rpython::entry]
pub mod m {
    use rpython::jit::{jit_merge_point, JitDriver};

    static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "frame"]).virtualizables(&["frame"]);

    struct Frame {
        acc: i64,
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
        let mut frame = Frame { acc: 0 };
        interpret(n, &mut frame);
        let acc = frame.acc;
        // Kept for later in a list: a store the list's `push` makes.
        let mut spare: Vec<Frame> = Vec::new();
        spare.push(frame);
        acc
    }
}

fn main() {}
