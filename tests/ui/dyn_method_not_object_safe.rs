#[rpython::entry]
pub mod m {
    trait Shape {
        fn area(&self) -> i64;
        fn twin(&self) -> Self
        where
            Self: Sized;
    }

    struct Square {
        side: i64,
    }

    impl Shape for Square {
        fn area(&self) -> i64 {
            self.side * self.side
        }
        fn twin(&self) -> Square {
            Square { side: self.side }
        }
    }

    pub fn run(n: i64) -> i64 {
        let s: Box<dyn Shape> = Box::new(Square { side: n });
        let t = s.twin();
        t.area()
    }
}

fn main() {}
