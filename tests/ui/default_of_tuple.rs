#[rpython::entry]
pub mod m {
    pub fn f(x: i64) -> i64 {
        let pair: (i64, bool) = Default::default();
        pair.0 + x
    }
}

fn main() {}
