#[rpython::entry]
pub mod m {
    use std::cell::RefCell;

    pub fn f(n: i64) -> bool {
        let c = RefCell::new(n);
        let ok = c.try_borrow_mut().is_ok();
        ok
    }
}

fn main() {}
