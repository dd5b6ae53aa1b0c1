//! What the data-driven tests share (`stages.rs`, `jitcodes.rs`): their
//! sources, and comparing a text with its expected file (`RPY_BLESS=1`
//! writes it instead).

use std::path::{Path, PathBuf};

/// The `.rs` files of `tests/<dir>`, sorted.
pub fn sources(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(dir);
    let mut sources: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    sources.sort();
    assert!(!sources.is_empty(), "no sources in {}", dir.display());
    sources
}

/// Records in `failures` that `path` does not hold `actual`.
pub fn check(path: &Path, actual: &str, failures: &mut Vec<String>) {
    if std::env::var_os("RPY_BLESS").is_some() {
        std::fs::write(path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected != actual {
        failures.push(format!("{} differs:\n--- expected\n{expected}\n--- actual\n{actual}", path.display()));
    }
}
