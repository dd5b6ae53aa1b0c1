#[rpython::entry]
pub mod m {
    use std::fmt;

    struct Name {
        text: String,
    }

    impl fmt::Display for Name {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.pad(&self.text)
        }
    }

    pub fn f(x: i64) -> String {
        format!("{:>8}", Name { text: x.to_string() })
    }
}

fn main() {}
