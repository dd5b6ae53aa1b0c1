// The methods of the integer types written in the dialect. This text is a
// template instantiated for every integer type by `prelude::items`: T is
// the type, U its unsigned counterpart, and the SIGNED ... END and
// UNSIGNED ... END blocks are kept only for the types they name.

impl $T {
    #[track_caller]
    fn rem_euclid(&self, rhs: $T) -> $T {
        let r = *self % rhs;
        $SIGNED if r < 0 {
            return if rhs < 0 { r - rhs } else { r + rhs };
        } $END
        r
    }

    #[track_caller]
    fn div_euclid(&self, rhs: $T) -> $T {
        let q = *self / rhs;
        $SIGNED if *self % rhs < 0 {
            return if rhs > 0 { q - 1 } else { q + 1 };
        } $END
        q
    }

    fn abs_diff(&self, other: $T) -> $U {
        if *self > other {
            (*self as $U).wrapping_sub(other as $U)
        } else {
            (other as $U).wrapping_sub(*self as $U)
        }
    }

    $SIGNED fn signum(&self) -> $T {
        if *self > 0 {
            1
        } else if *self < 0 {
            -1
        } else {
            0
        }
    } $END

    $UNSIGNED fn is_power_of_two(&self) -> bool {
        *self != 0 && (*self & (*self - 1)) == 0
    } $END
}
