// A stack machine whose program is parsed (its list of instructions grown by pushes, so not an immutable list) and fetched by an elidable function: each instruction is a constant object whose tag and operands never change, so the dispatch folds away. Its frame's fields are assigned only when it is built (immutable: read once, whatever the loop calls), its counters are assigned by the loop (mutable), and the residual calls in the loop forget only what they may write: a push to the stack leaves the counter known, a call writing the counter does not
// call: run(300)
// expect: "total=45150 calls=300 pushes=901 depth=1"

use rpython::jit::{dont_look_inside, elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["frame"]);

enum Op {
    Push(i64),
    // push the counter
    Load,
    Add,
    // counter -= 1
    Dec,
    // pop; if it is not zero, go to the target
    Jnz(usize),
    Log,
    Halt,
}

struct Frame {
    stack: Vec<i64>,
    counter: i64,
    calls: i64,
    pushes: i64,
}

fn parse(text: &str) -> Vec<Op> {
    let mut code = Vec::new();
    for word in text.split(' ') {
        let op = match word {
            "load" => Op::Load,
            "add" => Op::Add,
            "dec" => Op::Dec,
            "log" => Op::Log,
            "halt" => Op::Halt,
            w => match w.strip_prefix("jnz") {
                Some(t) => Op::Jnz(t.parse::<usize>().unwrap()),
                None => Op::Push(w.parse::<i64>().unwrap()),
            },
        };
        code.push(op);
    }
    code
}

#[elidable]
fn fetch(code: &Vec<Op>, pc: usize) -> &Op {
    &code[pc]
}

#[dont_look_inside]
fn log(frame: &mut Frame) {
    frame.calls += 1;
}

fn push(frame: &mut Frame, v: i64) {
    frame.pushes += 1;
    frame.stack.push(v);
}

fn interpret(code: &Vec<Op>, frame: &mut Frame) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; frame);
        match fetch(code, pc) {
            Op::Push(k) => push(frame, *k),
            Op::Load => {
                let c = frame.counter;
                push(frame, c);
            }
            Op::Add => {
                let b = frame.stack.pop().unwrap();
                let a = frame.stack.pop().unwrap();
                push(frame, a + b);
            }
            Op::Dec => frame.counter -= 1,
            Op::Jnz(t) => {
                if frame.stack.pop().unwrap() != 0 {
                    pc = *t;
                    continue;
                }
            }
            Op::Log => log(frame),
            Op::Halt => return,
        }
        pc += 1;
    }
}

pub fn run(n: i64) -> String {
    let code = parse("0 load add log dec load jnz1 halt");
    let mut frame = Frame { stack: Vec::new(), counter: n, calls: 0, pushes: 0 };
    interpret(&code, &mut frame);
    format!("total={} calls={} pushes={} depth={}", frame.stack[0], frame.calls, frame.pushes, frame.stack.len())
}
