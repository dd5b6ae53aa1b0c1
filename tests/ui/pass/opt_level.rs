// `#[rpython::entry(opt_level = N)]` changes only how hard LLVM optimizes:
// the translated program computes what the untranslated one does.
#[rpython::entry(opt_level = 0)]
pub mod m {
    pub fn collatz(mut n: u64) -> u64 {
        let mut steps = 0;
        while n != 1 {
            n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
            steps += 1;
        }
        steps
    }
}

fn main() {
    for n in 1..200 {
        assert_eq!(m::collatz(n), m::translated::collatz(n));
    }
}
