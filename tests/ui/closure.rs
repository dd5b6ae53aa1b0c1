#[rpython::entry]
pub mod m {
    pub fn f(x: i64) -> i64 {
        let add = |y: i64| x + y;
        add(1)
    }
}

fn main() {}
