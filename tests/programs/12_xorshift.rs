// Pseudo-random generators built from wrapping and shift operations: xorshift64, an LCG, splitmix.
// call: xorshift(1, 1)
// expect: 1082269761
// call: xorshift(1, 1000)
// expect: 11424263524947540013
// call: xorshift(88172645463325252, 3)
// expect: 3453997556048239312
// call: lcg(0, 3)
// expect: 11166244414315200793
// call: splitmix(0)
// expect: 16294208416658607535
// call: dice_average(12345, 6000)
// expect: 3.5085
// call: dice_histogram(42, 600)
// expect: (94, 413, 93)

fn step(x: u64) -> u64 {
    let mut x = x;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}

pub fn xorshift(seed: u64, n: u32) -> u64 {
    let mut x = seed;
    for _ in 0..n {
        x = step(x);
    }
    x
}

pub fn lcg(seed: u64, n: u32) -> u64 {
    let mut s = seed;
    for _ in 0..n {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    }
    s
}

pub fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
    z ^ (z >> 31)
}

pub fn dice_average(seed: u64, rolls: u32) -> f64 {
    let mut x = seed;
    let mut total: i64 = 0;
    for _ in 0..rolls {
        x = step(x);
        total += (x % 6 + 1) as i64;
    }
    total as f64 / rolls as f64
}

// Counts of rolls that came up 1, 2..=5, and 6 respectively.
pub fn dice_histogram(seed: u64, rolls: u32) -> (u32, u32, u32) {
    let mut x = seed.wrapping_mul(2654435761) | 1;
    let (mut ones, mut mid, mut sixes) = (0, 0, 0);
    for _ in 0..rolls {
        x = step(x);
        match x % 6 + 1 {
            1 => ones += 1,
            6 => sixes += 1,
            _ => mid += 1,
        }
    }
    (ones, mid, sixes)
}
