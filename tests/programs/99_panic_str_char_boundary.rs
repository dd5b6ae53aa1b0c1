// Slicing a str: in-range slices, then an index inside a multi-byte char (std's message)
// call: ok(1)
// expect: ("h", "éllo", "héllo", "")
// call: fails(2)
// expect-panic: start byte index 2 is not a char boundary; it is inside 'é' (bytes 1..3) of `héllo`

pub fn ok(i: usize) -> (String, String, String, String) {
    let s = String::from("héllo");
    (s[..i].to_string(), s[i..].to_string(), s[..].to_string(), s[6..].to_string())
}

pub fn fails(i: usize) -> String {
    let s = String::from("héllo");
    s[i..].to_string()
}
