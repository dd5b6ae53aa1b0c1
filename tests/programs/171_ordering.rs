// `std::cmp::Ordering`: `cmp`/`partial_cmp` of numbers, strings, tuples and derived orders, `match` on the result, its methods (`reverse`, `then`, `is_lt`, ...), `{:?}` and `as i32`, written `Ordering`, `cmp::Ordering` and `std::cmp::Ordering`; `PartialOrd`/`Ord` written by hand for a struct (used by `<`, `sort` and `cmp`) and for a field-less enum whose order is not its declaration order
// call: basics(3)
// expect: "Less Equal Greater | Greater Less | Less Greater | Some(Less) None | Greater Less true true false -1 010 | below equal above -+0"
// call: versions(4)
// expect: "[1.0, 1.2, 1.10, 2.0] true false Greater Less | [Low, Mid, High] High"
use std::cmp;
use std::cmp::Ordering;
use std::fmt;

fn describe(a: i64, b: i64) -> &'static str {
    match a.cmp(&b) {
        Ordering::Less => "below",
        Ordering::Equal => "equal",
        Ordering::Greater => "above",
    }
}

fn by_len_then_text(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then(a.cmp(b))
}

fn sign(o: cmp::Ordering) -> char {
    match o {
        std::cmp::Ordering::Less => '-',
        cmp::Ordering::Equal => '0',
        Ordering::Greater => '+',
    }
}

pub fn basics(n: i64) -> String {
    let ints = format!("{:?} {:?} {:?}", (n - 2).cmp(&n), n.cmp(&n), (n + 1).cmp(&n));
    let strs = format!("{:?} {:?}", "pear".cmp("apple"), by_len_then_text("fig", "apple"));
    let tuples = format!("{:?} {:?}", (n, "b").cmp(&(n, "c")), (n, 0).cmp(&(2, 9)));
    let floats = format!("{:?} {:?}", 0.5f64.partial_cmp(&1.5), f64::NAN.partial_cmp(&1.0));
    let o = n.cmp(&(n + 1));
    let methods = format!(
        "{:?} {:?} {} {} {} {} {}{}{}",
        o.reverse(),
        Ordering::Equal.then(o),
        o.is_lt(),
        o.is_le() && o != Ordering::Greater,
        o.is_ge(),
        o as i32,
        o.is_eq() as u8,
        o.is_ne() as u8,
        o.is_gt() as u8
    );
    let mut signs = String::new();
    for o in [1.cmp(&2), 'b'.cmp(&'a'), true.cmp(&true)] {
        signs.push(sign(o));
    }
    format!(
        "{} | {} | {} | {} | {} | {} {} {} {}",
        ints,
        strs,
        tuples,
        floats,
        methods,
        describe(1, n),
        describe(n, n),
        describe(n, 0),
        signs
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Version {
    major: i64,
    minor: i64,
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        self.major.cmp(&other.major).then(self.minor.cmp(&other.minor))
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Priority {
    High,
    Low,
    Mid,
}

impl Priority {
    fn rank(self) -> i64 {
        match self {
            Priority::Low => 0,
            Priority::Mid => 1,
            Priority::High => 2,
        }
    }
}

impl PartialOrd for Priority {
    fn partial_cmp(&self, other: &Priority) -> Option<Ordering> {
        self.rank().partial_cmp(&other.rank())
    }
}

pub fn versions(n: i64) -> String {
    let mut vs = vec![
        Version { major: 2, minor: 0 },
        Version { major: 1, minor: 10 },
        Version { major: 1, minor: 0 },
        Version { major: 1, minor: n - 2 },
    ];
    vs.sort();
    let a = Version { major: 1, minor: 2 };
    let b = Version { major: 1, minor: 10 };
    let mut ps = vec![Priority::Mid, Priority::High, Priority::Low];
    let mut sorted = Vec::new();
    while !ps.is_empty() {
        let mut best = 0;
        for i in 1..ps.len() {
            if ps[i] < ps[best] {
                best = i;
            }
        }
        sorted.push(ps.remove(best));
    }
    let top = if Priority::High > Priority::Mid { Priority::High } else { Priority::Low };
    format!("{:?} {} {} {:?} {:?} | {:?} {:?}", vs, a < b, a >= b, b.cmp(&a), a.partial_cmp(&b).unwrap(), sorted, top)
}
