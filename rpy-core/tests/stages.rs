//! Data-driven tests of the stages, in the style of Cranelift's filetests:
//! each `stages/NAME.rs` is a module body; its flow graphs, annotations and
//! low-level graphs, in text form, must equal `stages/NAME.flow`,
//! `NAME.ann` and `NAME.ll`. Run with `RPY_BLESS=1` to (re)write them after
//! checking the differences by eye.

use rpy_core::annotator::annotate;
use rpy_core::flow::items::build_module;
use rpy_core::rtyper::rtype;

mod snapshot;
use snapshot::check;

#[test]
fn stage_snapshots() {
    let sources = snapshot::sources("stages");
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
