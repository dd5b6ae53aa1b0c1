#[rpython::entry]
pub mod m {
    pub fn f(x: i128) -> i64 {
        x as i64
    }
}

fn main() {}
