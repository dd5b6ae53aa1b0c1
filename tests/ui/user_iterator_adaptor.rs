#[rpython::entry]
pub mod m {
    struct Countdown {
        n: u32,
    }

    impl Iterator for Countdown {
        type Item = u32;

        fn next(&mut self) -> Option<u32> {
            if self.n == 0 {
                return None;
            }
            self.n -= 1;
            Some(self.n)
        }
    }

    pub fn f(x: u32) -> u32 {
        Countdown { n: x }.sum()
    }
}

fn main() {}
