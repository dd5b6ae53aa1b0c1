// A RefCell of a struct is the struct's own object: every owner of the Rc sees a store of a whole new value (`*c.borrow_mut() = v`), of a field, replace, swap, into_inner; a value of the struct moved into a cell and one taken out of it are independent of the cell; clone, == and {:?} of the cell; a struct with a field named `value`; shared borrows counted, a mutable one while they live panics
// call: stores(3)
// expect: "13 [1, 2, 3] | 20 [9] | 20 old 13 [1, 2, 3] | 7 [] 13 [1, 2, 3] | 16 17"
// call: values(4)
// expect: "true false RefCell { value: Pair { value: 4, items: [4] } } 4 [4, 5] 5 [4]"
// call: conflict(2)
// expect: counted 2
// expect-panic: RefCell already borrowed
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Debug, Clone, PartialEq)]
struct Pair {
    value: i64,
    items: Vec<i64>,
}

struct Holder {
    pair: Rc<RefCell<Pair>>,
}

fn show(c: &RefCell<Pair>) -> String {
    let p = c.borrow();
    format!("{} {:?}", p.value, p.items)
}

pub fn stores(n: i64) -> String {
    let cell = Rc::new(RefCell::new(Pair { value: 10, items: vec![] }));
    let holder = Holder { pair: cell.clone() };
    for i in 1..=n {
        cell.borrow_mut().items.push(i);
    }
    holder.pair.borrow_mut().value += n;
    let first = show(&holder.pair);
    *cell.borrow_mut() = Pair { value: 20, items: vec![9] };
    let second = show(&holder.pair);
    let old = holder.pair.replace(Pair { value: 13, items: vec![1, 2, 3] });
    let old_shown = format!("{} {:?}", old.value, old.items);
    let third = show(&cell);
    let other = RefCell::new(Pair { value: 7, items: vec![] });
    other.swap(&cell);
    let fourth = format!("{} {}", show(&cell), show(&other));
    let mut total = 0;
    {
        let mut g = other.borrow_mut();
        g.value += 10;
        total += g.value;
    }
    let inner = other.into_inner();
    total += inner.value - 29;
    let last = format!("{} {}", total - 1, total);
    format!("{} | {} | {} old {} | {} | {}", first, second, old_shown.split(' ').next().unwrap(), third, fourth, last)
}

pub fn values(n: i64) -> String {
    let start = Pair { value: n, items: vec![n] };
    let a = RefCell::new(start.clone());
    let b = a.clone();
    let same = a == b;
    b.borrow_mut().items.push(n + 1);
    let differ = a == b;
    let shown = format!("{:?}", a);
    let taken = b.into_inner();
    let c = RefCell::new(start);
    c.borrow_mut().value += 1;
    format!("{} {} {} {} {:?} {} {:?}", same, differ, shown, taken.value, taken.items, c.borrow().value, a.borrow().items)
}

pub fn conflict(n: i64) -> i64 {
    let c = Rc::new(RefCell::new(Pair { value: 0, items: vec![] }));
    let r1 = c.borrow();
    let r2 = c.borrow();
    let counted = r1.items.len() as i64 + r2.value + n;
    println!("counted {}", counted);
    let mut w = c.borrow_mut();
    w.value = 1;
    w.value
}
