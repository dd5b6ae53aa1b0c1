// unreachable!() in a match arm that the caller was not supposed to reach.
// call: weekday_name_length(1)
// expect: 6
// call: weekday_name_length(3)
// expect: 9
// call: weekday_name_length(7)
// expect: 6
// call: weekday_name_length(8)
// expect-panic: internal error: entered unreachable code

pub fn weekday_name_length(day: u8) -> u32 {
    match day {
        1 | 5 | 7 => 6,
        2 => 7,
        3 => 9,
        4 | 6 => 8,
        _ => unreachable!(),
    }
}
