// std's arithmetic operator traits on the module's types (Add, Sub, Mul, Div, Rem, Neg, Not, BitAnd, BitOr, BitXor with the type itself as operand and Output): a Copy vector, a GC-object fraction normalized by its operators, a bit set, an enum, operators used in generic functions and in loops
// call: vectors(3)
// expect: "V2 { x: -0.25, y: -0.5 } V2 { x: -0.25, y: 2.0 } V2 { x: -0.5, y: 1.5 } true"
// call: fractions(5)
// expect: "137/60 137/45 17/60 0/1"
// call: bits(6)
// expect: "Bits(63) Bits(42) Bits(192) Bits(21) Minus"
use std::ops::{Add, Mul, Neg, Sub};

#[derive(Clone, Copy, Debug, PartialEq)]
struct V2 {
    x: f64,
    y: f64,
}

impl Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2 { x: self.x + o.x, y: self.y + o.y }
    }
}

impl Sub for V2 {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        V2 { x: self.x - o.x, y: self.y - o.y }
    }
}

impl Mul<V2> for V2 {
    type Output = V2;
    fn mul(self, o: V2) -> V2 {
        V2 { x: self.x * o.x - self.y * o.y, y: self.x * o.y + self.y * o.x }
    }
}

impl Neg for V2 {
    type Output = V2;
    fn neg(self) -> V2 {
        V2 { x: -self.x, y: -self.y }
    }
}

fn sum_all<T: Add<Output = T> + Copy>(items: &[T], zero: T) -> T {
    let mut acc = zero;
    for &it in items {
        acc = acc + it;
    }
    acc
}

pub fn vectors(n: i64) -> String {
    let mut p = V2 { x: 1.0, y: 0.0 };
    let turn = V2 { x: 0.0, y: 1.0 };
    let mut path = Vec::new();
    for _ in 0..n {
        p = p * turn + V2 { x: 0.5, y: 0.25 };
        path.push(p);
    }
    let total = sum_all(&path, V2 { x: 0.0, y: 0.0 });
    format!("{:?} {:?} {:?} {}", p, -(p - total), total, p == path[path.len() - 1])
}

struct Frac {
    num: i64,
    den: i64,
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Frac {
    fn new(num: i64, den: i64) -> Frac {
        let g = gcd(num, den).max(1);
        let s = if den < 0 { -1 } else { 1 };
        Frac { num: s * num / g, den: s * den / g }
    }

    fn show(&self) -> String {
        format!("{}/{}", self.num, self.den)
    }
}

impl std::ops::Add for Frac {
    type Output = Frac;
    fn add(self, o: Frac) -> Frac {
        Frac::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl std::ops::Div for Frac {
    type Output = Frac;
    fn div(self, o: Frac) -> Frac {
        Frac::new(self.num * o.den, self.den * o.num)
    }
}

impl std::ops::Rem for Frac {
    type Output = Frac;
    fn rem(self, o: Frac) -> Frac {
        // What is left after the whole multiples of `o`.
        let q = (self.num * o.den) / (self.den * o.num);
        Frac::new(self.num * o.den - q * o.num * self.den, self.den * o.den)
    }
}

pub fn fractions(n: i64) -> String {
    let mut h = Frac::new(0, 1);
    for k in 1..=n {
        h = h + Frac::new(1, k);
    }
    let half = Frac::new(1, 2);
    let q = Frac::new(h.num, h.den) / Frac::new(3, 4);
    let r = Frac::new(h.num, h.den) % half;
    format!("{} {} {} {}", h.show(), q.show(), r.show(), (Frac::new(2, -4) + Frac::new(1, 2)).show())
}

#[derive(Clone, Copy, PartialEq, Debug)]
struct Bits(u32);

impl std::ops::BitAnd for Bits {
    type Output = Bits;
    fn bitand(self, o: Bits) -> Bits {
        Bits(self.0 & o.0)
    }
}

impl std::ops::BitOr for Bits {
    type Output = Bits;
    fn bitor(self, o: Bits) -> Bits {
        Bits(self.0 | o.0)
    }
}

impl std::ops::BitXor for Bits {
    type Output = Bits;
    fn bitxor(self, o: Bits) -> Bits {
        Bits(self.0 ^ o.0)
    }
}

impl std::ops::Not for Bits {
    type Output = Bits;
    fn not(self) -> Bits {
        Bits(!self.0 & 0xff)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Sign {
    Plus,
    Minus,
}

impl std::ops::Mul for Sign {
    type Output = Sign;
    fn mul(self, o: Sign) -> Sign {
        if self == o {
            Sign::Plus
        } else {
            Sign::Minus
        }
    }
}

pub fn bits(n: i64) -> String {
    let mut set = Bits(0);
    let mut odd = Bits(0);
    for k in 0..n as u32 {
        set = set | Bits(1 << k);
        if k % 2 == 1 {
            odd = odd ^ Bits(1 << k);
        }
    }
    let mut s = Sign::Plus;
    for _ in 0..n {
        s = s * Sign::Minus;
    }
    format!("{:?} {:?} {:?} {:?} {:?}", set, set & odd, !set, set ^ odd, s * Sign::Minus)
}
