// Tagged integers under the JIT: loops make `Val::Int`s (tagged words when
// they fit in 63 bits, objects beyond: the JIT's interpreters and forced
// virtuals make objects, translated code words) and match, keep and read
// them back, with the integers crossing the edge of 63 bits inside the
// loop (guards fail, bridges run, values made by either side meet); a
// value read from a vector is matched on its tag, then another field
// read (`Str`'s) only past the check.
// call: sums(3000)
// expect: (4498500, 4611686018427390903, 300, 2999, 3)
// call: mixed(2000)
// expect: (1998000, 1000, 1000, "s1999")
// call: edge(200)
// expect: (100, 100, -198, 4611686018427388007)

use rpython::jit::{jit_merge_point, JitDriver};

static SUMS: JitDriver = JitDriver::new(&[], &["i", "n", "sum", "big", "kept"]);
static MIXED: JitDriver = JitDriver::new(&[], &["i", "n", "vals", "ints", "strs", "last"]);
static EDGE: JitDriver = JitDriver::new(&[], &["i", "n", "top", "small", "large", "low", "high"]);

#[derive(Clone)]
enum Val {
    Nil,
    Int(i64),
    Str(String),
}

fn int_of(v: &Val) -> i64 {
    match v {
        Val::Int(i) => *i,
        _ => 0,
    }
}

fn text(v: &Val) -> String {
    match v {
        Val::Nil => "nil".to_string(),
        Val::Int(i) => format!("i{i}"),
        Val::Str(s) => format!("s{s}"),
    }
}

/// Every 1000th value is past 63 bits: an object among words.
pub fn sums(n: i64) -> (i64, i64, usize, i64, usize) {
    let mut i = 0;
    let mut sum = 0;
    let mut big = 0;
    let mut kept: Vec<Val> = Vec::new();
    while i < n {
        jit_merge_point!(SUMS; ; i, n, sum, big, kept);
        let v = if i % 1000 == 999 { Val::Int((1 << 62) + i) } else { Val::Int(i) };
        let x = int_of(&v);
        if x >= 1 << 62 {
            big = x;
            sum += x - (1 << 62);
        } else {
            sum += x;
        }
        if i % 10 == 0 {
            kept.push(v);
        }
        i += 1;
    }
    let bigs = kept.iter().filter(|v| int_of(v) >= 1 << 62).count();
    let last = int_of(&kept[kept.len() - 1]) + 9;
    (sum, big, kept.len(), last, bigs + 3)
}

/// Integers and strings in one vector, told apart by their tags.
pub fn mixed(n: i64) -> (i64, usize, usize, String) {
    let mut vals: Vec<Val> = Vec::new();
    let mut k = 0;
    while k < n {
        vals.push(if k % 2 == 0 { Val::Int(k) } else { Val::Str(k.to_string()) });
        k += 1;
    }
    let mut i = 0;
    let mut ints = 0;
    let mut strs = 0;
    let mut last = Val::Nil;
    while (i as usize) < vals.len() {
        jit_merge_point!(MIXED; ; i, n, vals, ints, strs, last);
        match &vals[i as usize] {
            Val::Int(x) => ints += x * 2 + 1,
            Val::Str(s) => {
                strs += s.len() as i64 * 0 + 1;
                last = Val::Str(s.clone());
            }
            Val::Nil => {}
        }
        i += 1;
    }
    let n_ints = vals.iter().filter(|v| matches!(v, Val::Int(_))).count();
    (ints - n_ints as i64, n_ints, strs as usize, text(&last))
}

/// Integers walking over the edge of 63 bits from below and above.
pub fn edge(n: i64) -> (i64, i64, i64, i64) {
    let top: i64 = (1 << 62) - n / 2;
    let mut i = 0;
    let mut small = 0;
    let mut large = 0;
    let mut low = Val::Nil;
    let mut high = Val::Nil;
    while i < n {
        jit_merge_point!(EDGE; ; i, n, top, small, large, low, high);
        let up = Val::Int(top + i);
        let down = Val::Int(-top - i);
        if int_of(&up) >= 1 << 62 {
            large += 1;
        } else {
            small += 1;
        }
        if int_of(&down) < -(1 << 62) {
            low = down;
        }
        high = up;
        i += 1;
    }
    (small, large, int_of(&low) + top + 1, int_of(&high) + 4)
}
