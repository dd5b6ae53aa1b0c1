//! Data-driven tests of the stages, in the style of Cranelift's filetests:
//! each `stages/NAME.rs` is a module body; its flow graphs, annotations and
//! low-level graphs, in text form, must equal `stages/NAME.flow`,
//! `NAME.ann` and `NAME.ll`. Run with `RPY_BLESS=1` to (re)write them after
//! checking the differences by eye.

use rpy_core::annotator::annotate;
use rpy_core::flow::items::build_module;
use rpy_core::rtyper::rtype;
use std::path::Path;

fn check(path: &Path, actual: &str, failures: &mut Vec<String>) {
    if std::env::var_os("RPY_BLESS").is_some() {
        std::fs::write(path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected != actual {
        failures.push(format!("{} differs:\n--- expected\n{expected}\n--- actual\n{actual}", path.display()));
    }
}

#[test]
fn stage_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stages");
    let mut sources: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    sources.sort();
    assert!(!sources.is_empty());
    let mut failures = Vec::new();
    for src_path in sources {
        let src = std::fs::read_to_string(&src_path).unwrap();
        let file: syn::File = syn::parse_str(&src).unwrap();
        let mut t = build_module(&file.items, "test.rs", &[], &[], &[])
            .unwrap_or_else(|e| panic!("{}: {e:?}", src_path.display()));
        check(&src_path.with_extension("flow"), &t.text(), &mut failures);
        let ann = annotate(&mut t).unwrap_or_else(|e| panic!("{}: {e:?}", src_path.display()));
        let ann_text: String = ann
            .reached
            .iter()
            .map(|&g| format!("graph {}\n{}", t.graphs[g].name, ann.text(&t, g)))
            .collect::<Vec<_>>()
            .join("\n");
        check(&src_path.with_extension("ann"), &ann_text, &mut failures);
        rtype(&mut t, &ann).unwrap_or_else(|e| panic!("{}: {e:?}", src_path.display()));
        check(&src_path.with_extension("ll"), &t.text(), &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
