// A stack-based bytecode VM: `enum Op` with data assembled from text, a Vec<Op> program, a Vec<i64> stack, match dispatch, jumps and calls
// call: run_program(0, 10)
// expect: (55, 162, 0, "[]")
// call: run_program(1, 10)
// expect: (3628800, 149, 0, "[]")
// call: run_program(2, 20)
// expect: (-1, 114, 0, "[0, 1, 1, 2, 3, 5, 8, 13]")
// call: run_program(3, 7)
// expect: (800, 14, 0, "[]")
// call: disassemble(1)
// expect: "0:Push(1), 1:Store(1), 2:Load(0), 3:Push(1), 4:Lt, 5:Not, 6:JumpIfFalse(16), 7:Load(1), 8:Load(0), 9:Mul, 10:Store(1), 11:Load(0), 12:Push(1), 13:Sub, 14:Store(0), 15:Jump(2), 16:Load(1), 17:Halt | line 2: unknown op \"frob\" | line 1: invalid digit found in string"
// call: run_program(4, 1)
// expect-panic: stack underflow

#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    Push(i64),
    Load(usize),
    Store(usize),
    Add,
    Sub,
    Mul,
    Div,
    Lt,
    Eq,
    Not,
    Dup,
    Swap,
    Jump(usize),
    JumpIfFalse(usize),
    Call(usize),
    Ret,
    Print,
    Halt,
}

const SOURCES: [&str; 5] = [
    // 0: sum of 1..=n
    "push 0\nstore 1\npush 1\nstore 2\nload 2\nload 0\npush 1\nadd\nlt\njz 19\nload 1\nload 2\nadd\nstore 1\nload 2\npush 1\nadd\nstore 2\njmp 4\nload 1\nhalt",
    // 1: factorial of n
    "push 1\nstore 1\nload 0\npush 1\nlt\nnot\njz 16\nload 1\nload 0\nmul\nstore 1\nload 0\npush 1\nsub\nstore 0\njmp 2\nload 1\nhalt",
    // 2: fibonacci, printing every term below n
    "push 0\nstore 1\npush 1\nstore 2\nload 1\nload 0\nlt\njz 19\nload 1\nprint\nload 1\nload 2\ndup\nstore 1\nadd\nstore 2\njmp 4\nhalt\nhalt\npush -1\nhalt",
    // 3: a subroutine squaring the top of the stack, called twice
    "push 3\nload 0\ncall 7\ncall 7\nswap\njmp 10\nhalt\ndup\nmul\nret\ndiv\nhalt",
    // 4: pops from an empty stack
    "push 1\nadd\nhalt",
];

fn assemble(src: &str) -> Result<Vec<Op>, String> {
    let mut code = Vec::new();
    for (n, line) in src.lines().enumerate() {
        let parts: Vec<&str> = line.split_whitespace().collect();
        if parts.is_empty() {
            continue;
        }
        let arg = if parts.len() > 1 {
            match parts[1].parse::<i64>() {
                Ok(v) => v,
                Err(e) => return Err(format!("line {}: {}", n + 1, e.to_string())),
            }
        } else {
            0
        };
        let op = match parts[0] {
            "push" => Op::Push(arg),
            "load" => Op::Load(arg as usize),
            "store" => Op::Store(arg as usize),
            "add" => Op::Add,
            "sub" => Op::Sub,
            "mul" => Op::Mul,
            "div" => Op::Div,
            "lt" => Op::Lt,
            "eq" => Op::Eq,
            "not" => Op::Not,
            "dup" => Op::Dup,
            "swap" => Op::Swap,
            "jmp" => Op::Jump(arg as usize),
            "jz" => Op::JumpIfFalse(arg as usize),
            "call" => Op::Call(arg as usize),
            "ret" => Op::Ret,
            "print" => Op::Print,
            "halt" => Op::Halt,
            other => return Err(format!("line {}: unknown op {:?}", n + 1, other)),
        };
        code.push(op);
    }
    Ok(code)
}

struct Vm {
    stack: Vec<i64>,
    vars: Vec<i64>,
    frames: Vec<usize>,
    pc: usize,
    steps: u64,
    out: Vec<i64>,
}

impl Vm {
    fn new(arg: i64) -> Vm {
        let mut vars = vec![0; 4];
        vars[0] = arg;
        Vm { stack: Vec::new(), vars, frames: Vec::new(), pc: 0, steps: 0, out: Vec::new() }
    }

    fn pop(&mut self) -> i64 {
        self.stack.pop().expect("stack underflow")
    }

    fn binary(&mut self, op: Op) {
        let b = self.pop();
        let a = self.pop();
        let r = match op {
            Op::Add => a + b,
            Op::Sub => a - b,
            Op::Mul => a * b,
            Op::Div => a / b,
            Op::Lt => (a < b) as i64,
            Op::Eq => {
                if a == b {
                    1
                } else {
                    0
                }
            }
            _ => unreachable!("not a binary op: {:?}", op),
        };
        self.stack.push(r);
    }

    fn run(&mut self, code: &[Op]) -> i64 {
        loop {
            let op = code[self.pc];
            self.pc += 1;
            self.steps += 1;
            match op {
                Op::Push(v) => self.stack.push(v),
                Op::Load(slot) => {
                    let v = self.vars[slot];
                    self.stack.push(v);
                }
                Op::Store(slot) => {
                    let v = self.pop();
                    self.vars[slot] = v;
                }
                Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Lt | Op::Eq => self.binary(op),
                Op::Not => {
                    let v = self.pop();
                    self.stack.push(if v == 0 { 1 } else { 0 });
                }
                Op::Dup => {
                    let v = *self.stack.last().unwrap();
                    self.stack.push(v);
                }
                Op::Swap => {
                    let n = self.stack.len();
                    self.stack.swap(n - 1, n - 2);
                }
                Op::Jump(t) => self.pc = t,
                Op::JumpIfFalse(t) => {
                    if self.pop() == 0 {
                        self.pc = t;
                    }
                }
                Op::Call(t) => {
                    self.frames.push(self.pc);
                    self.pc = t;
                }
                Op::Ret => self.pc = self.frames.pop().unwrap(),
                Op::Print => {
                    let v = self.pop();
                    self.out.push(v);
                }
                Op::Halt => return self.stack.pop().unwrap_or(-1),
            }
        }
    }
}

pub fn run_program(which: usize, arg: i64) -> (i64, u64, usize, String) {
    let code = assemble(SOURCES[which]).unwrap();
    let mut vm = Vm::new(arg);
    let result = vm.run(&code);
    (result, vm.steps, vm.stack.len(), format!("{:?}", vm.out))
}

pub fn disassemble(which: usize) -> String {
    let code = assemble(SOURCES[which]).unwrap();
    let mut s = String::new();
    for (i, op) in code.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&format!("{}:{:?}", i, op));
    }
    let bad = match assemble("push 1\nfrob 2") {
        Ok(_) => "ok".to_string(),
        Err(e) => e,
    };
    let bad2 = match assemble("push x") {
        Ok(code) => format!("{:?}", code),
        Err(e) => e,
    };
    s + " | " + &bad + " | " + &bad2
}
