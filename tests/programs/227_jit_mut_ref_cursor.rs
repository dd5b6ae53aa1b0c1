// `&mut` of values in a JIT'd interpreter: a byte-code loop whose operands are decoded by helpers advancing a `pc: &mut usize`, and whose registers are a `Copy` struct changed by `&mut self` methods; traced, the copies in and out are the values themselves (no tuple is allocated, nothing is called)
// call: run(300)
// expect: "Regs { i: 300, acc: 134551, n: 300, steps: 1200 }"
use rpython::jit::{can_enter_jit, jit_merge_point, unroll_safe, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["regs"]);

#[derive(Clone, Copy, Debug)]
struct Regs {
    i: i64,
    acc: i64,
    n: i64,
    steps: u64,
}

impl Regs {
    fn apply(&mut self, op: u8, arg: i64) {
        match op {
            b'+' => self.acc += arg * self.i,
            b'%' => self.acc %= arg,
            b'i' => self.i += arg,
            _ => {}
        }
        self.steps += 1;
    }

    fn below(&mut self) -> bool {
        self.steps += 1;
        self.i < self.n
    }
}

fn fetch(code: &[u8], pc: &mut usize) -> u8 {
    let b = code[*pc];
    *pc += 1;
    b
}

// (A loop over the digits, which the trace unrolls: its code is constant.)
#[unroll_safe]
fn fetch_num(code: &[u8], pc: &mut usize) -> i64 {
    let mut n = 0;
    while code[*pc].is_ascii_digit() {
        n = n * 10 + (fetch(code, pc) - b'0') as i64;
    }
    *pc += 1;
    n
}

fn interpret(code: &[u8], mut regs: Regs) -> Regs {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; regs);
        let op = fetch(code, &mut pc);
        match op {
            b'.' => return regs,
            b'<' => {
                let target = fetch_num(code, &mut pc) as usize;
                if regs.below() {
                    pc = target;
                    can_enter_jit!(DRIVER; pc, code; regs);
                }
            }
            _ => {
                let arg = fetch_num(code, &mut pc);
                regs.apply(op, arg);
            }
        }
    }
}

pub fn run(n: i64) -> String {
    let code = b"+3 %1000003 i1 <0 .";
    let regs = interpret(code, Regs { i: 0, acc: 1, n, steps: 0 });
    format!("{:?}", regs)
}
