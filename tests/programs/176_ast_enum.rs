// The twin of 175_ast_dyn written with an enum and `match` (`enum Node`, children in `Box<Node>` and `Vec<Node>`, one `eval` function): the same program, the same JIT driver (the condition and body of each `while` node are the greens)
// call: run(30)
// expect: "s=1410 i=30 j=20 calls=340"
// call: run(0)
// expect: "s=0 i=0 j=0 calls=0"

use rpython::jit::{jit_merge_point, unroll_safe, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["cond", "body"], &["env"]);

pub struct Env {
    vars: Vec<i64>,
    calls: i64,
}

enum Node {
    Num(i64),
    Var(usize),
    Assign(usize, Box<Node>),
    Add(Box<Node>, Box<Node>),
    Sub(Box<Node>, Box<Node>),
    Mul(Box<Node>, Box<Node>),
    Rem(Box<Node>, Box<Node>),
    Less(Box<Node>, Box<Node>),
    Equal(Box<Node>, Box<Node>),
    Seq(Vec<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    While(Box<Node>, Box<Node>),
    // A call of a function of the host: counted, returns its argument doubled.
    Call(Box<Node>),
}

// (The loop of `Seq` runs over the items of a node, a constant of the trace.)
#[unroll_safe]
fn eval(node: &Node, env: &mut Env) -> i64 {
    match node {
        Node::Num(v) => *v,
        Node::Var(slot) => env.vars[*slot],
        Node::Assign(slot, value) => {
            let v = eval(value, env);
            env.vars[*slot] = v;
            v
        }
        Node::Add(l, r) => eval(l, env) + eval(r, env),
        Node::Sub(l, r) => eval(l, env) - eval(r, env),
        Node::Mul(l, r) => eval(l, env) * eval(r, env),
        Node::Rem(l, r) => eval(l, env) % eval(r, env),
        Node::Less(l, r) => (eval(l, env) < eval(r, env)) as i64,
        Node::Equal(l, r) => (eval(l, env) == eval(r, env)) as i64,
        Node::Seq(items) => {
            let mut last = 0;
            for item in items {
                last = eval(item, env);
            }
            last
        }
        Node::If(cond, then, otherwise) => {
            if eval(cond, env) != 0 {
                eval(then, env)
            } else {
                eval(otherwise, env)
            }
        }
        Node::While(cond, body) => eval_while(cond, body, env),
        Node::Call(arg) => {
            env.calls += 1;
            eval(arg, env) * 2
        }
    }
}

fn eval_while(cond: &Node, body: &Node, env: &mut Env) -> i64 {
    loop {
        jit_merge_point!(DRIVER; cond, body; env);
        if eval(cond, env) == 0 {
            return 0;
        }
        eval(body, env);
    }
}

fn num(v: i64) -> Box<Node> {
    Box::new(Node::Num(v))
}

fn var(slot: usize) -> Box<Node> {
    Box::new(Node::Var(slot))
}

fn assign(slot: usize, value: Box<Node>) -> Box<Node> {
    Box::new(Node::Assign(slot, value))
}

fn product(a: usize, b: usize) -> Box<Node> {
    Box::new(Node::Mul(var(a), var(b)))
}

// The program of 175_ast_dyn.
fn program(n: i64) -> Node {
    let (i, j, s) = (0, 1, 2);
    let test = Node::Equal(Box::new(Node::Rem(product(i, j), num(3))), num(0));
    let gain = Node::Add(var(s), Box::new(Node::Call(Box::new(Node::Rem(product(i, j), num(7))))));
    let loss = Node::Sub(var(s), num(1));
    let inner_body = Node::Seq(vec![
        Node::If(Box::new(test), assign(s, Box::new(gain)), assign(s, Box::new(loss))),
        *assign(j, Box::new(Node::Add(var(j), num(1)))),
    ]);
    let inner = Node::While(Box::new(Node::Less(var(j), num(20))), Box::new(inner_body));
    let outer_body = Node::Seq(vec![*assign(j, num(0)), inner, *assign(i, Box::new(Node::Add(var(i), num(1))))]);
    Node::Seq(vec![
        *assign(i, num(0)),
        *assign(s, num(0)),
        Node::While(Box::new(Node::Less(var(i), num(n))), Box::new(outer_body)),
    ])
}

pub fn run(n: i64) -> String {
    let mut env = Env { vars: vec![0; 3], calls: 0 };
    eval(&program(n), &mut env);
    format!("s={} i={} j={} calls={}", env.vars[2], env.vars[0], env.vars[1], env.calls)
}
