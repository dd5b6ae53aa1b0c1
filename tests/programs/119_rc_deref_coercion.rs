// Deref coercion of `&Rc<T>` to `&T`: Rc values passed to functions and methods taking `&T`, and bound with `let x: &T = &rc`
use std::cell::RefCell;
use std::rc::Rc;

// call: coercions(3)
// expect: "sum 6 name root depth 2 total 10 same true"
struct Tree {
    name: String,
    value: i64,
    kids: Vec<Rc<Tree>>,
}

impl Tree {
    fn total(&self) -> i64 {
        let mut t = self.value;
        for k in &self.kids {
            t += k.total();
        }
        t
    }
}

fn depth(t: &Tree) -> i64 {
    let mut d = 0;
    for k in &t.kids {
        let kd = depth(k);
        if kd > d {
            d = kd;
        }
    }
    d + 1
}

fn name_of(t: &Tree) -> String {
    t.name.clone()
}

fn sum(v: &Vec<i64>) -> i64 {
    let mut s = 0;
    for x in v {
        s += *x;
    }
    s
}

fn bump(c: &RefCell<i64>, by: i64) {
    *c.borrow_mut() += by;
}

pub fn coercions(n: i64) -> String {
    let leaf = Rc::new(Tree { name: "leaf".to_string(), value: n, kids: Vec::new() });
    let mid = Rc::new(Tree { name: "mid".to_string(), value: 4, kids: vec![leaf.clone(), Rc::clone(&leaf)] });
    let root = Rc::new(Tree { name: "root".to_string(), value: 0, kids: vec![mid] });
    let v = Rc::new(vec![1, 2, n]);
    let r: &Tree = &root;
    let counter = Rc::new(RefCell::new(1));
    bump(&counter, 2);
    let shared = counter.clone();
    bump(&shared, 3);
    let total = root.total() + *counter.borrow() - 6 + r.total() - 10;
    format!(
        "sum {} name {} depth {} total {} same {}",
        sum(&v),
        name_of(&root),
        depth(&root) - 1,
        total,
        Rc::ptr_eq(&counter, &shared)
    )
}
