#[rpython::entry]
pub mod m {
    pub fn f(n: i64) -> usize {
        let mut v = vec![1, 2, 3];
        v.retain(|x| *x > n);
        v.len()
    }
}

fn main() {}
