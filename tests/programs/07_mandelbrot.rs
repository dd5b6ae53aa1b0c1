// Float Mandelbrot: escape counts for single points and a checksum over a small grid.
// call: escape(0.0, 0.0, 100)
// expect: 100
// call: escape(2.0, 2.0, 100)
// expect: 1
// call: escape(-0.75, 0.1, 1000)
// expect: 33
// call: escape(0.25, 0.5, 50)
// expect: 50
// call: grid(32, 16, 64)
// expect: (142, 11516)
// call: row_bits(8, 24, 100)
// expect: 1152921487426977792

pub fn escape(cx: f64, cy: f64, max_iter: u32) -> u32 {
    let mut x = 0.0;
    let mut y = 0.0;
    let mut i = 0;
    while i < max_iter {
        let x2 = x * x;
        let y2 = y * y;
        if x2 + y2 > 4.0 {
            break;
        }
        y = 2.0 * x * y + cy;
        x = x2 - y2 + cx;
        i += 1;
    }
    i
}

// Returns (points inside the set, sum of all escape counts) over [-2, 0.5] x [-1, 1].
pub fn grid(width: i32, height: i32, max_iter: u32) -> (u32, u64) {
    let mut inside = 0;
    let mut total: u64 = 0;
    for row in 0..height {
        let cy = -1.0 + 2.0 * (row as f64) / (height - 1) as f64;
        for col in 0..width {
            let cx = -2.0 + 2.5 * col as f64 / (width - 1) as f64;
            let n = escape(cx, cy, max_iter);
            if n == max_iter {
                inside += 1;
            }
            total += n as u64;
        }
    }
    (inside, total)
}

// One bit per point of the given row: set when the point stays bounded.
pub fn row_bits(row: i32, height: i32, max_iter: u32) -> u64 {
    let cy = -1.0 + 2.0 * row as f64 / (height - 1) as f64;
    let mut bits = 0u64;
    for col in 0..64 {
        let cx = -2.0 + 2.5 * (col as f64) / 63.0;
        if escape(cx, cy, max_iter) == max_iter {
            bits |= 1 << col;
        }
    }
    bits
}
