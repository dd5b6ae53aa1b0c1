//! `rpy-programs NAME MODE`: runs the `// call:` lines of one program of
//! `programs/`, printing each result with `{:?}`. MODE is `untranslated`
//! (the module as rustc compiled it), `llinterp` (its low-level graphs in
//! the LLInterpreter) or `translated` (the native code rpy generated).
//! The integration test `tests/programs.rs` runs all three and compares.

mod llinterp_mode;

include!(concat!(env!("OUT_DIR"), "/dispatch.rs"));

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: rpy-programs NAME untranslated|llinterp|translated");
        std::process::exit(2);
    }
    let (name, mode) = (&args[1], &args[2]);
    let Some(&(_, path)) = PROGRAMS.iter().find(|(n, _)| n == name) else {
        eprintln!("rpy-programs: no program named {name}");
        std::process::exit(2);
    };
    match mode.as_str() {
        "untranslated" => run_untranslated(name),
        "translated" => run_translated(name),
        "llinterp" => llinterp_mode::run(path),
        _ => {
            eprintln!("rpy-programs: unknown mode {mode}");
            std::process::exit(2);
        }
    }
    if std::env::var_os("RPY_PROGRAMS_PEAK_RSS").is_some() {
        eprintln!("peak RSS: {} kB", peak_rss_kb());
    }
}

/// This process's peak resident set size (`VmHWM`), for memory bounds in
/// tests.
fn peak_rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}
