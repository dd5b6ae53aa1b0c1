// stage: backendopt
// A hand-written `if`/`else if` chain comparing one `u8` with constants becomes a switch; a
// chain whose second test compares another value, and a single test, stay two-way branches.
pub fn classify(c: u8) -> i64 {
    if c == b'+' {
        1
    } else if c == b'-' {
        2
    } else if c == b'.' {
        3
    } else {
        0
    }
}

pub fn mixed(a: i64, b: i64) -> i64 {
    if a == 1 {
        10
    } else if b == 2 {
        20
    } else {
        30
    }
}

pub fn single(a: i64) -> i64 {
    if a == 5 {
        1
    } else {
        2
    }
}
