// A stack machine whose frame is the JIT driver's virtualizable (`.virtualizables(&["frame"])`): a frame is only ever passed to functions, so a call not given it cannot reach it. Its loop calls a helper that builds and writes frames and stacks of its own (for the effect analysis, the call may write any frame's fields and stack items); the loop's frame stays in registers across it
// call: run(3000)
// expect: 9006000

use rpython::jit::{dont_look_inside, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["frame"]).virtualizables(&["frame"]);

struct Frame {
    sp: usize,
    stack: Vec<i64>,
    count: i64,
}

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    /// Pushes the count.
    Count,
    Push(i64),
    Add,
    /// Replaces the top with `twice(top)`.
    Twice,
    /// Decrements the count; to the target while it is positive.
    Loop(usize),
    Halt,
}

/// Doubles `x` on a frame of its own: it writes a frame's fields and its
/// stack's items, but never the caller's frame.
#[dont_look_inside]
fn twice(x: i64) -> i64 {
    let mut f = Frame { sp: 0, stack: vec![0, 0], count: 0 };
    f.stack[0] = x;
    f.stack[1] = x;
    f.sp = 2;
    f.count = f.stack[0] + f.stack[1];
    f.count
}

fn push(frame: &mut Frame, x: i64) {
    frame.stack[frame.sp] = x;
    frame.sp += 1;
}

fn pop(frame: &mut Frame) -> i64 {
    frame.sp -= 1;
    frame.stack[frame.sp]
}

fn interpret(code: &[Ins], frame: &mut Frame) -> i64 {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; frame);
        match code[pc] {
            Ins::Count => {
                let c = frame.count;
                push(frame, c);
            }
            Ins::Push(x) => push(frame, x),
            Ins::Add => {
                let b = pop(frame);
                let a = pop(frame);
                push(frame, a + b);
            }
            Ins::Twice => {
                let a = pop(frame);
                push(frame, twice(a));
            }
            Ins::Loop(target) => {
                frame.count -= 1;
                if frame.count > 0 {
                    pc = target;
                    continue;
                }
            }
            Ins::Halt => return pop(frame),
        }
        pc += 1;
    }
}

pub fn run(n: i64) -> i64 {
    // acc := acc + twice(count) + 1, while count counts down from n.
    let code = [Ins::Push(0), Ins::Count, Ins::Twice, Ins::Add, Ins::Push(1), Ins::Add, Ins::Loop(1), Ins::Halt];
    let mut frame = Frame { sp: 0, stack: vec![0; 8], count: n };
    interpret(&code, &mut frame)
}
