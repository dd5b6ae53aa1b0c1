// Integer overflow in both profiles: the checked_*/wrapping_*/saturating_* methods agree everywhere, a hash mixing with wrapping_mul, checked_pow; then a plain `+` past i32::MAX, which panics where overflow is checked and wraps in a release build
// debug-panic: attempt to add with overflow
// call: run(40)
// expect: hash 4031106445627708630 | pow Some(1099511627776) None Some(243) None | sat 2147483647 0 | checked None Some(-1073741824) None
// expect: "sum -2147483610"

fn hash(words: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for w in words {
        for b in w.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
    }
    h
}

fn powers(n: u32) -> String {
    let a = 2i64.checked_pow(n);
    let b = 2i64.checked_pow(n + 30);
    let c = 3u8.checked_pow(5);
    let d = 3u8.checked_pow(6);
    format!("{:?} {:?} {:?} {:?}", a, b, c, d)
}

fn saturating(x: i32) -> String {
    format!("{} {}", x.saturating_add(i32::MAX), (x as u8).saturating_sub(200))
}

fn checked(x: i32) -> String {
    let a = x.checked_add(i32::MAX);
    let b = (-x).checked_sub(i32::MAX - x + 1);
    let c = i32::MIN.checked_neg();
    format!("{:?} {:?} {:?}", a, b.map(|v| v / 2), c)
}

pub fn run(n: i32) -> String {
    let words = ["alpha", "beta", "gamma"];
    println!(
        "hash {} | pow {} | sat {} | checked {}",
        hash(&words),
        powers(n as u32),
        saturating(n),
        checked(n)
    );
    let mut sum: i32 = i32::MAX - n;
    for i in 0..n {
        sum += i % 3 + 1;
    }
    format!("sum {}", sum)
}
