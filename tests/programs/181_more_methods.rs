// The collection and string methods reached for next: `Vec::split_off`, `drain` (of every kind of range, collected, iterated by `for` and chained), `windows`, `chunks`, `binary_search`, `dedup_by_key`, `zip` (in chains and `for` loops), `max_by_key`/`min_by_key`, `str::splitn`, `rsplit`, `split_terminator` (with `&str` and `char` patterns), `String::insert`, `insert_str`, `remove` (multi-byte characters too)
// call: vecs(7)
// expect: "split_off [1, 2, 3] [4, 5, 6, 7] | windows [3, 5, 7] chunks [[1, 2, 3], [4, 5, 6], [7]] | search Ok(3) Err(0) Err(7) | dedup [10, 21, 30, 41] | zip 32 [(1, 'a'), (2, 'b')] | by_key Some(\"plum\") Some(\"fig\")"
// call: drained(6)
// expect: "[0, 1, 4, 5] [2, 3] | [3, 4, 5] 3 | [7] [16, 18] | [] 2"
// call: strings(2)
// expect: "splitn [\"a\", \"b,c,d\"] [\"x\", \"y\", \"z\"] | rsplit [\"c\", \"b\", \"a\"] [\"3\", \"2\", \"1\"] | term [\"a\", \"b\"] [\"a\", \"\", \"b\"] | edit hé-llo! é"

pub fn vecs(n: i64) -> String {
    let mut v: Vec<i64> = (1..n + 1).collect();
    let tail = v.split_off(3);
    let all: Vec<i64> = (1..n + 1).collect();
    let sums: Vec<i64> = all.windows(2).map(|w| w[0] + w[1]).take(3).collect();
    let chunks: Vec<Vec<i64>> = all.chunks(3).map(|c| c.to_vec()).collect();
    let sorted = vec![1, 3, 5, 7, 9, 11, 13];
    let found = sorted.binary_search(&7);
    let below = sorted.binary_search(&0);
    let above = sorted.binary_search(&20);
    let mut tens = vec![10, 11, 21, 22, 30, 41, 42];
    tens.dedup_by_key(|x| *x / 10);
    let xs = vec![1, 2, 3];
    let ys = vec![4, 5, 6, 7];
    let mut dot = 0;
    for (a, b) in xs.iter().zip(ys.iter()) {
        dot += a * b;
    }
    let dot2: i64 = xs.iter().zip(ys.iter()).map(|(a, b)| a * b).sum();
    let letters: Vec<(i64, char)> = xs.iter().cloned().zip("ab".chars()).collect();
    let words = vec!["fig", "pear", "kiwi", "plum"];
    let longest = words.iter().max_by_key(|w| w.len()).map(|w| w.to_string());
    let shortest = words.iter().min_by_key(|w| w.len()).map(|w| w.to_string());
    format!(
        "split_off {v:?} {tail:?} | windows {sums:?} chunks {chunks:?} | search {found:?} {below:?} {above:?} | dedup {tens:?} | zip {} {letters:?} | by_key {longest:?} {shortest:?}",
        dot + dot2 - 32
    )
}

pub fn strings(n: usize) -> String {
    let a: Vec<&str> = "a,b,c,d".splitn(n, ',').collect();
    let b: Vec<&str> = "x::y::z".splitn(n + 3, "::").collect();
    let c: Vec<&str> = "a,b,c".rsplit(',').collect();
    let d: Vec<&str> = "1 2 3".rsplit(" ").collect();
    let e: Vec<&str> = "a;b;".split_terminator(';').collect();
    let f: Vec<&str> = "a;;b".split_terminator(";").collect();
    let mut s = String::from("hllo");
    s.insert(1, 'é');
    s.insert_str(3, "-");
    s.push('!');
    let removed = s.remove(1);
    s.insert(1, removed);
    format!("splitn {a:?} {b:?} | rsplit {c:?} {d:?} | term {e:?} {f:?} | edit {s} {removed}")
}

pub fn drained(n: i64) -> String {
    let mut v: Vec<i64> = (0..n).collect();
    let middle: Vec<i64> = v.drain(2..4).collect();
    let mut w = vec![1, 2, 3, 4, 5];
    let mut total = 0;
    for x in w.drain(..=1) {
        total += x;
    }
    let mut u = vec![7, 8, 9];
    let doubled: Vec<i64> = u.drain(1..).map(|x| x * 2).collect();
    let mut all = vec![5, 6];
    let gone = all.drain(..).count();
    format!("{v:?} {middle:?} | {w:?} {total} | {u:?} {doubled:?} | {all:?} {gone}")
}
