// A generic graph of shared nodes: `Rc<RefCell<Node<T>>>` with methods of `impl<T> Node<T>` called through the `Rc` and the `RefCell`'s borrows, `Rc::ptr_eq` on generic nodes, and a generic `Graph<T>` holding a `Vec` of them with a depth-first walk
// call: run(3)
// expect: "walk [\"root\", \"a\", \"c\", \"b\"] | degree 2 | same true other false | sums 6 9"
use std::cell::RefCell;
use std::rc::Rc;

struct Node<T> {
    value: T,
    edges: Vec<Rc<RefCell<Node<T>>>>,
}

impl<T: Clone> Node<T> {
    fn new(value: T) -> Rc<RefCell<Node<T>>> {
        Rc::new(RefCell::new(Node { value, edges: Vec::new() }))
    }

    fn degree(&self) -> usize {
        self.edges.len()
    }
}

struct Graph<T> {
    nodes: Vec<Rc<RefCell<Node<T>>>>,
}

impl<T: Clone> Graph<T> {
    fn add(&mut self, value: T) -> Rc<RefCell<Node<T>>> {
        let n = Node::new(value);
        self.nodes.push(Rc::clone(&n));
        n
    }

    fn link(&self, a: &Rc<RefCell<Node<T>>>, b: &Rc<RefCell<Node<T>>>) {
        a.borrow_mut().edges.push(Rc::clone(b));
    }

    fn walk(&self, from: &Rc<RefCell<Node<T>>>, out: &mut Vec<T>) {
        out.push(from.borrow().value.clone());
        let edges = from.borrow().edges.clone();
        for e in edges.iter() {
            self.walk(e, out);
        }
    }
}

fn total(g: &Graph<i64>) -> i64 {
    let mut t = 0;
    for n in g.nodes.iter() {
        t += n.borrow().value;
    }
    t
}

pub fn run(n: i64) -> String {
    let mut g: Graph<String> = Graph { nodes: Vec::new() };
    let root = g.add("root".to_string());
    let a = g.add("a".to_string());
    let b = g.add("b".to_string());
    let c = g.add("c".to_string());
    g.link(&root, &a);
    g.link(&root, &b);
    g.link(&a, &c);
    let mut out = Vec::new();
    g.walk(&root, &mut out);
    let degree = root.borrow().degree();
    let first = Rc::clone(&g.nodes[0]);
    let mut h: Graph<i64> = Graph { nodes: Vec::new() };
    for i in 1..=n {
        h.add(i);
    }
    let s1 = total(&h);
    h.add(n);
    format!(
        "walk {:?} | degree {} | same {} other {} | sums {} {}",
        out,
        degree,
        Rc::ptr_eq(&first, &root),
        Rc::ptr_eq(&first, &a),
        s1,
        total(&h)
    )
}
