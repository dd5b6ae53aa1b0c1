//! The layers of rpy-core, bottom to top, and the rule that no module
//! imports one of a higher layer (ARCHITECTURE.md states each layer's
//! rule). The test reads the sources' `crate::` and `super::` paths, so a
//! new upward import fails here with the file and the path.

use std::path::Path;

/// Module paths (their prefixes) by layer, bottom first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "IRs",
        &[
            "entity",
            "diagnostic",
            "ty",
            "lltype",
            "lloperation",
            "flow",
            "flow::model",
            "flow::hints",
            "flow::text",
            "flow::dot",
            "flow::checkgraph",
        ],
    ),
    ("language items", &["lang_items", "methods"]),
    ("program", &["translator"]),
    ("prelude", &["prelude", "llbuild"]),
    (
        "front end",
        &[
            "flow::error",
            "flow::scope",
            "flow::builder",
            "flow::items",
            "flow::traits",
            "flow::derives",
            "flow::dyn_traits",
            "flow::generic_types",
            "flow::profile",
            "jit",
        ],
    ),
    ("annotator", &["annotator"]),
    ("rtyper", &["rtyper", "llinterp"]),
    ("backendopt", &["backendopt"]),
    ("codewriter", &["codewriter"]),
    ("driver", &["driver", ""]),
];

/// The layer of module `path` (`flow::builder::jit_hints`): the one with
/// the longest prefix of it.
fn layer(path: &str) -> usize {
    let matches = |p: &str| p.is_empty() || path == p || path.starts_with(&format!("{p}::"));
    let found =
        LAYERS.iter().enumerate().flat_map(|(i, (_, ps))| ps.iter().filter(|p| matches(p)).map(move |p| (p.len(), i)));
    found.max().expect("the crate's root matches").1
}

/// The module path of a source file relative to `src` (`flow/builder.rs`
/// is `flow::builder`, `annotator/mod.rs` is `annotator`, `lib.rs` is the
/// root, ``).
fn module_of(file: &Path) -> String {
    let parts: Vec<String> = file.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let parts: Vec<&str> = parts.iter().map(String::as_str).filter(|p| *p != "mod" && *p != "lib").collect();
    parts.join("::")
}

/// The module paths a source refers to: `crate::a::b`, and `super::c`
/// resolved against `module` (whose file is a `mod.rs` when `is_mod`).
fn references(src: &str, module: &str, is_mod: bool) -> Vec<String> {
    let mut out = Vec::new();
    // Tests may use anything; comments are not imports.
    let code = src.split("#[cfg(test)]").next().unwrap_or(src);
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        for (prefix, base) in [("crate::", String::new()), ("super::", parent(module, is_mod))] {
            let mut rest = line;
            while let Some(i) = rest.find(prefix) {
                let before = rest[..i].chars().last();
                rest = &rest[i + prefix.len()..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let path: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
                let path = path.trim_end_matches(':');
                out.push(match (base.as_str(), path) {
                    ("", p) => p.to_string(),
                    (b, "") => b.to_string(),
                    (b, p) => format!("{b}::{p}"),
                });
            }
        }
    }
    out
}

/// The module `super` names in `module`.
fn parent(module: &str, is_mod: bool) -> String {
    let mut parts: Vec<&str> = module.split("::").filter(|p| !p.is_empty()).collect();
    if !is_mod {
        parts.pop();
    }
    // `super` of a `mod.rs` is the directory's parent.
    if is_mod {
        parts.pop();
    }
    parts.join("::")
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_module_imports_a_higher_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut upward = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let module = module_of(rel);
        let is_mod = rel.file_name().is_some_and(|n| n == "mod.rs");
        let text = std::fs::read_to_string(file).unwrap();
        for r in references(&text, &module, is_mod) {
            let (from, to) = (layer(&module), layer(&r));
            if to > from {
                upward.push(format!("{} ({}) uses {r} ({})", rel.display(), LAYERS[from].0, LAYERS[to].0));
            }
        }
    }
    upward.sort();
    upward.dedup();
    assert!(upward.is_empty(), "imports running upward:\n{}", upward.join("\n"));
}

/// The test's own reading of paths: a `super::` in a `mod.rs` names the
/// directory's parent, in another file the file's parent.
#[test]
fn paths_resolve_as_rust_does() {
    assert_eq!(module_of(Path::new("flow/builder/jit_hints.rs")), "flow::builder::jit_hints");
    assert_eq!(module_of(Path::new("annotator/mod.rs")), "annotator");
    assert_eq!(references("use super::model::X;", "flow::text", false), ["flow::model::X"]);
    assert_eq!(references("use super::{A, B};", "lltype::layout", false), ["lltype"]);
    assert_eq!(references("use super::checkgraph;", "flow", true), ["checkgraph"]);
    assert_eq!(layer("flow::builder::jit_hints"), 4);
    assert_eq!(layer("flow::model"), 0);
    assert_eq!(layer("driver"), LAYERS.len() - 1);
}
