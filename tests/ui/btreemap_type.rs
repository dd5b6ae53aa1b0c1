use std::collections::BTreeMap;

#[rpython::entry]
pub mod m {
    fn count(m: &BTreeMap<i64, i64>) -> usize {
        m.len()
    }

    pub fn f(x: i64) -> i64 {
        x
    }
}

fn main() {}
