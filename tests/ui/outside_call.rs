fn helper(x: i64) -> i64 {
    x * 2
}

#[rpython::entry]
pub mod m {
    pub fn f(x: i64) -> i64 {
        super::helper(x)
    }
}

fn main() {}
