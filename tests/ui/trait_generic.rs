#[rpython::entry]
pub mod m {
    trait Convert<T> {
        fn convert(&self) -> T;
    }

    struct Meters {
        m: i64,
    }

    impl Convert<i64> for Meters {
        fn convert(&self) -> i64 {
            self.m * 100
        }
    }

    pub fn f(x: i64) -> i64 {
        Meters { m: x }.convert()
    }
}

fn main() {}
