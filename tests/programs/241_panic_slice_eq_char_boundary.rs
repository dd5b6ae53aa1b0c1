// Comparing parts of strings in place checks the slices as slicing does (std's message)
// call: ok(1)
// expect: "true false"
// call: fails(2)
// expect-panic: start byte index 2 is not a char boundary; it is inside 'é' (bytes 1..3) of `héllo`

pub fn ok(i: usize) -> String {
    let s = String::from("héllo");
    format!("{} {}", s[i..i + 2] == "é"[..], &s[..i] != "h")
}

pub fn fails(i: usize) -> bool {
    let s = String::from("héllo");
    &s[..1] == "h" && s[i..] == s[..i]
}
