#[rpython::entry]
pub mod m {
    pub fn f(x: i64) -> bool {
        let a = (Some(x), 1);
        let b = (None, 1);
        a == b
    }
}

fn main() {}
