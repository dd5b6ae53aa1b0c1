//! Turns every `programs/*.rs` into a translated module of the
//! `rpy-programs` binary, plus a dispatcher that runs its `// call:` lines
//! untranslated or translated.
//!
//! Each program is pasted into `#[rpython::entry] pub mod p_<stem> { ... }`
//! with the header on the program's first line, so line numbers in panic
//! messages are the program's own.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::create_dir_all(out.join("programs")).unwrap();
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.retain(|p| p.extension().is_some_and(|e| e == "rs"));
    entries.sort();
    let mut dispatch = String::new();
    let mut untranslated = String::new();
    let mut translated = String::new();
    let mut table = String::new();
    for path in &entries {
        println!("cargo:rerun-if-changed={}", path.display());
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let module = format!("p_{stem}");
        let src = std::fs::read_to_string(path).unwrap();
        let generated = out.join("programs").join(format!("{stem}.rs"));
        std::fs::write(&generated, format!("#[allow(clippy::all)] #[rpython::entry] pub mod {module} {{ {src}\n}}\n"))
            .unwrap();
        writeln!(dispatch, "include!(concat!(env!(\"OUT_DIR\"), \"/programs/{stem}.rs\"));").unwrap();
        let calls: Vec<&str> = src.lines().filter_map(|l| l.strip_prefix("// call: ")).collect();
        let mut u = String::new();
        let mut t = String::new();
        for call in &calls {
            writeln!(u, "        println!(\"{{:?}}\", {module}::{call});").unwrap();
            writeln!(t, "        println!(\"{{:?}}\", {module}::translated::{call});").unwrap();
        }
        writeln!(untranslated, "        \"{stem}\" => {{\n{u}        }}").unwrap();
        writeln!(translated, "        \"{stem}\" => {{\n{t}        }}").unwrap();
        writeln!(table, "    (\"{stem}\", concat!(env!(\"OUT_DIR\"), \"/programs/{stem}.rs\")),").unwrap();
    }
    writeln!(dispatch, "\n/// Every program: its name and the path of its generated source.").unwrap();
    writeln!(dispatch, "pub const PROGRAMS: &[(&str, &str)] = &[\n{table}];").unwrap();
    writeln!(dispatch, "\npub fn run_untranslated(name: &str) {{\n    match name {{\n{untranslated}        _ => panic!(\"no program {{name}}\"),\n    }}\n}}").unwrap();
    writeln!(dispatch, "\npub fn run_translated(name: &str) {{\n    match name {{\n{translated}        _ => panic!(\"no program {{name}}\"),\n    }}\n}}").unwrap();
    std::fs::write(out.join("dispatch.rs"), dispatch).unwrap();
}
