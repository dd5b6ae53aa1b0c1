// Rc<RefCell<T>> shared between owners (clone shares, Rc::clone too), methods and fields through an Rc, {:?} through Rc, a counter shared by closures' replacement: structs holding Rc
// call: shared(4)
// expect: "7 7 9 1 RefCell { value: Node { val: 7, children: [] } } 2"
// call: graph(5)
// expect: (14, 5, true)
// call: clones(6)
// expect: "6 6 100 Ctr { n: Cell { value: 6 } } true"
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Debug)]
struct Node {
    val: i64,
    children: Vec<Rc<RefCell<Node>>>,
}

struct Account {
    name: String,
    balance: RefCell<i64>,
}

impl Account {
    fn deposit(&self, n: i64) {
        *self.balance.borrow_mut() += n;
    }

    fn name_len(&self) -> usize {
        self.name.len()
    }
}

pub fn shared(n: i64) -> String {
    let leaf = Rc::new(RefCell::new(Node { val: 3, children: vec![] }));
    let a = Rc::new(RefCell::new(Node { val: 1, children: vec![Rc::clone(&leaf)] }));
    let b = Rc::new(RefCell::new(Node { val: 2, children: vec![leaf.clone()] }));
    leaf.borrow_mut().val += n;
    let sum_a = a.borrow().children[0].borrow().val;
    let sum_b = b.borrow().children[0].borrow().val;
    let acct = Rc::new(Account { name: String::from("x"), balance: RefCell::new(0) });
    let other = acct.clone();
    other.deposit(5);
    acct.deposit(n);
    let balance = *acct.balance.borrow();
    let kids = a.borrow().children.len() + b.borrow().children.len();
    format!("{} {} {} {} {:?} {}", sum_a, sum_b, balance, other.name_len(), leaf, kids)
}

struct Graph {
    nodes: Vec<Rc<RefCell<Node>>>,
}

fn total(g: &Graph) -> i64 {
    let mut t = 0;
    for node in g.nodes.iter() {
        t += node.borrow().val;
    }
    t
}

pub fn graph(n: i64) -> (i64, usize, bool) {
    let mut g = Graph { nodes: Vec::new() };
    for i in 0..n {
        let node = Rc::new(RefCell::new(Node { val: i, children: Vec::new() }));
        if i > 0 {
            let prev = g.nodes[(i - 1) as usize].clone();
            node.borrow_mut().children.push(prev);
        }
        g.nodes.push(node);
    }
    // Every node's only child is the previous node: bump each through its parent.
    for node in g.nodes.iter() {
        let children = node.borrow().children.clone();
        for c in children.iter() {
            c.borrow_mut().val += 1;
        }
    }
    let last = g.nodes[g.nodes.len() - 1].clone();
    let same = Rc::ptr_eq(&last, &g.nodes[(n - 1) as usize]);
    (total(&g), g.nodes.len(), same)
}

#[derive(Clone, Debug)]
struct Ctr {
    n: std::cell::Cell<i64>,
}

// `.clone()` of an `Rc` shares; `(*rc).clone()` clones the struct (and its cell).
pub fn clones(n: i64) -> String {
    let a = Rc::new(Ctr { n: std::cell::Cell::new(1) });
    let b = a.clone();
    b.n.set(n);
    let c = (*a).clone();
    c.n.set(100);
    let d: Ctr = (*b).clone();
    format!("{} {} {} {:?} {:?}", a.n.get(), b.n.get(), c.n.get(), d, Rc::ptr_eq(&a, &b))
}
