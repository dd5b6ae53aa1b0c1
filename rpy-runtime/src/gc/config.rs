//! The GC's knobs, read once from `RPY_GC_*` environment variables when the
//! GC is first used. Names and size syntax follow PyPy's `PYPY_GC_*`.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `RPY_GC_MIN` | heap size (bytes of objects) below which no collection happens, and size of the old generation below which no major collection happens | 8MB |
//! | `RPY_GC_MAJOR_COLLECT` | a major collection comes when the heap (old generation and nursery) reaches this factor times what survived the last major collection | 1.82 |
//! | `RPY_GC_NURSERY_SHARE` | a minor collection comes after allocating this factor times what survived the last major collection (or earlier, major, when the heap would reach `RPY_GC_MAJOR_COLLECT` times that) | 0.5 |
//! | `RPY_GC_NURSERY` | the most bytes allocated between two collections (caps the share above) | unlimited |
//! | `RPY_GC_MAX` | hard limit on the memory held from the system; beyond it (after a major collection) allocation fails | unlimited |
//! | `RPY_GC_MIN_RUN` | allocation uses the free slots of a block only if its runs of free slots hold this many bytes on average (shorter holes between survivors wait for a collection to free more around them) | 256 |
//! | `RPY_GC_COLLECT_EVERY` | collect at every N-th allocation (a stress test; turns the inline fast path off): every 4th of these collections is major, the others are minor unless a major one is due | off |
//! | `RPY_GC_STATS` | `1`: print statistics to stderr at exit; `2`: also the allocations by type (which turns the inline fast path off, so the program runs slower) | off |
//!
//! Sizes are a number of bytes with an optional `k`/`kb`, `m`/`mb` or
//! `g`/`gb` suffix (any case, powers of 1024). An unparsable value is reported
//! on stderr and ignored.

use std::env;

/// The GC's parameters. Tests may change them with `gc::set_config`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// `RPY_GC_MIN`: collections happen only once the heap holds this many
    /// bytes of objects, major ones only once the old generation does.
    pub min_heap: usize,
    /// `RPY_GC_MAJOR_COLLECT`: a major collection comes when the old
    /// generation grew to this factor times the bytes live after the last
    /// major collection (RPython's `major_collection_threshold`).
    pub major_collect: f64,
    /// `RPY_GC_NURSERY_SHARE`: a minor collection comes after allocating
    /// this factor times the bytes live after the last major collection.
    /// Decision: apart from `major_collect` (RPython ties the two only
    /// through its fixed nursery): a large nursery is what lets an
    /// allocating program's objects die young, a low major threshold what
    /// keeps the garbage made old from piling up.
    pub nursery_share: f64,
    /// `RPY_GC_NURSERY`: the most bytes allocated between two collections;
    /// 0 for no limit.
    pub max_nursery: usize,
    /// `RPY_GC_MAX`: the most memory (blocks and large objects) the GC holds
    /// from the system; 0 for no limit.
    pub max_heap: usize,
    /// `RPY_GC_MIN_RUN`: allocation uses a block's free slots when its runs
    /// of free slots hold this many bytes on average
    /// (`Block::worth_allocating_in`).
    pub min_run: usize,
    /// `RPY_GC_COLLECT_EVERY`: when non-zero, every allocation takes the slow
    /// path and every N-th one collects first (a major collection every 4th
    /// time, else a minor one unless a major one is due).
    pub collect_every: u64,
    /// `RPY_GC_STATS`: print statistics at exit.
    pub print_stats: bool,
    /// `RPY_GC_STATS=2`: count allocations by type (every allocation takes
    /// the slow path) and print the largest at exit.
    pub profile_types: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            min_heap: 8 << 20,
            major_collect: 1.82,
            nursery_share: 0.5,
            max_nursery: 0,
            max_heap: 0,
            min_run: 256,
            collect_every: 0,
            print_stats: false,
            profile_types: false,
        }
    }
}

impl Config {
    /// Whether every allocation must go through `rpy_gc_malloc`: generated
    /// code then finds every run empty.
    pub fn slow_path_only(&self) -> bool {
        self.collect_every != 0 || self.profile_types
    }

    /// The defaults overridden by the environment.
    pub fn from_env() -> Config {
        let mut c = Config::default();
        if let Some(v) = read("RPY_GC_MIN", parse_size) {
            c.min_heap = v;
        }
        if let Some(v) = read("RPY_GC_MAJOR_COLLECT", |s| s.parse::<f64>().ok().filter(|f| *f >= 1.0)) {
            c.major_collect = v;
        }
        if let Some(v) = read("RPY_GC_NURSERY_SHARE", |s| s.parse::<f64>().ok().filter(|f| *f > 0.0)) {
            c.nursery_share = v;
        }
        if let Some(v) = read("RPY_GC_NURSERY", parse_size) {
            c.max_nursery = v;
        }
        if let Some(v) = read("RPY_GC_MAX", parse_size) {
            c.max_heap = v;
        }
        if let Some(v) = read("RPY_GC_MIN_RUN", parse_size) {
            c.min_run = v;
        }
        if let Some(v) = read("RPY_GC_COLLECT_EVERY", |s| s.parse::<u64>().ok()) {
            c.collect_every = v;
        }
        if let Some(v) = read("RPY_GC_STATS", |s| s.parse::<u32>().ok()) {
            c.print_stats = v != 0;
            c.profile_types = v >= 2;
        }
        c
    }
}

fn read<T>(name: &str, parse: impl Fn(&str) -> Option<T>) -> Option<T> {
    let value = env::var(name).ok()?;
    let parsed = parse(value.trim());
    if parsed.is_none() {
        eprintln!("rpy gc: ignoring {name}={value:?}: not a valid value");
    }
    parsed
}

/// Parses `123`, `64k`, `8MB`, `1g` (powers of 1024).
pub fn parse_size(s: &str) -> Option<usize> {
    let lower = s.to_ascii_lowercase();
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let mult: usize = match &lower[digits.len()..] {
        "" => 1,
        "k" | "kb" => 1 << 10,
        "m" | "mb" => 1 << 20,
        "g" | "gb" => 1 << 30,
        _ => return None,
    };
    digits.trim().parse::<usize>().ok()?.checked_mul(mult)
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("123"), Some(123));
        assert_eq!(parse_size("64k"), Some(64 << 10));
        assert_eq!(parse_size("8MB"), Some(8 << 20));
        assert_eq!(parse_size("1g"), Some(1 << 30));
        assert_eq!(parse_size("1 GB"), Some(1 << 30));
        assert_eq!(parse_size("x"), None);
        assert_eq!(parse_size("12q"), None);
        assert_eq!(parse_size(""), None);
    }
}
