// A register machine whose frame (the virtualizable) holds boxed values, summing the items of a list held in a register: the list's items are read at a variable index, and are no array of the frame's (the list was reached through a value in a register, a place that never holds the frame's objects), so the registers written in the loop stay in the machine's registers and their boxes are never made (they were written back, boxes and all, before every read of the list)
// call: run(2000)
// expect: 59990000

use rpython::jit::{jit_merge_point, JitDriver};
use std::rc::Rc;

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["frame"]).virtualizables(&["frame"]);

#[derive(Clone)]
enum Value {
    Int(i64),
    List(Rc<List>),
}

struct List {
    items: Vec<Value>,
}

struct Frame {
    regs: Vec<Value>,
}

#[derive(Clone, Copy)]
enum Ins {
    /// `regs[dst] = regs[list][regs[index]]`
    Item(usize, usize, usize),
    /// `regs[dst] = regs[a] + regs[b]`
    Add(usize, usize, usize),
    /// `regs[r] += k`
    AddConst(usize, i64),
    /// To the target while `regs[a] < regs[b]`.
    JumpIfLess(usize, usize, usize),
    /// Returns `regs[r]`.
    Return(usize),
}

fn int(v: &Value) -> i64 {
    match v {
        Value::Int(i) => *i,
        Value::List(_) => -1,
    }
}

fn item(frame: &Frame, list: usize, index: usize) -> Value {
    let i = int(&frame.regs[index]) as usize;
    match &frame.regs[list] {
        Value::List(l) => l.items[i].clone(),
        Value::Int(_) => Value::Int(0),
    }
}

fn interpret(code: &[Ins], frame: &mut Frame) -> i64 {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; frame);
        match code[pc] {
            Ins::Item(dst, list, index) => {
                frame.regs[dst] = item(frame, list, index);
            }
            Ins::Add(dst, a, b) => {
                frame.regs[dst] = Value::Int(int(&frame.regs[a]) + int(&frame.regs[b]));
            }
            Ins::AddConst(r, k) => {
                frame.regs[r] = Value::Int(int(&frame.regs[r]) + k);
            }
            Ins::JumpIfLess(a, b, target) => {
                if int(&frame.regs[a]) < int(&frame.regs[b]) {
                    pc = target;
                    continue;
                }
            }
            Ins::Return(r) => return int(&frame.regs[r]),
        }
        pc += 1;
    }
}

pub fn run(n: i64) -> i64 {
    let mut items = Vec::new();
    let mut k = 0;
    while k < n {
        items.push(Value::Int(k * 3 + 1));
        k += 1;
    }
    let list = Value::List(Rc::new(List { items }));
    // r0 the list, r1 the index, r2 its length, r3 the sum, r4 the item;
    // the sum of the list, ten times over.
    let code = [
        Ins::Item(4, 0, 1),
        Ins::Add(3, 3, 4),
        Ins::AddConst(1, 1),
        Ins::JumpIfLess(1, 2, 0),
        Ins::AddConst(5, 1),
        Ins::AddConst(1, -n),
        Ins::JumpIfLess(5, 6, 0),
        Ins::Return(3),
    ];
    let regs = vec![list, Value::Int(0), Value::Int(n), Value::Int(0), Value::Int(0), Value::Int(0), Value::Int(10)];
    let mut frame = Frame { regs };
    interpret(&code, &mut frame)
}
