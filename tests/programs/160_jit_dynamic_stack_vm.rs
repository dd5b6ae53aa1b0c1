// A dynamically typed stack VM: values `Int`, `Float` and `Nil` on a `Vec<Value>` operand stack and in a frame's locals, arithmetic and comparisons dispatching on both operands' tags (an `Int` and a `Float` give a `Float`, a comparison gives `Int(1)` or `Nil`, and `Nil` and `Int(0)` are false); the program, parsed at run time, sums ints into one local and floats (ints times a float) into another, and keeps a third that is `Nil` on odd turns
// call: run(300)
// expect: "i=Int(300) isum=Int(44850) fsum=Float(11212.5) odd=Int(1) nils=150 steps=7205"

use rpython::jit::{can_enter_jit, elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["frame"]).get_printable_location("location");

#[derive(Clone, Copy, Debug)]
enum Value {
    Int(i64),
    Float(f64),
    Nil,
}

enum Op {
    PushInt(i64),
    PushFloat(f64),
    PushNil,
    Load(usize),
    Store(usize),
    Add,
    Mul,
    Mod,
    Lt,
    JumpIfFalse(usize),
    Jump(usize),
    /// Counts `Nil`s on the top of the stack (left there).
    CountNil,
    Pop,
    Halt,
}

struct Frame {
    stack: Vec<Value>,
    locals: Vec<Value>,
    nils: i64,
    steps: i64,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &Vec<Op>) -> String {
    let name = match &code[pc] {
        Op::PushInt(_) => "push_int",
        Op::PushFloat(_) => "push_float",
        Op::PushNil => "push_nil",
        Op::Load(_) => "load",
        Op::Store(_) => "store",
        Op::Add => "add",
        Op::Mul => "mul",
        Op::Mod => "mod",
        Op::Lt => "lt",
        Op::JumpIfFalse(_) => "jump_if_false",
        Op::Jump(_) => "jump",
        Op::CountNil => "count_nil",
        Op::Pop => "pop",
        Op::Halt => "halt",
    };
    format!("#{pc} {name}")
}

fn parse(text: &str) -> Vec<Op> {
    let mut code = Vec::new();
    for line in text.split(';') {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let op = match words[0] {
            "int" => Op::PushInt(words[1].parse::<i64>().unwrap()),
            "float" => Op::PushFloat(words[1].parse::<f64>().unwrap()),
            "nil" => Op::PushNil,
            "load" => Op::Load(words[1].parse::<usize>().unwrap()),
            "store" => Op::Store(words[1].parse::<usize>().unwrap()),
            "add" => Op::Add,
            "mul" => Op::Mul,
            "mod" => Op::Mod,
            "lt" => Op::Lt,
            "jf" => Op::JumpIfFalse(words[1].parse::<usize>().unwrap()),
            "jump" => Op::Jump(words[1].parse::<usize>().unwrap()),
            "count_nil" => Op::CountNil,
            "pop" => Op::Pop,
            _ => Op::Halt,
        };
        code.push(op);
    }
    code
}

#[elidable]
fn fetch(code: &Vec<Op>, pc: usize) -> &Op {
    &code[pc]
}

fn truthy(v: Value) -> bool {
    match v {
        Value::Nil => false,
        Value::Int(i) => i != 0,
        Value::Float(_) => true,
    }
}

fn add(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Value::Int(x + y),
        (Value::Int(x), Value::Float(y)) => Value::Float(x as f64 + y),
        (Value::Float(x), Value::Int(y)) => Value::Float(x + y as f64),
        (Value::Float(x), Value::Float(y)) => Value::Float(x + y),
        _ => Value::Nil,
    }
}

fn mul(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Value::Int(x * y),
        (Value::Int(x), Value::Float(y)) => Value::Float(x as f64 * y),
        (Value::Float(x), Value::Int(y)) => Value::Float(x * y as f64),
        (Value::Float(x), Value::Float(y)) => Value::Float(x * y),
        _ => Value::Nil,
    }
}

/// `Nil` when the remainder is 0 (or an operand is not an `Int`).
fn modulo(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) if x % y != 0 => Value::Int(x % y),
        _ => Value::Nil,
    }
}

fn less(a: Value, b: Value) -> Value {
    let yes = match (a, b) {
        (Value::Int(x), Value::Int(y)) => x < y,
        (Value::Int(x), Value::Float(y)) => (x as f64) < y,
        (Value::Float(x), Value::Int(y)) => x < y as f64,
        (Value::Float(x), Value::Float(y)) => x < y,
        _ => false,
    };
    if yes {
        Value::Int(1)
    } else {
        Value::Nil
    }
}

fn pop(frame: &mut Frame) -> Value {
    frame.stack.pop().unwrap()
}

fn interpret(code: &Vec<Op>, frame: &mut Frame) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; frame);
        frame.steps += 1;
        match fetch(code, pc) {
            Op::PushInt(k) => frame.stack.push(Value::Int(*k)),
            Op::PushFloat(k) => frame.stack.push(Value::Float(*k)),
            Op::PushNil => frame.stack.push(Value::Nil),
            Op::Load(k) => {
                let v = frame.locals[*k];
                frame.stack.push(v);
            }
            Op::Store(k) => {
                let v = pop(frame);
                frame.locals[*k] = v;
            }
            Op::Add => {
                let b = pop(frame);
                let a = pop(frame);
                frame.stack.push(add(a, b));
            }
            Op::Mul => {
                let b = pop(frame);
                let a = pop(frame);
                frame.stack.push(mul(a, b));
            }
            Op::Mod => {
                let b = pop(frame);
                let a = pop(frame);
                frame.stack.push(modulo(a, b));
            }
            Op::Lt => {
                let b = pop(frame);
                let a = pop(frame);
                frame.stack.push(less(a, b));
            }
            Op::JumpIfFalse(t) => {
                if !truthy(pop(frame)) {
                    pc = *t;
                    continue;
                }
            }
            Op::Jump(t) => {
                let back = *t < pc;
                pc = *t;
                if back {
                    can_enter_jit!(DRIVER; pc, code; frame);
                }
                continue;
            }
            Op::CountNil => {
                if let Value::Nil = frame.stack[frame.stack.len() - 1] {
                    frame.nils += 1;
                }
            }
            Op::Pop => {
                pop(frame);
            }
            Op::Halt => return,
        }
        pc += 1;
    }
}

pub fn run(n: i64) -> String {
    // Locals: 0 = i, 1 = n, 2 = isum, 3 = fsum, 4 = odd.
    let code = parse(
        "load 0; load 1; lt; jf 24; \
         load 2; load 0; add; store 2; \
         load 3; load 0; float 0.25; mul; add; store 3; \
         load 0; int 2; mod; count_nil; store 4; \
         load 0; int 1; add; store 0; \
         jump 0; \
         halt",
    );
    let mut frame = Frame {
        stack: Vec::new(),
        locals: vec![Value::Int(0), Value::Int(n), Value::Int(0), Value::Float(0.0), Value::Nil],
        nils: 0,
        steps: 0,
    };
    interpret(&code, &mut frame);
    let l = &frame.locals;
    format!("i={:?} isum={:?} fsum={:?} odd={:?} nils={} steps={}", l[0], l[2], l[3], l[4], frame.nils, frame.steps)
}
