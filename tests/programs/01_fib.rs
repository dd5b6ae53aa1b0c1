// Recursive Fibonacci, plus an iterative version that must agree with it.
// call: fib(0)
// expect: 0
// call: fib(1)
// expect: 1
// call: fib(20)
// expect: 6765
// call: fib_iter(20)
// expect: 6765
// call: fib_iter(90)
// expect: 2880067194370816120
// call: fib_agree(20)
// expect: true

pub fn fib(n: i64) -> i64 {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}

pub fn fib_iter(n: i64) -> i64 {
    let mut a = 0;
    let mut b = 1;
    let mut i = 0;
    while i < n {
        let t = a + b;
        a = b;
        b = t;
        i += 1;
    }
    a
}

pub fn fib_agree(limit: i64) -> bool {
    for n in 0..limit {
        if fib(n) != fib_iter(n) {
            return false;
        }
    }
    true
}
