// Calendar arithmetic: leap years, day of week (Zeller), day numbers and days between dates.
// call: is_leap(2000)
// expect: true
// call: is_leap(1900)
// expect: false
// call: is_leap(2024)
// expect: true
// call: day_of_week(2000, 1, 1)
// expect: 6
// call: day_of_week(1969, 7, 20)
// expect: 0
// call: day_of_week(2024, 2, 29)
// expect: 4
// call: days_from_civil(1970, 1, 1)
// expect: 0
// call: days_from_civil(2000, 3, 1)
// expect: 11017
// call: days_from_civil(1969, 12, 31)
// expect: -1
// call: days_between((1999, 12, 31), (2024, 3, 1))
// expect: 8827
// call: civil_from_days(-1)
// expect: (1969, 12, 31)
// call: civil_from_days(19782)
// expect: (2024, 2, 29)
// call: civil_from_days(-719468)
// expect: (0, 3, 1)

pub fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

// 0 = Sunday, ..., 6 = Saturday.
pub fn day_of_week(y: i32, m: i32, d: i32) -> i32 {
    let (y, m) = if m < 3 { (y - 1, m + 12) } else { (y, m) };
    let k = y % 100;
    let j = y / 100;
    let h = (d + 13 * (m + 1) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
    (h + 6) % 7
}

// Days since 1970-01-01 (Howard Hinnant's algorithm; works for negative results too).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = (if y >= 0 { y } else { y - 399 }) / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

pub fn days_between(a: (i64, i64, i64), b: (i64, i64, i64)) -> i64 {
    let (y1, m1, d1) = a;
    let (y2, m2, d2) = b;
    days_from_civil(y2, m2, d2) - days_from_civil(y1, m1, d1)
}

// The inverse of days_from_civil.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719468;
    let era = (if z >= 0 { z } else { z - 146096 }) / 146097;
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + if m <= 2 { 1 } else { 0 }, m, d)
}
