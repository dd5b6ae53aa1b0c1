// `match` on chars: literals, ranges like 'a'..='z', or-patterns and guards; ASCII helpers.
// call: classify('q')
// expect: 1
// call: classify('Q')
// expect: 2
// call: classify('5')
// expect: 3
// call: classify(' ')
// expect: 4
// call: classify('_')
// expect: 5
// call: classify('~')
// expect: 0
// call: is_vowel('e')
// expect: true
// call: is_vowel('Y')
// expect: false
// call: to_upper('m')
// expect: 'M'
// call: to_upper('M')
// expect: 'M'
// call: to_upper('3')
// expect: '3'
// call: hex_value('f')
// expect: 15
// call: hex_value('A')
// expect: 10
// call: hex_value('9')
// expect: 9
// call: hex_value('g')
// expect: -1
// call: rot13('a')
// expect: 'n'
// call: rot13('Z')
// expect: 'M'
// call: bracket_pair('(')
// expect: ')'

pub fn classify(c: char) -> u8 {
    match c {
        'a'..='z' => 1,
        'A'..='Z' => 2,
        '0'..='9' => 3,
        ' ' | '\t' | '\n' | '\r' => 4,
        x if x == '_' || x == '$' => 5,
        _ => 0,
    }
}

pub fn is_vowel(c: char) -> bool {
    match c {
        'a' | 'e' | 'i' | 'o' | 'u' | 'A' | 'E' | 'I' | 'O' | 'U' => true,
        _ => false,
    }
}

pub fn to_upper(c: char) -> char {
    match c {
        'a'..='z' => ((c as u8) - 32) as char,
        other => other,
    }
}

pub fn hex_value(c: char) -> i32 {
    match c {
        '0'..='9' => c as i32 - '0' as i32,
        'a'..='f' => c as i32 - 'a' as i32 + 10,
        'A'..='F' => c as i32 - 'A' as i32 + 10,
        _ => -1,
    }
}

fn rotate13(c: char, base: char) -> char {
    let b = base as u8;
    ((c as u8 - b + 13) % 26 + b) as char
}

pub fn rot13(c: char) -> char {
    match c {
        'a'..='z' => rotate13(c, 'a'),
        'A'..='Z' => rotate13(c, 'A'),
        _ => c,
    }
}

pub fn bracket_pair(c: char) -> char {
    match c {
        '(' => ')',
        '<' => '>',
        '{' => '}',
        _ => unreachable!(),
    }
}
