#[rpython::entry]
pub mod m {
    trait Container {
        type Item;
        fn first(&self) -> i64;
    }

    struct Pair {
        a: i64,
        b: i64,
    }

    impl Container for Pair {
        type Item = i64;
        fn first(&self) -> i64 {
            self.a + self.b
        }
    }

    pub fn f(x: i64) -> i64 {
        Pair { a: x, b: 1 }.first()
    }
}

fn main() {}
