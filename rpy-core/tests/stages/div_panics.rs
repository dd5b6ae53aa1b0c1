pub fn quot(a: i16, b: i16) -> i16 {
    a / b
}

pub fn shl(a: u32, b: u8) -> u32 {
    a << b
}
