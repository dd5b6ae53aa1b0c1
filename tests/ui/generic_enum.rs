#[rpython::entry]
pub mod m {
    enum Tree<T> {
        Leaf(T),
        Node(Box<Tree<T>>, Box<Tree<T>>),
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
