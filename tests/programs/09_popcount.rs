// Bit-twiddling population count (SWAR and Kernighan) checked against count_ones.
// call: popcount_swar(0)
// expect: 0
// call: popcount_swar(255)
// expect: 8
// call: popcount_swar(18446744073709551615)
// expect: 64
// call: popcount_swar(12297829382473034410)
// expect: 32
// call: popcount_kernighan(9223372036854775809)
// expect: 2
// call: parity(7)
// expect: true
// call: parity(6)
// expect: false
// call: agree(2000)
// expect: true

pub fn popcount_swar(x: u64) -> u32 {
    let mut v = x;
    v = v - ((v >> 1) & 0x5555555555555555);
    v = (v & 0x3333333333333333) + ((v >> 2) & 0x3333333333333333);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0f;
    (v.wrapping_mul(0x0101010101010101) >> 56) as u32
}

pub fn popcount_kernighan(x: u64) -> u32 {
    let mut v = x;
    let mut n = 0;
    while v != 0 {
        v &= v - 1;
        n += 1;
    }
    n
}

pub fn parity(x: u64) -> bool {
    let mut v = x;
    v ^= v >> 32;
    v ^= v >> 16;
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    v & 1 == 1
}

pub fn agree(limit: u64) -> bool {
    let mut x: u64 = 0x9e3779b97f4a7c15;
    for _ in 0..limit {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let c = x.count_ones();
        if popcount_swar(x) != c || popcount_kernighan(x) != c || parity(x) != (c % 2 == 1) {
            return false;
        }
    }
    true
}
