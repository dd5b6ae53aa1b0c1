// Items as places: for x in v.iter_mut() (with enumerate and rev), let r = &mut v[i] (index checked at the borrow), *x = / += through them, fields of struct items
// call: p1(1)
// expect: "[2, 3] [0, 11, 22] [5, 2] [Pt { x: 1, y: 7 }, Pt { x: 2, y: 7 }] [2, 1, 3] 3"
// call: p2(5)
// expect-panic: index out of bounds: the len is 2 but the index is 5
#[derive(Debug, Clone, Copy)]
struct Pt {
    x: i64,
    y: i64,
}

pub fn p1(n: i64) -> String {
    let mut v = vec![n, 2];
    for x in v.iter_mut() {
        *x += 1;
    }
    let mut w = vec![0, 1, 2];
    for (i, x) in w.iter_mut().enumerate() {
        *x = *x * 10 + i as i64 + 10;
        *x -= 10 - i as i64 * 0;
    }
    let mut u = vec![n, 2];
    let r = &mut u[0];
    *r += 4;
    let mut pts = vec![Pt { x: 1, y: 0 }, Pt { x: 2, y: 0 }];
    for p in pts.iter_mut() {
        p.y = 7;
    }
    let mut order = vec![0, 0, 0];
    let mut k = 0;
    for x in order.iter_mut().rev() {
        k += 1;
        *x = (k + 1) % 3 + 1;
    }
    let xs = pts[0].x + pts[1].x;
    format!("{:?} {:?} {:?} {:?} {:?} {}", v, w, u, pts, order, xs)
}

pub fn p2(i: usize) -> i64 {
    let mut v = vec![1, 2];
    let r = &mut v[i];
    *r += 1;
    v[0]
}
