// stage: rtype
// A branch on a constant is pruned by the annotator.
const DEBUG: bool = false;

pub fn f(x: u64) -> u64 {
    if DEBUG { x * 2 } else { x }
}
