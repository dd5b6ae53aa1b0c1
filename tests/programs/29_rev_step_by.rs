// Reversed ranges with `.rev()` and strided ranges with `.step_by(k)`.
// call: countdown(5)
// expect: 54321
// call: countdown(0)
// expect: 0
// call: rev_inclusive(1, 4)
// expect: 4321
// call: rev_negative(-3, 2)
// expect: (1, -3)
// call: stepped_sum(0, 10, 3)
// expect: 18
// call: stepped_sum(0, 9, 3)
// expect: 9
// call: stepped_inclusive(1, 10, 4)
// expect: (3, 15)
// call: stepped_count(0, 100, 7)
// expect: 15
// call: stepped_sum(-10, 10, 5)
// expect: -10
// call: stepped_sum(3, 4, 100)
// expect: 3

pub fn countdown(n: u64) -> u64 {
    let mut digits = 0;
    for i in (1..n + 1).rev() {
        digits = digits * 10 + i;
    }
    digits
}

pub fn rev_inclusive(a: u32, b: u32) -> u32 {
    let mut acc = 0;
    for i in (a..=b).rev() {
        acc = acc * 10 + i;
    }
    acc
}

// Returns the first and the last value visited.
pub fn rev_negative(a: i32, b: i32) -> (i32, i32) {
    let mut first = i32::MIN;
    let mut last = 0;
    for i in (a..b).rev() {
        if first == i32::MIN {
            first = i;
        }
        last = i;
    }
    (first, last)
}

pub fn stepped_sum(a: i64, b: i64, k: usize) -> i64 {
    let mut s = 0;
    for i in (a..b).step_by(k) {
        s += i;
    }
    s
}

pub fn stepped_inclusive(a: u32, b: u32, k: usize) -> (u32, u32) {
    let mut n = 0;
    let mut s = 0;
    for i in (a..=b).step_by(k) {
        n += 1;
        s += i;
    }
    (n, s)
}

pub fn stepped_count(a: u8, b: u8, k: usize) -> u32 {
    let mut n = 0;
    for _ in (a..b).step_by(k) {
        n += 1;
    }
    n
}
