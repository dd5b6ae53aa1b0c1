#[rpython::entry]
pub mod m {
    pub fn f(x: u64) -> u64 {
        x.reverse_bits()
    }
}

fn main() {}
