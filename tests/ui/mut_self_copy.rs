#[rpython::entry]
pub mod m {
    #[derive(Clone, Copy)]
    struct Counter {
        n: i64,
    }

    impl Counter {
        fn bump(&mut self) {
            self.n += 1;
        }
    }

    pub fn f(x: i64) -> i64 {
        let mut c = Counter { n: x };
        c.bump();
        c.n
    }
}

fn main() {}
