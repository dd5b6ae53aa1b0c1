// Number methods of the prelude: rem_euclid/div_euclid (negative operands), abs_diff (into the unsigned type, at the extremes), signum, is_power_of_two, f64 round/trunc/fract (halfway cases, negatives, NaN)
// call: euclid(7)
// expect: (3, 1, -2, -1, 1, 4, -1, -2, 255, 18446744073709551615, 3)
// call: signs(-5)
// expect: (-1, 0, 1, true, false, true)
// call: rounding(2.5)
// expect: "3 -3 2 -2 0.5 -0 -0.5 -0 NaN 1 inf"

pub fn euclid(n: i64) -> (i64, i64, i64, i64, i64, i64, i64, i64, u8, u64, u32) {
    let a = (-n).rem_euclid(5);
    let b = n.rem_euclid(-3);
    let c = (-n).div_euclid(5);
    let d = (-n).div_euclid(-4) - 3;
    let e = 7i64.div_euclid(4);
    let f = 4i64.rem_euclid(5);
    let g = (-7i64).div_euclid(n) - (-1);
    let h = (-n).div_euclid(4);
    let i = (-128i8).abs_diff(127);
    let j = i64::MIN.abs_diff(i64::MAX);
    let k = 10u32.abs_diff(7);
    (a, b, c, d, e, f, g - 1, h, i, j, k)
}

pub fn signs(n: i64) -> (i64, i32, i8, bool, bool, bool) {
    let a = n.signum();
    let b = 0i32.signum();
    let c = 100i8.signum();
    let d = 64u32.is_power_of_two();
    let e = 0u8.is_power_of_two();
    let f = 1usize.is_power_of_two();
    (a, b, c, d, e, f)
}

pub fn rounding(x: f64) -> String {
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    format!(
        "{} {} {} {} {} {} {} {} {} {} {}",
        x.round(),
        (-x).round(),
        x.trunc(),
        (-x).trunc(),
        x.fract(),
        (-0.4f64).round(),
        (-x).fract(),
        (-0.3f64).trunc(),
        nan.round(),
        (x - 1.5).round(),
        inf.round()
    )
}
