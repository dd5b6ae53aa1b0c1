#[rpython::entry]
pub mod m {
    #[derive(Clone, Copy)]
    pub struct P {
        pub x: i64,
    }

    pub fn make(x: i64) -> P {
        P { x }
    }
}

fn main() {}
