#[rpython::entry]
pub mod m {
    #[derive(Clone, Copy, PartialEq, Eq)]
    struct P {
        x: i64,
    }

    impl std::hash::Hash for P {
        fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
            self.x.hash(state);
        }
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
