#[rpython::entry]
pub mod m {
    fn double(x: i64) -> i64 {
        x * 2
    }

    pub fn pick() -> fn(i64) -> i64 {
        double
    }
}

fn main() {}
