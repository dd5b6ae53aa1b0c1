#[rpython::entry]
pub mod m {
    #[derive(Clone, Copy)]
    struct V {
        x: f64,
    }

    impl std::ops::Mul<f64> for V {
        type Output = V;
        fn mul(self, k: f64) -> V {
            V { x: self.x * k }
        }
    }

    pub fn f(x: f64) -> f64 {
        (V { x } * 2.0).x
    }
}

fn main() {}
