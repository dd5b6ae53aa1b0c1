#[rpython::entry]
pub mod m {
    pub fn f(n: i64) -> i64 {
        let mut k = n;
        let add_k = move |x: i64| x + k;
        k += 1;
        add_k(k)
    }
}

fn main() {}
