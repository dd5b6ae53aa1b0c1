// Generic helpers specialized per use: max_by_keys with a second type parameter for the keys (computed by fn-pointer helpers, as `fn(T)` cannot appear in a generic signature), min/max/argmax over &[T] with T: PartialOrd + Copy, a generic swap and insertion sort, generic calling generic, over integers, floats, chars, strings and tuples
// call: numbers(6)
// expect: "[1, -8, 6, -3, 11, 2] Some(1) Some(-8) Some((-8, 11)) Some((-1.25, 9.0)) Some((3, 255)) 2 3 2 [-8, -3, 1, 2, 6, 11] [-8, 1, 6, -3, 11, 2] Some(1) true false None"
// call: texts(0)
// expect: "[\"apple\", \"banana\", \"fig\", \"pear\"] Some(('c', 'r')) Some('r') 3 ['c', 'e', 'e', 'g', 'i', 'n', 'r'] fig Some(2) None [\"apple\", \"apple\", \"fig\", \"fig\"] (7, \"pear\")"
// call: mixed(3)
// expect: "Some((3, 'c')) [(3, 'm'), (1, 'z'), (3, 'a'), (3, 'c')] Some(2) (1.5, 'x') [false, true, true] [3, 3, 3] Some((-128, 127)) 16 [-128, -1, 0, 127] [(3, 'c'), (3, 'c')]"

// The first item with the largest key (`keys[i]` is the key of `items[i]`).
fn max_by_keys<T: Copy, K: PartialOrd + Copy>(items: &[T], keys: &[K]) -> Option<T> {
    if items.is_empty() {
        return None;
    }
    let mut best = 0;
    for i in 1..items.len() {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    Some(items[best])
}

fn count_true<T>(items: &[T], flags: &[bool]) -> usize {
    let mut n = 0;
    for i in 0..items.len() {
        if flags[i] {
            n += 1;
        }
    }
    n
}

fn int_keys(items: &[i64], key: fn(i64) -> i64) -> Vec<i64> {
    let mut out = Vec::new();
    for x in items.iter() {
        out.push(key(*x));
    }
    out
}

fn char_flags(items: &[char], pred: fn(char) -> bool) -> Vec<bool> {
    let mut out = Vec::new();
    for c in items.iter() {
        out.push(pred(*c));
    }
    out
}

fn min_max<T: PartialOrd + Copy>(items: &[T]) -> Option<(T, T)> {
    if items.len() == 0 {
        return None;
    }
    let mut lo = items[0];
    let mut hi = items[0];
    for &x in items.iter() {
        if x < lo {
            lo = x;
        }
        if x > hi {
            hi = x;
        }
    }
    Some((lo, hi))
}

fn argmax<T: PartialOrd + Copy>(items: &[T]) -> usize {
    let mut best = 0;
    for i in 0..items.len() {
        if items[i] > items[best] {
            best = i;
        }
    }
    best
}

fn swap_at<T: Clone>(v: &mut Vec<T>, i: usize, j: usize) {
    let tmp = v[i].clone();
    v[i] = v[j].clone();
    v[j] = tmp;
}

fn insertion_sort<T: PartialOrd + Clone>(v: &mut Vec<T>) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j] < v[j - 1] {
            swap_at(v, j, j - 1);
            j -= 1;
        }
    }
}

fn sorted_copy<T: PartialOrd + Clone>(items: &[T]) -> Vec<T> {
    let mut v = items.to_vec();
    insertion_sort(&mut v);
    v
}

fn median<T: PartialOrd + Clone>(items: &[T]) -> T {
    let v = sorted_copy(items);
    v[v.len() / 2].clone()
}

fn is_sorted<T: PartialOrd>(items: &[T]) -> bool {
    for i in 1..items.len() {
        if items[i - 1] > items[i] {
            return false;
        }
    }
    true
}

fn position<T: PartialEq>(items: &[T], x: &T) -> Option<usize> {
    for i in 0..items.len() {
        if items[i] == *x {
            return Some(i);
        }
    }
    None
}

fn swap_pair<A, B>(p: (A, B)) -> (B, A) {
    let (a, b) = p;
    (b, a)
}

fn repeat_each<T: Clone>(items: &[T], times: usize) -> Vec<T> {
    let mut out = Vec::new();
    for x in items.iter() {
        for _ in 0..times {
            out.push(x.clone());
        }
    }
    out
}

fn neg_abs(x: i64) -> i64 {
    -x.abs()
}

fn digit_sum(x: i64) -> i64 {
    let mut n = x.abs();
    let mut s = 0;
    while n > 0 {
        s += n % 10;
        n /= 10;
    }
    s
}

fn is_even(x: i64) -> bool {
    x % 2 == 0
}

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')
}

fn char_code(c: char) -> u32 {
    c as u32
}

pub fn numbers(n: i64) -> String {
    let mut v: Vec<i64> = Vec::new();
    for i in 0..n {
        v.push((i * 37 + 11) % 23 - 10);
    }
    let floats = vec![2.5, -1.25, 9.0, 0.5];
    let bytes: Vec<u8> = vec![200, 3, 255, 17];
    let sorted = sorted_copy(&v);
    let empty: Vec<i64> = Vec::new();
    let mut evens = Vec::new();
    for x in v.iter() {
        evens.push(is_even(*x));
    }
    let mut w = v.clone();
    swap_at(&mut w, 0, 1);
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {} {} {} {:?} {:?} {:?} {} {} {:?}",
        v,
        max_by_keys(&v, &int_keys(&v, neg_abs)),
        max_by_keys(&v, &int_keys(&v, digit_sum)),
        min_max(&v),
        min_max(&floats),
        min_max(&bytes),
        argmax(&floats),
        count_true(&v, &evens),
        median(&v),
        sorted,
        w,
        position(&v, &sorted[0]),
        is_sorted(&sorted),
        is_sorted(&v),
        max_by_keys(&empty, &int_keys(&empty, neg_abs))
    )
}

pub fn texts(_n: i64) -> String {
    let words = vec!["pear".to_string(), "apple".to_string(), "fig".to_string(), "banana".to_string()];
    let letters: Vec<char> = "generic".chars().collect();
    let mut ws = words.clone();
    insertion_sort(&mut ws);
    let m = median(&words);
    let mut codes: Vec<u32> = Vec::new();
    for c in letters.iter() {
        codes.push(char_code(*c));
    }
    format!(
        "{:?} {:?} {:?} {} {:?} {} {:?} {:?} {:?} {:?}",
        ws,
        min_max(&letters),
        max_by_keys(&letters, &codes),
        count_true(&letters, &char_flags(&letters, is_vowel)),
        sorted_copy(&letters),
        m,
        position(&words, &"fig".to_string()),
        position(&letters, &'z'),
        repeat_each(&words[1..3], 2),
        swap_pair((words[0].clone(), letters.len()))
    )
}

pub fn mixed(n: i64) -> String {
    let pairs: Vec<(i64, char)> = vec![(3, 'c'), (1, 'z'), (3, 'a'), (n, 'm')];
    let firsts: Vec<i64> = {
        let mut f = Vec::new();
        for p in pairs.iter() {
            f.push(p.0);
        }
        f
    };
    let by_first = max_by_keys(&pairs, &firsts);
    let mut swapped = pairs.clone();
    swap_at(&mut swapped, 0, 3);
    let flipped = swap_pair(swap_pair((1.5, 'x')));
    let mut bools = vec![true, false, true];
    swap_at(&mut bools, 0, 1);
    let us: Vec<usize> = vec![4, 8, 15, 16, 23, 42];
    let small: Vec<i8> = vec![-128, 127, 0, -1];
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {:?} {:?}",
        by_first,
        swapped,
        position(&pairs, &(3, 'a')),
        flipped,
        bools,
        repeat_each(&[n], 3),
        min_max(&small),
        median(&us),
        sorted_copy(&small),
        repeat_each(&pairs[..1], 2)
    )
}
