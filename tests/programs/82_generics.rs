// Generic functions: one instance per list of type arguments, calls between generic functions
// call: generic_demo(5)
// expect: (5, 2.5, 'z', 3, 10, 4, true)
// call: generic_strings(3)
// expect: ("ccc", 2, "[1, 2, 3] [\"x\", \"y\"]")

fn largest<T: PartialOrd + Copy>(items: &[T]) -> T {
    let mut best = items[0];
    for &x in items.iter() {
        if x > best {
            best = x;
        }
    }
    best
}

fn count_equal<T: PartialEq>(items: &[T], x: &T) -> usize {
    let mut n = 0;
    for i in 0..items.len() {
        if items[i] == *x {
            n += 1;
        }
    }
    n
}

fn pair_of<A: Copy, B: Copy>(a: A, b: B) -> (B, A) {
    (b, a)
}

fn first_or<T: Clone>(items: &Vec<T>, default: T) -> T {
    if items.is_empty() {
        default
    } else {
        items[0].clone()
    }
}

fn twice<T: Clone>(x: T) -> Vec<T> {
    let mut v = Vec::new();
    v.push(x.clone());
    v.push(x);
    v
}

fn total_len<T>(a: &Vec<T>, b: &Vec<T>) -> usize {
    a.len() + b.len()
}

fn describe<T: std::fmt::Debug>(x: &T) -> String {
    format!("{:?}", x)
}

pub fn generic_demo(n: i64) -> (i64, f64, char, usize, i64, usize, bool) {
    let ints = vec![1, n, 3, 2];
    let floats = vec![0.5, 2.5, -1.0];
    let chars = vec!['a', 'z', 'q'];
    let (x, y) = pair_of(1u8, n * 2);
    let v = twice(n);
    let w = twice(1.5);
    (
        largest(&ints),
        largest(&floats),
        largest(&chars),
        count_equal(&ints, &3) + count_equal(&chars, &'a') + count_equal(&floats, &0.5),
        x + y as i64 - 1,
        total_len(&v, &v),
        w.len() == 2 && first_or(&Vec::new(), 7) == 7,
    )
}

pub fn generic_strings(n: usize) -> (String, usize, String) {
    let words = vec!["a".to_string(), "ccc".to_string(), "bb".to_string()];
    let long = largest_by_len(&words);
    let twin = twice(long.clone());
    let d = format!("{} {}", describe(&vec![1, 2, n]), describe(&vec!["x", "y"]));
    (twin[0].clone(), count_equal(&twin, &long), d)
}

fn largest_by_len(items: &Vec<String>) -> String {
    let mut best = first_or(items, String::new());
    for s in items.iter() {
        if s.len() > best.len() {
            best = s.clone();
        }
    }
    best
}
