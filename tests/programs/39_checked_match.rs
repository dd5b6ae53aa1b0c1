// checked_add/sub/mul consumed by `match` on Some/None, directly and through a `let`.
// call: add_or(2147483647, 1, -1)
// expect: -1
// call: add_or(2147483646, 1, -1)
// expect: 2147483647
// call: sub_u8(3, 5)
// expect: 0
// call: sub_u8(5, 3)
// expect: 2
// call: mul_i64(3037000499, 3037000499)
// expect: (true, 9223372030926249001)
// call: mul_i64(3037000500, 3037000500)
// expect: (false, 0)
// call: mul_i64(-4611686018427387904, 2)
// expect: (true, -9223372036854775808)
// call: factorial_limit()
// expect: 20
// call: sum_or_saturate(9223372036854775800, 5, 5)
// expect: 9223372036854775807
// call: sum_or_saturate(-9223372036854775800, -5, -5)
// expect: -9223372036854775808
// call: sum_or_saturate(1, 2, 3)
// expect: 6

pub fn add_or(a: i32, b: i32, fallback: i32) -> i32 {
    match a.checked_add(b) {
        Some(v) => v,
        None => fallback,
    }
}

pub fn sub_u8(a: u8, b: u8) -> u8 {
    let o = a.checked_sub(b);
    match o {
        Some(d) => d,
        None => 0,
    }
}

pub fn mul_i64(a: i64, b: i64) -> (bool, i64) {
    match a.checked_mul(b) {
        Some(p) => (true, p),
        None => (false, 0),
    }
}

// The largest n whose factorial fits in a u64.
pub fn factorial_limit() -> u32 {
    let mut acc: u64 = 1;
    let mut n = 1;
    loop {
        match acc.checked_mul(n + 1) {
            Some(next) => {
                acc = next;
                n += 1;
            }
            None => break n as u32,
        }
    }
}

pub fn sum_or_saturate(a: i64, b: i64, c: i64) -> i64 {
    let mut s = a;
    for x in 0..2 {
        let term = if x == 0 { b } else { c };
        s = match s.checked_add(term) {
            Some(v) => v,
            None => if term > 0 { i64::MAX } else { i64::MIN },
        };
    }
    s
}
