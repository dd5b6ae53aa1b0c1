// Rc<RefCell<..>> tree with parent indices into an arena, Cell counters shared through Rc by several owners, a shared log, subtree sums by recursion and by worklist, Rc::ptr_eq
// call: tree(10)
// expect: "451 160 451 466 \"root/n2/n9\" depth 2 visits 14 max_depth 2 log 10 last Some(\"add n9\") Node { name: \"n2\", value: 21, parent: Some(0), children: [7, 8, 9] }"
// call: reparent(6)
// expect: "a/c5 1 [1, 5] true false 16 4"
// call: shared_counters(5)
// expect: "10 10 101 6 x+0,y+1,z+2 true"
use std::cell::{Cell, RefCell};
use std::rc::Rc;

#[derive(Debug)]
struct Node {
    name: String,
    value: i64,
    parent: Option<usize>,
    children: Vec<usize>,
}

struct Stats {
    visits: Cell<u64>,
    max_depth: Cell<usize>,
    log: RefCell<Vec<String>>,
}

impl Stats {
    fn new() -> Rc<Stats> {
        Rc::new(Stats { visits: Cell::new(0), max_depth: Cell::new(0), log: RefCell::new(Vec::new()) })
    }

    fn visit(&self, depth: usize) {
        self.visits.set(self.visits.get() + 1);
        if depth > self.max_depth.get() {
            self.max_depth.set(depth);
        }
    }

    fn note(&self, s: String) {
        self.log.borrow_mut().push(s);
    }
}

struct Tree {
    nodes: Vec<Rc<RefCell<Node>>>,
    stats: Rc<Stats>,
}

impl Tree {
    fn new(stats: &Rc<Stats>) -> Tree {
        Tree { nodes: Vec::new(), stats: Rc::clone(stats) }
    }

    fn add(&mut self, name: &str, value: i64, parent: Option<usize>) -> usize {
        let id = self.nodes.len();
        let node = Rc::new(RefCell::new(Node { name: name.to_string(), value, parent, children: Vec::new() }));
        if let Some(p) = parent {
            self.nodes[p].borrow_mut().children.push(id);
        }
        self.nodes.push(node);
        self.stats.note(format!("add {}", name));
        id
    }

    fn depth(&self, id: usize) -> usize {
        let mut d = 0;
        let mut cur = self.nodes[id].borrow().parent;
        while let Some(p) = cur {
            d += 1;
            cur = self.nodes[p].borrow().parent;
        }
        d
    }

    fn path(&self, id: usize) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut cur = Some(id);
        while let Some(i) = cur {
            let n = self.nodes[i].borrow();
            parts.push(n.name.clone());
            cur = n.parent;
        }
        parts.reverse();
        parts.join("/")
    }

    fn subtree_sum(&self, id: usize, depth: usize) -> i64 {
        self.stats.visit(depth);
        let node = self.nodes[id].borrow();
        let mut total = node.value;
        for c in node.children.iter() {
            total += self.subtree_sum(*c, depth + 1);
        }
        total
    }

    fn subtree_sum_iter(&self, id: usize) -> i64 {
        let mut work = vec![id];
        let mut total = 0;
        while let Some(i) = work.pop() {
            let node = self.nodes[i].borrow();
            total += node.value;
            for c in node.children.iter() {
                work.push(*c);
            }
        }
        total
    }
}

pub fn tree(n: i64) -> String {
    let stats = Stats::new();
    let mut t = Tree::new(&stats);
    let root = t.add("root", 1, None);
    for i in 1..n {
        let parent = ((i - 1) / 3) as usize;
        t.add(&format!("n{}", i), i * 10, Some(parent));
    }
    let deepest = t.nodes.len() - 1;
    let total = t.subtree_sum(root, 0);
    let part = t.subtree_sum(1, 0);
    let iter_total = t.subtree_sum_iter(root);
    // Every node's value grows by its depth, through the shared cells.
    for i in 0..t.nodes.len() {
        let d = t.depth(i) as i64;
        t.nodes[i].borrow_mut().value += d;
    }
    let after = t.subtree_sum_iter(root);
    let log_len = stats.log.borrow().len();
    format!(
        "{} {} {} {} {:?} depth {} visits {} max_depth {} log {} last {:?} {:?}",
        total,
        part,
        iter_total,
        after,
        t.path(deepest),
        t.depth(deepest),
        stats.visits.get(),
        stats.max_depth.get(),
        log_len,
        stats.log.borrow().last(),
        t.nodes[2].borrow()
    )
}

pub fn reparent(n: usize) -> String {
    let stats = Stats::new();
    let mut t = Tree::new(&stats);
    t.add("a", 1, None);
    for i in 1..n {
        t.add(&format!("c{}", i), i as i64, Some(i - 1));
    }
    // Move the last node under the root: the shared node is changed once, every holder sees it.
    let last = n - 1;
    let handle = t.nodes[last].clone();
    let old_parent = handle.borrow().parent.unwrap();
    t.nodes[old_parent].borrow_mut().children.pop();
    handle.borrow_mut().parent = Some(0);
    t.nodes[0].borrow_mut().children.push(last);
    let same = Rc::ptr_eq(&handle, &t.nodes[last]);
    let other = Rc::ptr_eq(&handle, &t.nodes[0]);
    let kids = t.nodes[0].borrow().children.clone();
    format!(
        "{} {} {:?} {} {} {} {}",
        t.path(last),
        t.depth(last),
        kids,
        same,
        other,
        t.subtree_sum_iter(0),
        t.subtree_sum(old_parent, 0)
    )
}

struct Owner {
    label: String,
    counter: Rc<Cell<i64>>,
    log: Rc<RefCell<Vec<String>>>,
}

impl Owner {
    fn bump(&self, by: i64) {
        self.counter.set(self.counter.get() + by);
        self.log.borrow_mut().push(format!("{}+{}", self.label, by));
    }
}

pub fn shared_counters(n: i64) -> String {
    let counter = Rc::new(Cell::new(0));
    let log = Rc::new(RefCell::new(Vec::new()));
    let mut owners: Vec<Owner> = Vec::new();
    for name in ["x", "y", "z"] {
        owners.push(Owner { label: name.to_string(), counter: Rc::clone(&counter), log: log.clone() });
    }
    let private = Owner { label: "p".to_string(), counter: Rc::new(Cell::new(100)), log: Rc::clone(&log) };
    for i in 0..n {
        let o = &owners[(i % 3) as usize];
        o.bump(i);
    }
    private.bump(1);
    let entries = log.borrow().len();
    let first_three = log.borrow()[..3].join(",");
    format!(
        "{} {} {} {} {} {}",
        counter.get(),
        owners[1].counter.get(),
        private.counter.get(),
        entries,
        first_three,
        Rc::ptr_eq(&owners[0].counter, &owners[2].counter)
    )
}
