#[rpython::entry]
pub mod m {
    pub fn f(x: i64) -> i32 {
        let y: i32 = x as _;
        y
    }
}

fn main() {}
