// A stack VM whose integer instructions use checked_add/checked_sub/checked_mul and report overflow as a VM error instead of panicking: the same in every profile and mode
// call: run(20)
// expect: "fact 2432902008176640000 | overflow at pc 3 after 24 steps | neg ok -9223372036854775807 | sub overflow"

#[derive(Clone, Copy, Debug)]
enum Op {
    Push(i64),
    Mul,
    Sub,
    Neg,
    Dup,
    Loop(usize),
}

fn exec(code: &[Op], steps_max: usize) -> Result<i64, String> {
    let mut stack: Vec<i64> = Vec::new();
    let mut pc = 0;
    let mut steps = 0;
    while pc < code.len() && steps < steps_max {
        steps += 1;
        match code[pc] {
            Op::Push(v) => stack.push(v),
            Op::Dup => {
                let top = *stack.last().ok_or("empty stack")?;
                stack.push(top);
            }
            Op::Mul | Op::Sub => {
                let b = stack.pop().ok_or("empty stack")?;
                let a = stack.pop().ok_or("empty stack")?;
                let r = match code[pc] {
                    Op::Mul => a.checked_mul(b),
                    _ => a.checked_sub(b),
                };
                match r {
                    Some(v) => stack.push(v),
                    None => return Err(format!("overflow at pc {} after {} steps", pc, steps)),
                }
            }
            Op::Neg => {
                let a = stack.pop().ok_or("empty stack")?;
                stack.push(a.checked_neg().ok_or("neg overflow")?);
            }
            Op::Loop(target) => {
                if stack.len() > 1 {
                    pc = target;
                    continue;
                }
            }
        }
        pc += 1;
    }
    stack.pop().ok_or_else(|| "empty stack".to_string())
}

fn factorial(n: i64) -> Result<i64, String> {
    let mut acc: i64 = 1;
    let mut k: i64 = 2;
    while k <= n {
        acc = acc.checked_mul(k).ok_or("factorial overflow")?;
        k += 1;
    }
    Ok(acc)
}

pub fn run(n: i64) -> String {
    let fact = match factorial(n) {
        Ok(v) => v.to_string(),
        Err(e) => e,
    };
    // 3, squared again and again until it overflows.
    let squares = vec![Op::Push(3), Op::Dup, Op::Dup, Op::Mul, Op::Loop(1)];
    let over = match exec(&squares, 1000) {
        Ok(v) => format!("no overflow {}", v),
        Err(e) => e,
    };
    let neg = match exec(&[Op::Push(i64::MAX), Op::Neg], 10) {
        Ok(v) => format!("neg ok {}", v),
        Err(e) => e,
    };
    let sub = match exec(&[Op::Push(i64::MIN), Op::Push(1), Op::Sub], 10) {
        Ok(v) => format!("sub ok {}", v),
        Err(_) => "sub overflow".to_string(),
    };
    format!("fact {} | {} | {} | {}", fact, over, neg, sub)
}
