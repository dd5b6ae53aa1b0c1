#[rpython::entry]
pub mod m {
    use rpython::rgc;
    use std::rc::Rc;

    pub fn f(n: i64) -> usize {
        let a = Rc::new(n);
        rgc::compute_unique_id(&a)
    }
}

fn main() {}
