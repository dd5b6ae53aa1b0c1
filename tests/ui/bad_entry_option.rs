#[rpython::entry(fast)]
pub mod m {
    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
