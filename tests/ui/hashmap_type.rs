#[rpython::entry]
pub mod m {
    use std::collections::HashMap;

    fn double(x: i64) -> i64 {
        x * 2
    }

    pub fn f(x: i64) -> i64 {
        let mut by_fn: HashMap<fn(i64) -> i64, i64> = HashMap::new();
        by_fn.insert(double, x);
        by_fn.len() as i64
    }
}

fn main() {}
