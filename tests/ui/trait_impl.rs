#[rpython::entry]
pub mod m {
    #[derive(Clone, Copy)]
    struct P {
        x: i64,
    }

    impl Default for P {
        fn default() -> Self {
            P { x: 0 }
        }
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
