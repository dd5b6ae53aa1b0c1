// Factorial in several widths; large inputs wrap around silently.
// debug-panic: attempt to multiply with overflow
// call: fact_i64(0)
// expect: 1
// call: fact_i64(20)
// expect: 2432902008176640000
// call: fact_i64(21)
// expect: -4249290049419214848
// call: fact_u64(21)
// expect: 14197454024290336768
// call: fact_u32(13)
// expect: 1932053504
// call: fact_rec(10)
// expect: 3628800

pub fn fact_i64(n: i64) -> i64 {
    let mut acc = 1;
    let mut k = 2;
    while k <= n {
        acc *= k;
        k += 1;
    }
    acc
}

pub fn fact_u64(n: u64) -> u64 {
    let mut acc: u64 = 1;
    for k in 1..=n {
        acc = acc * k;
    }
    acc
}

pub fn fact_u32(n: u32) -> u32 {
    let mut acc = 1u32;
    for k in 1..=n {
        acc *= k;
    }
    acc
}

pub fn fact_rec(n: u64) -> u64 {
    if n == 0 { 1 } else { n * fact_rec(n - 1) }
}
