#[rpython::entry]
pub mod m {
    pub fn f(s: &str) -> String {
        match s.parse::<i64>() {
            Ok(v) => format!("{v}"),
            Err(e) => format!("[{:>40}]", e),
        }
    }
}

fn main() {}
