// The classic stack-machine bug: popping from an empty stack computes `len - 1` on a usize, which panics where overflow is checked; a release build wraps and the index check catches it
// debug-panic: attempt to subtract with overflow
// call: run(3)
// expect: depth 3 top 30
// expect-panic: index out of bounds: the len is 0 but the index is 18446744073709551615

fn top(stack: &[i64]) -> i64 {
    let last = stack.len() - 1;
    stack[last]
}

pub fn run(n: i64) -> String {
    let mut stack = Vec::new();
    for i in 1..=n {
        stack.push(i * 10);
    }
    println!("depth {} top {}", stack.len(), top(&stack));
    stack.clear();
    format!("top {}", top(&stack))
}
