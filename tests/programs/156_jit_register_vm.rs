// A register VM as a real one is written: instructions with register operands (`Add(dst, a, b)`, `AddImm`, `Mul`, `Load`/`Store` to a memory, a float register file, `JumpIfLt(a, b, target)` closing the loop), fetched by an elidable function from a program parsed at run time; the loop sums the squares of a table in memory into an integer register and their halves into a float one, and writes a running sum back to memory
// call: run(200)
// expect: "sum=2470000 half=1235000 last=36100 steps=1803"

use rpython::jit::{can_enter_jit, elidable, jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]).get_printable_location("location");

enum Ins {
    /// r[d] = k
    LoadImm(usize, i64),
    /// r[d] = r[a] + r[b]
    Add(usize, usize, usize),
    /// r[d] = r[a] + k
    AddImm(usize, usize, i64),
    /// r[d] = r[a] * r[b]
    Mul(usize, usize, usize),
    /// r[d] = mem[r[a] + k]
    Load(usize, usize, i64),
    /// mem[r[a] + k] = r[s]
    Store(usize, i64, usize),
    /// f[d] = r[a] as f64
    IntToFloat(usize, usize),
    /// f[d] = f[a] * k
    FMulImm(usize, usize, f64),
    /// f[d] = f[a] + f[b]
    FAdd(usize, usize, usize),
    /// if r[a] < r[b] { pc = t }
    JumpIfLt(usize, usize, usize),
    Halt,
}

struct Machine {
    regs: Vec<i64>,
    fregs: Vec<f64>,
    mem: Vec<i64>,
    steps: i64,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(pc: usize, code: &Vec<Ins>) -> String {
    let name = match &code[pc] {
        Ins::LoadImm(_, _) => "load_imm",
        Ins::Add(_, _, _) => "add",
        Ins::AddImm(_, _, _) => "add_imm",
        Ins::Mul(_, _, _) => "mul",
        Ins::Load(_, _, _) => "load",
        Ins::Store(_, _, _) => "store",
        Ins::IntToFloat(_, _) => "i2f",
        Ins::FMulImm(_, _, _) => "fmul_imm",
        Ins::FAdd(_, _, _) => "fadd",
        Ins::JumpIfLt(_, _, _) => "jump_if_lt",
        Ins::Halt => "halt",
    };
    format!("#{pc} {name}")
}

/// One operand: `r3` is register 3, `f1` float register 1, else a number.
fn reg(word: &str) -> usize {
    word[1..].parse::<usize>().unwrap()
}

fn parse(text: &str) -> Vec<Ins> {
    let mut code = Vec::new();
    for line in text.split(';') {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let ins = match words[0] {
            "li" => Ins::LoadImm(reg(words[1]), words[2].parse::<i64>().unwrap()),
            "add" => Ins::Add(reg(words[1]), reg(words[2]), reg(words[3])),
            "addi" => Ins::AddImm(reg(words[1]), reg(words[2]), words[3].parse::<i64>().unwrap()),
            "mul" => Ins::Mul(reg(words[1]), reg(words[2]), reg(words[3])),
            "ld" => Ins::Load(reg(words[1]), reg(words[2]), words[3].parse::<i64>().unwrap()),
            "st" => Ins::Store(reg(words[1]), words[2].parse::<i64>().unwrap(), reg(words[3])),
            "i2f" => Ins::IntToFloat(reg(words[1]), reg(words[2])),
            "fmuli" => Ins::FMulImm(reg(words[1]), reg(words[2]), words[3].parse::<f64>().unwrap()),
            "fadd" => Ins::FAdd(reg(words[1]), reg(words[2]), reg(words[3])),
            "jlt" => Ins::JumpIfLt(reg(words[1]), reg(words[2]), words[3].parse::<usize>().unwrap()),
            _ => Ins::Halt,
        };
        code.push(ins);
    }
    code
}

#[elidable]
fn fetch(code: &Vec<Ins>, pc: usize) -> &Ins {
    &code[pc]
}

fn interpret(code: &Vec<Ins>, m: &mut Machine) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; m);
        m.steps += 1;
        match fetch(code, pc) {
            Ins::LoadImm(d, k) => m.regs[*d] = *k,
            Ins::Add(d, a, b) => m.regs[*d] = m.regs[*a] + m.regs[*b],
            Ins::AddImm(d, a, k) => m.regs[*d] = m.regs[*a] + *k,
            Ins::Mul(d, a, b) => m.regs[*d] = m.regs[*a] * m.regs[*b],
            Ins::Load(d, a, k) => m.regs[*d] = m.mem[(m.regs[*a] + *k) as usize],
            Ins::Store(a, k, s) => {
                let at = (m.regs[*a] + *k) as usize;
                m.mem[at] = m.regs[*s];
            }
            Ins::IntToFloat(d, a) => m.fregs[*d] = m.regs[*a] as f64,
            Ins::FMulImm(d, a, k) => m.fregs[*d] = m.fregs[*a] * *k,
            Ins::FAdd(d, a, b) => m.fregs[*d] = m.fregs[*a] + m.fregs[*b],
            Ins::JumpIfLt(a, b, t) => {
                if m.regs[*a] < m.regs[*b] {
                    pc = *t;
                    can_enter_jit!(DRIVER; pc, code; m);
                    continue;
                }
            }
            Ins::Halt => return,
        }
        pc += 1;
    }
}

pub fn run(n: i64) -> String {
    // r0 = i, r1 = n, r2 = sum, r3 = x, r4 = x * x; f0 = half sum; the
    // table at 0, the running sums at n.
    let code = parse(&format!(
        "li r0 0; li r2 0; \
         ld r3 r0 0; mul r4 r3 r3; add r2 r2 r4; \
         i2f f1 r4; fmuli f2 f1 0.5; fadd f0 f0 f2; \
         st r0 {n} r2; addi r0 r0 1; jlt r0 r1 2; halt"
    ));
    let mut mem = Vec::new();
    for i in 0..n {
        mem.push(i % 20 * 10);
    }
    for _ in 0..n {
        mem.push(0);
    }
    let mut m = Machine { regs: vec![0; 8], fregs: vec![0.0; 4], mem, steps: 0 };
    m.regs[1] = n;
    interpret(&code, &mut m);
    let last = m.mem[(2 * n - 1) as usize] - m.mem[(2 * n - 2) as usize];
    format!("sum={} half={} last={} steps={}", m.regs[2], m.fregs[0], last, m.steps)
}
