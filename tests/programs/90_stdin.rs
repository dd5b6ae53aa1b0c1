// std::io::stdin(): read_line (with Ok(0) at the end of input), read into a byte buffer, read_to_string
// stdin: 3 + 4
// stdin: hello
// stdin: xyz
// stdin: the rest
// stdin: of the input
// call: lines(2)
// expect: "[3 + 4] 6 [hello] 6"
// call: bytes(3)
// expect: "3 [120, 121, 122] 1 [10, 121, 122]"
// call: rest(0)
// expect: "22 2 lines; then Ok(0) Ok(0)"

use std::io::Read;

pub fn lines(n: i64) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < n {
        let mut line = String::new();
        let count = std::io::stdin().read_line(&mut line).unwrap();
        out.push_str(&format!("[{}] {} ", line.trim_end(), count));
        i += 1;
    }
    out.trim_end().to_string()
}

pub fn bytes(n: usize) -> String {
    let mut buf = vec![0u8; n];
    let got = std::io::stdin().read(&mut buf).unwrap();
    let first = format!("{} {:?}", got, buf);
    let mut one = [0u8; 1];
    let again = std::io::stdin().read(&mut one).unwrap();
    buf[0] = one[0];
    format!("{} {} {:?}", first, again, buf)
}

pub fn rest(_n: i64) -> String {
    let mut text = String::new();
    let count = std::io::stdin().read_to_string(&mut text).unwrap();
    let lines = text.lines().count();
    let mut line = String::new();
    let end = std::io::stdin().read_line(&mut line);
    let mut bytes = Vec::new();
    let end2 = std::io::stdin().read_to_end(&mut bytes);
    format!("{} {} lines; then {:?} {:?}", count, lines, end, end2)
}
