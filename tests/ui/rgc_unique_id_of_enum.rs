#[rpython::entry]
pub mod m {
    use rpython::rgc;
    use std::rc::Rc;

    enum Val {
        Int(i64),
        Text(String),
    }

    pub fn f(n: i64) -> bool {
        let a = Rc::new(Val::Int(n));
        let b = Rc::new(Val::Text(String::new()));
        rgc::compute_unique_id(&a) == rgc::compute_unique_id(&b)
    }

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

    pub fn g(n: i64) -> bool {
        let a: Rc<dyn Shape> = Rc::new(Square { side: n });
        let b = Rc::clone(&a);
        Rc::ptr_eq(&a, &b) && a.area() == b.area()
    }
}

fn main() {}
