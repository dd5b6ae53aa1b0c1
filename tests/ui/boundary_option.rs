#[rpython::entry]
pub mod m {
    pub fn half(x: i64) -> Option<i64> {
        x.checked_div(2)
    }
}

fn main() {}
