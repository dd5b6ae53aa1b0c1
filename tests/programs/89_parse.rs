// str::parse::<T>() for integers and f64, with the error path ({:?} and to_string of the errors)
// call: parse_ints(0)
// expect: "42 -7 Ok(255) Err(ParseIntError { kind: PosOverflow }) Err(ParseIntError { kind: InvalidDigit }) Err(ParseIntError { kind: Empty }) Err(ParseIntError { kind: InvalidDigit }) Err(ParseIntError { kind: NegOverflow }) 12"
// call: parse_floats(0)
// expect: "1.5 -0.25 1000 inf Err(ParseFloatError { kind: Invalid }) Err(ParseFloatError { kind: Empty }) invalid float literal|invalid digit found in string"
// call: parse_fails(0)
// expect-panic: called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }

pub fn parse_ints(n: i64) -> String {
    let a = "42".parse::<i64>().unwrap() + n;
    let b = "-7".parse::<i32>().unwrap();
    let c = "255".parse::<u8>();
    let d = "256".parse::<u8>();
    let e = "-1".parse::<u32>();
    let f = "".parse::<i64>();
    let g = "12x".parse::<i64>();
    let h = "-129".parse::<i8>();
    let i = match "+12".parse::<usize>() {
        Ok(v) => v,
        Err(_) => 0,
    };
    format!("{} {} {:?} {:?} {:?} {:?} {:?} {:?} {}", a, b, c, d, e, f, g, h, i)
}

pub fn parse_floats(n: i64) -> String {
    let a = "1.5".parse::<f64>().unwrap();
    let b = "-0.25".parse::<f64>().unwrap();
    let c = "1e3".parse::<f64>().unwrap() + n as f64;
    let d = "inf".parse::<f64>().unwrap();
    let e = "1.2.3".parse::<f64>();
    let f = "".parse::<f64>();
    let msg = match "x".parse::<f64>() {
        Ok(_) => String::new(),
        Err(err) => err.to_string(),
    };
    let msg2 = match "x".parse::<i64>() {
        Ok(_) => String::new(),
        Err(err) => err.to_string(),
    };
    format!("{} {} {} {} {:?} {:?} {}|{}", a, b, c, d, e, f, msg, msg2)
}

pub fn parse_fails(n: i64) -> i64 {
    "4 2".parse::<i64>().unwrap() + n
}
