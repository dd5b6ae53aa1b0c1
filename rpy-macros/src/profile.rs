//! The build profile of the crate being compiled, as far as translated code
//! depends on it: whether integer overflow is checked, whether debug
//! assertions run.
//!
//! A proc macro runs inside the rustc that compiles the crate, so the
//! command line it sees is rustc's own, with every `-C` flag Cargo's profile
//! (and `RUSTFLAGS`) passed. rustc's rule is applied to it: debug assertions
//! follow `-C debug-assertions`, else are on exactly when the crate is not
//! optimized (`-C opt-level=0`, the default); overflow checks follow
//! `-C overflow-checks`, else debug assertions.

use rpy_core::driver::Options;

/// The translation's options for the crate rustc is compiling.
pub fn options() -> Options {
    options_of(&rustc_args())
}

/// rustc's arguments, with `@file` arguments (which Cargo uses for long
/// command lines) expanded.
fn rustc_args() -> Vec<String> {
    std::env::args()
        .flat_map(|a| match a.strip_prefix('@').map(std::fs::read_to_string) {
            Some(Ok(text)) => text.lines().map(str::to_string).collect(),
            _ => vec![a],
        })
        .collect()
}

fn options_of(args: &[String]) -> Options {
    let (mut optimized, mut debug_assertions, mut overflow_checks) = (false, None, None);
    let mut codegen = |flag: &str| {
        let (key, value) = flag.split_once('=').unwrap_or((flag, ""));
        match key {
            "opt-level" => optimized = value != "0",
            "debug-assertions" => debug_assertions = Some(switch(value)),
            "overflow-checks" => overflow_checks = Some(switch(value)),
            _ => {}
        }
    };
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "-O" => codegen("opt-level=2"),
            "-C" | "--codegen" => {
                if let Some(flag) = args.next() {
                    codegen(flag);
                }
            }
            _ => {
                if let Some(flag) = a.strip_prefix("-C").or_else(|| a.strip_prefix("--codegen=")) {
                    codegen(flag);
                }
            }
        }
    }
    let debug_assertions = debug_assertions.unwrap_or(!optimized);
    Options { overflow_checks: overflow_checks.unwrap_or(debug_assertions), debug_assertions }
}

/// A boolean `-C` value: bare (`-C overflow-checks`) means on.
fn switch(value: &str) -> bool {
    matches!(value, "" | "y" | "yes" | "on" | "true")
}

#[cfg(test)]
mod tests {
    use super::options_of;

    /// Whether overflow is checked.
    fn of(cmd: &str) -> bool {
        options_of(&cmd.split_whitespace().map(str::to_string).collect::<Vec<_>>()).overflow_checks
    }

    fn debug_assertions(cmd: &str) -> bool {
        options_of(&cmd.split_whitespace().map(str::to_string).collect::<Vec<_>>()).debug_assertions
    }

    #[test]
    fn follows_rustc_defaults() {
        // Cargo's dev profile: no opt-level flag at all.
        assert!(of("rustc --crate-name x --edition=2021 src/lib.rs -C debuginfo=2"));
        // Cargo's release profile.
        assert!(!of("rustc --crate-name x src/lib.rs -C opt-level=3 -C strip=debuginfo"));
        assert!(!of("rustc -O x.rs"));
        assert!(of("rustc -C opt-level=0 x.rs"));
    }

    #[test]
    fn explicit_settings_win() {
        assert!(!of("rustc -C overflow-checks=off x.rs"));
        assert!(of("rustc -C opt-level=3 -C overflow-checks=on x.rs"));
        assert!(of("rustc -Copt-level=3 -Cdebug-assertions=on x.rs"));
        assert!(!of("rustc -C debug-assertions=off x.rs"));
        assert!(of("rustc -C debug-assertions=off -C overflow-checks x.rs"));
        // Overflow checks without debug assertions, and the other way.
        assert!(!debug_assertions("rustc -C opt-level=3 -C overflow-checks=on x.rs"));
        assert!(debug_assertions("rustc -C overflow-checks=off x.rs"));
        assert!(debug_assertions("rustc -O -C debug-assertions x.rs"));
        // The last of repeated flags counts, as in rustc.
        assert!(!of("rustc --codegen overflow-checks=yes --codegen=overflow-checks=no x.rs"));
    }
}
