// `const` items of several types, used in expressions, ranges, loop bounds and other consts.
// call: area(3)
// expect: 28.274333882308138
// call: seconds(2)
// expect: 172800
// call: masked(305419896)
// expect: 120
// call: table_sum()
// expect: 45
// call: limits()
// expect: (127, -32768, 4294967295, 18446744073709551615, 255)
// call: clamp_level(250)
// expect: 100
// call: clamp_level(-3)
// expect: 0
// call: flags()
// expect: (true, 'Z', -7)

const PI: f64 = std::f64::consts::PI;
const SECONDS_PER_MINUTE: i64 = 60;
const SECONDS_PER_HOUR: i64 = SECONDS_PER_MINUTE * 60;
const SECONDS_PER_DAY: i64 = SECONDS_PER_HOUR * 24;
const LOW_BYTE: u32 = 0xff;
const N: u32 = 10;
const MAX_LEVEL: i32 = 100;
const DEBUG: bool = true;
const LAST_LETTER: char = 'Z';
const OFFSET: i8 = -7;

pub fn area(r: i32) -> f64 {
    PI * (r * r) as f64
}

pub fn seconds(days: i64) -> i64 {
    days * SECONDS_PER_DAY
}

pub fn masked(x: u32) -> u32 {
    x & LOW_BYTE
}

pub fn table_sum() -> u32 {
    let mut s = 0;
    for i in 0..N {
        s += i;
    }
    s
}

pub fn limits() -> (i8, i16, u32, u64, u8) {
    (i8::MAX, i16::MIN, u32::MAX, u64::MAX, u8::MAX)
}

pub fn clamp_level(x: i32) -> i32 {
    if x > MAX_LEVEL { MAX_LEVEL } else if x < 0 { 0 } else { x }
}

pub fn flags() -> (bool, char, i8) {
    (DEBUG, LAST_LETTER, OFFSET)
}
