// == and != on Options of scalars, tuples holding Options and strings, Results, and assert! on them
// call: option_eq('=')
// expect: (true, false, true, true, false, true, true)
// call: assert_options(3)
// expect: 3

fn peek(s: &str, i: usize) -> Option<char> {
    let mut k = 0;
    for c in s.chars() {
        if k == i {
            return Some(c);
        }
        k += 1;
    }
    None
}

pub fn option_eq(c: char) -> (bool, bool, bool, bool, bool, bool, bool) {
    let o = Some(c);
    let a = o == Some('=');
    let b = o != Some('=');
    let none: Option<i64> = None;
    let c1 = none == None;
    let pair = (Some(3), "x".to_string());
    let same = pair == (Some(3), "x".to_string());
    let diff = pair == (None, "x".to_string());
    let r: Result<i64, String> = Ok(2);
    let ok = r == Ok(2) && r != Err("no".to_string());
    let p = peek("a=b", 1) == Some(c) && peek("a=b", 9) == None;
    (a, b, c1, same, diff, ok, p)
}

pub fn assert_options(n: i64) -> i64 {
    let v = vec![1, 2, n];
    assert!(v.last().copied() == Some(n));
    assert!(v.first().copied() != None);
    assert!((Some(n), 1) == (Some(3), 1));
    n
}
