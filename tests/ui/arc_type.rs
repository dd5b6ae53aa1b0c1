use std::sync::Arc;

#[rpython::entry]
pub mod m {
    struct Shared {
        value: Arc<i64>,
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
