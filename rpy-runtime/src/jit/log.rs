//! `RPYLOG`: the JIT's logs in PyPy's `PYPYLOG` format. `RPYLOG=jit-log-noopt,jit-summary:FILE`
//! writes the sections whose names start with one of the given prefixes
//! to FILE (`-` for stderr), each as
//!
//! ```text
//! [<timestamp>] {<section>
//! ...
//! [<timestamp>] <section>}
//! ```
//!
//! with timestamps in hex (nanoseconds since the program started; PyPy
//! prints CPU ticks). `RPYLOG=jit:FILE` enables every `jit-...` section.

use std::io::Write;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

struct Log {
    prefixes: Vec<String>,
    out: Mutex<Box<dyn Write + Send>>,
    start: Instant,
}

fn log() -> Option<&'static Log> {
    static LOG: OnceLock<Option<Log>> = OnceLock::new();
    LOG.get_or_init(|| {
        let spec = std::env::var("RPYLOG").ok()?;
        let (cats, file) = spec.rsplit_once(':').unwrap_or((spec.as_str(), "-"));
        let out: Box<dyn Write + Send> = if file == "-" {
            Box::new(std::io::stderr())
        } else {
            match std::fs::File::create(file) {
                Ok(f) => Box::new(std::io::BufWriter::new(f)),
                Err(e) => {
                    eprintln!("rpy: RPYLOG: cannot create {file}: {e}");
                    std::process::exit(2)
                }
            }
        };
        let prefixes = cats.split(',').filter(|c| !c.is_empty()).map(str::to_string).collect();
        Some(Log { prefixes, out: Mutex::new(out), start: Instant::now() })
    })
    .as_ref()
}

/// Whether section `name` is logged.
pub fn enabled(name: &str) -> bool {
    log().is_some_and(|l| l.prefixes.iter().any(|p| name.starts_with(p.as_str())))
}

/// Writes section `name` with the text `body` (lines ending in `\n`).
pub fn section(name: &str, body: &str) {
    if let Some(t0) = now() {
        section_since(name, t0, body);
    }
}

/// The log's clock (`None` when nothing is logged), to start a section
/// that spans work done before it is written (`section_since`).
pub fn now() -> Option<u128> {
    log().map(|l| l.start.elapsed().as_nanos())
}

/// Writes section `name` opened at `t0` (from `now`) and closed now.
pub fn section_since(name: &str, t0: u128, body: &str) {
    let Some(l) = log().filter(|_| enabled(name)) else { return };
    let mut out = l.out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = write!(out, "[{t0:x}] {{{name}\n{body}");
    let t1 = l.start.elapsed().as_nanos();
    let _ = writeln!(out, "[{t1:x}] {name}}}");
    let _ = out.flush();
}

/// With `RPY_PERFMAP` set, names compiled code for `perf report` in
/// `/tmp/perf-<pid>.map` (the format of Linux perf's JIT interface): one
/// line `<start> <size> <name>` per code, in hex.
pub fn perf_map(start: *const u8, size: usize, name: &str) {
    static MAP: OnceLock<Option<Mutex<std::fs::File>>> = OnceLock::new();
    let map = MAP.get_or_init(|| {
        std::env::var_os("RPY_PERFMAP")?;
        let path = format!("/tmp/perf-{}.map", std::process::id());
        match std::fs::OpenOptions::new().create(true).append(true).open(&path) {
            Ok(f) => Some(Mutex::new(f)),
            Err(e) => {
                eprintln!("rpy: RPY_PERFMAP: cannot open {path}: {e}");
                None
            }
        }
    });
    if let Some(f) = map {
        let mut f = f.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(f, "{:x} {size:x} {name}", start as usize);
    }
}
