#[rpython::entry]
pub mod m {
    pub fn f(n: i64) -> usize {
        let v = vec![1, 2, n];
        let doubled = v.iter().map(|x| x * 2);
        doubled.count()
    }
}

fn main() {}
