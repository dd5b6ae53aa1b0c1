// {} of ParseIntError/ParseFloatError (their Display), and suffixed literals at their type's minimum (-128i8, i32::MIN as -2147483648i32)
// call: errors(0)
// expect: "invalid digit found in string|cannot parse integer from empty string|number too large to fit in target type|invalid float literal|ok 7"
// call: minimums(1)
// expect: (-127, -2147483647, -9223372036854775807, -32768)

fn describe(s: &str) -> String {
    match s.parse::<i8>() {
        Ok(v) => format!("ok {}", v),
        Err(e) => format!("{}", e),
    }
}

pub fn errors(_k: i64) -> String {
    let mut parts = Vec::new();
    parts.push(describe("x1"));
    parts.push(describe(""));
    parts.push(describe("300"));
    match "1.2.3".parse::<f64>() {
        Ok(v) => parts.push(format!("{v}")),
        Err(e) => parts.push(format!("{e}")),
    }
    parts.push(describe("7"));
    parts.join("|")
}

pub fn minimums(n: i8) -> (i8, i32, i64, i16) {
    let a = -128i8 + n;
    let b = -2147483648i32 + n as i32;
    let c = -9223372036854775808i64 + n as i64;
    let d = -32768i16;
    (a, b, c, d)
}
