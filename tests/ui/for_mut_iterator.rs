#[rpython::entry]
pub mod m {
    pub fn f(s: &str) -> i64 {
        let mut it = s.chars();
        let mut n = 0;
        for c in &mut it {
            if c == ' ' {
                break;
            }
            n += 1;
        }
        n + it.count() as i64
    }
}

fn main() {}
