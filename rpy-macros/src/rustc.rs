//! What the macro learns from the rustc it runs in about the crate being
//! compiled: the build profile, as far as translated code depends on it
//! (whether integer overflow is checked, whether debug assertions run), and
//! the architecture to emit code for.
//!
//! A proc macro runs inside the rustc that compiles the crate, so the
//! command line it sees is rustc's own, with every `-C` flag Cargo's profile
//! (and `RUSTFLAGS`) passed, and `--target` when Cargo cross-compiles.
//! rustc's rules are applied to it: debug assertions follow
//! `-C debug-assertions`, else are on exactly when the crate is not
//! optimized (`-C opt-level=0`, the default); overflow checks follow
//! `-C overflow-checks`, else debug assertions; without `--target` the
//! crate is compiled for the host, the machine the macro was built for.

use rpy_core::driver::Options;
use rpy_llvm::Arch;

/// The translation's options for the crate rustc is compiling.
pub fn options() -> Options {
    options_of(&rustc_args())
}

/// The architectures to emit code for: the one rustc compiles for, or
/// every one rpy knows when the process is not a compiler driver (rust-
/// analyzer's macro server expands for any target) or the target is not
/// one rpy knows (the output then fails to build with a clear error).
pub fn archs() -> Vec<Arch> {
    match arch_of(&rustc_args()) {
        Some(arch) => vec![arch],
        None => Arch::ALL.to_vec(),
    }
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

fn arch_of(args: &[String]) -> Option<Arch> {
    // Every compile of a crate by Cargo names it; a process without the
    // flag is not rustc (or clippy-driver) compiling one.
    if !args.iter().any(|a| a == "--crate-name" || a.starts_with("--crate-name=")) {
        return None;
    }
    let mut target = None;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        if a == "--target" {
            target = args.next().map(String::as_str);
        } else if let Some(t) = a.strip_prefix("--target=") {
            target = Some(t);
        }
    }
    match target {
        // A custom target is a JSON file named after its triple.
        Some(t) => Arch::of_triple(t.rsplit('/').next()?),
        None => Arch::of_triple(std::env::consts::ARCH),
    }
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
    use super::{arch_of, options_of};
    use rpy_llvm::Arch;

    fn arch(cmd: &str) -> Option<Arch> {
        arch_of(&cmd.split_whitespace().map(str::to_string).collect::<Vec<_>>())
    }

    #[test]
    fn the_target_is_the_host_unless_named() {
        let host = Arch::of_triple(std::env::consts::ARCH);
        assert_eq!(arch("rustc --crate-name x src/lib.rs -C opt-level=3"), host);
        assert_eq!(arch("rustc --crate-name x --target aarch64-unknown-linux-gnu x.rs"), Some(Arch::Aarch64));
        assert_eq!(arch("rustc --crate-name x --target=x86_64-unknown-linux-musl x.rs"), Some(Arch::X86_64));
        assert_eq!(arch("rustc --crate-name x --target /t/aarch64-custom.json x.rs"), Some(Arch::Aarch64));
        // A target rpy has no code for, or a process that is not rustc.
        assert_eq!(arch("rustc --crate-name x --target riscv64gc-unknown-linux-gnu x.rs"), None);
        assert_eq!(arch("rust-analyzer-proc-macro-srv"), None);
    }

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
