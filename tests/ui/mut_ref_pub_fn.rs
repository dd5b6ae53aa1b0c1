#[rpython::entry]
pub mod m {
    pub fn bump(x: &mut i64) {
        *x += 1;
    }
}

fn main() {}
