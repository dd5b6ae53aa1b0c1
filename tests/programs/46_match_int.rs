// `match` on integers: literals, inclusive ranges, or-patterns, bindings, guards and `_`.
// call: describe(0)
// expect: 0
// call: describe(3)
// expect: 1
// call: describe(7)
// expect: 2
// call: describe(-7)
// expect: 3
// call: describe(42)
// expect: 4
// call: describe(100)
// expect: 5
// call: describe(101)
// expect: 6
// call: describe(-9223372036854775808)
// expect: 3
// call: days_in_month(2, 2024)
// expect: 29
// call: days_in_month(2, 1900)
// expect: 28
// call: days_in_month(11, 2023)
// expect: 30
// call: days_in_month(12, 2023)
// expect: 31
// call: bucket_u8(255)
// expect: 3
// call: bucket_u8(0)
// expect: 0
// call: bucket_u8(128)
// expect: 2
// call: binding(17)
// expect: 34
// call: binding(-4)
// expect: 4

pub fn describe(x: i64) -> u8 {
    match x {
        0 => 0,
        1 | 2 | 3 => 1,
        4..=9 => 2,
        i64::MIN..=-1 => 3,
        n if n % 2 == 0 && n < 100 => 4,
        100 => 5,
        _ => 6,
    }
}

pub fn days_in_month(month: u32, year: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => unreachable!(),
    }
}

pub fn bucket_u8(b: u8) -> u8 {
    match b {
        0..=63 => 0,
        64..=127 => 1,
        128..=191 => 2,
        192..=255 => 3,
    }
}

// A binding arm captures the scrutinee; a guard can reject it and fall through.
pub fn binding(x: i32) -> i32 {
    match x {
        n if n < 0 => -n,
        n => n * 2,
    }
}
