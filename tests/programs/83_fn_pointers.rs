// Functions as values: parameters of fn type, a table of rules with optional fn pointers, methods as values
// call: fn_pointers_demo(7)
// expect: (19, 3, 11, 12, 206)
// call: fn_pointers_demo(-2)
// expect: (10, 2, 8, 12, 206)

#[derive(Clone, Copy)]
struct Rule {
    prefix: Option<fn(&mut Machine, i64)>,
    infix: Option<fn(&mut Machine, i64)>,
    weight: i64,
}

struct Machine {
    acc: i64,
    log: Vec<i64>,
}

impl Machine {
    fn push(&mut self, x: i64) {
        self.log.push(x);
        self.acc += x;
    }

    fn double(&mut self, x: i64) {
        self.acc = self.acc * 2 + x;
    }
}

fn negate(m: &mut Machine, x: i64) {
    m.acc -= x;
}

fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn sub(a: i64, b: i64) -> i64 {
    a - b
}

fn apply(f: fn(i64, i64) -> i64, a: i64, b: i64) -> i64 {
    f(a, b)
}

fn twice(f: fn(i64) -> i64, x: i64) -> i64 {
    f(f(x))
}

fn inc3(x: i64) -> i64 {
    x + 3
}

fn pick(c: bool) -> fn(i64, i64) -> i64 {
    if c {
        add
    } else {
        sub
    }
}

const RULES: [Rule; 3] = [
    Rule { prefix: Some(Machine::push), infix: None, weight: 1 },
    Rule { prefix: Some(negate), infix: Some(Machine::double), weight: 2 },
    Rule { prefix: None, infix: Some(Machine::push), weight: 3 },
];

fn run_rules(seed: i64) -> i64 {
    let mut m = Machine { acc: 0, log: Vec::new() };
    for (i, rule) in RULES.iter().enumerate() {
        if let Some(f) = rule.prefix {
            f(&mut m, seed + i as i64);
        }
        match rule.infix {
            Some(g) => g(&mut m, rule.weight),
            None => m.push(100),
        }
    }
    m.acc + m.log.len() as i64
}

struct Holder {
    op: fn(i64, i64) -> i64,
}

pub fn fn_pointers_demo(n: i64) -> (i64, i64, i64, i64, i64) {
    let a = apply(add, n, 12);
    let f = pick(n < 0);
    let b = f(n, 4);
    let h = Holder { op: if n > 0 { sub } else { add } };
    let c = (h.op)(n, 3) + twice(inc3, 1);
    let table: Vec<fn(i64) -> i64> = vec![inc3, inc3];
    let mut d = 0;
    for g in table.iter() {
        d = g(d) + 3;
    }
    (a, b, c, d, run_rules(n))
}
