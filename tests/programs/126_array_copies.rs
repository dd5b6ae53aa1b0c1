// Arrays are values: `let b = a`, passing, storing in structs and Vecs, returning a field, `for x in arr`, nested arrays and Copy structs holding arrays all copy ([T; N] is Copy), while &mut arrays and Vecs are shared as in Rust
// call: copies(9)
// expect: "(1, 9) (5, 105) (0, 7) (4, 0) (6, 6) [1, 2] [[0, 0], [0, 3]] 36"
// call: shared(2)
// expect: "[2, 0, 0] [7, 8, 2] 3 [1, 5]"

#[derive(Clone, Copy, Debug)]
struct Regs {
    r: [i64; 2],
}

impl Regs {
    fn get(&self) -> [i64; 2] {
        self.r
    }
}

fn bump(mut x: [i64; 2]) -> i64 {
    x[0] += 100;
    x[0]
}

fn fill(a: &mut [i64; 3], v: i64) {
    a[0] = v;
}

fn push_to(v: &mut Vec<i64>, x: i64) {
    v.push(x);
}

pub fn copies(n: i64) -> String {
    let a = [1, 2, 3];
    let mut b = a;
    b[0] = n;
    let c = [5, 0];
    let r = bump(c);
    let mut g = [[0; 2]; 2];
    let row = g[0];
    g[1][0] = 7;
    let mut s = Regs { r: [0, 0] };
    let t = s;
    s.r[0] = 4;
    let mut arr = [1, 2, 3];
    let mut sum = 0;
    for x in arr {
        arr[2] += 10;
        sum += x;
    }
    let mut got = s.get();
    got[0] = 1;
    got[1] = 2;
    let mut rows = Vec::new();
    let mut cur = [0, 0];
    rows.push(cur);
    cur[1] = 3;
    rows.push(cur);
    let mut total = 0;
    for x in &arr {
        total += *x;
    }
    format!(
        "({}, {}) ({}, {}) ({}, {}) ({}, {}) ({}, {}) {:?} {:?} {}",
        a[0],
        b[0],
        c[0],
        r,
        row[0],
        g[1][0],
        s.r[0],
        t.r[0],
        sum,
        6,
        got,
        rows,
        total + row[1]
    )
}

pub fn shared(k: i64) -> String {
    let mut a = [0; 3];
    fill(&mut a, k);
    let mut v = vec![7, 8];
    push_to(&mut v, k);
    let w = v;
    let mut h: Vec<[i64; 2]> = Vec::new();
    h.push([1, 5]);
    let first = h[0];
    format!("{:?} {:?} {} {:?}", a, w, w.len(), first)
}
