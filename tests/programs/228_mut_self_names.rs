// `&mut self` methods of values named like std's (`push`, `len`) next to `Vec::push`, `String::push` and `len` on fields and locals (only the module's value methods write their receiver back), a trait's `&mut self` method implemented for `i64` and for a tuple struct, a field-less enum's `&mut self` method assigning `*self`, and a `&mut Result`
// call: run(5)
// expect: "[0, 1, 4, 9, 16] Acc { n: 10, pushes: 5 } Acc { n: 90, pushes: 5 } [Acc { n: 1010, pushes: 6 }, Acc { n: 90, pushes: 5 }] abcde (5, 5, 5, 2, 6) 10 Meters(126) 126 | Red 4 Err(\"e500\") Ok(4)"

#[derive(Clone, Copy, Debug)]
struct Acc {
    n: i64,
    pushes: u8,
}

impl Acc {
    fn push(&mut self, x: i64) {
        self.n += x;
        self.pushes += 1;
    }

    fn len(&mut self) -> usize {
        self.pushes as usize
    }
}

#[derive(Clone, Copy, Debug)]
struct Meters(i64);

trait Bump {
    fn bump(&mut self, by: i64) -> i64;
}

impl Bump for i64 {
    fn bump(&mut self, by: i64) -> i64 {
        *self += by;
        *self
    }
}

impl Bump for Meters {
    fn bump(&mut self, by: i64) -> i64 {
        self.0 = self.0 * 2 + by;
        self.0
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Light {
    Red,
    Green,
    Yellow,
}

impl Light {
    fn advance(&mut self) -> bool {
        *self = match *self {
            Light::Red => Light::Green,
            Light::Green => Light::Yellow,
            Light::Yellow => Light::Red,
        };
        *self == Light::Red
    }
}

fn flip(r: &mut Result<i64, String>) {
    *r = match r {
        Ok(v) => Err(format!("e{}", v)),
        Err(e) => Ok(e.len() as i64),
    };
}

struct Holder {
    items: Vec<i64>,
    acc: Acc,
    text: String,
    size: Meters,
}

pub fn run(n: i64) -> String {
    let mut h = Holder { items: Vec::new(), acc: Acc { n: 0, pushes: 0 }, text: String::new(), size: Meters(1) };
    let mut solo = Acc { n: 100, pushes: 0 };
    let mut count: i64 = 0;
    for i in 0..n {
        h.items.push(i * i);
        h.acc.push(i);
        h.text.push((b'a' + i as u8) as char);
        solo.push(-i);
        count.bump(i);
        h.size.bump(1);
    }
    let mut v = vec![h.acc];
    v[0].push(1000);
    v.push(solo);
    let lens = (h.items.len(), h.acc.len(), h.text.len(), v.len(), v[0].len());
    let last = count.bump(0);
    let size = h.size.bump(0);
    let mut light = Light::Yellow;
    let mut wraps = 0;
    for _ in 0..n * 2 {
        if light.advance() {
            wraps += 1;
        }
    }
    let mut r: Result<i64, String> = Ok(n * 100);
    flip(&mut r);
    let flipped = r.clone();
    flip(&mut r);
    format!(
        "{:?} {:?} {:?} {:?} {} {:?} {} {:?} {} | {:?} {} {:?} {:?}",
        h.items, h.acc, solo, v, h.text, lens, last, h.size, size, light, wraps, flipped, r
    )
}
