#[rpython::entry]
pub mod m {
    struct Index {
        entries: HashMap<i64, i64>,
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
