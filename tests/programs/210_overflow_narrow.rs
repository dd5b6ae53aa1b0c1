// Narrow integer types in both profiles: an 8-bit checksum and a 16-bit product computed with wrapping_* agree everywhere; the same checksum with plain `+` panics where overflow is checked and wraps in a release build
// debug-panic: attempt to add with overflow
// call: run(5)
// expect: checksum 136 product 29160 neg 127 shifted 128
// expect: "plain 136"

fn checksum_wrapping(data: &[u8]) -> u8 {
    let mut sum: u8 = 0;
    for b in data {
        sum = sum.wrapping_add(*b);
    }
    sum
}

fn checksum_plain(data: &[u8]) -> u8 {
    let mut sum: u8 = 0;
    for b in data {
        sum += *b;
    }
    sum
}

fn product(n: i16) -> i16 {
    let mut p: i16 = 1;
    let mut k: i16 = 1;
    while k <= n {
        p = p.wrapping_mul(k * 3);
        k += 1;
    }
    p
}

pub fn run(n: i16) -> String {
    let data: Vec<u8> = "hello, world".bytes().collect();
    let small: i8 = -127;
    println!(
        "checksum {} product {} neg {} shifted {}",
        checksum_wrapping(&data),
        product(n),
        -small,
        1u8 << (n as u32 + 2)
    );
    format!("plain {}", checksum_plain(&data))
}
