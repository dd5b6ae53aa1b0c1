#[rpython::entry]
pub mod m {
    struct Stack<T> {
        items: Vec<T>,
    }

    impl Stack<i64> {
        fn sum(&self) -> i64 {
            self.items.iter().sum()
        }
    }

    pub fn f(x: i64) -> i64 {
        let s = Stack { items: vec![x] };
        s.sum()
    }
}

fn main() {}
