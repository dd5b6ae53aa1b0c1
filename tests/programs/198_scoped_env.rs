// A tiny interpreter whose environment is a stack of scopes, each a `BTreeMap<String, i64>` (so a scope prints its names in order), with a `VecDeque` of pending statements that `defer` pushes to the back and `first` to the front
// call: run(3)
// expect: "x=3 | inner {\"x\": 30, \"y\": 4} | after {\"x\": 3, \"z\": 9} | order [\"first\", \"a\", \"b\", \"deferred\"] | lookup y: None"
use std::collections::{BTreeMap, VecDeque};

struct Env {
    scopes: Vec<BTreeMap<String, i64>>,
}

impl Env {
    fn new() -> Env {
        Env { scopes: vec![BTreeMap::new()] }
    }

    fn push(&mut self) {
        self.scopes.push(BTreeMap::new());
    }

    fn pop(&mut self) -> BTreeMap<String, i64> {
        self.scopes.pop().unwrap()
    }

    fn set(&mut self, name: &str, v: i64) {
        let last = self.scopes.len() - 1;
        self.scopes[last].insert(name.to_string(), v);
    }

    fn get(&self, name: &str) -> Option<i64> {
        for scope in self.scopes.iter().rev() {
            if let Some(v) = scope.get(&name.to_string()) {
                return Some(*v);
            }
        }
        None
    }
}

pub fn run(n: i64) -> String {
    let mut env = Env::new();
    env.set("x", n);
    let a = format!("x={}", env.get("x").unwrap());
    env.push();
    env.set("x", n * 10);
    env.set("y", n + 1);
    let inner = env.pop();
    env.set("z", n * n);
    let after = env.scopes[0].clone();
    let mut pending: VecDeque<String> = VecDeque::new();
    for s in ["a", "defer", "b"] {
        if s == "defer" {
            continue;
        }
        pending.push_back(s.to_string());
    }
    pending.push_back("deferred".to_string());
    pending.push_front("first".to_string());
    let mut order = Vec::new();
    while let Some(s) = pending.pop_front() {
        order.push(s);
    }
    format!("{} | inner {:?} | after {:?} | order {:?} | lookup y: {:?}", a, inner, after, order, env.get("y"))
}
