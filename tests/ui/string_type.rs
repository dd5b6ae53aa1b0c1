#[rpython::entry]
pub mod m {
    pub fn greet(n: i64) -> String {
        let s = String::new();
        s
    }
}

fn main() {}
