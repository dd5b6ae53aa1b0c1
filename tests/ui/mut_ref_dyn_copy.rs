#[rpython::entry]
pub mod m {
    trait Grow {
        fn grow(&mut self);
    }

    #[derive(Clone, Copy)]
    struct Square {
        side: i64,
    }

    impl Grow for Square {
        fn grow(&mut self) {
            self.side += 1;
        }
    }

    fn grow_it(g: &mut dyn Grow) {
        g.grow();
    }

    pub fn f(x: i64) -> i64 {
        let mut s = Square { side: x };
        grow_it(&mut s);
        s.side
    }
}

fn main() {}
