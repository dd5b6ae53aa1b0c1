// Closures passed to the iterator adaptors and consumers (`map`, `filter`, `filter_map`, `take_while`, `skip_while`, `inspect`, `enumerate`/`take`/`skip` after them; `sum`, `product`, `count`, `collect` into `Vec`, `String`, `HashMap` and `HashSet`, `any`, `all`, `position`, `find`, `find_map`, `fold`, `for_each`, `max`, `min`, `last`), to `for` loops over such chains, to `retain`, `sort_by`, `sort_by_key` and to `Option`/`Result`'s `map`, `and_then`, `map_or`, `map_or_else`, `filter`, `unwrap_or_else`, `ok_or_else`, `map_err`, `or_else`, `is_some_and`; closures reading and writing what they capture, a function's name in place of a closure, a chain inside a closure, and the order in which side effects happen
// call: chains(10)
// expect: "sum_sq_even=120 odd=[1, 3, 5, 7, 9] halves=[0, 1, 2, 3, 4] text=a-c-e-g-i | any=true all=false pos=Some(4) find=Some(7) find_map=Some(16) fold=362880 count=3 max=Some(9) min=Some(0) last=Some(8) prod=945"
// call: adaptors(12)
// expect: "en=[(0, 3), (1, 6), (2, 9), (3, 12)] take=[2, 3, 4] skip=[10, 11, 12] tw=[1, 2, 3] sw=[4, 5, 1] | for: 1:2 3:4 5:6 7:8 | order: f1 m1 f2 f3 m3 -> [10, 30]"
// call: captures(5)
// expect: "seen=15 total=55 scaled=[5, 10, 15] names=[\"bo\", \"cy\"] nested=[5, 13, 21] | retain=[2, 4, 6, 8] sorted=[9, 7, 5, 3, 1] by_key=[(1, \"b\"), (2, \"a\"), (2, \"c\"), (3, \"d\")]"
// call: mapped(4)
// expect: "Some(40) None Ok(5) Err(\"e\") | Some(2) None Ok(8) | 12 -1 1 10 | Some(4) None Some(\"4!\")"
// call: collected(4)
// expect: "4 [\"apple\", \"bob\", \"cat\", \"dog\"] Some(5) ['a', 'b', 'c', 'd'] HELLO 16 Some(30) 2"
// call: options(4)
// expect: "4 -1 | Ok(4) Err(\"none\") | Err(8) | Some(3) Some(9) | true false | Err(\"e\") Ok(7)"

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

fn double(x: i64) -> i64 {
    x * 2
}

fn is_even(x: &i64) -> bool {
    x % 2 == 0
}

pub fn chains(n: i64) -> String {
    let v: Vec<i64> = (0..n).collect();
    let sum_sq_even: i64 = v.iter().filter(|x| *x % 2 == 0).map(|x| x * x).sum();
    let odd: Vec<i64> = v.iter().filter(|&&x| x % 2 == 1).cloned().collect();
    let halves: Vec<i64> = v.iter().filter(|x| is_even(x)).map(|x| x / 2).collect();
    let text: String = v.iter().filter(|x| *x % 2 == 0).map(|x| (b'a' + *x as u8) as char).collect::<Vec<char>>().iter().map(|c| c.to_string()).collect::<Vec<String>>().join("-");
    let any = v.iter().any(|x| *x > 8);
    let all = v.iter().all(|&x| x < 9);
    let pos = v.iter().position(|x| *x == 4);
    let find = v.iter().find(|x| **x > 6).copied();
    let find_map = v.iter().find_map(|x| if *x > 7 { Some(x * 2) } else { None });
    let fold = v.iter().skip(1).fold(1, |acc, x| acc * x);
    let count = v.iter().filter(|x| *x % 4 == 0).count();
    let max = v.iter().map(|x| *x).max();
    let min = v.iter().map(|x| *x).min();
    let last = v.iter().filter(|x| is_even(x)).last().copied();
    let prod: i64 = v.iter().filter(|x| *x % 2 == 1).map(|x| *x).product();
    format!(
        "sum_sq_even={sum_sq_even} odd={odd:?} halves={halves:?} text={text} | any={any} all={all} pos={pos:?} find={find:?} find_map={find_map:?} fold={fold} count={count} max={max:?} min={min:?} last={last:?} prod={prod}"
    )
}

pub fn adaptors(n: i64) -> String {
    let v: Vec<i64> = (1..n + 1).collect();
    let en: Vec<(usize, i64)> = v.iter().filter(|x| *x % 3 == 0).map(|x| *x).enumerate().collect();
    let take: Vec<i64> = v.iter().map(|x| x + 1).take(3).collect();
    let skip: Vec<i64> = v.iter().map(|x| *x).skip(9).collect();
    let tw: Vec<i64> = v.iter().map(|x| *x).take_while(|x| *x < 4).collect();
    let w = vec![1, 2, 3, 4, 5, 1];
    let sw: Vec<i64> = w.iter().map(|x| *x).skip_while(|x| *x < 4).collect();
    let mut pairs = Vec::new();
    for (i, x) in v.iter().map(|x| x + 1).enumerate() {
        if i % 2 == 1 {
            continue;
        }
        if i > 6 {
            break;
        }
        pairs.push(format!("{}:{}", i + 1, x));
    }
    let log: RefCell<Vec<String>> = RefCell::new(Vec::new());
    let picked: Vec<i64> = v
        .iter()
        .inspect(|x| log.borrow_mut().push(format!("f{x}")))
        .filter(|x| *x % 2 == 1)
        .inspect(|x| log.borrow_mut().push(format!("m{x}")))
        .map(|x| x * 10)
        .take(2)
        .collect();
    format!(
        "en={en:?} take={take:?} skip={skip:?} tw={tw:?} sw={sw:?} | for: {} | order: {} -> {picked:?}",
        pairs.join(" "),
        log.borrow().join(" ")
    )
}

#[derive(Clone, Debug)]
struct Person {
    age: i64,
    name: String,
}

pub fn captures(n: i64) -> String {
    let mut seen = 0;
    let v: Vec<i64> = (1..n + 1).collect();
    v.iter().for_each(|x| seen += x);
    let k = n;
    let total: i64 = (1..n * 2 + 1).collect::<Vec<i64>>().iter().map(|x| *x).sum();
    let scaled: Vec<i64> = v.iter().take(3).map(|x| x * k).collect();
    let people = vec![
        Person { age: 30, name: "al".to_string() },
        Person { age: 20, name: "bo".to_string() },
        Person { age: 25, name: "cy".to_string() },
    ];
    let names: Vec<String> = people.iter().filter(|p| p.age < k * 6).map(|p| p.name.clone()).collect();
    let rows = vec![vec![1, 2], vec![3, 4], vec![5, 6]];
    let nested: Vec<i64> = rows.iter().map(|r| r.iter().map(|x| *x).sum::<i64>()).collect();
    let mut evens: Vec<i64> = (1..10).collect();
    evens.retain(|x| x % 2 == 0);
    let mut odds = vec![3, 9, 1, 7, 5];
    odds.sort_by(|a, b| b.cmp(a));
    let mut tagged = vec![(3, "d"), (2, "a"), (1, "b"), (2, "c")];
    tagged.sort_by_key(|t| t.0);
    let _ = double(1);
    format!(
        "seen={seen} total={total} scaled={scaled:?} names={names:?} nested={:?} | retain={evens:?} sorted={odds:?} by_key={tagged:?}",
        nested.iter().map(|x| x + 0).map(double).map(|x| x - 1).collect::<Vec<i64>>()
    )
}

fn lookup(k: i64) -> Option<i64> {
    if k > 2 {
        Some(k)
    } else {
        None
    }
}

fn checked(k: i64) -> Result<i64, String> {
    if k > 2 {
        Ok(k)
    } else {
        Err("e".to_string())
    }
}

pub fn options(n: i64) -> String {
    let fallback = -1;
    let a = lookup(n).unwrap_or_else(|| fallback);
    let b = lookup(n - 3).unwrap_or_else(|| fallback);
    let c = lookup(n).ok_or_else(|| "none".to_string());
    let d = lookup(0).ok_or_else(|| "none".to_string());
    let e: Result<i64, i64> = checked(1).map_err(|s| s.len() as i64 * 8);
    let f = lookup(1).or_else(|| lookup(3));
    let g = checked(n + 5).unwrap_or_else(|err| err.len() as i64);
    let h = lookup(n).is_some_and(|x| x > 3);
    let i = lookup(n).is_some_and(|x| x > 9);
    let j = checked(0);
    let l = checked(0).or_else(|_| checked(7));
    format!("{a} {b} | {c:?} {d:?} | {e:?} | {f:?} Some({g}) | {h} {i} | {j:?} {l:?}")
}

fn halve(x: i64) -> Option<i64> {
    if x % 2 == 0 {
        Some(x / 2)
    } else {
        None
    }
}

pub fn mapped(n: i64) -> String {
    let k = 10;
    let a = lookup(n).map(|x| x * k);
    let b = lookup(1).map(|x| x * k);
    let c = checked(n).map(|x| x + 1);
    let d = checked(0).map(|x| x + 1);
    let e = lookup(n).and_then(halve);
    let f = lookup(n + 1).and_then(|x| halve(x));
    let g = checked(n).and_then(|x| if x > 3 { Ok(x * 2) } else { Err("small".to_string()) });
    let h = lookup(n).map_or(-1, |x| x * 3);
    let i = lookup(0).map_or(-1, |x| x * 3);
    let j = checked(0).map_or_else(|e| e.len() as i64, |x| x);
    let l = lookup(0).map_or_else(|| k, |x| x);
    let m = lookup(n).filter(|x| *x > 3);
    let o = lookup(n).filter(|x| *x > 30);
    let words: Option<String> = lookup(n).map(|x| format!("{x}!"));
    format!("{a:?} {b:?} {c:?} {d:?} | {e:?} {f:?} {g:?} | {h} {i} {j} {l} | {m:?} {o:?} {words:?}")
}

pub fn collected(n: i64) -> String {
    let words = vec!["apple", "bob", "cat", "apple", "dog"];
    let lengths: HashMap<String, usize> = words.iter().map(|w| (w.to_string(), w.len())).collect();
    let mut keys: Vec<&String> = lengths.keys().collect();
    keys.sort();
    let firsts: HashSet<char> = words.iter().filter_map(|w| w.chars().next()).collect();
    let mut first_list = Vec::new();
    for c in &firsts {
        first_list.push(*c);
    }
    first_list.sort();
    let shout: String = "hello".chars().map(|c| c.to_ascii_uppercase()).collect();
    let squares = (1..n + 1).map(|i| (i, i * i)).collect::<HashMap<i64, i64>>();
    let pairs: HashMap<i64, i64> = vec![(1, 10), (2, 20), (1, 30)].into_iter().collect();
    format!("{} {keys:?} {:?} {first_list:?} {shout} {} {:?} {}", lengths.len(), lengths.get("apple"), squares[&n], pairs.get(&1), pairs.len())
}
