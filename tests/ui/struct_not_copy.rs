#[rpython::entry]
pub mod m {
    struct Node {
        value: i64,
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
