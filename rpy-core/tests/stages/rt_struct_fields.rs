// stage: rtype
// A struct is a GC object: `malloc` of its struct type, `setfield` and `getfield` of its fields
// with their low-level types.
struct Pair {
    a: i64,
    b: u8,
}

pub fn f(x: i64) -> i64 {
    let p = Pair { a: x, b: 7 };
    p.a + p.b as i64
}
