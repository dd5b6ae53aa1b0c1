#[rpython::entry]
pub mod m {
    pub fn count(n: i64) -> usize {
        let s = n.to_string();
        s.rsplitn(2, ' ').count()
    }
}

fn main() {}
