#[rpython::entry]
pub mod m {
    trait Family {
        type Member<T>;
        fn size(&self) -> i64;
    }

    struct Pair {
        a: i64,
        b: i64,
    }

    impl Family for Pair {
        type Member<T> = Vec<T>;
        fn size(&self) -> i64 {
            self.a + self.b
        }
    }

    pub fn f(x: i64) -> i64 {
        Pair { a: x, b: 1 }.size()
    }
}

fn main() {}
