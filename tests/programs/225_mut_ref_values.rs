// `&mut` of values: a tokenizer whose position is a `&mut usize` passed down a recursive-descent parser (with `?` and early returns), `&mut` of locals, fields, items and tuple fields, a swap through two `&mut`, a `&mut` parameter passed on, to `std::mem::swap`/`replace` and changed by a closure
// call: run(3)
// expect: "sum 57 at 11 | err \"expected a number at 3\" at 3 | nested 26 at 17 | swap (9, 4) | fields 12 7 [1, 2, 7] (1, 5.5) | passed on 4 | mem 3 9 3 21 3 12"

struct Totals {
    count: usize,
    sum: i64,
    cells: Vec<i64>,
}

fn skip_spaces(s: &[u8], pos: &mut usize) {
    while *pos < s.len() && s[*pos] == b' ' {
        *pos += 1;
    }
}

fn number(s: &[u8], pos: &mut usize) -> Result<i64, String> {
    skip_spaces(s, pos);
    let start = *pos;
    while *pos < s.len() && s[*pos].is_ascii_digit() {
        *pos += 1;
    }
    if start == *pos {
        return Err(format!("expected a number at {}", pos));
    }
    let mut n = 0;
    for &b in &s[start..*pos] {
        n = n * 10 + (b - b'0') as i64;
    }
    Ok(n)
}

fn atom(s: &[u8], pos: &mut usize) -> Result<i64, String> {
    skip_spaces(s, pos);
    if *pos < s.len() && s[*pos] == b'(' {
        *pos += 1;
        let v = sum(s, pos)?;
        skip_spaces(s, pos);
        *pos += 1;
        return Ok(v);
    }
    number(s, pos)
}

fn sum(s: &[u8], pos: &mut usize) -> Result<i64, String> {
    let mut total = atom(s, pos)?;
    loop {
        skip_spaces(s, pos);
        if *pos < s.len() && s[*pos] == b'+' {
            *pos += 1;
            total += atom(s, pos)?;
        } else {
            return Ok(total);
        }
    }
}

fn parse(text: &str) -> String {
    let mut pos = 0;
    match sum(text.as_bytes(), &mut pos) {
        Ok(v) => format!("{} at {}", v, pos),
        Err(e) => format!("err {:?} at {}", e, pos),
    }
}

fn swap(a: &mut i64, b: &mut i64) {
    let t = *a;
    *a = *b;
    *b = t;
}

fn add(x: &mut i64, by: i64) {
    *x += by;
}

fn add_twice(x: &mut i64, by: i64) {
    add(x, by);
    add(x, by);
}

fn grow(t: &mut (i64, f64), k: i64) {
    t.0 += k;
    t.1 *= k as f64;
}

fn count(c: &mut usize) {
    *c += 1;
}

fn order(a: &mut i64, b: &mut i64) {
    if *a > *b {
        std::mem::swap(a, b);
    }
}

fn take_old(x: &mut i64, v: i64) -> i64 {
    std::mem::replace(x, v)
}

fn advance(pos: &mut usize, n: usize) {
    let mut step = || *pos += 1;
    for _ in 0..n {
        step();
    }
}

fn raise_to(x: &mut i64, y: i64) {
    *x = (*x).max(y);
}

pub fn run(n: i64) -> String {
    let a = parse(&format!("{} + 40 + 14", n));
    let b = parse("1 +");
    let c = parse(&format!("({} + (4+ 5)) + 14", n + 1 - 1));
    let (mut x, mut y) = (4, 9);
    swap(&mut x, &mut y);
    let mut t = Totals { count: 5, sum: 0, cells: vec![1, 2, n] };
    add(&mut t.sum, 7);
    add_twice(&mut t.cells[2], 2 + n - 3);
    count(&mut t.count);
    for _ in 0..6 {
        count(&mut t.count);
    }
    let mut pair = (n, 1.1);
    grow(&mut pair, n - 2);
    grow(&mut pair, n + 2);
    pair.0 -= 3;
    let mut p = 0;
    add_twice(&mut p, n - 1);
    let (mut lo, mut hi) = (n * 3, n);
    order(&mut lo, &mut hi);
    let mut slot = n;
    let old = take_old(&mut slot, n * 7);
    let mut at = 0;
    advance(&mut at, n as usize);
    let mut top = 2;
    raise_to(&mut top, n * 4);
    raise_to(&mut top, 1);
    format!(
        "sum {} | {} | nested {} | swap {:?} | fields {} {} {:?} {:?} | passed on {} | mem {} {} {} {} {} {}",
        a,
        b,
        c,
        (x, y),
        t.count,
        t.sum,
        t.cells,
        (pair.0 - 5, pair.1),
        p,
        lo,
        hi,
        old,
        slot,
        at,
        top
    )
}
