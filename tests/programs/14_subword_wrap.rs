// Sub-word arithmetic wraps at 8 and 16 bits: counters that roll over, negation of the minimum.
// debug-panic: attempt to add with overflow
// call: inc_u8(255)
// expect: 0
// call: dec_i8(-128)
// expect: 127
// call: neg_i8(-128)
// expect: -128
// call: neg_i16(-32768)
// expect: -32768
// call: count_u8_steps(200, 100)
// expect: 44
// call: sum_i8(20)
// expect: -46
// call: mul_u16(257, 255)
// expect: 65535
// call: mul_u16(256, 256)
// expect: 0
// call: roll_i16(32000, 1000)
// expect: -32536
// call: checksum_u8(1000)
// expect: 44

pub fn inc_u8(x: u8) -> u8 { x + 1 }
pub fn dec_i8(x: i8) -> i8 { x - 1 }
pub fn neg_i8(x: i8) -> i8 { -x }
pub fn neg_i16(x: i16) -> i16 { -x }

// Adds 1 to a u8 counter `n` times.
pub fn count_u8_steps(start: u8, n: u32) -> u8 {
    let mut x = start;
    for _ in 0..n {
        x += 1;
    }
    x
}

// 1 + 2 + ... + n computed in i8.
pub fn sum_i8(n: i8) -> i8 {
    let mut s: i8 = 0;
    let mut k: i8 = 1;
    while k <= n {
        s += k;
        k += 1;
    }
    s
}

pub fn mul_u16(a: u16, b: u16) -> u16 { a * b }

pub fn roll_i16(a: i16, b: i16) -> i16 {
    let mut c = a;
    c += b;
    c
}

// Sum of 0..n as a u8 (the usual one-byte checksum).
pub fn checksum_u8(n: u32) -> u8 {
    let mut sum: u8 = 0;
    for i in 0..n {
        sum = sum + i as u8;
    }
    sum
}
