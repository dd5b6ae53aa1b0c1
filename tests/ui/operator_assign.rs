#[rpython::entry]
pub mod m {
    #[derive(Clone, Copy)]
    struct V {
        x: i64,
    }

    impl std::ops::AddAssign for V {
        fn add_assign(&mut self, o: V) {
            self.x += o.x;
        }
    }

    pub fn f(x: i64) -> i64 {
        let mut v = V { x };
        v += V { x: 1 };
        v.x
    }
}

fn main() {}
