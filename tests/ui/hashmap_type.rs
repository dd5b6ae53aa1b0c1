#[rpython::entry]
pub mod m {
    use std::collections::HashMap;

    pub fn f(x: i64) -> i64 {
        let mut by_list: HashMap<Vec<u8>, i64> = HashMap::new();
        by_list.insert(vec![1, 2], x);
        by_list.len() as i64
    }
}

fn main() {}
