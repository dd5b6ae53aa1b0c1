// Slicing a str with its start after its end
// call: fails(3)
// expect-panic: begin > end (3 > 1) when slicing `abc`

pub fn fails(i: usize) -> String {
    let s = "abc";
    s[i..i - 2].to_string()
}
