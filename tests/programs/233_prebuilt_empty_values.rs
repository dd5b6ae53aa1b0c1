// Variants without data and empty lists are shared prebuilt objects: a loop under a JIT driver fills registers with `Nil`, matches and compares them, keeps lists made by `Vec::new()` and `clear()` in a list of lists, pushes onto them later (the first push must allocate), and allocates enough for collections to run while old objects point to the prebuilt ones
// call: run(3000)
// expect: 5717700

use rpython::jit::{jit_merge_point, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["i", "n", "acc", "regs", "lists"]);

#[derive(Clone, PartialEq)]
enum Value {
    Nil,
    False,
    Int(i64),
    Pair(Box<Value>, Box<Value>),
}

fn weight(v: &Value) -> i64 {
    match v {
        Value::Nil => 1,
        Value::False => 2,
        Value::Int(k) => *k,
        Value::Pair(a, b) => weight(a) + weight(b),
    }
}

pub fn run(n: i64) -> i64 {
    let mut regs: Vec<Value> = Vec::new();
    let mut lists: Vec<Vec<i64>> = Vec::new();
    let mut acc: i64 = 0;
    let mut i: i64 = 0;
    let pc: usize = 0;
    while i < n {
        jit_merge_point!(DRIVER; pc; i, n, acc, regs, lists);
        regs.push(Value::Nil);
        regs.push(if i % 3 == 0 { Value::False } else { Value::Int(i) });
        regs.push(Value::Pair(Box::new(Value::Nil), Box::new(Value::Int(2))));
        let k = regs.len() - 3;
        if regs[k] == Value::Nil && regs[k + 1] != Value::Nil {
            acc += weight(&regs[k]) + weight(&regs[k + 1]) + weight(&regs[k + 2]);
        }
        regs[k] = Value::False;
        let mut fresh: Vec<i64> = Vec::new();
        if i % 2 == 0 {
            fresh.push(i);
        }
        lists.push(fresh);
        if i % 5 == 4 {
            // Every list made so far gets an item, the empty ones included.
            let m = lists.len();
            let mut j = 0;
            while j < m {
                lists[j].push(1);
                j += 1;
            }
            lists[m - 1].clear();
        }
        i += 1;
    }
    let mut total: i64 = 0;
    for l in &lists {
        for x in l {
            total += x;
        }
    }
    let mut falses = 0;
    for r in &regs {
        if *r == Value::False {
            falses += 1;
        }
    }
    acc + total + falses
}
