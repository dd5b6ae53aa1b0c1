// write!/writeln! into a String (a local, &mut of it, a field), matches! with | and guards, let ... else, while let
// call: tokens(3)
// expect: "3 plus=2\nEnd;Num(2);Plus;big Num(3);"
// call: report(5)
// expect: "report\n  0: 0\n  1: 1\n  2: 4\n  3: 9\n  4: 16\n\ntotal 30; odd squares 2"
// call: parse_pair(0)
// expect: "(12, 30) none none"
use std::fmt::Write;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tok {
    Num(i64),
    Plus,
    End,
}

fn first_num(v: &[Tok]) -> i64 {
    let Some(Tok::Num(n)) = v.first() else { return -1 };
    *n
}

pub fn tokens(n: i64) -> String {
    let mut v = vec![Tok::Num(n), Tok::Plus, Tok::Num(2), Tok::End];
    let mut s = String::new();
    let mut plus = 0;
    for t in v.iter() {
        if matches!(t, Tok::Plus | Tok::End) {
            plus += 1;
        }
    }
    write!(s, "{} ", first_num(&v)).unwrap();
    writeln!(s, "plus={}", plus).unwrap();
    while let Some(t) = v.pop() {
        if matches!(t, Tok::Num(k) if k > 2) {
            write!(&mut s, "big ").unwrap();
        }
        write!(s, "{:?};", t).unwrap();
    }
    s
}

struct Report {
    out: String,
    total: i64,
}

impl Report {
    fn line(&mut self, i: i64, v: i64) {
        writeln!(self.out, "  {}: {}", i, v).unwrap();
        self.total += v;
    }
}

pub fn report(n: i64) -> String {
    let mut r = Report { out: String::from("report\n"), total: 0 };
    let mut odd = 0;
    for i in 0..n {
        r.line(i, i * i);
        if matches!(i * i, 1 | 9 | 25) {
            odd += 1;
        }
    }
    writeln!(r.out).unwrap();
    let _ = write!(r.out, "total {}; odd squares {}", r.total, odd);
    r.out
}

fn pair(s: &str) -> Option<(i64, i64)> {
    let Some(comma) = s.find(',') else { return None };
    let Ok(a) = s[..comma].trim().parse::<i64>() else { return None };
    let Ok(b) = s[comma + 1..].trim().parse::<i64>() else {
        return None;
    };
    Some((a, b))
}

pub fn parse_pair(_n: i64) -> String {
    let mut out = String::new();
    for s in ["12, 30", "12 30", "1, x"] {
        match pair(s) {
            Some(p) => write!(out, "{:?} ", p).unwrap(),
            None => out.push_str("none "),
        }
    }
    out.trim_end().to_string()
}
