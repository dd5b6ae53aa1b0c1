// vec![x; n] and [x; n] of objects clone x into every slot (grids of rows, Vec<String>, structs), `name @ subpattern` bindings, HashSet with a known element type, lines() keeping a bare \r
use std::collections::HashSet;

// call: grids(7)
// expect: "[[0, 0, 0], [7, 0, 0]] [[0, 0], [0, 7]] [\"x\", \"\"] [1, 0] 0"
// call: at_bindings(5)
// expect: "10 -1 p:43 m:45 other big 20 small 3"
// call: sets(4)
// expect: (3, true, false, 2, true)
// call: line_ends(0)
// expect: "[\"x\", \"y\\r\"] [\"a\", \"b\"]"

#[derive(Clone, Debug)]
struct Acc {
    items: Vec<i64>,
}

pub fn grids(n: i64) -> String {
    let mut g = vec![vec![0; 3]; 2];
    g[1][0] = n;
    let mut a = [[0; 2]; 2];
    a[1][1] = n;
    let mut s = vec![String::new(); 2];
    s[0].push('x');
    let mut accs = vec![Acc { items: Vec::new() }; 2];
    accs[0].items.push(n);
    let mut lens = Vec::new();
    for acc in &accs {
        lens.push(acc.items.len());
    }
    let empty: Vec<Vec<i64>> = vec![Vec::new(); 0];
    format!("{:?} {:?} {:?} {:?} {}", g, a, s, lens, empty.len())
}

fn sign(c: char) -> String {
    match c {
        o @ '+' => format!("p:{}", o as u32),
        o @ ('-' | '~') => format!("m:{}", o as u32),
        _ => "other".to_string(),
    }
}

#[derive(Debug)]
enum Shape {
    Dot(i64),
    Line(i64, i64),
}

fn size(s: &Shape) -> String {
    match s {
        whole @ Shape::Line(..) => format!("big {}", area(whole)),
        Shape::Dot(k @ 0..=9) => format!("small {k}"),
        Shape::Dot(_) => "dot".to_string(),
    }
}

fn area(s: &Shape) -> i64 {
    match s {
        Shape::Dot(_) => 1,
        Shape::Line(a, b) => a * b,
    }
}

pub fn at_bindings(x: i64) -> String {
    let doubled = match x {
        n @ 0..=9 => n * 2,
        _ => -1,
    };
    let none = match x + 10 {
        n @ 0..=9 => n * 2,
        _ => -1,
    };
    format!(
        "{doubled} {none} {} {} {} {} {}",
        sign('+'),
        sign('-'),
        sign('*'),
        size(&Shape::Line(4, x)),
        size(&Shape::Dot(3))
    )
}

fn add(s: &mut HashSet<i64>, n: i64) {
    s.insert(n);
}

pub fn sets(n: i64) -> (usize, bool, bool, usize, bool) {
    let mut a: HashSet<i64> = HashSet::new();
    a.insert(n);
    a.insert(n + 1);
    add(&mut a, n + 2);
    add(&mut a, n);
    let has = a.contains(&(n + 1));
    let removed = a.remove(&(n + 1));
    let again = a.remove(&(n + 1));
    let mut b = HashSet::new();
    b.insert("x".to_string());
    b.insert("y".to_string());
    (a.len() + 1, has && removed, again, b.len(), b.contains("y"))
}

pub fn line_ends(_n: i64) -> String {
    let a: Vec<&str> = "x\ny\r".lines().collect();
    let b: Vec<&str> = "a\r\nb\n".lines().collect();
    format!("{:?} {:?}", a, b)
}
