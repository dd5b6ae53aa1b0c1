// `Vec::into_boxed_slice`: a list built by pushing becomes a `Box<[T]>` of
// its own, which translated code keeps as a bare array (nothing resizes it,
// whatever resized the `Vec`): in a struct's field, indexed, measured,
// written in place, holding lists that are still pushed to; an empty one;
// one built and dropped in a loop that allocates enough to collect; one of
// a `Vec` never resized (an array already), shown by `{:?}`.
// call: code(6)
// expect: (15, 6, "0 1 4 9 16 25", 7)
// call: code(0)
// expect: (0, 0, "", 0)
// call: nested(4)
// expect: (4, 10, 3)
// call: many(3000)
// expect: 13486078
// call: literal(3)
// expect: (3, 9, "[3, 4, 5]")

struct Program {
    code: Box<[i64]>,
    names: Box<[String]>,
}

fn build(n: i64) -> Program {
    let mut code: Vec<i64> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for i in 0..n {
        code.push(i);
        names.push(format!("{}", i * i));
    }
    Program { code: code.into_boxed_slice(), names: names.into_boxed_slice() }
}

pub fn code(n: i64) -> (i64, usize, String, i64) {
    let mut p = build(n);
    let mut sum = 0;
    let mut i = 0;
    while i < p.code.len() {
        sum += p.code[i];
        i += 1;
    }
    let mut text = String::new();
    let mut k = 0;
    while k < p.names.len() {
        if k > 0 {
            text.push(' ');
        }
        text.push_str(&p.names[k]);
        k += 1;
    }
    // Written in place: a box of a slice is fixed in size, not in content.
    if !p.code.is_empty() {
        let last = p.code.len() - 1;
        p.code[last] += 2;
        return (sum, p.code.len(), text, p.code[last]);
    }
    (sum, p.code.len(), text, 0)
}

pub fn nested(n: usize) -> (usize, i64, usize) {
    let mut rows: Vec<Vec<i64>> = Vec::new();
    for i in 0..n {
        rows.push(vec![i as i64]);
    }
    let mut fixed = rows.into_boxed_slice();
    // The rows inside are still lists that grow.
    fixed[0].push(5);
    fixed[0].push(1);
    let mut total = 0;
    for r in 0..fixed.len() {
        total += fixed[r][0];
    }
    (fixed.len(), total + fixed[0][1] - 1, fixed[0].len())
}

pub fn many(n: i64) -> i64 {
    let mut total = 0;
    for i in 0..n {
        let p = build(i % 7);
        total += p.code.len() as i64 * i;
        if p.code.len() > 2 {
            total -= p.code[2];
        }
        total += p.names.len() as i64 - p.names.len() as i64;
    }
    total
}

pub fn literal(n: i64) -> (usize, i64, String) {
    let b = vec![n, n + 1, n + 2].into_boxed_slice();
    let mut sum = 0;
    for i in 0..b.len() {
        sum += b[i];
    }
    (b.len(), sum - n, format!("{:?}", b))
}
