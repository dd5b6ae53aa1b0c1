// Values holding arrays copy them: a tuple holding an array (bound, passed, read from a field), Cell<[T; N]>::get, and an Option of an array; mutating the copy leaves the original
// call: holders(5)
// expect: "[1, 2] [5, 2] [0, 0] [9, 0] [3, 4] [5, 4] 7 [1] [6]"

use std::cell::Cell;

struct Keep {
    pair: ([i64; 2], i64),
}

fn bump(mut t: ([i64; 2], i64)) -> i64 {
    t.0[0] += t.1;
    t.0[0]
}

pub fn holders(n: i64) -> String {
    let t = ([1, 2], 3);
    let mut u = t;
    u.0[0] = n;
    let c = Cell::new([0, 0]);
    let mut got = c.get();
    got[0] = 9;
    let k = Keep { pair: ([3, 4], 4) };
    let mut p = k.pair;
    p.0[0] = n;
    let b = bump(k.pair);
    let o = Some([1]);
    let mut o2 = o;
    if let Some(mut a) = o2 {
        a[0] = 6;
        o2 = Some(a);
    }
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {} {:?} {:?}",
        t.0,
        u.0,
        c.get(),
        got,
        k.pair.0,
        p.0,
        b,
        o.unwrap(),
        o2.unwrap()
    )
}
