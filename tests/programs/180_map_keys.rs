// The module's structs and enums (with derived `Hash` and `Eq`) as `HashMap`/`HashSet` keys, hashed field by field as the derive does: a struct holding a `String`, an enum with data (tuple, struct and unit variants), `Vec<u8>` and `Vec<String>` keys, `Option` and tuple keys holding them; insertion, lookup by an equal key built apart, replacement of the value of an equal key, removal, `contains`
// call: keys(3)
// expect: "points: 3 Some(\"b\") None | tokens: 4 Some(2) Some(5) false | bytes: Some(1) Some(2) 2 | words: Some(\"ab\") None | opt: Some(7) Some(8) | set: 3 true false"
use std::collections::{HashMap, HashSet};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Point {
    name: String,
    x: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Token {
    Num(i64),
    Word(String),
    Pair { a: i64, b: i64 },
    End,
}

pub fn keys(n: i64) -> String {
    let mut points: HashMap<Point, String> = HashMap::new();
    for i in 0..n {
        points.insert(Point { name: format!("p{i}"), x: i }, ((b'a' + i as u8) as char).to_string());
    }
    points.insert(Point { name: "p1".to_string(), x: 1 }, "b".to_string());
    let found = points.get(&Point { name: format!("p{}", 1), x: 1 }).cloned();
    let missing = points.get(&Point { name: "p1".to_string(), x: 2 }).cloned();

    let mut tokens: HashMap<Token, i64> = HashMap::new();
    tokens.insert(Token::Num(n), 1);
    tokens.insert(Token::Word("w".to_string()), 2);
    tokens.insert(Token::Pair { a: 1, b: n }, 3);
    tokens.insert(Token::End, 4);
    tokens.insert(Token::Pair { a: 1, b: n }, 5);
    tokens.insert(Token::Num(n + 1), 6);
    tokens.remove(&Token::Num(n + 1));
    let w = tokens.get(&Token::Word(String::from("w"))).copied();
    let p = tokens.get(&Token::Pair { a: 1, b: 3 }).copied();
    let has_num = tokens.contains_key(&Token::Num(n + 1));

    let mut bytes: HashMap<Vec<u8>, i64> = HashMap::new();
    bytes.insert(vec![1, 2, 3], 1);
    bytes.insert("ab".as_bytes().to_vec(), 2);
    let b1 = bytes.get(&vec![1u8, 2, 3]).copied();
    let b2 = bytes.get(&vec![b'a', b'b']).copied();

    let mut words: HashMap<Vec<String>, String> = HashMap::new();
    words.insert(vec!["a".to_string(), "b".to_string()], "ab".to_string());
    let w1 = words.get(&vec!["a".to_string(), "b".to_string()]).cloned();
    let w2 = words.get(&vec!["b".to_string(), "a".to_string()]).cloned();

    let mut opt: HashMap<(Option<Token>, i64), i64> = HashMap::new();
    opt.insert((Some(Token::Num(1)), 2), 7);
    opt.insert((None, 2), 8);
    let o1 = opt.get(&(Some(Token::Num(1)), 2)).copied();
    let o2 = opt.get(&(None, 2)).copied();

    let mut seen: HashSet<Token> = HashSet::new();
    for t in [Token::End, Token::Num(3), Token::End, Token::Word("x".to_string()), Token::Num(3)] {
        seen.insert(t);
    }
    format!(
        "points: {} {found:?} {missing:?} | tokens: {} {w:?} {p:?} {has_num} | bytes: {b1:?} {b2:?} {} | words: {w1:?} {w2:?} | opt: {o1:?} {o2:?} | set: {} {} {}",
        points.len(),
        tokens.len(),
        bytes.len(),
        seen.len(),
        seen.contains(&Token::Word("x".to_string())),
        seen.contains(&Token::Word("y".to_string()))
    )
}
