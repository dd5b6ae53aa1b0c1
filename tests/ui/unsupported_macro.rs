#[rpython::entry]
pub mod m {
    pub fn f(x: i64) -> i64 {
        println!("{}", x);
        x
    }
}

fn main() {}
