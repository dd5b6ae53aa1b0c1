// String processing: chars(), bytes(), as_bytes, byte literals, split_whitespace, split, lines, trim, starts_with/ends_with, find, repeat, to_uppercase/to_lowercase, char tests by ranges, building with push/push_str, run-length coding, a Caesar cipher over bytes
// call: words(0)
// expect: "\"The Quick Brown Fox Jumps Over The Lazy Dog\" 45 true Some(0) 33 QUICK true false ababab 0 true"
// call: caesar(3)
// expect: "Khoor, Zruog! abc DEF | Hello, World! xyz ABC | true | 3942584188"
// call: rle(0)
// expect: "\"aaabccddddde\"->\"3ab2c5de\"(true) \"abc\"->\"abc\"(true) \"zzzzzzzzzzzz\"->\"12z\"(true) \"ééé€€x\"->\"3é2€x\"(true) \"\"->\"\"(true)"
// call: scan_numbers(0)
// expect: ("[12, -7, 305, 0, 5, 42]", 357, 17, "a.dd._a..d._aaaaa_ddd_aaa_d.d_aaaaa._aadd")
// call: lines_report(2)
// expect: "TITLE|  3:first line|  4:indented line|SECTION|  6:last| headers=2 first=\"#\" bytes=5 chars=2"

fn is_digit(c: char) -> bool {
    c >= '0' && c <= '9'
}

fn is_alpha(c: char) -> bool {
    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

fn digit_value(c: char) -> u32 {
    c as u32 - '0' as u32
}

fn capitalize(w: &str) -> String {
    let mut out = String::new();
    let mut first = true;
    for c in w.chars() {
        if first {
            out.push_str(&c.to_string().to_uppercase());
            first = false;
        } else {
            out.push_str(&c.to_string().to_lowercase());
        }
    }
    out
}

fn is_palindrome(s: &str) -> bool {
    let mut cs: Vec<char> = Vec::new();
    for c in s.chars() {
        if is_alpha(c) {
            cs.push(if c >= 'A' && c <= 'Z' { ((c as u8) + 32) as char } else { c });
        }
    }
    let n = cs.len();
    for i in 0..n / 2 {
        if cs[i] != cs[n - 1 - i] {
            return false;
        }
    }
    true
}

pub fn words(_n: i64) -> String {
    let text = "  the QUICK brown fox   jumps over the lazy dog  ";
    let trimmed = text.trim();
    let mut caps: Vec<String> = Vec::new();
    let mut longest = "";
    for w in trimmed.split_whitespace() {
        caps.push(capitalize(w));
        if w.len() > longest.len() {
            longest = w;
        }
    }
    let title = caps.join(" ");
    let upper = trimmed.to_uppercase();
    let lower = trimmed.to_lowercase();
    let the_at = lower.find("the");
    let second_the = match the_at {
        Some(i) => lower[i + 1..].find("the").unwrap_or(0) + i + 1,
        None => 0,
    };
    format!(
        "{:?} {} {} {:?} {:?} {} {} {} {} {} {:?}",
        title,
        upper.len(),
        trimmed.starts_with("the") && trimmed.ends_with("dog"),
        the_at,
        second_the,
        longest,
        is_palindrome("A man, a plan, a canal: Panama"),
        is_palindrome(trimmed),
        "ab".repeat(3),
        text.trim_start().len() - text.trim_end().len(),
        lower.contains("lazy")
    )
}

pub fn caesar(k: u8) -> String {
    let msg = "Hello, World! xyz ABC";
    let mut enc = String::new();
    for &b in msg.as_bytes() {
        let c = if b >= b'a' && b <= b'z' {
            (b - b'a' + k) % 26 + b'a'
        } else if b >= b'A' && b <= b'Z' {
            (b - b'A' + k) % 26 + b'A'
        } else {
            b
        };
        enc.push(c as char);
    }
    let mut dec = String::new();
    for b in enc.bytes() {
        let c = match b {
            b'a'..=b'z' => (b - b'a' + 26 - k) % 26 + b'a',
            b'A'..=b'Z' => (b - b'A' + 26 - k) % 26 + b'A',
            _ => b,
        };
        dec.push(c as char);
    }
    let mut checksum: u32 = 0;
    for b in enc.as_bytes().iter() {
        checksum = checksum.wrapping_mul(31).wrapping_add(*b as u32);
    }
    format!("{} | {} | {} | {}", enc, dec, dec == msg, checksum)
}

fn encode(s: &str) -> String {
    let cs: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        let mut j = i;
        while j < cs.len() && cs[j] == c {
            j += 1;
        }
        let run = j - i;
        if run > 1 {
            out.push_str(&run.to_string());
        }
        out.push(c);
        i = j;
    }
    out
}

fn decode(s: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    for c in s.chars() {
        if is_digit(c) {
            count = count * 10 + digit_value(c) as usize;
        } else {
            let n = if count == 0 { 1 } else { count };
            for _ in 0..n {
                out.push(c);
            }
            count = 0;
        }
    }
    out
}

pub fn rle(_n: i64) -> String {
    let inputs = ["aaabccddddde", "abc", "zzzzzzzzzzzz", "ééé€€x", ""];
    let mut out = String::new();
    for s in inputs.iter() {
        let e = encode(s);
        let d = decode(&e);
        out.push_str(&format!("{:?}->{:?}({}) ", s, e, d == *s));
    }
    out.pop();
    out
}

pub fn scan_numbers(_n: i64) -> (String, i64, usize, String) {
    let text = "x=12, y=-7; total 305 and 0.5 items, id42";
    let bytes = text.as_bytes();
    let mut nums: Vec<i64> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let neg = bytes[i] == b'-' && i + 1 < bytes.len() && bytes[i + 1] >= b'0' && bytes[i + 1] <= b'9';
        if neg || (bytes[i] >= b'0' && bytes[i] <= b'9') {
            let start = i;
            if neg {
                i += 1;
            }
            while i < bytes.len() && bytes[i] >= b'0' && bytes[i] <= b'9' {
                i += 1;
            }
            nums.push(text[start..i].parse::<i64>().unwrap());
        } else {
            i += 1;
        }
    }
    let mut sum = 0;
    for x in nums.iter() {
        sum += x;
    }
    let mut letters = 0;
    for c in text.chars() {
        if is_alpha(c) {
            letters += 1;
        }
    }
    let mut kinds = String::new();
    for c in text.chars() {
        kinds.push(if is_digit(c) {
            'd'
        } else if is_alpha(c) {
            'a'
        } else if c == ' ' {
            '_'
        } else {
            '.'
        });
    }
    (format!("{:?}", nums), sum, letters, kinds)
}

pub fn lines_report(indent: usize) -> String {
    let doc = "# Title\n\nfirst line\n  indented line  \n# Section\nlast";
    let pad = " ".repeat(indent);
    let mut out = String::new();
    let mut headers = 0;
    for (n, line) in doc.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if t.starts_with('#') {
            headers += 1;
            out.push_str(&t[1..].trim().to_uppercase());
        } else {
            out.push_str(&pad);
            out.push_str(&format!("{}:{}", n + 1, t));
        }
        out.push('|');
    }
    let first_word_end = doc.find(' ').unwrap_or(0);
    format!(
        "{} headers={} first={:?} bytes={} chars={}",
        out,
        headers,
        &doc[..first_word_end],
        "é€".len(),
        "é€".chars().count()
    )
}
