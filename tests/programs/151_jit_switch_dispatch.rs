// An interpreter dispatching with a `match` on an enum with data, its hot loop running the last arms: the chain of tests on the tag is one switch, traced as one `guard_value` per instruction instead of an `int_eq` and a guard per arm before the taken one; a `match` on a byte and an `if` chain in the loop body are switches too
// call: run(300)
// expect: -6
// expect: "acc=90300 odd=300 ops=2108 kinds=300"

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["acc", "n", "odd", "ops", "kinds"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    Push(i64),
    Mul(i64),
    Neg,
    Print,
    Halt,
    // acc += n
    AddN,
    // n -= 1; if n > 0 { pc = t }
    Loop(usize),
    // odd += n & 1, by a match on a byte
    Parity,
    // kinds += 1 when the char is a letter, by an `if` chain
    Kind(char),
}

fn parity(n: i64) -> i64 {
    match (n & 7) as u8 {
        0 | 2 | 4 | 6 => 0,
        1 | 3 | 5 => 1,
        _ => 1,
    }
}

fn kind(c: char) -> i64 {
    if c == 'a' {
        1
    } else if c == 'b' {
        1
    } else if c == '0' {
        0
    } else {
        2
    }
}

fn interpret(code: &[Ins], n0: i64) -> (i64, i64, i64, i64) {
    let mut pc = 0;
    let mut acc = 0;
    let mut n = n0;
    let mut odd = 0;
    let mut ops = 0;
    let mut kinds = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; acc, n, odd, ops, kinds);
        ops += 1;
        match code[pc] {
            Ins::Push(k) => acc = k,
            Ins::Mul(k) => acc *= k,
            Ins::Neg => acc = -acc,
            Ins::Print => println!("{acc}"),
            Ins::Halt => return (acc, odd, ops, kinds),
            Ins::AddN => acc += n,
            Ins::Loop(t) => {
                n -= 1;
                if n > 0 {
                    pc = t;
                    continue;
                }
            }
            Ins::Parity => odd += parity(n),
            Ins::Kind(c) => kinds += kind(c),
        }
        pc += 1;
    }
}

pub fn run(n: i64) -> String {
    let code = [
        Ins::Push(2),
        Ins::Mul(3),
        Ins::Neg,
        Ins::Print,
        Ins::Push(0),
        Ins::AddN,
        Ins::Parity,
        Ins::Kind('a'),
        Ins::Kind('0'),
        Ins::AddN,
        Ins::Parity,
        Ins::Loop(5),
        Ins::Neg,
        Ins::Neg,
        Ins::Halt,
    ];
    let (acc, odd, ops, kinds) = interpret(&code, n);
    format!("acc={acc} odd={odd} ops={ops} kinds={kinds}")
}
