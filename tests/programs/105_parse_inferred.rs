// parse() with the target type inferred (let annotations, function results, struct fields); u64 above i64::MAX; u8/i8 ranges
// call: inferred(1)
// expect: "43 2.5 Ok(18446744073709551615) Err(ParseIntError { kind: PosOverflow }) Err(ParseIntError { kind: InvalidDigit }) 7 Err(ParseIntError { kind: NegOverflow }) Ok(-128) 300"
// call: sum_fields(0)
// expect: "Ok(60)"

struct Cfg {
    width: u32,
    scale: f64,
}

use std::num::ParseIntError;

fn number(s: &str) -> Result<i64, std::num::ParseIntError> {
    let v: i64 = s.trim().parse()?;
    Ok(v)
}

pub fn inferred(n: i64) -> String {
    let a: i64 = "42".parse().unwrap();
    let b: f64 = "2.5".parse().unwrap();
    let c: Result<u64, ParseIntError> = "18446744073709551615".parse();
    let d: Result<u64, ParseIntError> = "18446744073709551616".parse();
    let e: Result<u32, ParseIntError> = "-1".parse();
    let cfg = Cfg { width: "7".parse().unwrap(), scale: "0.5".parse().unwrap() };
    let f: Result<i8, ParseIntError> = "-129".parse();
    let g: Result<i8, ParseIntError> = "-128".parse();
    let h: u16 = "300".parse().unwrap_or(0);
    format!(
        "{} {} {:?} {:?} {:?} {} {:?} {:?} {}",
        a + n,
        b,
        c,
        d,
        e,
        (cfg.width as f64 * cfg.scale * 2.0) as i64,
        f,
        g,
        h
    )
}

pub fn sum_fields(_n: i64) -> String {
    let mut total = 0;
    for s in "10, 20 ,30".split(',') {
        match number(s) {
            Ok(v) => total += v,
            Err(e) => return format!("{:?}", e),
        }
    }
    let r: Result<i64, String> = Ok(total);
    format!("{:?}", r)
}
