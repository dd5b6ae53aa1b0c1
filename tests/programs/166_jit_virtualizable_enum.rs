// A virtualizable frame of an enum type: reading a variant casts the frame's pointer to the variant's type, which is no store (the translator follows its casts: a frame stored as its variant would be refused)
// call: run(100)
// expect: 5150

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "total", "frame"]).virtualizables(&["frame"]);

enum Frame {
    Run { acc: i64 },
    Done,
}

fn interpret(n: i64, frame: &Frame) -> i64 {
    let mut pc = 0;
    let mut total = 0;
    while pc < n {
        jit_merge_point!(DRIVER; pc; n, total, frame);
        if let Frame::Run { acc } = frame {
            total += *acc + pc;
        }
        pc += 1;
    }
    total
}

pub fn run(n: i64) -> i64 {
    let frame = if n > 0 { Frame::Run { acc: 2 } } else { Frame::Done };
    interpret(n, &frame)
}
