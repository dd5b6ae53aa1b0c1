// Iterators as values (RPython's SomeIterator): next/peek on chars() in a lexer struct holding a Peekable<Chars>, split_whitespace().next(), v.iter() cursors, next_back/len/nth/last/count/skip/take/step_by/rev/enumerate/cloned, for over an iterator variable and over by_ref(), collect copying the items
// call: lexer(0)
// expect: "num(12) op(+) num(345) op(*) num(6) op(() num(7) op())"
// call: cursors(0)
// expect: "let [\"x\", \"=\", \"5\"] Some(10) Some(40) 2 50 [10, 20, 30, 40] [10, 20, 30, 40, 50] Some('c') Some('c') 4 Some((0, 'x')) ell [10, 30] cba 131 [10, 10, 10] a b|c d"
// call: mut_loop(3)
// expect: "[4, 5, 6] [(1, 11), (2, 22)]"
// call: more(0)
// expect: "Some(\"b\") 2 [(1, 'b'), (2, 'c')] 60 Some(30) Some(10) [\"a\", \"b\"] 2 [2, 3] [\"x\", \"y\"] rest=[3, 4] 3 50"

use std::iter::Peekable;
use std::str::Chars;

struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Lexer<'a> {
        Lexer { chars: src.chars().peekable() }
    }

    fn number(&mut self) -> i64 {
        let mut n = 0;
        while let Some(&c) = self.chars.peek() {
            match c.to_digit(10) {
                Some(d) => {
                    n = n * 10 + d as i64;
                    self.chars.next();
                }
                None => break,
            }
        }
        n
    }

    fn tokens(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            match self.chars.peek() {
                None => break,
                Some(&' ') => {
                    self.chars.next();
                }
                Some(c) if c.is_ascii_digit() => {
                    let n = self.number();
                    out.push(format!("num({n})"));
                }
                Some(_) => {
                    let c = self.chars.next().unwrap();
                    out.push(format!("op({c})"));
                }
            }
        }
        out
    }
}

pub fn lexer(_n: i64) -> String {
    let mut lx = Lexer::new("12 + 345*6 (7)");
    lx.tokens().join(" ")
}

fn sum_rest(it: &mut std::slice::Iter<i64>) -> i64 {
    let mut s = 0;
    for x in it.by_ref() {
        s += x;
    }
    s
}

pub fn cursors(_n: i64) -> String {
    let mut words = "let x = 5".split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let v = vec![10, 20, 30, 40];
    let mut it = v.iter();
    let a = it.next().copied();
    let b = it.next_back().copied();
    let left = it.len();
    let mut total = 0;
    for x in it {
        total += x;
    }
    let mut copy: Vec<i64> = v.iter().copied().collect();
    copy.push(50);
    let nth = "abcdef".chars().nth(2);
    let last = "abc".chars().last();
    let count = "a,b,,c".split(',').count();
    let mut e = "xyz".chars().enumerate();
    let e1 = e.next();
    let skipped: String = "hello".chars().skip(1).take(3).collect();
    let stepped: Vec<i64> = v.iter().step_by(2).copied().collect();
    let rev: String = "abc".chars().rev().collect();
    let mut bytes = "AB".bytes();
    let bsum = bytes.next().unwrap() as i64 + bytes.next().unwrap() as i64;
    let mut pk = v.iter().peekable();
    let mut gaps = Vec::new();
    while let Some(x) = pk.next() {
        if let Some(y) = pk.peek() {
            gaps.push(**y - *x);
        }
    }
    let mut lines = "a b\nc d".lines();
    let l1 = lines.next().unwrap();
    let l2 = lines.next().unwrap();
    format!(
        "{first} {:?} {:?} {:?} {left} {total} {:?} {:?} {:?} {:?} {count} {:?} {skipped} {:?} {rev} {bsum} {:?} {l1}|{l2}",
        rest, a, b, v, copy, nth, last, e1, stepped, gaps
    )
}

pub fn more(_n: i64) -> String {
    let words = vec!["a".to_string(), "b".to_string(), "c".to_string()];
    let mut it = words.iter();
    it.next();
    let peeked = it.clone().next().cloned();
    let remaining = it.count();
    let pairs: Vec<(usize, char)> = "abc".char_indices().skip(1).collect();
    let nums = vec![10, 20, 30];
    let sum: i64 = nums.iter().copied().sum();
    let max = nums.iter().copied().max();
    let min = nums.clone().into_iter().min();
    let mut owned: Vec<String> = words.iter().cloned().take(2).collect();
    owned[0].push_str("");
    let mut chars = "aab".chars().peekable();
    let mut same = 0;
    while chars.next_if_eq(&'a').is_some() {
        same += 1;
    }
    let mut ws = "1 2 3".split(' ');
    ws.next();
    let mut tail: Vec<i64> = Vec::new();
    for w in ws {
        tail.push(w.parse().unwrap());
    }
    let split: Vec<&str> = "x,y".split(',').collect();
    let data = vec![1, 2, 3, 4];
    let mut di = data.iter();
    let mut firsts = 0;
    for x in di.by_ref() {
        firsts += x;
        if *x == 2 {
            break;
        }
    }
    let rest: Vec<i64> = di.copied().collect();
    let mut si = nums.iter();
    si.next();
    let sr = sum_rest(&mut si);
    format!(
        "{:?} {remaining} {:?} {sum} {:?} {:?} {:?} {} {:?} {:?} rest={:?} {firsts} {sr}",
        peeked, pairs, max, min, owned, same, tail, split, rest
    )
}

pub fn mut_loop(k: i64) -> String {
    let mut v = vec![1, 2, 3];
    for x in &mut v {
        *x += k;
    }
    let mut pairs = vec![(1, 10), (2, 20)];
    for p in &mut pairs {
        p.1 += p.0;
    }
    format!("{:?} {:?}", v, pairs)
}
