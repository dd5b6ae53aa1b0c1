// `rpython::rgc::compute_unique_id`: a number naming an object while it
// lives. Clones of one `Rc` share it, objects alive at once differ, and it
// survives full collections (objects never move). Used as a map's key, as
// an interpreter keys a table by an object: once, and in a loop the JIT
// compiles, where the object whose id is taken is new in each turn (its id
// makes it real) or one made before the loop (a constant in the trace).
// call: once(50)
// expect: "distinct=50 clones_same=50 found=50 after_collect_same=50 strings=3"
// call: run(400)
// expect: "turns=400 keys=401 anchor_same=400 found=400 lost=0"

use rpython::jit::{jit_merge_point, JitDriver};
use rpython::rgc;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

static DRIVER: JitDriver = JitDriver::new(&["pc"], &["n", "m"]);

struct Node {
    value: i64,
}

pub fn once(n: i64) -> String {
    let mut nodes: Vec<Rc<RefCell<Node>>> = Vec::new();
    let mut by_id: HashMap<usize, i64> = HashMap::new();
    for i in 0..n {
        let node = Rc::new(RefCell::new(Node { value: i }));
        by_id.insert(rgc::compute_unique_id(&node), i);
        nodes.push(node);
    }
    let mut clones_same = 0;
    let mut found = 0;
    let before: Vec<usize> = nodes.iter().map(|x| rgc::compute_unique_id(x)).collect();
    for node in nodes.iter() {
        let other = Rc::clone(node);
        if rgc::compute_unique_id(&other) == rgc::compute_unique_id(node) {
            clones_same += 1;
        }
        if by_id.get(&rgc::compute_unique_id(node)) == Some(&node.borrow().value) {
            found += 1;
        }
    }
    rgc::collect();
    let mut after_collect_same = 0;
    for (i, node) in nodes.iter().enumerate() {
        if rpython::rgc::compute_unique_id(node) == before[i] {
            after_collect_same += 1;
        }
    }
    // Strings are objects too: equal contents, different objects.
    let a = Rc::new(String::from("same"));
    let b = Rc::new(String::from("same"));
    let c = a.clone();
    let mut strings = 0;
    if rgc::compute_unique_id(&a) != rgc::compute_unique_id(&b) {
        strings += 1;
    }
    if rgc::compute_unique_id(&a) == rgc::compute_unique_id(&c) {
        strings += 1;
    }
    if *a == *b {
        strings += 1;
    }
    format!(
        "distinct={} clones_same={} found={} after_collect_same={} strings={}",
        by_id.len(),
        clones_same,
        found,
        after_collect_same,
        strings
    )
}

struct Machine {
    anchor: Rc<RefCell<Node>>,
    anchor_id: usize,
    kept: Vec<Rc<RefCell<Node>>>,
    by_id: HashMap<usize, i64>,
    anchor_same: i64,
}

fn interpret(n: i64, m: &mut Machine) {
    let pc = 0;
    let mut n = n;
    loop {
        jit_merge_point!(DRIVER; pc; n, m);
        if n == 0 {
            return;
        }
        // A new object: virtual in the trace until its id is taken.
        let node = Rc::new(RefCell::new(Node { value: n }));
        m.by_id.insert(rgc::compute_unique_id(&node), n);
        m.kept.push(node);
        if rgc::compute_unique_id(&m.anchor) == m.anchor_id {
            m.anchor_same += 1;
        }
        n -= 1;
    }
}

pub fn run(n: i64) -> String {
    let anchor = Rc::new(RefCell::new(Node { value: -1 }));
    let anchor_id = rgc::compute_unique_id(&anchor);
    let mut by_id = HashMap::new();
    by_id.insert(anchor_id, -1);
    let mut m = Machine { anchor, anchor_id, kept: Vec::new(), by_id, anchor_same: 0 };
    interpret(n, &mut m);
    let mut found = 0;
    let mut lost = 0;
    for node in m.kept.iter() {
        match m.by_id.get(&rgc::compute_unique_id(node)) {
            Some(v) if *v == node.borrow().value => found += 1,
            _ => lost += 1,
        }
    }
    format!(
        "turns={} keys={} anchor_same={} found={} lost={}",
        m.kept.len(),
        m.by_id.len(),
        m.anchor_same,
        found,
        lost
    )
}
