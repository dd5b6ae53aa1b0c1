#[rpython::entry]
pub mod m {
    pub fn f(n: i64) -> f64 {
        let start = std::time::Instant::now();
        let t = rpython::time::clock();
        start.elapsed().as_secs_f64() + t + n as f64
    }
}

fn main() {}
