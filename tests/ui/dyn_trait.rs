#[rpython::entry]
pub mod m {
    fn apply(f: &dyn Fn(i64) -> i64, x: i64) -> i64 {
        f(x)
    }

    pub fn g(x: i64) -> i64 {
        x
    }
}

fn main() {}
