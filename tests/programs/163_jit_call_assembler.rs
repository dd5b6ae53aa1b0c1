// Calls of the interpreter that the tracer goes no deeper into run the callee's compiled code directly (RPython's `call_assembler`): a recursive function over values on the heap, whose frames the caller makes, and a function with a loop of its own called from a loop; its results of either variant, so guards of the callee's code fail and the interpreter finishes those calls
// call: run(18)
// expect: 2584000215983

use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["frame"]).get_printable_location("location");

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// To the target when n < 2.
    IfSmall(usize),
    /// acc = f(n - 1) + f(n - 2), f being the function at 0.
    Fib,
    ReturnN,
    ReturnAcc,
    /// acc += n; n -= 1.
    AddDown,
    /// To the target (backwards) while n > 0.
    Loop(usize),
    /// The sum of the loop at 6 as a float when the argument was a
    /// multiple of 3.
    ReturnMixed,
    /// The main loop: acc += f(n % 7 + 1) for f the function at 6; n -= 1.
    CallSum,
}

enum Value {
    Int(i64),
    Float(f64),
}

struct Frame {
    n: i64,
    arg: i64,
    acc: Value,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &[Op]) -> String {
    format!("pc {pc} of {}", code.len())
}

fn int(v: &Value) -> i64 {
    match v {
        Value::Int(i) => *i,
        Value::Float(f) => *f as i64,
    }
}

fn add(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Value::Int(x + y),
        _ => Value::Float(int(a) as f64 + int(b) as f64),
    }
}

fn call(code: &[Op], start: usize, n: i64) -> Value {
    let mut frame = Frame { n, arg: n, acc: Value::Int(0) };
    interpret(code, start, &mut frame)
}

fn interpret(code: &[Op], start: usize, frame: &mut Frame) -> Value {
    let mut pc = start;
    loop {
        jit_merge_point!(DRIVER; pc, code; frame);
        match code[pc] {
            Op::IfSmall(target) => pc = if frame.n < 2 { target } else { pc + 1 },
            Op::Fib => {
                let a = call(code, 0, frame.n - 1);
                let b = call(code, 0, frame.n - 2);
                frame.acc = add(&a, &b);
                pc += 1;
            }
            Op::ReturnN => return Value::Int(frame.n),
            Op::ReturnAcc => return add(&frame.acc, &Value::Int(0)),
            Op::AddDown => {
                frame.acc = add(&frame.acc, &Value::Int(frame.n));
                frame.n -= 1;
                pc += 1;
            }
            Op::Loop(target) => {
                if frame.n > 0 {
                    pc = target;
                    can_enter_jit!(DRIVER; pc, code; frame);
                } else {
                    pc += 1;
                }
            }
            Op::ReturnMixed => {
                return if frame.arg % 3 == 0 { Value::Float(int(&frame.acc) as f64) } else { add(&frame.acc, &Value::Int(0)) }
            }
            Op::CallSum => {
                let r = call(code, 6, frame.n % 7 + 1);
                frame.acc = add(&frame.acc, &Value::Int(int(&r)));
                frame.n -= 1;
                pc += 1;
            }
        }
    }
}

pub fn run(n: i64) -> i64 {
    let code = [
        // 0: fib.
        Op::IfSmall(3),
        Op::Fib,
        Op::ReturnAcc,
        Op::ReturnN,
        // 4: never reached.
        Op::ReturnN,
        Op::ReturnN,
        // 6: n + (n - 1) + ... + 1.
        Op::AddDown,
        Op::Loop(6),
        Op::ReturnMixed,
        // 9: main: n * 1000 calls of the function at 6.
        Op::CallSum,
        Op::Loop(9),
        Op::ReturnAcc,
    ];
    let fib = int(&call(&code, 0, n));
    let sums = int(&call(&code, 9, n * 1000));
    fib * 1_000_000_000 + sums
}
