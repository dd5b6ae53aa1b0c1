// RefCell borrows counted as Rust counts them, where no conflict arises: borrows in conditions end before the branches, a statement's borrows end with it, guards end with their block, on `break`/`continue`/`return` and at each turn of a loop; shared borrows may overlap
// call: run(6)
// expect: "len 6 sum 21 first Some(1) none None evens 3 counted 4 overlap 12 popped 4"
use std::cell::RefCell;
use std::rc::Rc;

struct Log {
    entries: RefCell<Vec<i64>>,
    count: RefCell<i64>,
}

fn first(c: &RefCell<Vec<i64>>) -> Option<i64> {
    let v = c.borrow();
    if v.is_empty() {
        return None;
    }
    Some(v[0])
}

fn sum(c: &RefCell<Vec<i64>>) -> i64 {
    let mut t = 0;
    for x in c.borrow().iter() {
        t += *x;
    }
    t
}

fn count_evens(log: &Log) -> i64 {
    let n = log.entries.borrow().len();
    for i in 0..n {
        let v = log.entries.borrow()[i];
        if v % 2 == 1 {
            continue;
        }
        *log.count.borrow_mut() += 1;
    }
    *log.count.borrow()
}

pub fn run(n: i64) -> String {
    let log = Rc::new(Log { entries: RefCell::new(Vec::new()), count: RefCell::new(0) });
    for i in 1..=n {
        if log.entries.borrow().len() < 100 {
            log.entries.borrow_mut().push(i);
        }
    }
    let len = log.entries.borrow().len();
    let evens = count_evens(&log);
    let mut counted = 0;
    loop {
        let mut g = log.count.borrow_mut();
        *g += 1;
        counted += 1;
        if *g > 6 {
            break;
        }
    }
    let overlap = {
        let a = log.entries.borrow();
        let b = log.entries.borrow();
        a.len() + b.len()
    };
    let mut popped = 0;
    while log.entries.borrow().len() > 2 {
        log.entries.borrow_mut().pop();
        popped += 1;
    }
    let empty = RefCell::new(Vec::new());
    format!(
        "len {} sum {} first {:?} none {:?} evens {} counted {} overlap {} popped {}",
        len,
        sum(&RefCell::new(vec![1, 2, 3, 4, 5, 6])),
        first(&log.entries),
        first(&empty),
        evens,
        counted + *log.count.borrow() - *log.count.borrow(),
        overlap,
        popped
    )
}
