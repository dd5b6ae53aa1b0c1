// An AST interpreter written with a trait and trait objects (`trait Node { fn eval(&self, env: &mut Env) -> i64; }`, a struct per kind of node, children in `Box<dyn Node>` and `Vec<Box<dyn Node>>`), JIT'd at the loop of each `while` node (the node's condition and body are the greens); its twin written with an enum and `match` is 176_ast_enum, and `cargo run --release -p astbench -- --bench` compares their speedups
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

trait Node {
    fn eval(&self, env: &mut Env) -> i64;
}

struct Num {
    v: i64,
}

struct Var {
    slot: usize,
}

struct Assign {
    slot: usize,
    value: Box<dyn Node>,
}

struct Add {
    l: Box<dyn Node>,
    r: Box<dyn Node>,
}

struct Sub {
    l: Box<dyn Node>,
    r: Box<dyn Node>,
}

struct Mul {
    l: Box<dyn Node>,
    r: Box<dyn Node>,
}

struct Rem {
    l: Box<dyn Node>,
    r: Box<dyn Node>,
}

struct Less {
    l: Box<dyn Node>,
    r: Box<dyn Node>,
}

struct Equal {
    l: Box<dyn Node>,
    r: Box<dyn Node>,
}

struct Seq {
    items: Vec<Box<dyn Node>>,
}

struct If {
    cond: Box<dyn Node>,
    then: Box<dyn Node>,
    otherwise: Box<dyn Node>,
}

struct While {
    cond: Box<dyn Node>,
    body: Box<dyn Node>,
}

// A call of a function of the host: counted, returns its argument doubled.
struct Call {
    arg: Box<dyn Node>,
}

impl Node for Num {
    fn eval(&self, _env: &mut Env) -> i64 {
        self.v
    }
}

impl Node for Var {
    fn eval(&self, env: &mut Env) -> i64 {
        env.vars[self.slot]
    }
}

impl Node for Assign {
    fn eval(&self, env: &mut Env) -> i64 {
        let v = self.value.eval(env);
        env.vars[self.slot] = v;
        v
    }
}

impl Node for Add {
    fn eval(&self, env: &mut Env) -> i64 {
        self.l.eval(env) + self.r.eval(env)
    }
}

impl Node for Sub {
    fn eval(&self, env: &mut Env) -> i64 {
        self.l.eval(env) - self.r.eval(env)
    }
}

impl Node for Mul {
    fn eval(&self, env: &mut Env) -> i64 {
        self.l.eval(env) * self.r.eval(env)
    }
}

impl Node for Rem {
    fn eval(&self, env: &mut Env) -> i64 {
        self.l.eval(env) % self.r.eval(env)
    }
}

impl Node for Less {
    fn eval(&self, env: &mut Env) -> i64 {
        (self.l.eval(env) < self.r.eval(env)) as i64
    }
}

impl Node for Equal {
    fn eval(&self, env: &mut Env) -> i64 {
        (self.l.eval(env) == self.r.eval(env)) as i64
    }
}

impl Node for Seq {
    // (The loop runs over the items of a node, a constant of the trace.)
    #[unroll_safe]
    fn eval(&self, env: &mut Env) -> i64 {
        let mut last = 0;
        for item in &self.items {
            last = item.eval(env);
        }
        last
    }
}

impl Node for If {
    fn eval(&self, env: &mut Env) -> i64 {
        if self.cond.eval(env) != 0 {
            self.then.eval(env)
        } else {
            self.otherwise.eval(env)
        }
    }
}

impl Node for While {
    fn eval(&self, env: &mut Env) -> i64 {
        let (cond, body) = (&self.cond, &self.body);
        loop {
            jit_merge_point!(DRIVER; cond, body; env);
            if cond.eval(env) == 0 {
                return 0;
            }
            body.eval(env);
        }
    }
}

impl Node for Call {
    fn eval(&self, env: &mut Env) -> i64 {
        env.calls += 1;
        self.arg.eval(env) * 2
    }
}

fn num(v: i64) -> Box<dyn Node> {
    Box::new(Num { v })
}

fn var(slot: usize) -> Box<dyn Node> {
    Box::new(Var { slot })
}

fn assign(slot: usize, value: Box<dyn Node>) -> Box<dyn Node> {
    Box::new(Assign { slot, value })
}

fn product(a: usize, b: usize) -> Box<dyn Node> {
    Box::new(Mul { l: var(a), r: var(b) })
}

// i = 0; s = 0;
// while i < n {
//     j = 0;
//     while j < 20 {
//         if (i * j) % 3 == 0 { s = s + f(i * j % 7) } else { s = s - 1 }
//         j = j + 1
//     }
//     i = i + 1
// }
fn program(n: i64) -> Box<dyn Node> {
    let (i, j, s) = (0, 1, 2);
    let test: Box<dyn Node> = Box::new(Equal { l: Box::new(Rem { l: product(i, j), r: num(3) }), r: num(0) });
    let gain: Box<dyn Node> = Box::new(Add { l: var(s), r: Box::new(Call { arg: Box::new(Rem { l: product(i, j), r: num(7) }) }) });
    let loss: Box<dyn Node> = Box::new(Sub { l: var(s), r: num(1) });
    let inner_body: Box<dyn Node> = Box::new(Seq {
        items: vec![
            Box::new(If { cond: test, then: assign(s, gain), otherwise: assign(s, loss) }),
            assign(j, Box::new(Add { l: var(j), r: num(1) })),
        ],
    });
    let inner: Box<dyn Node> = Box::new(While { cond: Box::new(Less { l: var(j), r: num(20) }), body: inner_body });
    let outer_body: Box<dyn Node> =
        Box::new(Seq { items: vec![assign(j, num(0)), inner, assign(i, Box::new(Add { l: var(i), r: num(1) }))] });
    Box::new(Seq {
        items: vec![
            assign(i, num(0)),
            assign(s, num(0)),
            Box::new(While { cond: Box::new(Less { l: var(i), r: num(n) }), body: outer_body }),
        ],
    })
}

pub fn run(n: i64) -> String {
    let mut env = Env { vars: vec![0; 3], calls: 0 };
    program(n).eval(&mut env);
    format!("s={} i={} j={} calls={}", env.vars[2], env.vars[0], env.vars[1], env.calls)
}
