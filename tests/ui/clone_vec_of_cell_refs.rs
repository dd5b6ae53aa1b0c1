#[rpython::entry]
pub mod m {
    use std::cell::Cell;

    pub fn f(n: i64) -> i64 {
        let a = Cell::new(n);
        let b = Cell::new(1);
        let v: Vec<&Cell<i64>> = vec![&a, &b];
        let w = v.clone();
        w[0].set(w[0].get() * 2);
        v[0].get() + v[1].get()
    }
}

fn main() {}
