#[rpython::entry]
pub mod m {
    struct Counter {
        #[rpython::jit::immutable]
        limit: i64,
        count: i64,
    }

    pub fn f(x: i64) -> i64 {
        let mut c = Counter { limit: x, count: 0 };
        c.count += 1;
        c.limit = 3;
        c.limit + c.count
    }
}

fn main() {}
