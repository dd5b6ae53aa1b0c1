// stage: flow
// A struct literal and reads and writes of its fields: `newstruct`, `getattr`, `setattr`.
struct Point {
    x: i64,
    y: i64,
}

pub fn f(a: i64) -> i64 {
    let mut p = Point { x: a, y: 2 };
    p.y = p.x + p.y;
    p.y
}
