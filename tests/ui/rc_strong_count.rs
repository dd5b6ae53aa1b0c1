#[rpython::entry]
pub mod m {
    use std::rc::Rc;

    pub fn f(n: i64) -> usize {
        let a = Rc::new(vec![n]);
        let b = Rc::clone(&a);
        Rc::strong_count(&b)
    }
}

fn main() {}
