// A generic singly linked list (`Option<Box<Node<T>>>`) with two type parameters elsewhere (`Pair<A, B>` whose `swap` returns `Pair<B, A>`, an instance made from another), a generic type holding another (`Vm<V>` over `Stack<V>`) and generic operator traits (`impl<T: Add<Output = T>> Add for V2<T>`)
// call: run(4)
// expect: "list [4, 3, 2, 1] len 4 sum 10 rev [1, 2, 3, 4] | pair (1, \"one\") -> (\"one\", 1) | vm 22 depth 1 | v2 V2 { x: 4, y: 6 } V2 { x: 1.5, y: 2.5 }"
use std::ops::Add;

struct Node<T> {
    value: T,
    next: Option<Box<Node<T>>>,
}

struct List<T> {
    head: Option<Box<Node<T>>>,
    len: usize,
}

impl<T: Copy> List<T> {
    fn new() -> List<T> {
        List { head: None, len: 0 }
    }

    fn push(&mut self, value: T) {
        let old = self.head.take();
        self.head = Some(Box::new(Node { value, next: old }));
        self.len += 1;
    }

    fn to_vec(&self) -> Vec<T> {
        let mut out = Vec::new();
        let mut cur = &self.head;
        while let Some(node) = cur {
            out.push(node.value);
            cur = &node.next;
        }
        out
    }

    fn reversed(&self) -> List<T> {
        let mut r = List::new();
        for x in self.to_vec() {
            r.push(x);
        }
        r
    }
}

fn sum(l: &List<i64>) -> i64 {
    l.to_vec().iter().sum()
}

#[derive(Debug, Clone)]
struct Pair<A, B> {
    first: A,
    second: B,
}

impl<A: Clone, B: Clone> Pair<A, B> {
    fn swap(&self) -> Pair<B, A> {
        Pair { first: self.second.clone(), second: self.first.clone() }
    }
}

struct Stack<V> {
    items: Vec<V>,
}

impl<V: Copy> Stack<V> {
    fn push(&mut self, v: V) {
        self.items.push(v);
    }
    fn pop(&mut self) -> V {
        self.items.pop().unwrap()
    }
}

struct Vm<V> {
    stack: Stack<V>,
    ops: usize,
}

fn run_vm(vm: &mut Vm<i64>, code: &[i64]) -> i64 {
    for &c in code {
        vm.ops += 1;
        if c >= 0 {
            vm.stack.push(c);
        } else {
            let b = vm.stack.pop();
            let a = vm.stack.pop();
            vm.stack.push(if c == -1 { a + b } else { a * b });
        }
    }
    vm.stack.pop()
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct V2<T> {
    x: T,
    y: T,
}

impl<T: Add<Output = T>> Add for V2<T> {
    type Output = V2<T>;
    fn add(self, o: V2<T>) -> V2<T> {
        V2 { x: self.x + o.x, y: self.y + o.y }
    }
}

pub fn run(n: i64) -> String {
    let mut l = List::new();
    for i in 1..=n {
        l.push(i);
    }
    let a = format!("list {:?} len {} sum {} rev {:?}", l.to_vec(), l.len, sum(&l), l.reversed().to_vec());
    let p = Pair { first: 1, second: "one".to_string() };
    let q = p.swap();
    let b = format!("pair ({}, {:?}) -> ({:?}, {})", p.first, p.second, q.first, q.second);
    let mut vm = Vm { stack: Stack { items: Vec::new() }, ops: 0 };
    let r = run_vm(&mut vm, &[2, 3, -1, n, -2, 2, -3 + 2]);
    let c = format!("vm {} depth {}", r, vm.ops / 7);
    let v = V2 { x: 1, y: 2 } + V2 { x: 3, y: 4 };
    let w = V2 { x: 0.5, y: 1.0 } + V2 { x: 1.0, y: 1.5 };
    format!("{} | {} | {} | v2 {:?} {:?}", a, b, c, v, w)
}
