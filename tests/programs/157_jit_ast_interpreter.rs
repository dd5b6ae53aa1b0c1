// An AST interpreter over `Box`ed nodes, as RPython's AST interpreters are written: statements run by a recursive `exec`, expressions by a recursive `eval`, and the merge point in the evaluator of `while` (the green is the loop node, the red the environment); a trace of one turn is the body's statements with `eval` traced into for each node of the tree, a constant of the trace, so no dispatch on the nodes is left; an `if` in the body, a nested `while` (the portal entered again), and variables in a `Vec` of the environment
// call: run(400)
// expect: "i=400 sum=120398 odd=200 inner=64 turns=464"

use rpython::jit::{jit_merge_point, unroll_safe, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["node"], &["env"]).get_printable_location("location");

enum Expr {
    Num(i64),
    Var(usize),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    Mod(Box<Expr>, Box<Expr>),
    Lt(Box<Expr>, Box<Expr>),
    Eq(Box<Expr>, Box<Expr>),
}

enum Stmt {
    Assign(usize, Expr),
    While(Expr, Vec<Stmt>),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
}

struct Env {
    vars: Vec<i64>,
    /// Turns of every `while`.
    turns: i64,
}

// Named by the driver, called by the JIT's logs only.
#[allow(dead_code)]
fn location(node: &Stmt) -> String {
    match node {
        Stmt::While(_, body) => format!("while ({} statements)", body.len()),
        _ => "statement".to_string(),
    }
}

fn eval(e: &Expr, env: &mut Env) -> i64 {
    match e {
        Expr::Num(k) => *k,
        Expr::Var(v) => env.vars[*v],
        Expr::Add(a, b) => eval(a, env) + eval(b, env),
        Expr::Sub(a, b) => eval(a, env) - eval(b, env),
        Expr::Mul(a, b) => eval(a, env) * eval(b, env),
        Expr::Mod(a, b) => eval(a, env) % eval(b, env),
        Expr::Lt(a, b) => (eval(a, env) < eval(b, env)) as i64,
        Expr::Eq(a, b) => (eval(a, env) == eval(b, env)) as i64,
    }
}

/// A loop over a constant list of statements in a trace: unrolled there
/// (RPython's policy does not trace into functions with loops otherwise).
#[unroll_safe]
fn exec_block(body: &Vec<Stmt>, env: &mut Env) {
    for s in body {
        exec(s, env);
    }
}

fn exec(s: &Stmt, env: &mut Env) {
    match s {
        Stmt::Assign(v, e) => {
            let x = eval(e, env);
            env.vars[*v] = x;
        }
        Stmt::While(_, _) => exec_while(s, env),
        Stmt::If(c, then, otherwise) => {
            if eval(c, env) != 0 {
                exec_block(then, env);
            } else {
                exec_block(otherwise, env);
            }
        }
    }
}

/// The portal: one turn of the loop `node` per merge point.
fn exec_while(node: &Stmt, env: &mut Env) {
    loop {
        jit_merge_point!(DRIVER; node; env);
        match node {
            Stmt::While(cond, body) => {
                if eval(cond, env) == 0 {
                    return;
                }
                env.turns += 1;
                exec_block(body, env);
            }
            _ => return,
        }
    }
}

fn num(k: i64) -> Box<Expr> {
    Box::new(Expr::Num(k))
}

fn var(v: usize) -> Box<Expr> {
    Box::new(Expr::Var(v))
}

fn add(a: Box<Expr>, b: Box<Expr>) -> Expr {
    Expr::Add(a, b)
}

fn assign(v: usize, e: Expr) -> Stmt {
    Stmt::Assign(v, e)
}

pub fn run(n: i64) -> String {
    // Variables: 0 = i, 1 = n, 2 = sum, 3 = odd, 4 = j, 5 = inner.
    //
    // while i < n {
    //     if i % 2 == 0 { sum = sum + i * 3 - 1 } else { odd = odd + 1 }
    //     if i % 100 == 0 { j = 0; while j < 16 { inner = inner + 1; j = j + 1 } }
    //     sum = sum + (i + 1) % 7
    //     i = i + 1
    // }
    let even = Expr::Eq(Box::new(Expr::Mod(var(0), num(2))), num(0));
    let scaled = Expr::Sub(Box::new(add(var(2), Box::new(Expr::Mul(var(0), num(3))))), num(1));
    let branch = Stmt::If(even, vec![assign(2, scaled)], vec![assign(3, add(var(3), num(1)))]);
    let inner_loop =
        Stmt::While(Expr::Lt(var(4), num(16)), vec![assign(5, add(var(5), num(1))), assign(4, add(var(4), num(1)))]);
    let hundredth = Stmt::If(
        Expr::Eq(Box::new(Expr::Mod(var(0), num(100))), num(0)),
        vec![assign(4, Expr::Num(0)), inner_loop],
        vec![],
    );
    let tail = assign(2, add(var(2), Box::new(Expr::Mod(Box::new(add(var(0), num(1))), num(7)))));
    let step = assign(0, add(var(0), num(1)));
    let main = Stmt::While(Expr::Lt(var(0), var(1)), vec![branch, hundredth, tail, step]);
    let mut env = Env { vars: vec![0; 6], turns: 0 };
    env.vars[1] = n;
    exec(&main, &mut env);
    format!("i={} sum={} odd={} inner={} turns={}", env.vars[0], env.vars[2], env.vars[3], env.vars[5], env.turns)
}
