// `std::cmp::Ordering`, named `Ordering` in the module unless the module
// has an `Ordering` of its own (`flow::items`), and the comparisons giving
// it.

#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
enum __Ordering {
    Less = -1,
    Equal = 0,
    Greater = 1,
}

impl __Ordering {
    fn reverse(self) -> __Ordering {
        match self {
            __Ordering::Less => __Ordering::Greater,
            __Ordering::Equal => __Ordering::Equal,
            __Ordering::Greater => __Ordering::Less,
        }
    }

    fn then(self, other: __Ordering) -> __Ordering {
        match self {
            __Ordering::Equal => other,
            _ => self,
        }
    }

    fn is_eq(self) -> bool {
        self == __Ordering::Equal
    }

    fn is_ne(self) -> bool {
        self != __Ordering::Equal
    }

    fn is_lt(self) -> bool {
        self == __Ordering::Less
    }

    fn is_gt(self) -> bool {
        self == __Ordering::Greater
    }

    fn is_le(self) -> bool {
        self != __Ordering::Greater
    }

    fn is_ge(self) -> bool {
        self != __Ordering::Less
    }
}

// `a.cmp(&b)` of a type without a `cmp` of its own (numbers, strings,
// tuples, lists, derived `Ord`): from its `<` and `==`, as derived `Ord`
// orders.
fn __cmp<T>(a: &T, b: &T) -> __Ordering {
    if a < b {
        __Ordering::Less
    } else if a == b {
        __Ordering::Equal
    } else {
        __Ordering::Greater
    }
}

// `a.partial_cmp(&b)`: `None` when the values are unordered (a NaN).
fn __partial_cmp<T>(a: &T, b: &T) -> Option<__Ordering> {
    if a < b {
        Some(__Ordering::Less)
    } else if a == b {
        Some(__Ordering::Equal)
    } else if a > b {
        Some(__Ordering::Greater)
    } else {
        None
    }
}
