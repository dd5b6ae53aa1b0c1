// `if`/`else` as expressions, `else if` chains, nested conditionals, and `if` without `else`.
// call: sign(-42)
// expect: -1
// call: sign(0)
// expect: 0
// call: sign(7)
// expect: 1
// call: grade(95)
// expect: 'A'
// call: grade(85)
// expect: 'B'
// call: grade(71)
// expect: 'C'
// call: grade(12)
// expect: 'F'
// call: clamp(-5, 0, 10)
// expect: 0
// call: clamp(15, 0, 10)
// expect: 10
// call: clamp(4, 0, 10)
// expect: 4
// call: max3(3, 9, 4)
// expect: 9
// call: max3(9, 3, 4)
// expect: 9
// call: max3(3, 4, 9)
// expect: 9
// call: triangle_kind(3, 4, 5)
// expect: 3
// call: triangle_kind(2, 2, 2)
// expect: 1
// call: triangle_kind(1, 2, 8)
// expect: 0
// call: double_gap(1.5, 4.0)
// expect: 5.0
// call: double_gap(4.0, 1.5)
// expect: 5.0

pub fn sign(x: i64) -> i64 {
    if x < 0 { -1 } else if x == 0 { 0 } else { 1 }
}

pub fn grade(score: u32) -> char {
    let g = if score >= 90 {
        'A'
    } else if score >= 80 {
        'B'
    } else if score >= 70 {
        'C'
    } else {
        'F'
    };
    g
}

pub fn clamp(x: i32, lo: i32, hi: i32) -> i32 {
    let mut r = x;
    if r < lo {
        r = lo;
    }
    if r > hi {
        r = hi;
    }
    r
}

pub fn max3(a: i64, b: i64, c: i64) -> i64 {
    if a > b { if a > c { a } else { c } } else if b > c { b } else { c }
}

// 0: not a triangle, 1: equilateral, 2: isosceles, 3: scalene.
pub fn triangle_kind(a: u32, b: u32, c: u32) -> u8 {
    if a + b <= c || a + c <= b || b + c <= a {
        0
    } else if a == b && b == c {
        1
    } else if a == b || b == c || a == c {
        2
    } else {
        3
    }
}

// An `if` expression used as an operand.
pub fn double_gap(a: f64, b: f64) -> f64 {
    2.0 * if a > b { a - b } else { b - a }
}
