// `Vec::into_boxed_slice`: a list built by pushing becomes a `Box<[T]>` of
// its own, which translated code keeps as a bare array (nothing resizes it,
// whatever resized the `Vec`): in a struct's field, indexed, measured,
// written in place, holding lists that are still pushed to; an empty one;
// one built and dropped in a loop that allocates enough to collect; one of
// a `Vec` never resized (an array already), shown by `{:?}`.
// call: code(6)
// expect: (15, 6, "0 1 4 9 16 25", 7)
// call: code(0)
// expect: (0, 0, "", 0)
// call: nested(4)
// expect: (4, 10, 3)
// call: many(3000)
// expect: 13486078
// call: literal(3)
// expect: (3, 9, "[3, 4, 5]")
// call: grown(5)
// expect: (8, "[\"0\", \"1\", \"2\", \"3\", \"4\", \"x\", \"\", \"\"]", 7)

struct Program {
    code: Box<[i64]>,
    names: Box<[String]>,
}

fn build(n: i64) -> Program {
    let mut code: Vec<i64> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for i in 0..n {
        code.push(i);
        names.push(format!("{}", i * i));
    }
    Program { code: code.into_boxed_slice(), names: names.into_boxed_slice() }
}

pub fn code(n: i64) -> (i64, usize, String, i64) {
    let mut p = build(n);
    let mut sum = 0;
    let mut i = 0;
    while i < p.code.len() {
        sum += p.code[i];
        i += 1;
    }
    let mut text = String::new();
    let mut k = 0;
    while k < p.names.len() {
        if k > 0 {
            text.push(' ');
        }
        text.push_str(&p.names[k]);
        k += 1;
    }
    // Written in place: a box of a slice is fixed in size, not in content.
    if !p.code.is_empty() {
        let last = p.code.len() - 1;
        p.code[last] += 2;
        return (sum, p.code.len(), text, p.code[last]);
    }
    (sum, p.code.len(), text, 0)
}

pub fn nested(n: usize) -> (usize, i64, usize) {
    let mut rows: Vec<Vec<i64>> = Vec::new();
    for i in 0..n {
        rows.push(vec![i as i64]);
    }
    let mut fixed = rows.into_boxed_slice();
    // The rows inside are still lists that grow.
    fixed[0].push(5);
    fixed[0].push(1);
    let mut total = 0;
    for r in 0..fixed.len() {
        total += fixed[r][0];
    }
    (fixed.len(), total + fixed[0][1] - 1, fixed[0].len())
}

pub fn many(n: i64) -> i64 {
    let mut total = 0;
    for i in 0..n {
        let p = build(i % 7);
        total += p.code.len() as i64 * i;
        if p.code.len() > 2 {
            total -= p.code[2];
        }
        total += p.names.len() as i64 - p.names.len() as i64;
    }
    total
}

pub fn literal(n: i64) -> (usize, i64, String) {
    let b = vec![n, n + 1, n + 2].into_boxed_slice();
    let mut sum = 0;
    for i in 0..b.len() {
        sum += b[i];
    }
    (b.len(), sum - n, format!("{:?}", b))
}

struct Part {
    items: Option<Box<[String]>>,
    used: usize,
}

fn empty_part() -> Part {
    Part { items: None, used: 0 }
}

fn set_in(items: &mut Option<Box<[String]>>, i: usize, s: String) {
    if let Some(b) = items {
        b[i] = s;
    }
}

impl Part {
    /// Doubles the box (at least 1 slot), keeping the items.
    fn grow(&mut self) {
        let cap = match &self.items {
            Some(b) => 2 * b.len(),
            None => 1,
        };
        let mut v: Vec<String> = Vec::with_capacity(cap);
        for k in 0..cap {
            match &self.items {
                Some(b) if k < b.len() => v.push(b[k].clone()),
                _ => v.push(String::new()),
            }
        }
        self.items = Some(v.into_boxed_slice());
    }

    fn push(&mut self, s: String) {
        let full = match &self.items {
            Some(b) => self.used == b.len(),
            None => true,
        };
        if full {
            self.grow();
        }
        set_in(&mut self.items, self.used, s);
        self.used += 1;
    }
}

pub fn grown(n: usize) -> (usize, String, usize) {
    let mut p = Part { used: 0, ..empty_part() };
    for i in 0..n {
        p.push(format!("{}", i));
    }
    p.push("x".to_string());
    match &p.items {
        Some(b) => (b.len(), format!("{:?}", b), p.used + 1),
        None => (0, String::new(), 0),
    }
}
