#[rpython::entry]
pub mod m {
    enum Shape {
        Circle(f64),
        Square { side: f64 },
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
