// Associated types of the module's traits: `Self::Item` in an implementation's signatures and bodies and in the trait's default methods, one trait implemented with different item types, and a generic function bounded by the trait naming `T::Item` in its body
// call: stacks(4)
// expect: "stack queue 4 4 Some(16) Some(9) Some(\"w1\") Some(\"w2\") drained 3 left 1 0"
trait Store {
    type Item;
    const NAME: &'static str;

    fn put(&mut self, x: Self::Item);
    fn fetch(&mut self) -> Option<Self::Item>;
    fn size(&self) -> usize;

    fn put_all(&mut self, xs: Vec<Self::Item>) -> usize {
        for x in xs {
            self.put(x);
        }
        self.size()
    }
}

struct IntStack {
    items: Vec<i64>,
}

struct WordQueue {
    words: Vec<String>,
    head: usize,
}

impl Store for IntStack {
    type Item = i64;
    const NAME: &'static str = "stack";

    fn put(&mut self, x: i64) {
        self.items.push(x);
    }

    fn fetch(&mut self) -> Option<Self::Item> {
        self.items.pop()
    }

    fn size(&self) -> usize {
        self.items.len()
    }
}

impl Store for WordQueue {
    type Item = String;
    const NAME: &'static str = "queue";

    fn put(&mut self, x: Self::Item) {
        self.words.push(x);
    }

    fn fetch(&mut self) -> Option<String> {
        if self.head < self.words.len() {
            let w: Self::Item = self.words[self.head].clone();
            self.head += 1;
            Some(w)
        } else {
            None
        }
    }

    fn size(&self) -> usize {
        self.words.len() - self.head
    }
}

fn drain_but<T: Store>(s: &mut T, keep: usize) -> usize {
    let mut n = 0;
    while s.size() > keep {
        let x: Option<T::Item> = s.fetch();
        if x.is_some() {
            n += 1;
        }
    }
    n
}

pub fn stacks(n: i64) -> String {
    let mut st = IntStack { items: Vec::new() };
    let mut q = WordQueue { words: Vec::new(), head: 0 };
    let mut squares = Vec::new();
    let mut words = Vec::new();
    for i in 1..=n {
        squares.push(i * i);
        words.push(format!("w{}", i));
    }
    let k = st.put_all(squares);
    let m = q.put_all(words);
    let (a, b) = (st.fetch(), st.fetch());
    let (c, d) = (q.fetch(), q.fetch());
    let drained = drain_but(&mut st, 1) + drain_but(&mut q, 0);
    format!(
        "{} {} {} {} {:?} {:?} {:?} {:?} drained {} left {} {}",
        IntStack::NAME,
        WordQueue::NAME,
        k,
        m,
        a,
        b,
        c,
        d,
        drained,
        st.size(),
        q.size()
    )
}
