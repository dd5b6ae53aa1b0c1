// Vec methods of the prelude: first/get/insert/remove/extend/sort/dedup/join/contains, slices by ranges
// call: edit(5)
// expect: ("Some(0) Some(4)", 117, 99, 2, "[0, 99, 3, 4, 1, 2, 3, 5]")
// call: edit(0)
// expect: ("None None", 106, 99, 0, "[99, 5]")
// call: sorting(7)
// expect: ("[0, 1, 2, 3, 4, 5, 6]", "[\"ant\", \"bee\", \"cat\", \"dog\"]", "[1, 2, 3]", "ant-bee-cat-dog")
// call: slices(6)
// expect: ("[2, 3]", "[0, 1, 2]", "[3, 4, 5]", 6, "ell", "hello", "wor", true)
// call: structs(3)
// expect: (true, false, 4, "p2")

#[derive(Clone, PartialEq, Debug)]
struct Point {
    x: i64,
    name: String,
}

pub fn edit(n: i64) -> (String, i64, i64, usize, String) {
    let mut v: Vec<i64> = Vec::new();
    for i in 0..n {
        v.push(i);
    }
    let first = v.first().copied();
    let got = v.get(4).copied();
    v.insert(v.len().min(1), 99);
    let mut extra = vec![2, 3];
    if n == 0 {
        extra.clear();
    }
    v.extend(extra.clone());
    v.extend_from_slice(&[5]);
    let mut removed = 0;
    if v.len() > 4 {
        removed = v.remove(3);
        let r2 = v.remove(2);
        v.insert(4, r2);
    }
    let sum: i64 = v.iter().sum();
    (format!("{:?} {:?}", first, got), sum - removed + 2, v[if n == 0 { 0 } else { 1 }], removed as usize, format!("{:?}", v))
}

pub fn sorting(n: i64) -> (String, String, String, String) {
    let mut v: Vec<i64> = Vec::new();
    for i in 0..n {
        v.push((i * 5) % n);
    }
    v.sort();
    let mut words = vec!["dog".to_string(), "cat".to_string(), "bee".to_string(), "ant".to_string()];
    words.sort();
    let mut d = vec![1, 1, 2, 2, 2, 3, 3];
    d.dedup();
    let joined = words.join("-");
    (format!("{:?}", v), format!("{:?}", words), format!("{:?}", d), joined)
}

pub fn slices(n: usize) -> (String, String, String, usize, String, String, String, bool) {
    let v: Vec<i64> = (0..n as i64).collect();
    let mid = &v[2..4];
    let head = &v[..3];
    let tail = v[n - 3..].to_vec();
    let all = &v[..];
    let s = "hello world";
    let word = &s[1..=3];
    let first = &s[..5];
    let last = &s[6..9];
    let starts = v.starts_with(&[0, 1]) && !v.ends_with(&[4]) && all.contains(&5);
    (format!("{:?}", mid), format!("{:?}", head), format!("{:?}", tail), all.len(), word.to_string(), first.to_string(), last.to_string(), starts)
}

pub fn structs(n: i64) -> (bool, bool, usize, String) {
    let mut pts: Vec<Point> = Vec::new();
    for i in 0..n {
        pts.push(Point { x: i, name: format!("p{}", i) });
    }
    let probe = Point { x: 1, name: "p1".to_string() };
    let absent = Point { x: 1, name: "q".to_string() };
    let last = pts.remove(pts.len() - 1);
    pts.insert(0, last);
    let names: Vec<String> = vec![pts[0].name.clone()];
    (pts.contains(&probe), pts.contains(&absent), pts.len() + 1, names.join(""))
}
