// stage: rtype
// Listdefs: `fixed` and `table` are never resized, so they and the
// parameter of `sum_fixed` are bare arrays (`[i64]` in the graphs'
// signatures, `getarraysize`); `grown` is pushed to, and `alias` flows
// into `grow` too, which makes `alias`'s list resizable from its creation.
fn sum_fixed(a: &[i64]) -> i64 {
    let mut s = 0;
    let mut i = 0;
    while i < a.len() {
        s += a[i];
        i += 1;
    }
    s
}

fn grow(v: &mut Vec<i64>) {
    v.push(1);
}

pub fn f(n: i64) -> i64 {
    let mut fixed = [0i64; 4];
    fixed[1] = n;
    let table = [fixed[1], 7];
    let mut grown = vec![n, 2];
    grow(&mut grown);
    let mut alias = vec![5];
    let other = &mut alias;
    grow(other);
    sum_fixed(&fixed) + sum_fixed(&table) + grown[2] + alias[1]
}
