// A generic enum (`enum Tree<T>`, recursive through `Box<Tree<T>>`) with an `impl<T: PartialOrd + Copy>` block: built from literals and by inserting, matched in the module's own functions (which name its variants), at two element types; and a generic `Option`-like enum of the module, `Maybe<T>`, whose variants are built before its type is known
// call: run(6)
// expect: "size 6 depth 3 sum 26 | in-order [1, 3, 4, 5, 6, 7] | has 4 true, has 2 false | floats [0.5, 1.5, 2.5] | Just(3) Nothing 3 0"
#[derive(Debug)]
enum Tree<T> {
    Leaf,
    Node(Box<Tree<T>>, T, Box<Tree<T>>),
}

impl<T: PartialOrd + Copy> Tree<T> {
    fn insert(self, x: T) -> Tree<T> {
        match self {
            Tree::Leaf => Tree::Node(Box::new(Tree::Leaf), x, Box::new(Tree::Leaf)),
            Tree::Node(l, v, r) => {
                if x < v {
                    Tree::Node(Box::new(l.insert(x)), v, r)
                } else {
                    Tree::Node(l, v, Box::new(r.insert(x)))
                }
            }
        }
    }

    fn size(&self) -> usize {
        match self {
            Tree::Leaf => 0,
            Tree::Node(l, _, r) => l.size() + 1 + r.size(),
        }
    }

    fn walk(&self, out: &mut Vec<T>) {
        if let Tree::Node(l, v, r) = self {
            l.walk(out);
            out.push(*v);
            r.walk(out);
        }
    }

    fn contains(&self, x: T) -> bool {
        match self {
            Tree::Leaf => false,
            Tree::Node(l, v, r) => {
                if x == *v {
                    true
                } else if x < *v {
                    l.contains(x)
                } else {
                    r.contains(x)
                }
            }
        }
    }
}

fn depth(t: &Tree<i64>) -> i64 {
    match t {
        Tree::Leaf => 0,
        Tree::Node(l, _, r) => 1 + depth(l).max(depth(r)),
    }
}

fn sum(t: &Tree<i64>) -> i64 {
    match t {
        Tree::Leaf => 0,
        Tree::Node(l, v, r) => sum(l) + v + sum(r),
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Maybe<T> {
    Just(T),
    Nothing,
}

impl<T: Copy> Maybe<T> {
    fn or(self, other: T) -> T {
        match self {
            Maybe::Just(x) => x,
            Maybe::Nothing => other,
        }
    }
}

pub fn run(n: i64) -> String {
    let mut t = Tree::Leaf;
    for x in [5, 3, 7, 4, 1, n] {
        t = t.insert(x);
    }
    let mut items = Vec::new();
    t.walk(&mut items);
    let a = format!("size {} depth {} sum {}", t.size(), depth(&t), sum(&t));
    let b = format!("in-order {:?}", items);
    let c = format!("has 4 {}, has 2 {}", t.contains(4), t.contains(2));

    let mut f: Tree<f64> = Tree::Leaf;
    for x in [1.5, 0.5, 2.5] {
        f = f.insert(x);
    }
    let mut floats = Vec::new();
    f.walk(&mut floats);

    let j = Maybe::Just(3i64);
    let none = Maybe::Nothing;
    let d = format!("{:?} {:?} {} {}", j, none, j.or(0), none.or(0));
    format!("{} | {} | {} | floats {:?} | {}", a, b, c, floats, d)
}
