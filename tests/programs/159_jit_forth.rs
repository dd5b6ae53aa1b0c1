// A Forth-like interpreter: a data stack, a return stack and a loop-control stack, a dictionary (`HashMap<String, usize>`) of user words defined with `: name ... ;` and compiled into one list of instructions (threaded code: a call pushes its return address, `;` pops it), `if ... else ... then` and `do ... loop` compiled to branches; the greens are the position and the code, the machine is red; the hot loop is the `do ... loop` calling user words, which are inlined in its trace (the return address pushed and popped in the same turn)
// call: run(500)
// expect: "stack=[41739428] depth=1 calls=1500 steps=13578"
// call: run_short(500)
// expect: "stack=[124750] depth=1 calls=0 steps=1506"

use rpython::jit::{can_enter_jit, elidable, jit_merge_point, JitDriver};
use std::collections::HashMap;

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]).get_printable_location("location");

enum Op {
    Lit(i64),
    Dup,
    Drop,
    Swap,
    Over,
    Add,
    Sub,
    Mul,
    Mod,
    /// `0=`
    ZeroEq,
    /// A user word: the position of its code.
    Call(usize),
    /// `;`
    Ret,
    /// `limit start do`
    Do,
    /// Back to the target while the index is below the limit.
    Loop(usize),
    /// The index of the innermost loop.
    I,
    /// To the target when the top (popped) is 0.
    ZBranch(usize),
    Branch(usize),
    Halt,
}

struct Machine {
    stack: Vec<i64>,
    rstack: Vec<usize>,
    /// Index and limit of each running `do ... loop`.
    loops: Vec<i64>,
    calls: i64,
    steps: i64,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &Vec<Op>) -> String {
    let name = match &code[pc] {
        Op::Lit(_) => "lit",
        Op::Dup => "dup",
        Op::Drop => "drop",
        Op::Swap => "swap",
        Op::Over => "over",
        Op::Add => "+",
        Op::Sub => "-",
        Op::Mul => "*",
        Op::Mod => "mod",
        Op::ZeroEq => "0=",
        Op::Call(_) => "call",
        Op::Ret => ";",
        Op::Do => "do",
        Op::Loop(_) => "loop",
        Op::I => "i",
        Op::ZBranch(_) => "0branch",
        Op::Branch(_) => "branch",
        Op::Halt => "halt",
    };
    format!("#{pc} {name}")
}

/// Compiles the source: the definitions where they are, the rest (the
/// main program) after them, entered by a branch at position 0.
fn compile(source: &str) -> Vec<Op> {
    let words: Vec<&str> = source.split_whitespace().collect();
    let mut dict: HashMap<String, usize> = HashMap::new();
    let mut code = vec![Op::Branch(0)];
    let mut main: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == ":" {
            dict.insert(words[i + 1].to_string(), code.len());
            i += 2;
            while words[i] != ";" {
                i = compile_word(&words, i, &dict, &mut code);
            }
            code.push(Op::Ret);
            i += 1;
        } else {
            main.push(words[i]);
            i += 1;
        }
    }
    code[0] = Op::Branch(code.len());
    let mut j = 0;
    while j < main.len() {
        j = compile_word(&main, j, &dict, &mut code);
    }
    code.push(Op::Halt);
    code
}

/// Compiles `words[i]` (and what it controls), returns the next position.
fn compile_word(words: &Vec<&str>, i: usize, dict: &HashMap<String, usize>, code: &mut Vec<Op>) -> usize {
    let w = words[i];
    let op = match w {
        "dup" => Op::Dup,
        "drop" => Op::Drop,
        "swap" => Op::Swap,
        "over" => Op::Over,
        "+" => Op::Add,
        "-" => Op::Sub,
        "*" => Op::Mul,
        "mod" => Op::Mod,
        "0=" => Op::ZeroEq,
        "i" => Op::I,
        "do" => {
            code.push(Op::Do);
            let top = code.len();
            let mut j = i + 1;
            while words[j] != "loop" {
                j = compile_word(words, j, dict, code);
            }
            code.push(Op::Loop(top));
            return j + 1;
        }
        "if" => {
            let branch = code.len();
            code.push(Op::ZBranch(0));
            let mut j = i + 1;
            while words[j] != "else" && words[j] != "then" {
                j = compile_word(words, j, dict, code);
            }
            if words[j] == "else" {
                let skip = code.len();
                code.push(Op::Branch(0));
                code[branch] = Op::ZBranch(code.len());
                j += 1;
                while words[j] != "then" {
                    j = compile_word(words, j, dict, code);
                }
                code[skip] = Op::Branch(code.len());
            } else {
                code[branch] = Op::ZBranch(code.len());
            }
            return j + 1;
        }
        _ => match dict.get(w) {
            Some(at) => Op::Call(*at),
            None => Op::Lit(w.parse::<i64>().unwrap()),
        },
    };
    code.push(op);
    i + 1
}

#[elidable]
fn fetch(code: &Vec<Op>, pc: usize) -> &Op {
    &code[pc]
}

fn pop(m: &mut Machine) -> i64 {
    m.stack.pop().unwrap()
}

fn interpret(code: &Vec<Op>, m: &mut Machine) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; m);
        m.steps += 1;
        match fetch(code, pc) {
            Op::Lit(k) => m.stack.push(*k),
            Op::Dup => {
                let a = pop(m);
                m.stack.push(a);
                m.stack.push(a);
            }
            Op::Drop => {
                pop(m);
            }
            Op::Swap => {
                let b = pop(m);
                let a = pop(m);
                m.stack.push(b);
                m.stack.push(a);
            }
            Op::Over => {
                let b = pop(m);
                let a = pop(m);
                m.stack.push(a);
                m.stack.push(b);
                m.stack.push(a);
            }
            Op::Add => {
                let b = pop(m);
                let a = pop(m);
                m.stack.push(a + b);
            }
            Op::Sub => {
                let b = pop(m);
                let a = pop(m);
                m.stack.push(a - b);
            }
            Op::Mul => {
                let b = pop(m);
                let a = pop(m);
                m.stack.push(a * b);
            }
            Op::Mod => {
                let b = pop(m);
                let a = pop(m);
                m.stack.push(a % b);
            }
            Op::ZeroEq => {
                let a = pop(m);
                m.stack.push(if a == 0 { -1 } else { 0 });
            }
            Op::Call(at) => {
                m.calls += 1;
                m.rstack.push(pc + 1);
                pc = *at;
                continue;
            }
            Op::Ret => {
                pc = m.rstack.pop().unwrap();
                continue;
            }
            Op::Do => {
                let start = pop(m);
                let limit = pop(m);
                m.loops.push(start);
                m.loops.push(limit);
            }
            Op::Loop(top) => {
                let n = m.loops.len();
                let index = m.loops[n - 2] + 1;
                if index < m.loops[n - 1] {
                    m.loops[n - 2] = index;
                    pc = *top;
                    can_enter_jit!(DRIVER; pc, code; m);
                    continue;
                }
                m.loops.pop();
                m.loops.pop();
            }
            Op::I => {
                let n = m.loops.len();
                let index = m.loops[n - 2];
                m.stack.push(index);
            }
            Op::ZBranch(t) => {
                if pop(m) == 0 {
                    pc = *t;
                    continue;
                }
            }
            Op::Branch(t) => {
                pc = *t;
                continue;
            }
            Op::Halt => return,
        }
        pc += 1;
    }
}

pub fn run(n: i64) -> String {
    forth(&format!(
        ": square dup * ; \
         : term dup square swap 1 + + ; \
         : bonus 7 mod 0= if 1000 else 1 then ; \
         0 {n} 0 do i term + i bonus + i 3 mod drop loop"
    ))
}

/// A loop short enough to be unrolled: `i` reads the index the preamble
/// read, and `loop` steps it again.
pub fn run_short(n: i64) -> String {
    forth(&format!("0 {n} 0 do i + loop"))
}

fn forth(source: &str) -> String {
    let code = compile(source);
    let mut m = Machine { stack: Vec::new(), rstack: Vec::new(), loops: Vec::new(), calls: 0, steps: 0 };
    interpret(&code, &mut m);
    format!("stack={:?} depth={} calls={} steps={}", m.stack, m.stack.len(), m.calls, m.steps)
}
