// Strings built piece by piece: push_str, push, format!, + and write!, in loops that drop most of what they build
// call: build(2000)
// expect: (2000, 24618, 2000, "1999:7cf:|1998:7ce:fizz", 121)
// call: words(300)
// expect: ("w299 w298 w297", 300, 1090)
use std::fmt::Write;

fn label(i: usize) -> String {
    let mut s = String::new();
    if i % 3 == 0 {
        s.push_str("fizz");
    }
    if i % 5 == 0 {
        s = s + "buzz";
    }
    if s.is_empty() {
        s.push('-');
    } else {
        s.push_str("-ish");
    }
    s
}

pub fn build(n: usize) -> (usize, usize, usize, String, usize) {
    let mut lines: Vec<String> = Vec::new();
    let mut total = 0;
    for i in 0..n {
        let mut line = format!("{}:{:x}:", i, i);
        let l = label(i);
        if l != "-" {
            line.push_str(&l);
        }
        // Garbage: a throwaway string per iteration.
        let tmp = line.repeat(3).to_uppercase();
        total += line.len() + tmp.len() / 3 - line.len();
        lines.push(line);
    }
    let mut tail = String::new();
    let mut i = lines.len();
    while i > lines.len() - 2 {
        i -= 1;
        write!(tail, "{}|", lines[i]).unwrap();
    }
    tail.pop();
    let mut longest = 0;
    for s in lines.iter() {
        longest = longest.max(s.len());
    }
    (lines.len(), total, n, tail[..tail.len() - 4].to_string() + "", longest + 100)
}

pub fn words(n: usize) -> (String, usize, usize) {
    let mut text = String::new();
    for i in 0..n {
        text = format!("w{} {}", i, text);
    }
    let ws: Vec<&str> = text.split_whitespace().collect();
    let first3 = ws[0].to_string() + " " + ws[1] + " " + ws[2];
    let mut chars = 0;
    for w in ws.iter() {
        chars += w.len();
    }
    (first3, ws.len(), chars)
}
