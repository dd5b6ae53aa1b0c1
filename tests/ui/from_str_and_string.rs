#[rpython::entry]
pub mod m {
    enum Value {
        Str(String),
    }

    impl From<&str> for Value {
        fn from(s: &str) -> Value {
            Value::Str(s.to_string())
        }
    }

    impl From<String> for Value {
        fn from(s: String) -> Value {
            Value::Str(s)
        }
    }

    pub fn f(x: i64) -> i64 {
        match Value::from("a") {
            Value::Str(s) => s.len() as i64 + x,
        }
    }
}

fn main() {}
