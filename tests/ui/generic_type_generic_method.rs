#[rpython::entry]
pub mod m {
    struct Wrapper<T> {
        value: T,
    }

    impl<T: Copy> Wrapper<T> {
        fn pair<U: Copy>(&self, other: U) -> (T, U) {
            (self.value, other)
        }
    }

    pub fn f(x: i64) -> i64 {
        let w = Wrapper { value: x };
        w.pair(true).0
    }
}

fn main() {}
