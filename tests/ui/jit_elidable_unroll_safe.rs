#[rpython::entry]
pub mod m {
    use rpython::jit::{elidable, unroll_safe};

    #[elidable]
    #[unroll_safe]
    fn total(xs: &[i64]) -> i64 {
        let mut s = 0;
        for x in xs {
            s += x;
        }
        s
    }

    pub fn run(n: i64) -> i64 {
        total(&[n, 2])
    }
}

fn main() {}
