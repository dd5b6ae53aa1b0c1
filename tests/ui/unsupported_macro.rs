#[rpython::entry]
pub mod m {
    pub fn f(x: i64) -> i64 {
        dbg!(x);
        x
    }
}

fn main() {}
