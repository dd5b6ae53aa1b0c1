// std's `VecDeque`, `BTreeMap` and `BTreeSet`, written in the dialect as
// generic types of the prelude: each `VecDeque<T>` the program uses is an
// instance of its own, as a generic type of the module is. This file is not
// compiled by rustc: values are read out of lists freely, as GC references
// are in the translated program.
//
// Indexing and `for` loops reach them through `__getitem`, `__setitem` and
// `__iter_list` (`typeck`'s container protocol). Panic messages are std's.

/// A ring buffer: `len` items from `head` on, wrapping around `buf`.
#[derive(Clone)]
struct VecDeque<T> {
    buf: Vec<Option<T>>,
    head: usize,
    len: usize,
}

impl<T> VecDeque<T> {
    fn new() -> VecDeque<T> {
        VecDeque { buf: Vec::new(), head: 0, len: 0 }
    }

    fn __from_iter(items: __Iter<T>) -> VecDeque<T> {
        let v: Vec<T> = items.collect();
        VecDeque::__from_vec(v)
    }

    fn __from_vec(items: Vec<T>) -> VecDeque<T> {
        let mut d = VecDeque::new();
        for x in items {
            d.push_back(x);
        }
        d
    }

    fn with_capacity(n: usize) -> VecDeque<T> {
        let mut d = VecDeque::new();
        while d.buf.len() < n {
            d.buf.push(None);
        }
        d
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self) {
        self.buf = Vec::new();
        self.head = 0;
        self.len = 0;
    }

    fn __slot(&self, i: usize) -> usize {
        (self.head + i) % self.buf.len()
    }

    fn __grow(&mut self) {
        let cap = if self.buf.len() == 0 { 4 } else { self.buf.len() * 2 };
        let mut buf: Vec<Option<T>> = Vec::new();
        let mut i = 0;
        while i < self.len {
            buf.push(self.buf[self.__slot(i)]);
            i += 1;
        }
        while buf.len() < cap {
            buf.push(None);
        }
        self.buf = buf;
        self.head = 0;
    }

    fn push_back(&mut self, x: T) {
        if self.len == self.buf.len() {
            self.__grow();
        }
        let at = self.__slot(self.len);
        self.buf[at] = Some(x);
        self.len += 1;
    }

    fn push_front(&mut self, x: T) {
        if self.len == self.buf.len() {
            self.__grow();
        }
        self.head = (self.head + self.buf.len() - 1) % self.buf.len();
        self.buf[self.head] = Some(x);
        self.len += 1;
    }

    fn pop_front(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let x = self.buf[self.head];
        self.buf[self.head] = None;
        self.head = (self.head + 1) % self.buf.len();
        self.len -= 1;
        x
    }

    fn pop_back(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let at = self.__slot(self.len - 1);
        let x = self.buf[at];
        self.buf[at] = None;
        self.len -= 1;
        x
    }

    fn get(&self, i: usize) -> Option<T> {
        if i >= self.len {
            return None;
        }
        self.buf[self.__slot(i)]
    }

    fn front(&self) -> Option<T> {
        self.get(0)
    }

    fn back(&self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.get(self.len - 1)
    }

    fn contains(&self, x: &T) -> bool {
        let mut i = 0;
        while i < self.len {
            if self.buf[self.__slot(i)].unwrap() == *x {
                return true;
            }
            i += 1;
        }
        false
    }

    fn swap(&mut self, i: usize, j: usize) {
        let a = self.__getitem(i);
        let b = self.__getitem(j);
        let (si, sj) = (self.__slot(i), self.__slot(j));
        self.buf[si] = Some(b);
        self.buf[sj] = Some(a);
    }

    fn truncate(&mut self, n: usize) {
        while self.len > n {
            self.pop_back();
        }
    }

    #[track_caller]
    fn __getitem(&self, i: usize) -> T {
        if i >= self.len {
            panic!("Out of bounds access");
        }
        self.buf[self.__slot(i)].unwrap()
    }

    #[track_caller]
    fn __setitem(mut self, i: usize, x: T) -> VecDeque<T> {
        if i >= self.len {
            panic!("Out of bounds access");
        }
        let at = self.__slot(i);
        self.buf[at] = Some(x);
        self
    }

    fn __iter_list(&self) -> Vec<T> {
        let mut out: Vec<T> = Vec::new();
        let mut i = 0;
        while i < self.len {
            out.push(self.buf[self.__slot(i)].unwrap());
            i += 1;
        }
        out
    }

    fn iter(&self) -> __Iter<T> {
        self.__iter_list().into_iter()
    }

    fn into_iter(self) -> __Iter<T> {
        self.__iter_list().into_iter()
    }

    fn extend(&mut self, items: __Iter<T>) {
        for x in items {
            self.push_back(x);
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for VecDeque<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:?}", self.__iter_list())
    }
}

impl<T: PartialEq> PartialEq for VecDeque<T> {
    fn eq(&self, other: &VecDeque<T>) -> bool {
        self.__iter_list() == other.__iter_list()
    }
}

// Whether `x` is below a range's end `hi` (none: no end).
fn __below<T: PartialOrd>(x: &T, hi: &Option<T>, inclusive: bool) -> bool {
    match hi {
        Some(h) => {
            if inclusive {
                *x <= *h
            } else {
                *x < *h
            }
        }
        None => true,
    }
}

/// Where `x` is in the sorted list `v`, or where it would go.
fn __sorted_find<T>(v: &[T], x: &T) -> (bool, usize) {
    let mut lo = 0;
    let mut hi = v.len();
    while lo < hi {
        let mid = (lo + hi) / 2;
        if v[mid] < *x {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    (lo < v.len() && v[lo] == *x, lo)
}

/// A sorted map: the keys in order, each with its value at the same index
/// (found by binary search).
#[derive(Clone)]
struct BTreeMap<K, V> {
    keys: Vec<K>,
    vals: Vec<V>,
}

impl<K, V> BTreeMap<K, V> {
    fn new() -> BTreeMap<K, V> {
        BTreeMap { keys: Vec::new(), vals: Vec::new() }
    }

    fn __from_iter(items: __Iter<(K, V)>) -> BTreeMap<K, V> {
        let v: Vec<(K, V)> = items.collect();
        BTreeMap::__from_vec(v)
    }

    fn __from_vec(items: Vec<(K, V)>) -> BTreeMap<K, V> {
        let mut m = BTreeMap::new();
        for (k, v) in items {
            m.insert(k, v);
        }
        m
    }

    fn __find(&self, k: &K) -> (bool, usize) {
        __sorted_find(&self.keys, k)
    }

    fn len(&self) -> usize {
        self.keys.len()
    }

    fn is_empty(&self) -> bool {
        self.keys.len() == 0
    }

    fn clear(&mut self) {
        self.keys = Vec::new();
        self.vals = Vec::new();
    }

    fn insert(&mut self, k: K, v: V) -> Option<V> {
        let (found, i) = self.__find(&k);
        if found {
            let old = self.vals[i];
            self.vals[i] = v;
            return Some(old);
        }
        self.keys.insert(i, k);
        self.vals.insert(i, v);
        None
    }

    fn get(&self, k: &K) -> Option<V> {
        let (found, i) = self.__find(k);
        if found {
            Some(self.vals[i])
        } else {
            None
        }
    }

    fn get_mut(&mut self, k: &K) -> Option<V> {
        self.get(k)
    }

    fn get_or(&mut self, k: K, default: V) -> V {
        let (found, i) = self.__find(&k);
        if found {
            return self.vals[i];
        }
        self.keys.insert(i, k);
        self.vals.insert(i, default);
        default
    }

    fn contains_key(&self, k: &K) -> bool {
        let (found, _) = self.__find(k);
        found
    }

    fn remove(&mut self, k: &K) -> Option<V> {
        let (found, i) = self.__find(k);
        if !found {
            return None;
        }
        self.keys.remove(i);
        Some(self.vals.remove(i))
    }

    fn first_key_value(&self) -> Option<(K, V)> {
        if self.keys.len() == 0 {
            return None;
        }
        Some((self.keys[0], self.vals[0]))
    }

    fn last_key_value(&self) -> Option<(K, V)> {
        let n = self.keys.len();
        if n == 0 {
            return None;
        }
        Some((self.keys[n - 1], self.vals[n - 1]))
    }

    fn pop_first(&mut self) -> Option<(K, V)> {
        if self.keys.len() == 0 {
            return None;
        }
        Some((self.keys.remove(0), self.vals.remove(0)))
    }

    fn pop_last(&mut self) -> Option<(K, V)> {
        if self.keys.len() == 0 {
            return None;
        }
        Some((self.keys.pop().unwrap(), self.vals.pop().unwrap()))
    }

    #[track_caller]
    fn __getitem(&self, k: &K) -> V {
        let (found, i) = self.__find(k);
        if !found {
            panic!("no entry found for key");
        }
        self.vals[i]
    }

    fn __iter_list(&self) -> Vec<(K, V)> {
        let mut out: Vec<(K, V)> = Vec::new();
        let mut i = 0;
        while i < self.keys.len() {
            out.push((self.keys[i], self.vals[i]));
            i += 1;
        }
        out
    }

    fn iter(&self) -> __Iter<(K, V)> {
        self.__iter_list().into_iter()
    }

    fn into_iter(self) -> __Iter<(K, V)> {
        self.__iter_list().into_iter()
    }

    fn keys(&self) -> __Iter<K> {
        let mut out: Vec<K> = Vec::new();
        let mut i = 0;
        while i < self.keys.len() {
            out.push(self.keys[i]);
            i += 1;
        }
        out.into_iter()
    }

    fn values(&self) -> __Iter<V> {
        let mut out: Vec<V> = Vec::new();
        let mut i = 0;
        while i < self.vals.len() {
            out.push(self.vals[i]);
            i += 1;
        }
        out.into_iter()
    }

    /// The entries with keys in a range: from `lo` (included) if any, to
    /// `hi` (included or not) if any.
    fn __range(&self, lo: Option<K>, hi: Option<K>, inclusive: bool) -> __Iter<(K, V)> {
        let mut i = match lo {
            Some(k) => self.__find(&k).1,
            None => 0,
        };
        let mut out: Vec<(K, V)> = Vec::new();
        while i < self.keys.len() && __below(&self.keys[i], &hi, inclusive) {
            out.push((self.keys[i], self.vals[i]));
            i += 1;
        }
        out.into_iter()
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for BTreeMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("{")?;
        let mut i = 0;
        while i < self.keys.len() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{:?}: {:?}", self.keys[i], self.vals[i])?;
            i += 1;
        }
        f.write_str("}")
    }
}

impl<K: PartialEq, V: PartialEq> PartialEq for BTreeMap<K, V> {
    fn eq(&self, other: &BTreeMap<K, V>) -> bool {
        self.keys == other.keys && self.vals == other.vals
    }
}

/// A sorted set: its items in order.
#[derive(Clone)]
struct BTreeSet<T> {
    items: Vec<T>,
}

impl<T> BTreeSet<T> {
    fn new() -> BTreeSet<T> {
        BTreeSet { items: Vec::new() }
    }

    fn __from_iter(items: __Iter<T>) -> BTreeSet<T> {
        let v: Vec<T> = items.collect();
        BTreeSet::__from_vec(v)
    }

    fn __from_vec(items: Vec<T>) -> BTreeSet<T> {
        let mut s = BTreeSet::new();
        for x in items {
            s.insert(x);
        }
        s
    }

    fn __find(&self, x: &T) -> (bool, usize) {
        __sorted_find(&self.items, x)
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    fn is_empty(&self) -> bool {
        self.items.len() == 0
    }

    fn clear(&mut self) {
        self.items = Vec::new();
    }

    fn insert(&mut self, x: T) -> bool {
        let (found, i) = self.__find(&x);
        if found {
            return false;
        }
        self.items.insert(i, x);
        true
    }

    fn contains(&self, x: &T) -> bool {
        let (found, _) = self.__find(x);
        found
    }

    fn remove(&mut self, x: &T) -> bool {
        let (found, i) = self.__find(x);
        if found {
            self.items.remove(i);
        }
        found
    }

    fn first(&self) -> Option<T> {
        if self.items.len() == 0 {
            return None;
        }
        Some(self.items[0])
    }

    fn last(&self) -> Option<T> {
        let n = self.items.len();
        if n == 0 {
            return None;
        }
        Some(self.items[n - 1])
    }

    fn pop_first(&mut self) -> Option<T> {
        if self.items.len() == 0 {
            return None;
        }
        Some(self.items.remove(0))
    }

    fn pop_last(&mut self) -> Option<T> {
        self.items.pop()
    }

    fn __iter_list(&self) -> Vec<T> {
        let mut out: Vec<T> = Vec::new();
        let mut i = 0;
        while i < self.items.len() {
            out.push(self.items[i]);
            i += 1;
        }
        out
    }

    fn iter(&self) -> __Iter<T> {
        self.__iter_list().into_iter()
    }

    fn into_iter(self) -> __Iter<T> {
        self.__iter_list().into_iter()
    }

    fn union(&self, other: &BTreeSet<T>) -> __Iter<T> {
        let mut out = self.clone();
        for x in other.__iter_list() {
            out.insert(x);
        }
        out.__iter_list().into_iter()
    }

    fn intersection(&self, other: &BTreeSet<T>) -> __Iter<T> {
        let mut out: Vec<T> = Vec::new();
        for x in self.__iter_list() {
            if other.contains(&x) {
                out.push(x);
            }
        }
        out.into_iter()
    }

    fn difference(&self, other: &BTreeSet<T>) -> __Iter<T> {
        let mut out: Vec<T> = Vec::new();
        for x in self.__iter_list() {
            if !other.contains(&x) {
                out.push(x);
            }
        }
        out.into_iter()
    }

    fn is_subset(&self, other: &BTreeSet<T>) -> bool {
        for x in self.__iter_list() {
            if !other.contains(&x) {
                return false;
            }
        }
        true
    }

    /// The items in a range (see `BTreeMap::__range`).
    fn __range(&self, lo: Option<T>, hi: Option<T>, inclusive: bool) -> __Iter<T> {
        let mut i = match lo {
            Some(x) => self.__find(&x).1,
            None => 0,
        };
        let mut out: Vec<T> = Vec::new();
        while i < self.items.len() && __below(&self.items[i], &hi, inclusive) {
            out.push(self.items[i]);
            i += 1;
        }
        out.into_iter()
    }
}

impl<T: fmt::Debug> fmt::Debug for BTreeSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("{")?;
        let mut i = 0;
        while i < self.items.len() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{:?}", self.items[i])?;
            i += 1;
        }
        f.write_str("}")
    }
}

impl<T: PartialEq> PartialEq for BTreeSet<T> {
    fn eq(&self, other: &BTreeSet<T>) -> bool {
        self.items == other.items
    }
}
