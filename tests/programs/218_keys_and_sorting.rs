// The module's structs and enums as HashMap keys and in sorts: derived Hash/Eq/Ord, a hand-written Ord, sort_by_key with a tuple key, dedup, binary_search, a Vec<u8> key
// call: run(9)
// expect: "cells 6 | red@(0, 1)=0 | order [Blue, Green, Red] | by len [\"ab\", \"abc\", \"abcd\"] | versions [1.2.0, 1.10.0, 2.0.1] | found Ok(1) | bytes 2"
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Color {
    Blue,
    Green,
    Red,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Cell {
    x: i64,
    y: i64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Version {
    major: u32,
    minor: u32,
    patch: u32,
}

impl Ord for Version {
    fn cmp(&self, other: &Version) -> Ordering {
        (self.major, self.minor, self.patch).cmp(&(other.major, other.minor, other.patch))
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

pub fn run(n: i64) -> String {
    let mut paint: HashMap<(Color, Cell), i64> = HashMap::new();
    for i in 0..n {
        let c = match i % 3 {
            0 => Color::Red,
            1 => Color::Green,
            _ => Color::Blue,
        };
        let cell = Cell { x: i % 2, y: (i / 2) % 3 };
        *paint.entry((c, cell)).or_insert(0) += 1 + i % 2;
    }
    let red = paint.get(&(Color::Red, Cell { x: 0, y: 1 })).copied().unwrap_or(0);
    let mut colors: Vec<Color> = paint.keys().map(|(c, _)| *c).collect();
    colors.sort();
    colors.dedup();
    let mut words = vec!["abcd".to_string(), "ab".to_string(), "abc".to_string()];
    words.sort_by_key(|w| (w.len(), w.clone()));
    let mut versions = vec![
        Version { major: 2, minor: 0, patch: 1 },
        Version { major: 1, minor: 10, patch: 0 },
        Version { major: 1, minor: 2, patch: 0 },
    ];
    versions.sort();
    let shown: Vec<String> = versions.iter().map(|v| v.to_string()).collect();
    let found = versions.binary_search(&Version { major: 1, minor: 10, patch: 0 });
    let mut by_bytes: HashMap<Vec<u8>, i64> = HashMap::new();
    for w in ["ab", "ab", "cd"] {
        *by_bytes.entry(w.as_bytes().to_vec()).or_insert(0) += 1;
    }
    let cells: std::collections::HashSet<Cell> = paint.keys().map(|(_, c)| *c).collect();
    format!(
        "cells {} | red@(0, 1)={} | order {:?} | by len {:?} | versions [{}] | found {:?} | bytes {}",
        cells.len(),
        red,
        colors,
        words,
        shown.join(", "),
        found,
        by_bytes.len()
    )
}
