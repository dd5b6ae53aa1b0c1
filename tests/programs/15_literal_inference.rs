// Unsuffixed literals take their type from use, as rustc infers it (i32 when unconstrained).
// debug-panic: attempt to add with overflow
// call: u8_from_later_use()
// expect: 200
// call: u8_literal_wraps()
// expect: 44
// call: default_i32_wraps(1)
// expect: -2147483648
// call: default_i32_wraps(3)
// expect: -2147483646
// call: default_i32_mul(10)
// expect: 1410065408
// call: default_i32_mul(9)
// expect: 1000000000
// call: inferred_from_return()
// expect: 4294967296
// call: inferred_from_param(250)
// expect: 4
// call: inferred_i8_shift()
// expect: -128
// call: float_default()
// expect: 0.30000000000000004

// `x` becomes a u8 because it is later stored in a u8.
pub fn u8_from_later_use() -> u8 {
    let x = 200;
    let y: u8 = x;
    y
}

pub fn u8_literal_wraps() -> u8 {
    let x = 200;
    let y: u8 = x;
    y.wrapping_add(100)
}

// Nothing constrains `z`, so it is an i32 and wraps at 32 bits before widening.
pub fn default_i32_wraps(n: u32) -> i64 {
    let z = 2147483647;
    let mut w = z;
    for _ in 0..n {
        w += 1;
    }
    w as i64
}

pub fn default_i32_mul(n: u32) -> i64 {
    let mut acc = 1;
    for _ in 0..n {
        acc *= 10;
    }
    acc as i64
}

// Here the literal is an i64 because the function returns it.
pub fn inferred_from_return() -> i64 {
    let big = 65536;
    big * big
}

pub fn inferred_from_param(a: u8) -> u8 {
    let k = 10;
    a + k
}

pub fn inferred_i8_shift() -> i8 {
    let one = 1;
    let r: i8 = one << 7;
    r
}

pub fn float_default() -> f64 {
    let a = 0.1;
    let b = 0.2;
    a + b
}
