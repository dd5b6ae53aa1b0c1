// Tuples as parameters and results, destructuring with `let (a, b) = ...`, swaps and rotations.
// call: swap((1, 2))
// expect: (2, 1)
// call: divmod(17, 5)
// expect: (3, 2)
// call: divmod(-17, 5)
// expect: (-3, -2)
// call: mixed((3, 1.5, true))
// expect: (4.5, 'y')
// call: mixed((-2, 0.5, false))
// expect: (-1.5, 'n')
// call: minmax(5, -3, 9)
// expect: (-3, 9)
// call: fib_pair(10)
// expect: (55, 89)
// call: rotate3((1, 2, 3))
// expect: (2, 3, 1)

pub fn swap(p: (i32, i32)) -> (i32, i32) {
    let (a, b) = p;
    (b, a)
}

pub fn divmod(a: i64, b: i64) -> (i64, i64) {
    (a / b, a % b)
}

pub fn mixed(t: (i32, f64, bool)) -> (f64, char) {
    let (n, x, flag) = t;
    let c = if flag { 'y' } else { 'n' };
    (n as f64 + x, c)
}

pub fn minmax(a: i32, b: i32, c: i32) -> (i32, i32) {
    let (mut lo, mut hi) = (a, a);
    if b < lo { lo = b; }
    if b > hi { hi = b; }
    if c < lo { lo = c; }
    if c > hi { hi = c; }
    (lo, hi)
}

pub fn fib_pair(n: u32) -> (u64, u64) {
    let (mut a, mut b) = (0u64, 1u64);
    for _ in 0..n {
        let (x, y) = (b, a + b);
        a = x;
        b = y;
    }
    (a, b)
}

pub fn rotate3(t: (u8, u8, u8)) -> (u8, u8, u8) {
    let (a, b, c) = t;
    let (a, b, c) = (b, c, a);
    (a, b, c)
}
