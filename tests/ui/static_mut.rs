#[rpython::entry]
pub mod m {
    static mut COUNTER: i64 = 0;

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
