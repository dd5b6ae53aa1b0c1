// unreachable! with a formatted message
// call: unreachable_op(0)
// expect: 1
// call: unreachable_op(7)
// expect-panic: internal error: entered unreachable code: opcode 7 at 0x7

pub fn unreachable_op(op: i64) -> i64 {
    match op {
        0 => 1,
        _ => unreachable!("opcode {} at {:#x}", op, op),
    }
}
