// `&mut Option<Box<Node>>`, the usual binary search tree of Rust: insertion that recurses into `&mut n.left` and assigns `*node = Some(..)` at a leaf, removal of the minimum with `take()`, a count through `&mut usize`, and walks through shared references
// call: run(7)
// expect: "[8, 10, 11, 12, 13, 14, 15, 16, 17, 19, 21, 23, 25, 27, 29, 31, 33] mins [0, 2, 4, 6] depth 12 steps 117 empty None"

struct Node {
    key: i64,
    left: Option<Box<Node>>,
    right: Option<Box<Node>>,
}

fn insert(node: &mut Option<Box<Node>>, key: i64, steps: &mut usize) {
    *steps += 1;
    match node {
        None => *node = Some(Box::new(Node { key, left: None, right: None })),
        Some(n) => {
            if key < n.key {
                insert(&mut n.left, key, steps)
            } else {
                insert(&mut n.right, key, steps)
            }
        }
    }
}

fn remove_min(node: &mut Option<Box<Node>>) -> Option<i64> {
    let mut n = node.take()?;
    if n.left.is_some() {
        let min = remove_min(&mut n.left);
        *node = Some(n);
        return min;
    }
    *node = n.right.take();
    Some(n.key)
}

fn inorder(node: &Option<Box<Node>>, out: &mut Vec<i64>) {
    if let Some(n) = node {
        inorder(&n.left, out);
        out.push(n.key);
        inorder(&n.right, out);
    }
}

fn depth(node: &Option<Box<Node>>) -> usize {
    match node {
        None => 0,
        Some(n) => 1 + depth(&n.left).max(depth(&n.right)),
    }
}

pub fn run(n: i64) -> String {
    let mut root = None;
    let mut steps = 0;
    for i in 0..n * 3 {
        insert(&mut root, (i * 37 + 11) % (n * 5), &mut steps);
    }
    let mut mins = Vec::new();
    for _ in 0..4 {
        if let Some(m) = remove_min(&mut root) {
            mins.push(m);
        }
    }
    let mut keys = Vec::new();
    inorder(&root, &mut keys);
    let mut empty = None;
    let none = remove_min(&mut empty);
    format!("{:?} mins {:?} depth {} steps {} empty {:?}", keys, mins, depth(&root), steps, none)
}
