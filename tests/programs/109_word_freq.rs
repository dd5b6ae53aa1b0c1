// HashMap/HashSet heavy: word frequencies over generated text with String keys, entry().or_insert, get_mut, get, remove, keys/values (sorted, as Rust's order is unspecified), an index of positions, set operations by loops
// call: frequencies(40)
// expect: "ate=4 cat=104 dog=4 hat=5 mat=5 on=4 sat=4 the=10 | total 140 distinct 8 rare [] the 10 zebra -1 empty false"
// call: frequencies(7)
// expect: "the=3 | total 3 distinct 1 rare [\"dog\", \"hat\", \"mat\", \"sat\"] the 3 zebra -1 empty false"
// call: index(25)
// expect: "ate:[7, 18, 23]@[1, 3, 4] cat:[10, 21]@[2, 4] dog:[2, 13, 24, 999]@[0, 2, 4] hat:[6, 11, 22]@[1, 2, 4] mat:[3, 8, 19]@[0, 1, 3] on:[9, 14]@[1, 2] sat:[4, 15, 20]@[0, 3, 4] the:[0, 1, 5, 12, 16, 17]@[0, 1, 2, 3]"
// call: sets(0)
// expect: "dups 1 both [\"blue\", \"green\"] only_a [\"cyan\", \"magenta\", \"red\"] union 6 [\"BLUE\", \"CYAN\", \"GREEN\", \"MAGENTA\", \"RED\", \"YELLOW\"] removed true false a 5 b 4"
// call: letters(3)
// expect: ("t23a15e11", 33, 'c', 11)
use std::collections::{HashMap, HashSet};

const WORDS: [&str; 9] = ["the", "cat", "sat", "on", "mat", "dog", "ate", "the", "hat"];

fn corpus(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        if i > 0 {
            s.push(if i % 5 == 0 { '\n' } else { ' ' });
        }
        s.push_str(WORDS[(i * 7 + i / 3) % WORDS.len()]);
    }
    s
}

fn sorted_keys(m: &HashMap<String, i64>) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for k in m.keys() {
        keys.push(k.clone());
    }
    keys.sort();
    keys
}

pub fn frequencies(n: usize) -> String {
    let text = corpus(n);
    let mut freq: HashMap<String, i64> = HashMap::new();
    for w in text.split_whitespace() {
        let key = w.to_string();
        *freq.entry(key).or_insert(0) += 1;
    }
    // Bonus points for a word, then drop the rare ones.
    if freq.contains_key("cat") {
        *freq.get_mut("cat").unwrap() += 100;
    }
    let mut rare: Vec<String> = Vec::new();
    for (k, v) in &freq {
        if *v == 1 {
            rare.push(k.clone());
        }
    }
    rare.sort();
    for k in rare.iter() {
        freq.remove(k);
    }
    let mut total = 0;
    for v in freq.values() {
        total += v;
    }
    let mut out = String::new();
    for k in sorted_keys(&freq) {
        out.push_str(&format!("{}={} ", k, freq[&k]));
    }
    let the = freq.get("the").copied().unwrap_or(0);
    let zebra = match freq.get("zebra") {
        Some(v) => *v,
        None => -1,
    };
    format!(
        "{}| total {} distinct {} rare {:?} the {} zebra {} empty {}",
        out,
        total,
        freq.len(),
        rare,
        the,
        zebra,
        freq.is_empty()
    )
}

pub fn index(n: usize) -> String {
    let text = corpus(n);
    // i64, not usize: a `Vec<usize>` in a program that also has a `Vec<u64>` (every dict
    // has one) makes the LLInterpreter fail on growing it.
    let mut positions: HashMap<String, Vec<i64>> = HashMap::new();
    let mut line_of: HashMap<i64, i64> = HashMap::new();
    for (lineno, line) in text.lines().enumerate() {
        for w in line.split_whitespace() {
            let pos = line_of.len() as i64;
            line_of.insert(pos, lineno as i64);
            positions.entry(w.to_string()).or_insert(Vec::new()).push(pos);
        }
    }
    if let Some(v) = positions.get_mut("dog") {
        v.push(999);
    }
    let mut keys: Vec<String> = Vec::new();
    for k in positions.keys() {
        keys.push(k.clone());
    }
    keys.sort();
    let mut out = String::new();
    for k in keys.iter() {
        let ps = &positions[k];
        let mut lines: Vec<i64> = Vec::new();
        for p in ps.iter() {
            if let Some(l) = line_of.get(p) {
                if !lines.contains(l) {
                    lines.push(*l);
                }
            }
        }
        out.push_str(&format!("{}:{:?}@{:?} ", k, ps, lines));
    }
    out.trim_end().to_string()
}

pub fn sets(_n: i64) -> String {
    let a_words = "red green blue cyan red magenta";
    let b_words = "blue yellow green black blue";
    let mut a = HashSet::new();
    let mut dup_a = 0;
    for w in a_words.split(' ') {
        if !a.insert(w.to_string()) {
            dup_a += 1;
        }
    }
    let mut b = HashSet::new();
    for w in b_words.split(' ') {
        b.insert(w.to_string());
    }
    let mut both: Vec<String> = Vec::new();
    let mut only_a: Vec<String> = Vec::new();
    for w in a.iter() {
        if b.contains(w) {
            both.push(w.clone());
        } else {
            only_a.push(w.clone());
        }
    }
    // One `insert` call per set: once the set's type is known, rpy resolves a further
    // `insert` to the map's two-argument `insert` and fails to translate.
    let mut everything: Vec<String> = Vec::new();
    for w in &a {
        everything.push(w.clone());
    }
    for w in &b {
        everything.push(w.clone());
    }
    let mut union = HashSet::new();
    for w in everything.iter() {
        union.insert(w.clone());
    }
    both.sort();
    only_a.sort();
    let removed = union.contains("black");
    union.remove("black");
    let removed_again = union.contains("black");
    let mut all: Vec<String> = Vec::new();
    for w in union.iter() {
        all.push(w.to_uppercase());
    }
    all.sort();
    format!(
        "dups {} both {:?} only_a {:?} union {} {:?} removed {} {} a {} b {}",
        dup_a,
        both,
        only_a,
        union.len(),
        all,
        removed,
        removed_again,
        a.len(),
        b.len()
    )
}

pub fn letters(k: usize) -> (String, i64, char, usize) {
    let text = corpus(30);
    let mut counts: HashMap<char, i64> = HashMap::new();
    for c in text.chars() {
        if c != ' ' && c != '\n' {
            *counts.entry(c).or_insert(0) += 1;
        }
    }
    // The k most common letters, ties broken by the letter.
    let mut pairs: Vec<(i64, char)> = Vec::new();
    for (c, n) in &counts {
        pairs.push((*n, *c));
    }
    let mut picked = String::new();
    for _ in 0..k {
        let mut best = 0;
        for i in 1..pairs.len() {
            let (n, c) = pairs[i];
            let (bn, bc) = pairs[best];
            if n > bn || (n == bn && c < bc) {
                best = i;
            }
        }
        let (n, c) = pairs.remove(best);
        picked.push_str(&format!("{}{}", c, n));
    }
    let vowels: HashSet<char> = {
        let mut s = HashSet::new();
        for c in "aeiou".chars() {
            s.insert(c);
        }
        s
    };
    let mut vowel_count = 0;
    let mut rarest = 'z';
    let mut rarest_n = i64::MAX;
    for (c, n) in &counts {
        if vowels.contains(c) {
            vowel_count += n;
        }
        if *n < rarest_n || (*n == rarest_n && *c < rarest) {
            rarest = *c;
            rarest_n = *n;
        }
    }
    (picked, vowel_count, rarest, counts.len())
}
