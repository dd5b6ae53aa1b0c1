#[rpython::entry]
pub mod m {
    struct Stack {
        items: Vec<i64>,
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
