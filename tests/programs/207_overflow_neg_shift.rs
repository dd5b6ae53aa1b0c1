// Negation and shifts in both profiles: `-x` of i32::MIN panics where overflow is checked and wraps otherwise; shift amounts past the width are checked the same way (wrapping_shl masks in both)
// debug-panic: attempt to negate with overflow
// call: run(5)
// expect: shifts 160 0 1 2 | neg -5
// expect: "neg -2147483648"

fn negate(x: i32) -> i32 {
    -x
}

pub fn run(n: i32) -> String {
    let k = n as u32;
    println!(
        "shifts {} {} {} {} | neg {}",
        n << k,
        (n as u8) >> 7,
        1u64.wrapping_shl(64),
        1u64.wrapping_shl(k * 13),
        negate(n)
    );
    format!("neg {}", negate(i32::MIN + n - n))
}
