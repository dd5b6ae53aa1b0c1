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
}
