// Strings: literals, String::new/from, push/push_str, comparison, bytes, chars, find, trim, split, slicing
// call: building(3)
// expect: (12, 9, true, true, 3)
// call: searching(0)
// expect: (6, 99, true, false, true, 5, 4)
// call: words(0)
// expect: (3, 16, true, 1)

pub fn building(n: i64) -> (usize, usize, bool, bool, i64) {
    let mut s = String::new();
    let mut i = 0;
    while i < n {
        s.push_str("ab");
        s.push('é');
        i += 1;
    }
    let t = String::from("hello world");
    let eq = t == "hello world";
    let lt = "abc" < "abd" && "ab" < "abc" && !("b" < "abc");
    let mut cnt = 0;
    for b in s.bytes() {
        if b == b'a' {
            cnt += 1;
        }
    }
    (s.len(), s.chars().count(), eq, lt, cnt)
}

pub fn searching(_x: i64) -> (usize, usize, bool, bool, bool, usize, usize) {
    let s = "hello world";
    let t = "  padded\t\n".to_string();
    let trimmed = t.trim();
    (
        s.find("world").unwrap_or(99),
        s.find("xyz").unwrap_or(99),
        s.starts_with("hell"),
        s.ends_with("hell"),
        s.contains("o w"),
        s.find(" ").unwrap(),
        trimmed.len() - 2,
    )
}

pub fn words(_x: i64) -> (usize, usize, bool, usize) {
    let text = "the quick  brown\nfox";
    let ws: Vec<&str> = text.split_whitespace().collect();
    let parts = "a,b,,c".split(",").collect::<Vec<&str>>();
    let mut total = 0;
    for w in ws.iter() {
        total += w.len();
    }
    let joined = "x".repeat(3) + "y";
    (ws.len() - 1, total - 2 + parts.len() - 2, joined == "xxxy", parts[2].len() + 1)
}
