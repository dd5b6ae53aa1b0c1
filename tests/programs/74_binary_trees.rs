// Binary trees of GC objects: build, check, drop; the GC stress test runs it collecting every few hundred allocations.
// call: check_tree(4)
// expect: 31
// call: check_tree(16)
// expect: 131071
// call: churn(12, 8)
// expect: 65528
// call: long_lived(10)
// expect: (2047, 1023)

struct Tree {
    left: Option<Box<Tree>>,
    right: Option<Box<Tree>>,
    item: i64,
}

fn build(depth: i64, item: i64) -> Box<Tree> {
    if depth > 0 {
        Box::new(Tree { left: Some(build(depth - 1, 2 * item - 1)), right: Some(build(depth - 1, 2 * item)), item })
    } else {
        Box::new(Tree { left: None, right: None, item })
    }
}

fn count(tree: &Tree) -> i64 {
    let mut n = 1;
    if let Some(l) = &tree.left {
        n += count(l);
    }
    if let Some(r) = &tree.right {
        n += count(r);
    }
    n
}

fn leftmost(tree: &Tree) -> i64 {
    match &tree.left {
        Some(l) => leftmost(l),
        None => tree.item,
    }
}

pub fn check_tree(depth: i64) -> i64 {
    count(&build(depth, 1))
}

/// Many short-lived trees: garbage for the collector.
pub fn churn(depth: i64, rounds: i64) -> i64 {
    let mut total = 0;
    for i in 0..rounds {
        let t = build(depth, i);
        total += count(&t);
    }
    total
}

/// A tree that stays alive while others come and go.
pub fn long_lived(depth: i64) -> (i64, i64) {
    let keep = build(depth, 1);
    let mut other = 0;
    for i in 0..4 {
        other += count(&build(depth - 1, i));
    }
    (count(&keep), other / 4 + leftmost(&keep) - leftmost(&keep))
}
