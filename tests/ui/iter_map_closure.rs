#[rpython::entry]
pub mod m {
    pub fn f(n: i64) -> i64 {
        let v = vec![1, 2, n];
        let doubled: Vec<i64> = v.iter().map(|x| x * 2).collect();
        doubled[2]
    }
}

fn main() {}
