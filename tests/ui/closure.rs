#[rpython::entry]
pub mod m {
    fn apply(f: fn(i64) -> i64, x: i64) -> i64 {
        f(x)
    }

    pub fn f(x: i64) -> i64 {
        let add = |y: i64| y + 1;
        apply(add, x)
    }
}

fn main() {}
