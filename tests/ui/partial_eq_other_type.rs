#[rpython::entry]
pub mod m {
    #[derive(Clone, Copy)]
    struct Meters {
        n: i64,
    }

    impl PartialEq<i64> for Meters {
        fn eq(&self, other: &i64) -> bool {
            self.n == *other
        }
    }

    pub fn f(x: i64) -> bool {
        Meters { n: x } == 3
    }
}

fn main() {}
