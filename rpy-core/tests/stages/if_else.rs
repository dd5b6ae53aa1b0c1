pub fn sign(x: i64) -> i64 {
    if x < 0 { -1 } else if x == 0 { 0 } else { 1 }
}
