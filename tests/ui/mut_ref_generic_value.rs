#[rpython::entry]
pub mod m {
    fn reset<T: Default>(x: &mut T) {
        *x = T::default();
    }

    pub fn f(mut x: i64) -> i64 {
        reset(&mut x);
        x
    }
}

fn main() {}
