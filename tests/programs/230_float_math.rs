// f64 methods powf, atan2, tan, asin, acos, atan, log10, log2, log, is_infinite, is_finite, to_bits and f64::from_bits: ordinary values, NaN, infinities and signed zeros, and a sweep whose every result's bits are summed (each mode must compute the same bits as Rust)
// call: powers(2.0, 10.0)
// expect: (1024.0, 100.0, 1.0)
// call: powers(2.0, -0.5)
// expect: (0.7071067811865476, 0.25, 1.0)
// call: powers(-8.0, 3.0)
// expect: (-512.0, 0.00015241579027587258, 1.0)
// call: powers(-8.0, 1.5)
// expect: (NaN, 0.03901844231062338, 1.0)
// call: powers(0.0, -1.0)
// expect: (inf, 1.0, 1.0)
// call: trig(0.5)
// expect: (0.5463024898437905, 0.5235987755982989, 1.0471975511965979, 0.4636476090008061)
// call: trig(-1.0)
// expect: (-1.5574077246549023, -1.5707963267948966, 3.141592653589793, -0.7853981633974483)
// call: trig(2.0)
// expect: (-2.185039863261519, NaN, NaN, 1.1071487177940904)
// call: angles(1.0, -1.0)
// expect: (2.356194490192345, -0.7853981633974483)
// call: angles(-0.0, -1.0)
// expect: (-3.141592653589793, -1.5707963267948966)
// call: angles(0.0, 0.0)
// expect: (0.0, 0.0)
// call: logs(1000.0)
// expect: (3.0, 9.965784284662087, 6.287709822868153, 0.9998554937797501)
// call: logs(0.125)
// expect: (-0.9030899869919435, -3.0, -1.892789260714372, 0.15625821407096224)
// call: logs(0.0)
// expect: (-inf, -inf, -inf, 0.0)
// call: logs(-1.0)
// expect: (NaN, NaN, NaN, -inf)
// call: classes(1.5)
// expect: (false, true, true, false, false, false)
// call: classes(-1.0)
// expect: (false, true, true, false, false, false)
// call: bits(1.0)
// expect: (4607182418800017408, -1.0, true, 1024)
// call: bits(-0.0)
// expect: (9223372036854775808, 0.0, true, 2048)
// call: bits(0.1)
// expect: (4591870180066957722, -0.1, true, 1021)
// call: specials(0.0)
// expect: (1.5707963267948966, 1.0, 1.0, NaN, -inf, -3.141592653589793, NaN, NaN, NaN, 9218868437227405312, true)
// call: sweep(400)
// expect: (6315744963853493426, 4799, 1)

pub fn powers(x: f64, y: f64) -> (f64, f64, f64) {
    (x.powf(y), y.powf(x), x.powf(0.0))
}

pub fn trig(x: f64) -> (f64, f64, f64, f64) {
    (x.tan(), x.asin(), x.acos(), x.atan())
}

pub fn angles(y: f64, x: f64) -> (f64, f64) {
    (y.atan2(x), x.atan2(y))
}

pub fn logs(x: f64) -> (f64, f64, f64, f64) {
    (x.log10(), x.log2(), x.log(3.0), (x + 1.0).log(x + 2.0))
}

// The classes of x and of infinities and NaN made from it.
pub fn classes(x: f64) -> (bool, bool, bool, bool, bool, bool) {
    let inf = x / 0.0;
    let nan = inf - inf;
    (x.is_infinite(), x.is_finite(), inf.is_infinite(), inf.is_finite(), nan.is_infinite(), nan.is_finite())
}

pub fn bits(x: f64) -> (u64, f64, bool, u64) {
    let b = x.to_bits();
    let back = f64::from_bits(b);
    (b, f64::from_bits(b ^ (1 << 63)), back == x && back.to_bits() == b, (x * 3.0).to_bits() >> 52)
}

// NaN, infinities and zeros through each function (z is 0.0).
pub fn specials(z: f64) -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, u64, bool) {
    let inf = f64::INFINITY + z;
    let nan = f64::NAN + z;
    (
        inf.atan(),
        nan.powf(z),
        (1.0 + z).powf(nan),
        (-1.0 + z).powf(0.5),
        z.log2(),
        (-z).atan2(-1.0),
        (inf).tan(),
        (z - 1.5).acos(),
        f64::NEG_INFINITY.log10() + z,
        f64::from_bits(0x7ff0_0000_0000_0000 + z as u64).to_bits(),
        f64::from_bits(0x7ff8_0000_0000_0001).is_nan(),
    )
}

// Every method on n values spread over their domains: the sum of the bits
// of the results, so that the last bit of each counts.
pub fn sweep(n: i64) -> (u64, i64, i64) {
    let mut h: u64 = 0;
    let mut finite = 0;
    let mut infinite = 0;
    let mut i = 0;
    while i < n {
        let t = i as f64 / n as f64;
        let x = (t - 0.5) * 2.0; // in [-1, 1)
        let w = t * 40.0 - 7.3;
        let results = [
            w.tan(),
            x.asin(),
            x.acos(),
            w.atan(),
            (t * 1e6 + 1e-3).log10(),
            (x + 1.0).log10(),
            (t * 1e6 + 1e-3).log2(),
            (t * 50.0 + 0.01).log(t + 1.5),
            (t * 3.7 + 0.1).powf(w),
            x.atan2(w),
            w.atan2(x - 0.25),
            f64::from_bits(x.to_bits() ^ 0x8000_0000_0000_0001),
        ];
        for r in results {
            h = h.wrapping_mul(31).wrapping_add(r.to_bits());
            if r.is_finite() {
                finite += 1;
            }
            if r.is_infinite() {
                infinite += 1;
            }
        }
        i += 1;
    }
    (h, finite, infinite)
}
