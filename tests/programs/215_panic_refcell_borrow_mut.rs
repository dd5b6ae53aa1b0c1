// A RefCell borrowed mutably while a guard of it is alive panics with Rust's message at the second borrow
// call: run(3)
// expect: pushed 3
// expect-panic: RefCell already borrowed
use std::cell::RefCell;

fn push_len(c: &RefCell<Vec<i64>>) {
    let g = c.borrow();
    if g.len() < 10 {
        c.borrow_mut().push(g.len() as i64);
    }
}

pub fn run(n: i64) -> i64 {
    let c = RefCell::new(Vec::new());
    for i in 0..n {
        c.borrow_mut().push(i);
    }
    println!("pushed {}", c.borrow().len());
    push_len(&c);
    let n = c.borrow().len() as i64;
    n
}
