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
        let mut slot = Some(Counter { n: x });
        if let Some(c) = &mut slot {
            c.bump();
        }
        slot.map_or(0, |c| c.n)
    }
}

fn main() {}
