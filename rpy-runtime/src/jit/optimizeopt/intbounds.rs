//! Integer bounds (RPython's `optimizeopt/intbounds.py`): the range each
//! integer variable is known to lie in, from the operations that made it
//! (a length is not negative, `x & 7` is in 0..=7, a sum of bounded
//! values is bounded) and from the guards on comparisons it went through
//! (after `guard_false(uint_ge(i, len))`, `i` is in `0..len`). A
//! comparison the ranges decide is a constant, and so is a guard on it: a
//! bounds check of an index known in range goes.

use rpy_jitcode::Op;

/// The integers `lo..=hi`, as signed 64-bit words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntBound {
    pub lo: i64,
    pub hi: i64,
}

impl IntBound {
    pub const FULL: IntBound = IntBound { lo: i64::MIN, hi: i64::MAX };
    /// What a length or a count may be.
    pub const NONNEG: IntBound = IntBound { lo: 0, hi: i64::MAX };
    pub const BOOL: IntBound = IntBound { lo: 0, hi: 1 };

    pub fn constant(c: i64) -> IntBound {
        IntBound { lo: c, hi: c }
    }

    /// The integers in both (`self` when they do not meet: a path that
    /// cannot be taken, whose guards stay and fail).
    pub fn intersect(self, other: IntBound) -> IntBound {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        if lo <= hi {
            IntBound { lo, hi }
        } else {
            self
        }
    }

    /// Whether every integer of `other` is in `self`.
    pub fn contains(self, other: IntBound) -> bool {
        self.lo <= other.lo && other.hi <= self.hi
    }

    fn nonneg(self) -> bool {
        self.lo >= 0
    }
}

/// The range of `op(args)` from its operands' ranges (`None`: nothing
/// known; the operations wrap, so a sum that may overflow is anything).
pub fn result(op: Op, args: &[IntBound]) -> Option<IntBound> {
    use Op::*;
    let (a, b) = (args.first().copied()?, args.get(1).copied());
    Some(match op {
        IntAdd => {
            let b = b?;
            IntBound { lo: a.lo.checked_add(b.lo)?, hi: a.hi.checked_add(b.hi)? }
        }
        IntSub => {
            let b = b?;
            IntBound { lo: a.lo.checked_sub(b.hi)?, hi: a.hi.checked_sub(b.lo)? }
        }
        IntAnd => match (a.nonneg(), b?.nonneg()) {
            (true, true) => IntBound { lo: 0, hi: a.hi.min(b?.hi) },
            (true, false) => IntBound { lo: 0, hi: a.hi },
            (false, true) => IntBound { lo: 0, hi: b?.hi },
            (false, false) => return None,
        },
        UintRshift if b?.lo > 0 && b?.hi < 64 => IntBound { lo: 0, hi: (u64::MAX >> b?.lo) as i64 },
        IntRshift if a.nonneg() && b?.nonneg() && b?.hi < 64 => IntBound { lo: a.lo >> b?.hi, hi: a.hi >> b?.lo },
        IntSignext if b?.lo == b?.hi => narrowed(IntSignext, b?.lo as u64)?,
        ArraylenGc => IntBound::NONNEG,
        IntLt | IntLe | IntGt | IntGe | IntEq | IntNe | UintLt | UintLe | UintGt | UintGe | PtrEq | PtrNe
        | PtrIszero | PtrNonzero => IntBound::BOOL,
        _ if op.is_overflow_test() => IntBound::BOOL,
        _ => return None,
    })
}

/// The values of a narrower type: what `int_signext(x, c)` (`c` bytes,
/// signed) or `int_and(x, c)` (`c` a mask of low bits, unsigned) gives.
pub fn narrowed(op: Op, c: u64) -> Option<IntBound> {
    match op {
        Op::IntSignext if (1..8).contains(&c) => {
            let bits = 8 * c as u32;
            Some(IntBound { lo: -(1i64 << (bits - 1)), hi: (1i64 << (bits - 1)) - 1 })
        }
        Op::IntAnd if c < u64::MAX >> 1 && (c + 1).is_power_of_two() => Some(IntBound { lo: 0, hi: c as i64 }),
        _ => None,
    }
}

/// Whether the overflow test `op` (`int_add_ovf`, ...) is false whatever
/// values in these ranges the operands have: the operation stays in range
/// for every pair of extremes (the sum, difference and product of ranges
/// reach their extremes at the ranges' ends).
pub fn never_overflows(op: Op, a: IntBound, b: IntBound) -> bool {
    use Op::*;
    let corners = [(a.lo, b.lo), (a.lo, b.hi), (a.hi, b.lo), (a.hi, b.hi)];
    let unsigned = a.nonneg() && b.nonneg();
    match op {
        IntAddOvf => corners.iter().all(|(x, y)| x.checked_add(*y).is_some()),
        IntSubOvf => corners.iter().all(|(x, y)| x.checked_sub(*y).is_some()),
        IntMulOvf => corners.iter().all(|(x, y)| x.checked_mul(*y).is_some()),
        // Not negative: the same words as signed ones.
        UintAddOvf => unsigned && (a.hi as u64).checked_add(b.hi as u64).is_some(),
        UintSubOvf => unsigned && a.lo >= b.hi,
        UintMulOvf => unsigned && (a.hi as u64).checked_mul(b.hi as u64).is_some(),
        _ => false,
    }
}

/// Whether `cmp(a, b)` holds whatever values in these ranges the operands
/// have (`None`: it depends).
pub fn compare(cmp: Op, a: IntBound, b: IntBound) -> Option<bool> {
    use Op::*;
    // Unsigned comparisons of values known not negative are the signed
    // ones.
    let cmp = match cmp {
        UintLt | UintLe | UintGt | UintGe if !(a.nonneg() && b.nonneg()) => return None,
        UintLt => IntLt,
        UintLe => IntLe,
        UintGt => IntGt,
        UintGe => IntGe,
        other => other,
    };
    match cmp {
        IntLt if a.hi < b.lo => Some(true),
        IntLt if a.lo >= b.hi => Some(false),
        IntLe if a.hi <= b.lo => Some(true),
        IntLe if a.lo > b.hi => Some(false),
        IntGt => compare(IntLt, b, a),
        IntGe => compare(IntLe, b, a),
        IntEq if a.hi < b.lo || b.hi < a.lo => Some(false),
        IntNe if a.hi < b.lo || b.hi < a.lo => Some(true),
        // (Both one and the same integer.)
        IntEq if a.lo == a.hi && a == b => Some(true),
        IntNe if a.lo == a.hi && a == b => Some(false),
        _ => None,
    }
}

/// What knowing `cmp(a, b) == holds` says of `a` and of `b`.
pub fn narrow(cmp: Op, holds: bool, a: IntBound, b: IntBound) -> (IntBound, IntBound) {
    use Op::*;
    // As a comparison that holds.
    let cmp = match (holds, super::facts::negation(cmp)) {
        (true, _) => cmp,
        (false, Some(negation)) => negation,
        (false, None) => return (a, b),
    };
    let below = |x: i64| IntBound { lo: i64::MIN, hi: x };
    let above = |x: i64| IntBound { lo: x, hi: i64::MAX };
    match cmp {
        // a < b: a <= b.hi - 1, b >= a.lo + 1.
        IntLt => (a.intersect(below(b.hi.saturating_sub(1))), b.intersect(above(a.lo.saturating_add(1)))),
        IntLe => (a.intersect(below(b.hi)), b.intersect(above(a.lo))),
        IntGt => {
            let (b, a) = narrow(IntLt, true, b, a);
            (a, b)
        }
        IntGe => {
            let (b, a) = narrow(IntLe, true, b, a);
            (a, b)
        }
        IntEq => (a.intersect(b), b.intersect(a)),
        // a < b unsigned with b not negative: a is in 0..b.
        UintLt if b.nonneg() => narrow(IntLt, true, a.intersect(IntBound::NONNEG), b),
        UintLe if b.nonneg() => narrow(IntLe, true, a.intersect(IntBound::NONNEG), b),
        UintGt if a.nonneg() => narrow(IntGt, true, a, b.intersect(IntBound::NONNEG)),
        UintGe if a.nonneg() => narrow(IntGe, true, a, b.intersect(IntBound::NONNEG)),
        _ => (a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(lo: i64, hi: i64) -> IntBound {
        IntBound { lo, hi }
    }

    #[test]
    fn ranges_decide_equalities() {
        assert_eq!(compare(Op::IntEq, r(2, 2), r(2, 2)), Some(true));
        assert_eq!(compare(Op::IntNe, r(2, 2), r(2, 2)), Some(false));
        assert_eq!(compare(Op::IntEq, r(2, 3), r(2, 3)), None);
        assert_eq!(compare(Op::IntEq, r(0, 1), r(2, 3)), Some(false));
        assert_eq!(compare(Op::UintGe, r(5, 5), r(6, i64::MAX)), Some(false));
        assert_eq!(compare(Op::UintGe, r(5, 5), IntBound::FULL), None);
    }

    #[test]
    fn sums_are_bounded_unless_they_may_wrap() {
        assert_eq!(result(Op::IntAdd, &[r(0, 10), r(1, 1)]), Some(r(1, 11)));
        assert_eq!(result(Op::IntSub, &[r(0, 10), r(1, 2)]), Some(r(-2, 9)));
        assert_eq!(result(Op::IntAdd, &[IntBound::NONNEG, r(1, 1)]), None);
        assert_eq!(result(Op::IntAnd, &[IntBound::FULL, r(7, 7)]), Some(r(0, 7)));
    }

    #[test]
    fn ranges_decide_overflow_tests() {
        assert!(never_overflows(Op::IntAddOvf, r(0, 10), r(1, 1)));
        assert!(!never_overflows(Op::IntAddOvf, IntBound::NONNEG, r(1, 1)));
        assert!(never_overflows(Op::IntSubOvf, r(-5, 5), r(-5, 5)));
        assert!(!never_overflows(Op::IntSubOvf, r(i64::MIN, 0), r(1, 1)));
        assert!(never_overflows(Op::IntMulOvf, r(-1000, 1000), r(-1000, 1000)));
        assert!(!never_overflows(Op::IntMulOvf, r(-1, 1), IntBound::FULL));
        // `i - 1` for an index known above 0; not for one that may be 0.
        assert!(never_overflows(Op::UintSubOvf, r(1, 100), r(1, 1)));
        assert!(!never_overflows(Op::UintSubOvf, r(0, 100), r(1, 1)));
        assert!(never_overflows(Op::UintAddOvf, r(0, i64::MAX), r(0, i64::MAX)));
        assert!(!never_overflows(Op::UintAddOvf, r(-1, 0), r(1, 1)));
    }

    #[test]
    fn ranges_decide_comparisons() {
        assert_eq!(compare(Op::IntLt, r(0, 3), r(4, 9)), Some(true));
        assert_eq!(compare(Op::IntLt, r(0, 4), r(4, 9)), None);
        assert_eq!(compare(Op::UintGe, r(0, 0), r(3, i64::MAX)), Some(false));
        // -1 is the largest unsigned: nothing known.
        assert_eq!(compare(Op::UintLt, r(-1, 0), r(3, 5)), None);
        assert_eq!(compare(Op::IntEq, r(0, 1), r(2, 2)), Some(false));
    }

    #[test]
    fn comparisons_narrow_ranges() {
        // 2 < len (unsigned, false that 2 >= len): len >= 3.
        let (_, len) = narrow(Op::UintGe, false, r(2, 2), IntBound::NONNEG);
        assert_eq!(len, r(3, i64::MAX));
        // i < len unsigned: 0 <= i < len.hi.
        let (i, _) = narrow(Op::UintLt, true, IntBound::FULL, r(0, 10));
        assert_eq!(i, r(0, 9));
        let (a, b) = narrow(Op::IntGt, true, r(0, 100), r(5, 7));
        assert_eq!((a, b), (r(6, 100), r(5, 7)));
    }
}
