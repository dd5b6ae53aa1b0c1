// A shift by a computed amount at or past the width: panics where overflow is checked; a release build takes the amount modulo the width
// debug-panic: attempt to shift left with overflow
// call: run(40)
// expect: bits 1 2 4 8
// expect: "shifted 256"

fn bit(i: u32) -> u32 {
    1u32 << i
}

pub fn run(n: u32) -> String {
    println!("bits {} {} {} {}", bit(0), bit(1), bit(2), bit(3));
    format!("shifted {}", bit(n))
}
