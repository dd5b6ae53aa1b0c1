#[rpython::entry]
pub mod m {
    pub fn f(s: &str) -> String {
        let it = s.chars();
        format!("{:?}", it)
    }
}

fn main() {}
