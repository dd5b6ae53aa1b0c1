// Casts involving char and bool: u8 as char, char as integer (truncating), bool as integer.
// call: byte_to_char(65)
// expect: 'A'
// call: byte_to_char(122)
// expect: 'z'
// call: byte_to_char(255)
// expect: 'ÿ'
// call: byte_to_char(9)
// expect: '\t'
// call: char_codes('a')
// expect: (97, 97, 97, 97)
// call: char_codes('0')
// expect: (48, 48, 48, 48)
// call: latin_truncation(233)
// expect: (233, 233, -23)
// call: shift_letter('a', 3)
// expect: 'd'
// call: shift_letter('x', 3)
// expect: 'a'
// call: digit_value('7')
// expect: 7
// call: bool_ints(true)
// expect: (1, 1, 1, 1)
// call: bool_ints(false)
// expect: (0, 0, 0, 0)
// call: count_true(true, false, true)
// expect: 2
// call: max_char_code()
// expect: (1114111, 255)

pub fn byte_to_char(b: u8) -> char {
    b as char
}

pub fn char_codes(c: char) -> (u32, u8, i64, u16) {
    (c as u32, c as u8, c as i64, c as u16)
}

// A non-ASCII char built from a byte, then truncated back to narrower types.
pub fn latin_truncation(b: u8) -> (u32, u8, i8) {
    let c = b as char;
    (c as u32, c as u8, c as i8)
}

// Caesar shift within the lowercase letters.
pub fn shift_letter(c: char, k: u8) -> char {
    let base = 'a' as u8;
    (((c as u8 - base + k) % 26) + base) as char
}

pub fn digit_value(c: char) -> u32 {
    c as u32 - '0' as u32
}

pub fn bool_ints(b: bool) -> (i32, u8, i64, usize) {
    (b as i32, b as u8, b as i64, b as usize)
}

pub fn count_true(a: bool, b: bool, c: bool) -> u32 {
    a as u32 + b as u32 + c as u32
}

pub fn max_char_code() -> (u32, u8) {
    (char::MAX as u32, char::MAX as u8)
}
