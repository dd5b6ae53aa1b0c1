// The methods of `f64` written in the dialect (the others are operations:
// see `methods`).

impl f64 {
    fn trunc(&self) -> f64 {
        if *self >= 0.0 {
            self.floor()
        } else {
            self.ceil()
        }
    }

    // Halfway cases away from zero; `x - x.trunc()` is exact.
    fn round(&self) -> f64 {
        let t = self.trunc();
        let d = *self - t;
        if d >= 0.5 {
            t + 1.0
        } else if d <= -0.5 {
            t - 1.0
        } else {
            t
        }
    }

    fn fract(&self) -> f64 {
        *self - self.trunc()
    }

    // As std computes it.
    fn log(&self, base: f64) -> f64 {
        self.ln() / base.ln()
    }

    fn is_infinite(&self) -> bool {
        *self == f64::INFINITY || *self == f64::NEG_INFINITY
    }

    // False for NaN too.
    fn is_finite(&self) -> bool {
        self.abs() < f64::INFINITY
    }
}
