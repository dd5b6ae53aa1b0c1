// A tiny AST evaluator: recursive enum through Box, Option<Box<..>>, an environment of String bindings, if let, while let over an explicit stack, nested patterns (tuples of variants, char literals) with guards, a constant folder
// call: evaluate(0)
// expect: "Ok(36) Err(\"division by literal zero\") Err(\"5 / 0\") 0"
// call: evaluate(1)
// expect: "Ok(23) Err(\"division by literal zero\") Err(\"5 / 0\") 0"
// call: evaluate(2)
// expect: "Err(\"unbound missing\") Err(\"division by literal zero\") Err(\"5 / 0\") 0"
// call: evaluate(3)
// expect: "Ok(0) Err(\"division by literal zero\") Err(\"5 / 0\") 0"
// call: fold_demo(5)
// expect: "Bin('+', Var(\"x\"), Num(5)) | Num(3) | If(Bin('<', Num(1), Num(2)), Num(5), None) | Num(0) | digit 5; negative -5; number 500; short var q; var; additive - on a number; binary *; negation of depth 4"
// call: walk(4)
// expect: (21, 5, 7, 3)

#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Num(i64),
    Var(String),
    Neg(Box<Expr>),
    Bin(char, Box<Expr>, Box<Expr>),
    Let(String, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
}

fn num(n: i64) -> Box<Expr> {
    Box::new(Expr::Num(n))
}

fn var(s: &str) -> Box<Expr> {
    Box::new(Expr::Var(s.to_string()))
}

fn bin(op: char, a: Box<Expr>, b: Box<Expr>) -> Box<Expr> {
    Box::new(Expr::Bin(op, a, b))
}

fn let_(name: &str, value: Box<Expr>, body: Box<Expr>) -> Box<Expr> {
    Box::new(Expr::Let(name.to_string(), value, body))
}

struct Env {
    names: Vec<String>,
    values: Vec<i64>,
}

impl Env {
    fn lookup(&self, name: &str) -> Option<i64> {
        let mut i = self.names.len();
        while i > 0 {
            i -= 1;
            if self.names[i] == name {
                return Some(self.values[i]);
            }
        }
        None
    }
}

fn eval(e: &Expr, env: &mut Env) -> Result<i64, String> {
    match e {
        Expr::Num(n) => Ok(*n),
        Expr::Var(name) => match env.lookup(name) {
            Some(v) => Ok(v),
            None => Err(format!("unbound {}", name)),
        },
        Expr::Neg(inner) => Ok(-eval(inner, env)?),
        Expr::Bin('/', _, rhs) if **rhs == Expr::Num(0) => Err("division by literal zero".to_string()),
        Expr::Bin(op, a, b) => {
            let x = eval(a, env)?;
            let y = eval(b, env)?;
            match op {
                '+' => Ok(x + y),
                '-' => Ok(x - y),
                '*' => Ok(x * y),
                '/' if y == 0 => Err(format!("{} / 0", x)),
                '/' => Ok(x / y),
                '<' => Ok((x < y) as i64),
                c => Err(format!("bad operator {:?}", c)),
            }
        }
        Expr::Let(name, value, body) => {
            let v = eval(value, env)?;
            env.names.push(name.clone());
            env.values.push(v);
            let r = eval(body, env);
            env.names.pop();
            env.values.pop();
            r
        }
        Expr::If(c, t, otherwise) => {
            if eval(c, env)? != 0 {
                eval(t, env)
            } else if let Some(e) = otherwise {
                eval(e, env)
            } else {
                Ok(0)
            }
        }
    }
}

fn program(i: i64) -> Box<Expr> {
    match i {
        // let x = 6 in let y = x * 7 in if x < y then y - x else 0
        0 => let_(
            "x",
            num(6),
            let_(
                "y",
                bin('*', var("x"), num(7)),
                Box::new(Expr::If(bin('<', var("x"), var("y")), bin('-', var("y"), var("x")), Some(num(0)))),
            ),
        ),
        // shadowing: let a = 1 in (let a = a + 10 in a * 2) + a
        1 => let_("a", num(1), bin('+', let_("a", bin('+', var("a"), num(10)), bin('*', var("a"), num(2))), var("a"))),
        2 => bin('+', num(1), Box::new(Expr::Neg(var("missing")))),
        _ => Box::new(Expr::If(num(0), num(1), None)),
    }
}

pub fn evaluate(i: i64) -> String {
    let e = program(i);
    let mut env = Env { names: Vec::new(), values: Vec::new() };
    let r = eval(&e, &mut env);
    let r2 = eval(&Expr::Bin('/', num(5), num(0)), &mut env);
    let r3 = eval(&Expr::Bin('/', num(5), bin('-', num(2), num(2))), &mut env);
    format!("{:?} {:?} {:?} {}", r, r2, r3, env.names.len())
}

fn simplify(e: Expr) -> Expr {
    match e {
        Expr::Bin(op, a, b) => {
            let a = simplify(*a);
            let b = simplify(*b);
            match (op, a, b) {
                ('+', Expr::Num(0), x) => x,
                ('+', x, Expr::Num(0)) => x,
                ('*', Expr::Num(1), x) => x,
                ('*', x, Expr::Num(1)) => x,
                ('*', Expr::Num(0), _) => Expr::Num(0),
                (o, Expr::Num(x), Expr::Num(y)) if o == '+' || o == '-' || o == '*' => Expr::Num(match o {
                    '+' => x + y,
                    '-' => x - y,
                    _ => x * y,
                }),
                (o, x, y) => Expr::Bin(o, Box::new(x), Box::new(y)),
            }
        }
        Expr::Neg(inner) => match simplify(*inner) {
            Expr::Num(n) => Expr::Num(-n),
            Expr::Neg(x) => *x,
            other => Expr::Neg(Box::new(other)),
        },
        Expr::If(c, t, f) => match simplify(*c) {
            Expr::Num(0) => match f {
                Some(f) => simplify(*f),
                None => Expr::Num(0),
            },
            Expr::Num(_) => simplify(*t),
            c => Expr::If(Box::new(c), Box::new(simplify(*t)), f),
        },
        other => other,
    }
}

fn classify(e: &Expr) -> String {
    match e {
        Expr::Num(n) if *n >= 0 && *n <= 9 => format!("digit {}", n),
        Expr::Num(n) if *n < 0 => format!("negative {}", n),
        Expr::Num(n) => format!("number {}", n),
        Expr::Var(name) if name.len() == 1 => format!("short var {}", name),
        Expr::Var(_) => "var".to_string(),
        Expr::Bin(op, lhs, _) if (*op == '+' || *op == '-') && matches!(**lhs, Expr::Num(_)) => {
            format!("additive {} on a number", op)
        }
        Expr::Bin(op, _, _) => format!("binary {}", op),
        Expr::Neg(_) => format!("negation of depth {}", depth(e)),
        _ => "other".to_string(),
    }
}

fn depth(e: &Expr) -> usize {
    match e {
        Expr::Num(_) | Expr::Var(_) => 1,
        Expr::Neg(x) => 1 + depth(x),
        Expr::Bin(_, a, b) => 1 + depth(a).max(depth(b)),
        Expr::Let(_, a, b) => 1 + depth(a).max(depth(b)),
        Expr::If(c, t, f) => {
            let mut d = depth(c).max(depth(t));
            if let Some(f) = f {
                d = d.max(depth(f));
            }
            1 + d
        }
    }
}

pub fn fold_demo(n: i64) -> String {
    let e = bin('+', bin('*', num(1), var("x")), bin('+', num(n), num(0)));
    let f = Expr::Neg(Box::new(Expr::Neg(bin('-', num(n), num(2)))));
    let g = Expr::If(bin('<', num(1), num(2)), num(n), None);
    let h = Expr::If(num(0), num(1), Some(bin('*', num(0), var("z"))));
    let mut kinds = Vec::new();
    for x in
        [Expr::Num(n), Expr::Num(-n), Expr::Num(n * 100), Expr::Var("q".to_string()), Expr::Var("long".to_string())]
    {
        kinds.push(classify(&x));
    }
    kinds.push(classify(&bin('-', num(1), var("y"))));
    kinds.push(classify(&bin('*', num(1), var("y"))));
    kinds.push(classify(&f));
    format!("{:?} | {:?} | {:?} | {:?} | {}", simplify(*e), simplify(f), simplify(g), simplify(h), kinds.join("; "))
}

// Counts nodes, numbers and the sum of literals with an explicit stack instead of recursion.
pub fn walk(n: i64) -> (usize, usize, i64, usize) {
    let mut tree = num(1);
    for i in 0..n {
        tree = bin(if i % 2 == 0 { '+' } else { '*' }, tree, let_("v", num(i), Box::new(Expr::Neg(var("v")))));
    }
    let mut stack: Vec<&Expr> = vec![&tree];
    let mut nodes = 0;
    let mut nums = 0;
    let mut total = 0;
    let mut max_stack = 0;
    while let Some(e) = stack.pop() {
        nodes += 1;
        match e {
            Expr::Num(v) => {
                nums += 1;
                total += v;
            }
            Expr::Var(_) => {}
            Expr::Neg(x) => stack.push(x),
            Expr::Bin(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            Expr::Let(_, value, body) => {
                stack.push(value);
                stack.push(body);
            }
            Expr::If(c, t, f) => {
                stack.push(c);
                stack.push(t);
                if let Some(f) = f {
                    stack.push(f);
                }
            }
        }
        max_stack = max_stack.max(stack.len());
    }
    (nodes, nums, total, max_stack)
}
