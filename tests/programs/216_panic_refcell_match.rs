// A borrow in a `match` scrutinee lasts through the arms, as in Rust: borrowing the cell mutably in an arm panics
// call: run(2)
// expect: state 2
// expect-panic: RefCell already mutably borrowed
use std::cell::RefCell;

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    Idle,
    Busy(i64),
}

struct Machine {
    state: RefCell<State>,
}

impl Machine {
    fn step(&self) -> i64 {
        match *self.state.borrow_mut() {
            State::Idle => 0,
            State::Busy(k) => {
                let seen = *self.state.borrow();
                if seen == State::Idle { 1 } else { k }
            }
        }
    }
}

pub fn run(n: i64) -> i64 {
    let m = Machine { state: RefCell::new(State::Idle) };
    *m.state.borrow_mut() = State::Busy(n);
    let s = match *m.state.borrow() {
        State::Busy(k) => k,
        State::Idle => -1,
    };
    println!("state {}", s);
    m.step()
}
