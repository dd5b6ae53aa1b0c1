// for loops over lists backwards (.iter().rev(), .enumerate().rev() with the items' indices, .rev().enumerate() counting), Vec::resize and fill (objects cloned per slot)
// call: backwards(4)
// expect: "4321 3:4 2:3 1:2 0:1 0:4 1:3 2:2 3:1 | cba"
// call: resizing(2)
// expect: "[7, 7, 0, 0, 0] [7, 7] [[], [1], []] [9, 9]"

pub fn backwards(n: i64) -> String {
    let v: Vec<i64> = (1..=n).collect();
    let mut s = String::new();
    for x in v.iter().rev() {
        s.push_str(&x.to_string());
    }
    for (i, x) in v.iter().enumerate().rev() {
        s.push_str(&format!(" {i}:{x}"));
    }
    for (k, x) in v.iter().rev().enumerate() {
        s.push_str(&format!(" {k}:{x}"));
    }
    let chars: Vec<char> = "abc".chars().collect();
    s.push_str(" | ");
    for c in chars.iter().rev() {
        s.push(*c);
    }
    s
}

pub fn resizing(n: usize) -> String {
    let mut v = vec![7, 7];
    v.resize(5, 0);
    let a = format!("{:?}", v);
    v.resize(n, 1);
    let mut rows: Vec<Vec<i64>> = Vec::new();
    rows.resize(3, Vec::new());
    rows[1].push(1);
    let mut w = vec![1, 2];
    w.fill(9);
    format!("{} {:?} {:?} {:?}", a, v, rows, w)
}
