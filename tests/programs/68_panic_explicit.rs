// An explicit panic! with a literal message, raised several frames deep inside a recursion.
// call: sum_every_other(6)
// expect: 12
// call: sum_every_other(0)
// expect: 0
// call: sum_every_other(100)
// expect: 2550
// call: sum_every_other(5)
// expect-panic: odd input stepped past zero

// n + (n - 2) + ... + 2 for even n; odd inputs step over zero and hit the panic.
pub fn sum_every_other(n: i32) -> i32 {
    if n < 0 {
        panic!("odd input stepped past zero");
    }
    if n == 0 {
        return 0;
    }
    n + sum_every_other(n - 2)
}
