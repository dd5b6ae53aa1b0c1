#[rpython::entry]
pub mod m {
    fn bump(x: &mut i64) {
        *x += 1;
    }

    pub fn f(mut x: i64) -> i64 {
        let r = &mut x;
        bump(r);
        x
    }
}

fn main() {}
