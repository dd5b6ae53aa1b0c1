// Integer remainder by zero panics, here on u8 operands reached through a loop.
// call: digit_count_in_base(255, 16)
// expect: 2
// call: digit_count_in_base(0, 0)
// expect: 1
// call: remainder_chain(100, 7)
// expect-panic: attempt to calculate the remainder with a divisor of zero

pub fn digit_count_in_base(n: u8, base: u8) -> u32 {
    let mut n = n;
    let mut d = 1;
    while n >= base && base > 1 {
        n /= base;
        d += 1;
    }
    d
}

// Keeps taking remainders a % b, b % (a % b), ... until the divisor becomes zero.
pub fn remainder_chain(a: u8, b: u8) -> u8 {
    let mut x = a;
    let mut y = b;
    loop {
        let r = x % y;
        x = y;
        y = r;
    }
}
