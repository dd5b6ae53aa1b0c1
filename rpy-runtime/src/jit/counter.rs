//! Hot counters (RPython's `JitCounter`, `rpython/jit/metainterp/counter.py`):
//! not one counter per green key or guard, but a lossy table indexed by a
//! hash of it, so counting costs no memory per position of the interpreted
//! program. Each bucket holds five entries (a fraction of the way to hot,
//! and 16 more bits of the hash to tell keys apart), kept in decreasing
//! order so that a new key evicts the coldest. A position is hot when its
//! entry reaches 1.0; every tick adds `1 / (threshold - 0.001)`, so that
//! exactly `threshold` ticks reach it.

/// Entries per bucket.
const WAYS: usize = 5;

/// A bucket: one cache line, the one memory access a merge point of the
/// interpreter makes when the key has no code (besides the key itself).
/// Entry `i` is `times[i]`, the fraction of the way to hot (RPython stores
/// 32 bits; with 64, `threshold` ticks are exactly hot for any threshold
/// below 10^9), and `subhashes[i]`, 16 more bits of the hash to tell keys
/// apart.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(64))]
struct Bucket {
    times: [f64; WAYS],
    subhashes: [u16; WAYS],
    /// A key of this bucket may have a cell (code, or tracing gave up):
    /// RPython chains the cells from the counter's table so that looking
    /// up a key and counting it cost one access; here the cells live with
    /// what the GC keeps alive, and this says when to look there. (Set for
    /// good: a cell dropped leaves a lookup that finds nothing.)
    cells: bool,
}

pub struct JitCounter {
    buckets: Vec<Bucket>,
    /// `hash >> shift` is the bucket.
    shift: u32,
}

/// What a tick adds for a position to be hot after `threshold` ticks.
pub fn increment(threshold: u32) -> f64 {
    1.0 / (threshold.max(1) as f64 - 0.001)
}

impl Default for JitCounter {
    fn default() -> JitCounter {
        JitCounter::new(2048)
    }
}

impl JitCounter {
    /// A table of `size` buckets (a power of two).
    pub fn new(size: usize) -> JitCounter {
        assert!(size.is_power_of_two() && size >= 2, "the counter table's size is a power of two");
        JitCounter { buckets: vec![Bucket::default(); size], shift: 64 - size.trailing_zeros() }
    }

    fn place(&self, hash: u64) -> (usize, u16) {
        ((hash >> self.shift) as usize, hash as u16)
    }

    /// Counts one more run of the position with hash `hash`; true when it
    /// becomes hot (its count starts again from zero).
    pub fn tick(&mut self, hash: u64, increment: f64) -> bool {
        let (b, subhash) = self.place(hash);
        let bucket = &mut self.buckets[b];
        // A key not in the bucket takes the place of the coldest entry.
        let mut n = bucket.subhashes.iter().position(|&s| s == subhash).unwrap_or_else(|| {
            (bucket.times[WAYS - 1], bucket.subhashes[WAYS - 1]) = (0.0, subhash);
            WAYS - 1
        });
        let time = bucket.times[n] + increment;
        if time >= 1.0 {
            bucket.times[n] = 0.0;
            return true;
        }
        bucket.times[n] = time;
        // Keep the bucket in decreasing order: warm keys survive new ones.
        while n > 0 && bucket.times[n - 1] < bucket.times[n] {
            bucket.times.swap(n - 1, n);
            bucket.subhashes.swap(n - 1, n);
            n -= 1;
        }
        false
    }

    /// Whether the key with hash `hash` may have a cell (`mark_cell`).
    pub fn may_have_cell(&self, hash: u64) -> bool {
        self.buckets[self.place(hash).0].cells
    }

    /// The key with hash `hash` has a cell now.
    pub fn mark_cell(&mut self, hash: u64) {
        let (b, _) = self.place(hash);
        self.buckets[b].cells = true;
    }

    /// The position's count starts again from zero.
    pub fn reset(&mut self, hash: u64) {
        let (b, subhash) = self.place(hash);
        let bucket = &mut self.buckets[b];
        if let Some(n) = bucket.subhashes.iter().position(|&s| s == subhash) {
            bucket.times[n] = 0.0;
        }
    }

    /// How far the position is to hot, from 0 to 1 (for tests and logs).
    pub fn progress(&self, hash: u64) -> f64 {
        let (b, subhash) = self.place(hash);
        let bucket = &self.buckets[b];
        bucket.subhashes.iter().position(|&s| s == subhash).map_or(0.0, |n| bucket.times[n])
    }

    /// Every count shrinks by `decay` thousandths (RPython's
    /// `decay_all_counters`; the hook runs it whenever a loop starts being
    /// traced), so positions that ran often long ago do not get hot.
    pub fn decay_all(&mut self, decay: u32) {
        let keep = 1.0 - decay.min(1000) as f64 * 0.001;
        for bucket in &mut self.buckets {
            for time in &mut bucket.times {
                *time *= keep;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hash landing in bucket `b` with subhash `s` of a table of 2048.
    fn hash(b: u64, s: u16) -> u64 {
        (b << 53) | s as u64
    }

    #[test]
    fn hot_after_exactly_threshold_ticks() {
        for threshold in [1, 2, 3, 200, 1039, 1619, 6000, 100_000] {
            let mut c = JitCounter::default();
            let inc = increment(threshold);
            let h = hash(7, 42);
            for i in 1..threshold {
                assert!(!c.tick(h, inc), "threshold {threshold}: hot after {i} ticks");
            }
            assert!(c.tick(h, inc), "threshold {threshold}: not hot after {threshold} ticks");
            // Counting starts again.
            assert_eq!(c.progress(h), 0.0);
            assert!(threshold == 1 || !c.tick(h, inc));
        }
    }

    #[test]
    fn keys_in_one_bucket_evict_the_coldest() {
        let mut c = JitCounter::default();
        let inc = increment(100);
        let warm = hash(3, 1);
        for _ in 0..50 {
            c.tick(warm, inc);
        }
        // Six more keys in the same bucket of five: the warm one stays
        // first, and the newest newcomers replace each other in the last.
        for s in 2..8 {
            c.tick(hash(3, s), inc);
        }
        assert!((c.progress(warm) - 50.0 * inc).abs() < 1e-9);
        for (s, kept) in [(2, true), (3, true), (4, true), (5, false), (6, false), (7, true)] {
            assert_eq!(c.progress(hash(3, s)) > 0.0, kept, "key {s}");
        }
        // Other buckets are untouched.
        assert_eq!(c.progress(hash(4, 1)), 0.0);
    }

    /// A bucket is one cache line; a key's cell is known in its bucket,
    /// and only there.
    #[test]
    fn buckets_say_where_cells_may_be() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        let mut c = JitCounter::default();
        let (key, neighbour, elsewhere) = (hash(9, 1), hash(9, 2), hash(10, 1));
        c.tick(key, increment(10));
        assert!(!c.may_have_cell(key));
        c.mark_cell(key);
        assert!(c.may_have_cell(key) && c.may_have_cell(neighbour) && !c.may_have_cell(elsewhere));
        // Counting goes on as before.
        assert!((c.progress(key) - increment(10)).abs() < 1e-12);
    }

    #[test]
    fn decay_and_reset() {
        let mut c = JitCounter::default();
        let h = hash(1, 9);
        for _ in 0..500 {
            c.tick(h, increment(1000));
        }
        let before = c.progress(h);
        c.decay_all(40);
        assert!((c.progress(h) - before * 0.96).abs() < 1e-9);
        c.decay_all(1000);
        assert_eq!(c.progress(h), 0.0);
        for _ in 0..10 {
            c.tick(h, increment(1000));
        }
        c.reset(h);
        assert_eq!(c.progress(h), 0.0);
    }

    /// Two positions warm in turn; the first gets hot, then the counts
    /// decay (`decay_all`, as the hook does every 32 collections). With no
    /// decay the second is hot at its next tick; with all of it, only
    /// after `threshold` more.
    #[test]
    fn a_decay_cools_the_other_positions() {
        let (first, second, inc) = (hash(2, 1), hash(5, 1), increment(20));
        for (decay, ticks_to_hot) in [(0, 1), (1000, 20)] {
            let mut c = JitCounter::default();
            for _ in 0..19 {
                assert!(!c.tick(first, inc) && !c.tick(second, inc));
            }
            assert!(c.tick(first, inc));
            c.decay_all(decay);
            let ticks = (1..=20).find(|_| c.tick(second, inc));
            assert_eq!(ticks, Some(ticks_to_hot), "decay {decay}");
        }
    }
}
