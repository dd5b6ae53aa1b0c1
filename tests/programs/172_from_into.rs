// std's `From` written by hand and `into()`: an enum with data converted from an integer, a string, a `bool` and a `Vec`, a Copy struct from `f64`, `T::from(x)` and `Self::from(x)` with literals and typed values, `x.into()` where a `let`, an argument or a return type says the target, `into()` between integers and to `f64` (lossless casts), `&str` into a `String` of its own
// call: values(3)
// expect: "[Int(3), Str(\"three\"), Bool(true), List([Int(1), Int(4)]), Int(7), Str(\"x\"), Int(12)] 7"
// call: numbers(200)
// expect: "Meters(2.5) Meters(200.0) 200 65736 200.5 ab! 202.5"
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Int(i64),
    Str(String),
    Bool(bool),
    List(Vec<Value>),
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Int(n)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Str(s.to_string())
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<Vec<Value>> for Value {
    fn from(items: Vec<Value>) -> Self {
        Value::List(items)
    }
}

impl Value {
    fn twice(n: i64) -> Value {
        Self::from(n * 2)
    }
}

fn int_of(v: Value) -> i64 {
    match v {
        Value::Int(n) => n,
        _ => -1,
    }
}

fn seven() -> Value {
    7.into()
}

pub fn values(n: i64) -> String {
    let mut all: Vec<Value> = Vec::new();
    all.push(Value::from(n));
    let s: Value = "three".into();
    all.push(s);
    all.push(Value::from(n > 2));
    all.push(vec![Value::from(1), Value::from(4)].into());
    all.push(seven());
    all.push(Value::from("x"));
    all.push(Value::twice(n * 2));
    let total = int_of(7.into());
    format!("{:?} {}", all, total)
}

#[derive(Debug, Clone, Copy)]
struct Meters(f64);

impl From<f64> for Meters {
    fn from(x: f64) -> Meters {
        Meters(x)
    }
}

pub fn numbers(n: i32) -> String {
    let a = Meters::from(2.5);
    let b: Meters = f64::from(n).into();
    let wide: i64 = n.into();
    let small: u16 = 200;
    let sum: u32 = u32::from(small) + 65536;
    let half: f64 = n.into();
    let mut s: String = "ab".into();
    s.push('!');
    format!("{:?} {:?} {} {} {} {} {}", a, b, wide, sum + n as u32 - 200, half + 0.5, s, a.0 + b.0)
}
