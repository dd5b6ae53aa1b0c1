// The methods of `Vec<T>` and slices that are not operations of the rtyper
// (`rlist.rs` lowers `len`, `push`, `pop`, indexing and a few more), written
// in the dialect as generic functions. `v.name(args)` on a list whose method
// the rtyper does not know is a call of `__vec_name(v, args)`, one instance
// per item type. This file is not compiled by rustc: values of the item type
// are read out of lists freely, as GC references are in the translated
// program.
//
// Panic messages are Rust's.

fn __vec_first<T>(v: &[T]) -> Option<T> {
    if v.len() == 0 {
        None
    } else {
        Some(v[0])
    }
}

fn __vec_contains<T>(v: &[T], x: &T) -> bool {
    let mut i = 0;
    while i < v.len() {
        if v[i] == *x {
            return true;
        }
        i += 1;
    }
    false
}

fn __vec_get<T>(v: &[T], i: usize) -> Option<T> {
    if i < v.len() {
        Some(v[i])
    } else {
        None
    }
}

#[track_caller]
fn __vec_insert<T>(v: &mut Vec<T>, i: usize, x: T) {
    let n = v.len();
    if i > n {
        panic!("insertion index (is {}) should be <= len (is {})", i, n);
    }
    v.push(x);
    __list_move(v, i, i + 1, n - i);
    v[i] = x;
}

#[track_caller]
fn __vec_remove<T>(v: &mut Vec<T>, i: usize) -> T {
    let n = v.len();
    if i >= n {
        panic!("removal index (is {}) should be < len (is {})", i, n);
    }
    let x = v[i];
    __list_move(v, i + 1, i, n - i - 1);
    v.pop();
    x
}

fn __vec_swap_remove<T>(v: &mut Vec<T>, i: usize) -> T {
    let n = v.len();
    if i >= n {
        panic!("swap_remove index (is {}) should be < len (is {})", i, n);
    }
    let x = v[i];
    v[i] = v[n - 1];
    v.pop();
    x
}

// `v.extend(w)` and `v.extend_from_slice(&w)`, with `w` a list (which may
// be `v` itself).
fn __vec_extend<T>(v: &mut Vec<T>, other: &[T]) {
    __list_extend(v, other, 0, other.len());
}

fn __vec_extend_from_slice<T>(v: &mut Vec<T>, other: &[T]) {
    __vec_extend(v, other);
}

// `v[start..end]`: a copy, as slices of RPython lists are.
#[track_caller]
fn __vec_slice<T>(v: &[T], start: usize, end: usize) -> Vec<T> {
    __vec_check_range(v, start, end);
    let mut out: Vec<T> = Vec::with_capacity(end - start);
    __list_extend(&mut out, v, start, end);
    out
}

// The checks of `v[start..end]`, with std's messages.
#[track_caller]
fn __vec_check_range<T>(v: &[T], start: usize, end: usize) {
    if start > end {
        if start > v.len() {
            panic!("range start index {} out of range for slice of length {}", start, v.len());
        }
        panic!("slice index starts at {} but ends at {}", start, end);
    }
    if end > v.len() {
        panic!("range end index {} out of range for slice of length {}", end, v.len());
    }
}

// `v[a..b] == w[c..d]` once both are checked, without copying the parts.
fn __vec_slice_eq<T>(v: &[T], a: usize, b: usize, w: &[T], c: usize, d: usize) -> bool {
    if b - a != d - c {
        return false;
    }
    let mut i = 0;
    while a + i < b {
        if v[a + i] != w[c + i] {
            return false;
        }
        i += 1;
    }
    true
}

// `v.extend_from_slice(&w[start..end])` once the range is checked,
// without copying the part first.
fn __vec_extend_range<T>(v: &mut Vec<T>, w: &[T], start: usize, end: usize) {
    __list_extend(v, w, start, end);
}

// `vec![x; n]` and `[x; n]` of an item whose clone is not a copy (a GC
// object): a clone in every slot but the last, which gets `x`, as std's.
fn __vec_from_elem<T>(x: T, n: usize) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    let mut i = 1;
    while i < n {
        v.push(x.clone());
        i += 1;
    }
    if n > 0 {
        v.push(x);
    }
    v
}

// (As std's: the last new item is `x` itself, not a clone.)
fn __vec_resize<T>(v: &mut Vec<T>, n: usize, x: T) {
    if n <= v.len() {
        v.truncate(n);
        return;
    }
    while v.len() + 1 < n {
        v.push(x.clone());
    }
    v.push(x);
}

fn __vec_fill<T>(v: &mut Vec<T>, x: T) {
    let n = v.len();
    if n == 0 {
        return;
    }
    let mut i = 0;
    while i + 1 < n {
        v[i] = x.clone();
        i += 1;
    }
    v[n - 1] = x;
}

// `.rev()` of a list's iterator outside a `for` loop: the reversed list.
fn __vec_rev<T>(v: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(v.len());
    let mut i = v.len();
    while i > 0 {
        i -= 1;
        out.push(v[i]);
    }
    out
}

fn __vec_to_vec<T>(v: &[T]) -> Vec<T> {
    __vec_slice(v, 0, v.len())
}

fn __vec_starts_with<T>(v: &[T], prefix: &[T]) -> bool {
    if prefix.len() > v.len() {
        return false;
    }
    let mut i = 0;
    while i < prefix.len() {
        if v[i] != prefix[i] {
            return false;
        }
        i += 1;
    }
    true
}

fn __vec_ends_with<T>(v: &[T], suffix: &[T]) -> bool {
    if suffix.len() > v.len() {
        return false;
    }
    let off = v.len() - suffix.len();
    let mut i = 0;
    while i < suffix.len() {
        if v[off + i] != suffix[i] {
            return false;
        }
        i += 1;
    }
    true
}

// Stable bottom-up merge sort: `sort` and `sort_unstable` give the same
// order for integers and strings, whose equal items are indistinguishable.
fn __vec_sort<T>(v: &mut Vec<T>) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let mut src: Vec<T> = __vec_slice(v, 0, n);
    let mut dst: Vec<T> = __vec_slice(v, 0, n);
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = if lo + width < n { lo + width } else { n };
            let hi = if mid + width < n { mid + width } else { n };
            let mut i = lo;
            let mut j = mid;
            let mut k = lo;
            while k < hi {
                if j < hi && (i >= mid || src[j] < src[i]) {
                    dst[k] = src[j];
                    j += 1;
                } else {
                    dst[k] = src[i];
                    i += 1;
                }
                k += 1;
            }
            lo = hi;
        }
        let tmp = src;
        src = dst;
        dst = tmp;
        width *= 2;
    }
    let mut k = 0;
    while k < n {
        v[k] = src[k];
        k += 1;
    }
}

fn __vec_sort_unstable<T>(v: &mut Vec<T>) {
    __vec_sort(v);
}

fn __vec_dedup<T>(v: &mut Vec<T>) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let mut w = 1;
    let mut r = 1;
    while r < n {
        if v[r] != v[w - 1] {
            v[w] = v[r];
            w += 1;
        }
        r += 1;
    }
    v.truncate(w);
}

fn __vec_split_off<T>(v: &mut Vec<T>, at: usize) -> Vec<T> {
    let n = v.len();
    if at > n {
        panic!("`at` split index (is {}) should be <= len (is {})", at, n);
    }
    let mut out: Vec<T> = Vec::with_capacity(n - at);
    let mut i = at;
    while i < n {
        out.push(v[i]);
        i += 1;
    }
    v.truncate(at);
    out
}

// `windows` and `chunks` as lists of copies of the slices (items are
// shared as Rust's slices share them).
fn __vec_windows<T>(v: &[T], size: usize) -> Vec<Vec<T>> {
    if size == 0 {
        panic!("window size must be non-zero");
    }
    let mut out: Vec<Vec<T>> = Vec::new();
    let mut i = 0;
    while i + size <= v.len() {
        out.push(v[i..i + size].to_vec());
        i += 1;
    }
    out
}

fn __vec_chunks<T>(v: &[T], size: usize) -> Vec<Vec<T>> {
    if size == 0 {
        panic!("chunk size must be non-zero");
    }
    let mut out: Vec<Vec<T>> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let end = if i + size < v.len() { i + size } else { v.len() };
        out.push(v[i..end].to_vec());
        i = end;
    }
    out
}

// std's: `Ok` of the index of an equal item (any of them), else `Err` of
// where it would be inserted.
fn __vec_binary_search<T>(v: &[T], x: &T) -> Result<usize, usize> {
    let mut lo = 0;
    let mut hi = v.len();
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if v[mid] == *x {
            return Ok(mid);
        }
        if v[mid] < *x {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    Err(lo)
}

fn __vec_join<T>(v: &[T], sep: &str) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < v.len() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(&v[i]);
        i += 1;
    }
    out
}

fn __vec_concat<T>(v: &[T]) -> String {
    __vec_join(v, "")
}

// `v.iter().sum()`, `.max()`, `.min()`. A sum overflows as the program's
// own `+` does.
#[rpy_inherit_overflow_checks]
#[track_caller]
fn __vec_iter_sum<T>(v: &[T]) -> T {
    // (0 or 0.0)
    let mut total: T = Default::default();
    let mut i = 0;
    while i < v.len() {
        total += v[i];
        i += 1;
    }
    total
}

fn __vec_iter_max<T>(v: &[T]) -> Option<T> {
    if v.len() == 0 {
        return None;
    }
    let mut best = v[0];
    let mut i = 1;
    while i < v.len() {
        // The last of equal maxima, as `Iterator::max`.
        if v[i] >= best {
            best = v[i];
        }
        i += 1;
    }
    Some(best)
}

fn __vec_iter_min<T>(v: &[T]) -> Option<T> {
    if v.len() == 0 {
        return None;
    }
    let mut best = v[0];
    let mut i = 1;
    while i < v.len() {
        if v[i] < best {
            best = v[i];
        }
        i += 1;
    }
    Some(best)
}

// `(a..b).collect()` and `(a..b).sum()`.
fn __collect_map<K, V>(items: __Iter<(K, V)>) -> HashMap<K, V> {
    let mut d: HashMap<K, V> = HashMap::new();
    for (k, v) in items {
        d.insert(*k, *v);
    }
    d
}

fn __collect_set<K>(items: __Iter<K>) -> HashSet<K> {
    let mut d: HashSet<K> = HashSet::new();
    for k in items {
        d.insert(*k);
    }
    d
}

fn __range_collect<T>(a: T, b: T) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    let mut i = a;
    while i < b {
        out.push(i);
        i += 1;
    }
    out
}

fn __range_sum<T>(a: T, b: T) -> T {
    let mut total: T = 0;
    let mut i = a;
    while i < b {
        total += i;
        i += 1;
    }
    total
}

// The methods of iterators that the iterator template (`iter.rs`) cannot
// have: `it.name(args)` on an iterator is a call of `__iter_name(it, args)`.
fn __iter_enumerate<T>(it: __Iter<T>) -> __Iter<(usize, T)> {
    let mut out: Vec<(usize, T)> = Vec::new();
    while let Some(x) = it.next() {
        out.push((out.len(), x));
    }
    out.into_iter()
}

fn __iter_cloned<T>(it: __Iter<T>) -> __Iter<T> {
    let mut out: Vec<T> = Vec::new();
    while let Some(x) = it.next() {
        out.push(x.clone());
    }
    out.into_iter()
}

fn __iter_next_if_eq<T>(it: &mut __Iter<T>, x: &T) -> Option<T> {
    match it.peek() {
        Some(y) if y == *x => it.next(),
        _ => None,
    }
}

#[rpy_inherit_overflow_checks]
#[track_caller]
fn __iter_sum<T>(it: __Iter<T>) -> T {
    __vec_iter_sum(&it.__items())
}

fn __iter_max<T>(it: __Iter<T>) -> Option<T> {
    __vec_iter_max(&it.__items())
}

fn __iter_min<T>(it: __Iter<T>) -> Option<T> {
    __vec_iter_min(&it.__items())
}

// `opt.cloned()` (of an `Option<&T>`).
fn __option_cloned<T>(o: Option<T>) -> Option<T> {
    match o {
        Some(x) => Some(x.clone()),
        None => None,
    }
}
