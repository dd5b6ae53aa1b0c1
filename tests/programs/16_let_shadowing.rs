// `let` with and without annotations, `let mut`, shadowing (also changing type), and branch scopes.
// call: shadow_chain(5)
// expect: 36
// call: shadow_type(300)
// expect: 44
// call: shadow_in_block(10)
// expect: (10, 21)
// call: shadow_in_block(-3)
// expect: (-3, -3)
// call: annotated(7)
// expect: (7, 7, 7.0)
// call: annotated(-1)
// expect: (-1, 65535, -1.0)
// call: shadow_in_loop(4)
// expect: 30

pub fn shadow_chain(x: i64) -> i64 {
    let x = x + 1;
    let x = x * x;
    x
}

// The same name rebound at a narrower type.
pub fn shadow_type(x: u32) -> u8 {
    let x = x as u8;
    let x: u8 = x;
    x
}

// A shadowing `let` inside a branch ends with the branch.
pub fn shadow_in_block(x: i32) -> (i32, i32) {
    let mut y = x;
    if x > 0 {
        let x = x * 2;
        y = x + 1;
    }
    (x, y)
}

pub fn annotated(n: i32) -> (i64, u16, f64) {
    let a: i64 = n as i64;
    let b: u16 = n as u16;
    let c: f64 = n as f64;
    (a, b, c)
}

// The inner `i` hides the counter only for the rest of the loop body.
pub fn shadow_in_loop(n: i32) -> i32 {
    let mut total = 0;
    let mut i = 0;
    while i < n {
        i += 1;
        let i = i * i;
        total += i;
    }
    total
}
