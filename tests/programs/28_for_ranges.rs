// `for` over half-open and inclusive ranges: empty ranges, negative bounds, and extreme endpoints.
// debug-panic: attempt to add with overflow
// call: sum_range(1, 11)
// expect: 55
// call: sum_range(5, 5)
// expect: 0
// call: sum_range(5, 2)
// expect: 0
// call: sum_range(-3, 3)
// expect: -3
// call: sum_inclusive(1, 10)
// expect: 55
// call: sum_inclusive(7, 7)
// expect: 7
// call: sum_inclusive(-5, -1)
// expect: -15
// call: count_u8_inclusive(250)
// expect: 6
// call: count_i8_full()
// expect: (256, -128)
// call: near_max(3)
// expect: 3
// call: nested_pairs(4)
// expect: 6
// call: sum_of_squares_usize(10)
// expect: 385

pub fn sum_range(a: i64, b: i64) -> i64 {
    let mut s = 0;
    for i in a..b {
        s += i;
    }
    s
}

pub fn sum_inclusive(a: i32, b: i32) -> i32 {
    let mut s = 0;
    for i in a..=b {
        s += i;
    }
    s
}

// An inclusive range may end at the type's maximum without overflowing.
pub fn count_u8_inclusive(start: u8) -> u32 {
    let mut n = 0;
    for _ in start..=u8::MAX {
        n += 1;
    }
    n
}

pub fn count_i8_full() -> (u32, i8) {
    let mut n = 0;
    let mut sum: i8 = 0;
    for i in i8::MIN..=i8::MAX {
        n += 1;
        sum += i;
    }
    (n, sum)
}

pub fn near_max(k: u64) -> u64 {
    let mut n = 0;
    for _ in (u64::MAX - k)..u64::MAX {
        n += 1;
    }
    n
}

// Number of pairs i < j below n.
pub fn nested_pairs(n: u32) -> u32 {
    let mut count = 0;
    for i in 0..n {
        for _j in (i + 1)..n {
            count += 1;
        }
    }
    count
}

pub fn sum_of_squares_usize(n: usize) -> usize {
    let mut s = 0;
    for i in 1..n + 1 {
        s += i * i;
    }
    s
}
