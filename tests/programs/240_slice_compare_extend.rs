// Parts of lists and strings compared with `==`/`!=` and appended with `extend_from_slice`
// in place (no copy of the part is made), with the checks and panics of slices
// call: run(3)
// expect: "4 2 true true false true true|abcde cd true false true true|[1, 2, 3, 9, 8, 2, 3]"
// call: list_out_of_range(2)
// expect-panic: range end index 5 out of range for slice of length 4

/// How many times `needle` occurs in `hay` (a plain search).
fn count(hay: &Vec<u8>, needle: &Vec<u8>) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i + needle.len() <= hay.len() {
        if hay[i..i + needle.len()] == needle[..] {
            n += 1;
        }
        i += 1;
    }
    n
}

pub fn run(k: usize) -> String {
    let hay: Vec<u8> = b"abcabcabcab".to_vec();
    let abc: Vec<u8> = b"abc".to_vec();
    let ab: Vec<u8> = b"ab".to_vec();
    let nums: Vec<i64> = vec![1, 2, 3, 1, 2, 3];
    let whole = nums[..k] == nums[k..];
    let closed = &nums[0..=1] == &nums[k..=k + 1];
    let differ = nums[..] != nums[1..];
    let len_differs = nums[..2] != nums[..k];
    // A bound computed with control flow between the operands.
    let flow = nums[if k > 2 { 1 } else { 0 }..3] == nums[4..];
    let s = String::from("abcdecd");
    let t = String::from("héllo");
    let part = s[2..4].to_string();
    let str_eq = s[2..4] == s[5..];
    let str_ne = &s[..2] != "ab";
    let str_whole = s[..k + 2] == "abcde"[..];
    let str_multi = t[1..3] == "é"[..];
    let mut out: Vec<i64> = vec![1, 2, 3];
    let extra: Vec<i64> = vec![9, 8, 7];
    out.extend_from_slice(&extra[..2]);
    out.extend_from_slice(&nums[k - 2..=k - 1]);
    format!(
        "{} {} {} {} {} {} {}|{} {} {} {} {} {}|{:?}",
        count(&hay, &ab),
        count(&hay, &abc) - 1,
        whole,
        closed,
        differ == false,
        len_differs,
        flow,
        s[..k + 2].to_string(),
        part,
        str_eq,
        str_ne,
        str_whole,
        str_multi,
        out
    )
}

pub fn list_out_of_range(i: usize) -> bool {
    let v: Vec<i64> = vec![1, 2, 3, 4];
    v[..2] == v[i..5]
}
