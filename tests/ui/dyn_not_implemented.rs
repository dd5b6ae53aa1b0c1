#[rpython::entry]
pub mod m {
    trait Shape {
        fn area(&self) -> i64;
    }

    struct Square {
        side: i64,
    }

    struct Label {
        text: String,
    }

    impl Shape for Square {
        fn area(&self) -> i64 {
            self.side * self.side
        }
    }

    pub fn run(n: i64) -> i64 {
        let shapes: Vec<Box<dyn Shape>> = vec![Box::new(Square { side: n }), Box::new(Label { text: String::new() })];
        shapes[0].area()
    }
}

fn main() {}
