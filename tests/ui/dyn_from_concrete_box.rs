#[rpython::entry]
pub mod m {
    trait Shape {
        fn area(&self) -> i64;
    }

    struct Square {
        side: i64,
    }

    impl Shape for Square {
        fn area(&self) -> i64 {
            self.side * self.side
        }
    }

    fn square(side: i64) -> Box<Square> {
        Box::new(Square { side })
    }

    pub fn run(n: i64) -> i64 {
        let s: Box<dyn Shape> = square(n);
        s.area()
    }
}

fn main() {}
