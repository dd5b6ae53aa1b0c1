// `assert_eq!`/`assert_ne!` on any type with `Debug` and `PartialEq` (a struct, a `Vec` of an enum with data, an `Option` of a tuple, a string), with a formatted message; a failing one prints both operands in `{:?}` form
// call: passing(3)
// expect: 3
// call: failing(2)
// expect-panic: assertion `left == right` failed: round 2 of 3
#[derive(Debug, Clone, PartialEq)]
struct Cell {
    name: String,
    n: i64,
}

#[derive(Debug, PartialEq)]
enum Tok {
    Num(i64),
    Word(String),
    End,
}

fn cells(n: i64) -> Vec<Cell> {
    let mut v = Vec::new();
    for i in 0..n {
        v.push(Cell { name: format!("c{}", i), n: i * i });
    }
    v
}

pub fn passing(n: i64) -> i64 {
    let a = cells(n);
    let b = a.clone();
    assert_eq!(a, b);
    assert_eq!(a[1], Cell { name: "c1".to_string(), n: 1 }, "cell {} of {}", 1, n);
    assert_ne!(a[0], a[1]);
    let toks = vec![Tok::Num(n), Tok::Word("x".to_string()), Tok::End];
    assert_eq!(toks, vec![Tok::Num(n), Tok::Word("x".to_string()), Tok::End]);
    let found: Option<(i64, String)> = Some((n, "c".to_string()));
    assert_eq!(found, Some((n, "c".to_string())));
    assert_ne!(format!("{:?}", toks[2]), "end");
    a.len() as i64
}

pub fn failing(n: i64) -> i64 {
    let a = cells(n + 1);
    let mut b = cells(n + 1);
    b[n as usize].n += 1;
    assert_eq!(a, b, "round {} of {}", n, n + 1);
    0
}
