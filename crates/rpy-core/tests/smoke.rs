use rpy_core::translator::translate_source;

#[test]
fn smoke() {
    let src = r#"
pub fn fib(n: i64) -> i64 { if n < 2 { n } else { fib(n - 1) + fib(n - 2) } }
pub fn f(a: u8, b: i32) -> (u8, i64) {
    let mut s = 0;
    for i in 0..b { s += i; }
    let x = match a.checked_add(3) { Some(v) => v, None => 0 };
    (x, s as i64 / 2)
}
"#;
    match translate_source(src, "x.rs") {
        Ok(t) => println!("{}", t.text()),
        Err(e) => panic!("{}", e.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")),
    }
}
