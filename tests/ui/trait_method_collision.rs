#[rpython::entry]
pub mod m {
    trait Area {
        fn area(&self) -> i64;
    }

    struct Square {
        side: i64,
    }

    impl Square {
        fn area(&self) -> i64 {
            self.side * self.side
        }
    }

    impl Area for Square {
        fn area(&self) -> i64 {
            4 * self.side
        }
    }

    pub fn f(x: i64) -> i64 {
        Square { side: x }.area()
    }
}

fn main() {}
