// collect() into a String (of chars, of strings) or a Vec (with and without a turbofish), .rev() of iterators outside for loops (reversing strings and lists)
// call: collecting(0)
// expect: "olleh cba abc [3, 2, 1] [\"c\", \"b\"] ab|cd 3 true"

pub fn collecting(_n: i64) -> String {
    let s = "hello";
    let r: String = s.chars().rev().collect();
    let t = "abc".chars().rev().collect::<String>();
    let u: String = t.chars().rev().collect();
    let v = vec![1, 2, 3];
    let back: Vec<i64> = v.iter().rev().copied().collect();
    let all: Vec<&str> = "a b c".split_whitespace().collect();
    let words: Vec<&str> = all[1..].iter().rev().copied().collect();
    let joined: String = vec!["ab".to_string(), "|".to_string(), "cd".to_string()].concat();
    let n = "x y z".split(' ').count();
    let same = "abc".chars().collect::<Vec<char>>() == vec!['a', 'b', 'c'];
    format!("{r} {t} {u} {:?} {:?} {joined} {n} {same}", back, words)
}
