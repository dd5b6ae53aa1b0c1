// `parse` of every number type from strings: in range, out of range (std's error kinds and messages), negative into unsigned, signs, surrounding spaces trimmed by hand, floats with exponents; results shown with `{:?}` and `{}`
// call: run(1)
// expect: "i8 Ok(-128) Err(ParseIntError { kind: PosOverflow }) | u8 Ok(255) Err(ParseIntError { kind: InvalidDigit }) | i16 Ok(-300) u16 Ok(65535) | i32 Ok(2147483647) u32 Err(number too large to fit in target type) | i64 Ok(-9) u64 Ok(18446744073709551615) | usize Ok(42) isize Ok(-42) | f64 Ok(1500.0) Ok(-0.25) Err(invalid float literal) | empty Err(cannot parse integer from empty string) | sum 43"
pub fn run(k: i64) -> String {
    let a = format!("i8 {:?} {:?}", "-128".parse::<i8>(), "128".parse::<i8>());
    let b = format!("u8 {:?} {:?}", "255".parse::<u8>(), "-1".parse::<u8>());
    let c = format!("i16 {:?} u16 {:?}", "-300".parse::<i16>(), "65535".parse::<u16>());
    let big = match "4294967296".parse::<u32>() {
        Ok(v) => format!("Ok({})", v),
        Err(e) => format!("Err({})", e),
    };
    let d = format!("i32 {:?} u32 {}", "+2147483647".parse::<i32>(), big);
    let e = format!("i64 {:?} u64 {:?}", "-9".parse::<i64>(), "18446744073709551615".parse::<u64>());
    let f = format!("usize {:?} isize {:?}", " 42 ".trim().parse::<usize>(), "-42".parse::<isize>());
    let bad = match "1.2.3".parse::<f64>() {
        Ok(v) => format!("Ok({})", v),
        Err(e) => format!("Err({})", e),
    };
    let g = format!("f64 {:?} {:?} {}", "1.5e3".parse::<f64>(), "-.25".parse::<f64>(), bad);
    let empty = match "".parse::<i32>() {
        Ok(v) => format!("Ok({})", v),
        Err(e) => format!("Err({})", e),
    };
    let n: i64 = "42".parse().unwrap();
    format!("{} | {} | {} | {} | {} | {} | {} | empty {} | sum {}", a, b, c, d, e, f, g, empty, n + k)
}
