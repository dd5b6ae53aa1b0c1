#[rpython::entry]
pub mod m {
    pub fn f(n: i64) -> i64 {
        let v = vec![1, -2, n];
        v.iter()
            .map(|x| {
                if *x < 0 {
                    return 0;
                }
                x * 2
            })
            .sum()
    }
}

fn main() {}
