// `match` on bools and on tuples of scalars, with wildcards, ranges, bindings and guards.
// call: bool_to_int(true)
// expect: 1
// call: bool_to_int(false)
// expect: 0
// call: implies(true, false)
// expect: false
// call: implies(false, false)
// expect: true
// call: fizzbuzz(15)
// expect: 3
// call: fizzbuzz(9)
// expect: 1
// call: fizzbuzz(10)
// expect: 2
// call: fizzbuzz(7)
// expect: 0
// call: quadrant(3, 4)
// expect: 1
// call: quadrant(-3, 4)
// expect: 2
// call: quadrant(0, -2)
// expect: 0
// call: quadrant(-1, -1)
// expect: 3
// call: quadrant(3, -4)
// expect: 4
// call: rock_paper_scissors('r', 's')
// expect: 1
// call: rock_paper_scissors('s', 'r')
// expect: -1
// call: rock_paper_scissors('p', 'p')
// expect: 0
// call: tuple_guard(5, 5)
// expect: 10
// call: tuple_guard(5, 1)
// expect: 4
// call: tuple_guard(0, 9)
// expect: -9

pub fn bool_to_int(b: bool) -> i32 {
    match b {
        true => 1,
        false => 0,
    }
}

pub fn implies(a: bool, b: bool) -> bool {
    match (a, b) {
        (true, false) => false,
        _ => true,
    }
}

// 3 for "FizzBuzz", 1 for "Fizz", 2 for "Buzz", 0 otherwise.
pub fn fizzbuzz(n: u32) -> u8 {
    match (n % 3, n % 5) {
        (0, 0) => 3,
        (0, _) => 1,
        (_, 0) => 2,
        _ => 0,
    }
}

pub fn quadrant(x: i32, y: i32) -> u8 {
    match (x == 0 || y == 0, x > 0, y > 0) {
        (true, _, _) => 0,
        (false, true, true) => 1,
        (false, false, true) => 2,
        (false, false, false) => 3,
        (false, true, false) => 4,
    }
}

pub fn rock_paper_scissors(a: char, b: char) -> i8 {
    match (a, b) {
        ('r', 's') | ('s', 'p') | ('p', 'r') => 1,
        (x, y) if x == y => 0,
        _ => -1,
    }
}

pub fn tuple_guard(a: i64, b: i64) -> i64 {
    match (a, b) {
        (0, y) => -y,
        (x, y) if x == y => x + y,
        (x, 1..=3) => x - 1,
        (x, y) => x * y,
    }
}
