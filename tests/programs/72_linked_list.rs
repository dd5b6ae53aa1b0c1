// Structs that are not Copy are GC objects: a linked list of Option<Box<Node>>, methods with &mut self.
// call: sum_list(10)
// expect: 45010
// call: sum_list(0)
// expect: 0
// call: reverse_first(5)
// expect: (0, 4)
// call: stack_ops(7)
// expect: (6, 5, 21)

struct Node {
    value: i64,
    next: Option<Box<Node>>,
}

struct Counter {
    n: i64,
}

impl Counter {
    fn bump(&mut self) {
        self.n += 1;
    }
}

fn push(head: Option<Box<Node>>, v: i64) -> Option<Box<Node>> {
    Some(Box::new(Node { value: v, next: head }))
}

fn build(n: i64) -> Option<Box<Node>> {
    let mut head = None;
    for i in 0..n {
        head = push(head, i);
    }
    head
}

pub fn sum_list(n: i64) -> i64 {
    let head = build(n);
    let mut c = Counter { n: 0 };
    let mut sum = 0;
    let mut cur = &head;
    while let Some(node) = cur {
        sum += node.value;
        c.bump();
        cur = &node.next;
    }
    sum * 1000 + c.n
}

fn reverse(list: Option<Box<Node>>) -> Option<Box<Node>> {
    let mut rev = None;
    let mut cur = list;
    while let Some(node) = cur {
        let next = node.next;
        rev = push(rev, node.value);
        cur = next;
    }
    rev
}

pub fn reverse_first(n: i64) -> (i64, i64) {
    let original = build(n);
    let first = match &original {
        Some(node) => node.value,
        None => -1,
    };
    let reversed = reverse(original);
    match reversed {
        Some(node) => (node.value, first),
        None => (-1, first),
    }
}

struct Stack {
    top: Option<Box<Node>>,
    size: i64,
}

impl Stack {
    fn new() -> Stack {
        Stack { top: None, size: 0 }
    }

    fn push(&mut self, v: i64) {
        let old = self.top.take();
        self.top = Some(Box::new(Node { value: v, next: old }));
        self.size += 1;
    }
}

pub fn stack_ops(n: i64) -> (i64, i64, i64) {
    let mut s = Stack::new();
    let mut total = 0;
    for i in 0..n {
        s.push(i);
        total += i;
    }
    let top = match &s.top {
        Some(node) => node.value,
        None => -1,
    };
    let second = match &s.top {
        Some(node) => match &node.next {
            Some(n2) => n2.value,
            None => -1,
        },
        None => -1,
    };
    (top, second, total)
}
