// The ordered dict of the dialect (RPython's `rordereddict.py`), written in
// the dialect as a template: `prelude::template_items` substitutes `$K`, `$V`
// (the key and value types as Rust source), `$DATA` (the name of the struct
// holding the dict's fields) and `$HASH` (an expression hashing `k`, a `$K`)
// and the translator builds one instance per `HashMap<K, V>` the program
// uses. Not compiled by rustc.
//
// Entries live in insertion order in parallel lists; `table` is an
// open-addressing index into them (-1: free, -2: deleted). Removed entries
// stay in the lists as holes (`live` false) until the next resize compacts
// them, so iteration follows insertion order.

struct $DATA {
    hashes: Vec<u64>,
    keys: Vec<$K>,
    values: Vec<$V>,
    live: Vec<bool>,
    table: Vec<i64>,
    // Live entries, and slots of `table` that are not free.
    count: usize,
    used: usize,
}

impl HashMap<$K, $V> {
    fn __new() -> Self {
        Self {
            hashes: Vec::new(),
            keys: Vec::new(),
            values: Vec::new(),
            live: Vec::new(),
            table: vec![-1; 8],
            count: 0,
            used: 0,
        }
    }

    fn __hash(k: &$K) -> u64 {
        $HASH
    }

    // The slot of `table` holding `k`'s entry, or -1.
    fn __find(&self, k: &$K, h: u64) -> i64 {
        let mask = self.table.len() - 1;
        let mut i = (h as usize) & mask;
        let mut perturb = h;
        loop {
            let e = self.table[i];
            if e == -1 {
                return -1;
            }
            if e >= 0 {
                let x = e as usize;
                if self.hashes[x] == h && self.keys[x] == *k {
                    return i as i64;
                }
            }
            perturb = perturb >> 5;
            i = (i * 5 + 1 + (perturb as usize)) & mask;
        }
    }

    fn __place(&mut self, h: u64, entry: usize) {
        let mask = self.table.len() - 1;
        let mut i = (h as usize) & mask;
        let mut perturb = h;
        loop {
            if self.table[i] < 0 {
                self.table[i] = entry as i64;
                return;
            }
            perturb = perturb >> 5;
            i = (i * 5 + 1 + (perturb as usize)) & mask;
        }
    }

    // Drops the holes and rebuilds `table` with room to grow.
    fn __resize(&mut self) {
        let mut hashes: Vec<u64> = Vec::new();
        let mut keys: Vec<$K> = Vec::new();
        let mut values: Vec<$V> = Vec::new();
        let mut live: Vec<bool> = Vec::new();
        let mut i = 0;
        while i < self.keys.len() {
            if self.live[i] {
                hashes.push(self.hashes[i]);
                keys.push(self.keys[i]);
                values.push(self.values[i]);
                live.push(true);
            }
            i += 1;
        }
        let mut size = 8;
        while size <= self.count * 3 {
            size = size * 2;
        }
        self.table = vec![-1; size];
        self.hashes = hashes;
        self.keys = keys;
        self.values = values;
        self.live = live;
        self.used = self.count;
        let mut j = 0;
        while j < self.hashes.len() {
            let h = self.hashes[j];
            self.__place(h, j);
            j += 1;
        }
    }

    fn insert(&mut self, k: $K, v: $V) -> Option<$V> {
        let h = Self::__hash(&k);
        let slot = self.__find(&k, h);
        if slot >= 0 {
            let e = self.table[slot as usize] as usize;
            let old = self.values[e];
            self.values[e] = v;
            return Some(old);
        }
        if (self.used + 1) * 3 >= self.table.len() * 2 {
            self.__resize();
        }
        let entry = self.keys.len();
        self.hashes.push(h);
        self.keys.push(k);
        self.values.push(v);
        self.live.push(true);
        self.__place(h, entry);
        self.used += 1;
        self.count += 1;
        None
    }

    fn get(&self, k: &$K) -> Option<$V> {
        let slot = self.__find(k, Self::__hash(k));
        if slot < 0 {
            return None;
        }
        Some(self.values[self.table[slot as usize] as usize])
    }

    fn get_mut(&mut self, k: &$K) -> Option<$V> {
        self.get(k)
    }

    fn get_or(&mut self, k: $K, default: $V) -> $V {
        let slot = self.__find(&k, Self::__hash(&k));
        if slot < 0 {
            self.insert(k, default);
            return default;
        }
        self.values[self.table[slot as usize] as usize]
    }

    fn contains_key(&self, k: &$K) -> bool {
        self.__find(k, Self::__hash(k)) >= 0
    }

    fn remove(&mut self, k: &$K) -> Option<$V> {
        self.__remove(k)
    }

    // (`remove` of a `HashSet` is `set_remove`: this is the map's.)
    fn __remove(&mut self, k: &$K) -> Option<$V> {
        let slot = self.__find(k, Self::__hash(k));
        if slot < 0 {
            return None;
        }
        let e = self.table[slot as usize] as usize;
        self.table[slot as usize] = -2;
        self.live[e] = false;
        self.count -= 1;
        Some(self.values[e])
    }

    fn len(&self) -> usize {
        self.count
    }

    fn is_empty(&self) -> bool {
        self.count == 0
    }

    fn clear(&mut self) {
        self.hashes = Vec::new();
        self.keys = Vec::new();
        self.values = Vec::new();
        self.live = Vec::new();
        self.table = vec![-1; 8];
        self.count = 0;
        self.used = 0;
    }

    fn keys(&self) -> Vec<$K> {
        let mut out: Vec<$K> = Vec::new();
        let mut i = 0;
        while i < self.keys.len() {
            if self.live[i] {
                out.push(self.keys[i]);
            }
            i += 1;
        }
        out
    }

    fn values(&self) -> Vec<$V> {
        let mut out: Vec<$V> = Vec::new();
        let mut i = 0;
        while i < self.keys.len() {
            if self.live[i] {
                out.push(self.values[i]);
            }
            i += 1;
        }
        out
    }

    // A new dict of clones of the live entries, in their order.
    fn clone(&self) -> Self {
        let mut d = Self::__new();
        let mut i = 0;
        while i < self.keys.len() {
            if self.live[i] {
                d.insert(self.keys[i].clone(), self.values[i].clone());
            }
            i += 1;
        }
        d
    }

    fn __items(&self) -> Vec<($K, $V)> {
        let mut out: Vec<($K, $V)> = Vec::new();
        let mut i = 0;
        while i < self.keys.len() {
            if self.live[i] {
                out.push((self.keys[i], self.values[i]));
            }
            i += 1;
        }
        out
    }
}

// @set-only: the methods of `HashSet<K>`, which is `HashMap<K, ()>`.
impl HashMap<$K, $V> {
    fn set_insert(&mut self, k: $K) -> bool {
        let absent = !self.contains_key(&k);
        if absent {
            self.insert(k, ());
        }
        absent
    }

    fn set_remove(&mut self, k: &$K) -> bool {
        self.__remove(k).is_some()
    }

}
