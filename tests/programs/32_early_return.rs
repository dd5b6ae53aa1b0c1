// Early `return` from loops, nested branches and the middle of a function; `return;` for unit.
// call: index_of_digit(4711, 7)
// expect: 3
// call: index_of_digit(4711, 9)
// expect: -1
// call: classify(0)
// expect: 0
// call: classify(-4)
// expect: -2
// call: classify(9)
// expect: 3
// call: classify(10)
// expect: 2
// call: first_negative_partial_sum(3, -5, 1)
// expect: 2
// call: first_negative_partial_sum(3, 5, 1)
// expect: 0
// call: returns_unit(5)
// expect: ()
// call: returns_unit(-5)
// expect: ()
// call: ret_tuple(true)
// expect: (1, 'x')
// call: ret_tuple(false)
// expect: (2, 'y')

// Position (from the right, starting at 1) of the first occurrence of digit d, or -1.
pub fn index_of_digit(n: u64, d: u64) -> i32 {
    let mut n = n;
    let mut pos = 1;
    while n > 0 {
        if n % 10 == d {
            return pos;
        }
        n /= 10;
        pos += 1;
    }
    -1
}

pub fn classify(x: i64) -> i64 {
    if x == 0 {
        return 0;
    }
    if x < 0 {
        if x % 2 == 0 {
            return -2;
        }
        return -1;
    }
    if x % 3 == 0 {
        return 3;
    }
    2
}

// Index (1-based) at which the running sum of a, b, c first goes negative, or 0.
pub fn first_negative_partial_sum(a: i32, b: i32, c: i32) -> u8 {
    let mut s = a;
    if s < 0 { return 1; }
    s += b;
    if s < 0 { return 2; }
    s += c;
    if s < 0 { return 3; }
    0
}

pub fn returns_unit(x: i32) {
    if x < 0 {
        return;
    }
    assert!(x >= 0);
}

pub fn ret_tuple(flag: bool) -> (i32, char) {
    if flag {
        return (1, 'x');
    }
    (2, 'y')
}
