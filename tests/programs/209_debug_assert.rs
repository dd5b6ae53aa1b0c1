// debug_assert!, debug_assert_eq! and debug_assert_ne! follow the build profile: a debug build checks them (and panics on the last one here), a release build does not even evaluate their operands
// debug-panic: assertion `left == right` failed: the stack is balanced
// call: run(6)
// expect: pushes 6 pops 6
// expect: "depth 1 evaluated 0"

fn note(log: &mut Vec<i64>, x: i64) -> i64 {
    log.push(x);
    x
}

pub fn run(n: i64) -> String {
    let mut stack = Vec::new();
    let mut evaluated: Vec<i64> = Vec::new();
    let (mut pushes, mut pops) = (0, 0);
    for i in 0..n {
        stack.push(i);
        pushes += 1;
        debug_assert!(stack.len() as i64 == i + 1, "pushed {}", i);
    }
    while let Some(top) = stack.pop() {
        pops += 1;
        debug_assert_ne!(top, -1);
    }
    println!("pushes {} pops {}", pushes, pops);
    // Operands with effects: evaluated only where debug assertions run.
    debug_assert!(note(&mut evaluated, 1) == 1);
    stack.push(1);
    debug_assert_eq!(stack.len(), 0, "the stack is balanced");
    format!("depth {} evaluated {}", stack.len(), evaluated.len())
}
