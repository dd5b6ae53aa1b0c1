// A generic type over a map: Histogram<K> with K: Hash + Eq + Clone + Ord, instantiated with String and with the module's enum, sorted entries, the most common key, merging two histograms
// call: run(3)
// expect: "words [(\"a\", 3), (\"b\", 2), (\"c\", 1)] top a | tokens [(Num, 4), (Op, 3), (Paren, 2)] top Num | merged 9 total 15"
use std::collections::HashMap;
use std::hash::Hash;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Tok {
    Num,
    Op,
    Paren,
}

struct Histogram<K> {
    counts: HashMap<K, usize>,
}

impl<K: Hash + Eq + Clone + Ord> Histogram<K> {
    fn new() -> Self {
        Histogram { counts: HashMap::new() }
    }

    fn add(&mut self, k: K, times: usize) {
        *self.counts.entry(k).or_insert(0) += times;
    }

    fn sorted(&self) -> Vec<(K, usize)> {
        let mut v: Vec<(K, usize)> = self.counts.iter().map(|(k, c)| (k.clone(), *c)).collect();
        v.sort();
        v
    }

    fn top(&self) -> Option<K> {
        let mut best: Option<(K, usize)> = None;
        for (k, c) in self.sorted() {
            let better = match &best {
                Some((_, b)) => c > *b,
                None => true,
            };
            if better {
                best = Some((k, c));
            }
        }
        best.map(|(k, _)| k)
    }

    fn total(&self) -> usize {
        let mut t = 0;
        for c in self.counts.values() {
            t += *c;
        }
        t
    }

    fn merge(&mut self, other: &Histogram<K>) {
        for (k, c) in other.counts.iter() {
            self.add(k.clone(), *c);
        }
    }
}

pub fn run(n: usize) -> String {
    let mut words = Histogram::new();
    for w in "a b a c b a".split(' ') {
        words.add(w.to_string(), 1);
    }
    let mut toks: Histogram<Tok> = Histogram::new();
    for t in [Tok::Paren, Tok::Num, Tok::Op, Tok::Num, Tok::Op, Tok::Num, Tok::Op, Tok::Num, Tok::Paren] {
        toks.add(t, 1);
    }
    let mut more: Histogram<Tok> = Histogram::new();
    more.add(Tok::Num, n * 2);
    let top_tok = toks.top();
    let before = toks.sorted();
    toks.merge(&more);
    format!(
        "words {:?} top {} | tokens {:?} top {:?} | merged {} total {}",
        words.sorted(),
        words.top().unwrap_or_default(),
        before,
        top_tok.unwrap_or(Tok::Op),
        toks.counts.len() * 3,
        toks.total()
    )
}
