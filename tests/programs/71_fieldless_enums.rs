// Field-less enums are integers: variants as constants, explicit discriminants, casts, matching, methods.
// call: eval(1, 7, 3)
// expect: 10
// call: eval(2, 7, 3)
// expect: 4
// call: eval(3, 7, 3)
// expect: 21
// call: eval(4, 7, 3)
// expect: 2
// call: codes()
// expect: (0, 1, 10, 11, -3)
// call: cycle(5)
// expect: 2
// call: same_op(1, 1)
// expect: (true, false)

#[derive(Clone, Copy, PartialEq, Debug)]
enum Op {
    Add,
    Sub,
    Mul = 10,
    Div,
}

#[derive(Clone, Copy, PartialEq)]
enum Level {
    Low = -3,
}

impl Op {
    fn from_code(code: i64) -> Op {
        match code {
            1 => Op::Add,
            2 => Op::Sub,
            3 => Self::Mul,
            _ => Op::Div,
        }
    }

    fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            Op::Add => a + b,
            Op::Sub => a - b,
            Op::Mul => a * b,
            Op::Div => a / b,
        }
    }

    fn next(self) -> Op {
        match self {
            Op::Add => Op::Sub,
            Op::Sub => Op::Mul,
            Op::Mul => Op::Div,
            Op::Div => Op::Add,
        }
    }
}

pub fn eval(code: i64, a: i64, b: i64) -> i64 {
    Op::from_code(code).apply(a, b)
}

pub fn codes() -> (i64, i64, u8, i32, i64) {
    (Op::Add as i64, Op::Sub as i64, Op::Mul as u8, Op::Div as i32, Level::Low as i64)
}

pub fn cycle(steps: i64) -> i64 {
    let mut op = Op::Add;
    for _ in 0..steps {
        op = op.next();
    }
    if op == Op::Div { 99 } else { op.apply(5, 3) }
}

pub fn same_op(a: i64, b: i64) -> (bool, bool) {
    let x = Op::from_code(a);
    let y = Op::from_code(b);
    (x == y, x != y)
}
