//! Data-driven tests of the codewriter, as `stages.rs`: each
//! `jitcodes/NAME.rs` is a module whose first line names its portal
//! (`// portal: f`); the jitcodes of the portal and of what the JIT traces
//! into from it, in text form, must equal `jitcodes/NAME.jit`.
//! `RPY_BLESS=1` (re)writes them.

use rpy_core::codewriter::make_jitcodes;
use rpy_core::translator::translate_source;
use std::path::Path;

mod snapshot;
use snapshot::check;

#[test]
fn jitcode_snapshots() {
    let sources = snapshot::sources("jitcodes");
    let mut failures = Vec::new();
    for path in sources {
        let src = std::fs::read_to_string(&path).unwrap();
        let name = src.lines().next().and_then(|l| l.strip_prefix("// portal: ")).expect("a `// portal:` line");
        let t = translate_source(&src, "test.rs").unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let portal = t.graph_by_name(name).unwrap_or_else(|| panic!("{}: no graph {name}", path.display()));
        let codes = make_jitcodes(&t, portal).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text: String = codes.iter().map(|c| c.text()).collect();
        check(&path.with_extension("jit"), &text, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The portal of `examples/bf` flattens: the merge point with the
/// tutorial's greens and reds, and the elidable bracket lookup a residual
/// call (which the tracer will fold).
#[test]
fn bf_portal_has_a_jitcode() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bf/src/lib.rs");
    let file: syn::File = syn::parse_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let items = file
        .items
        .iter()
        .find_map(|i| match i {
            syn::Item::Mod(m) => m.content.as_ref().map(|(_, items)| items.clone()),
            _ => None,
        })
        .expect("the interpreter's module");
    let t = rpy_core::translator::translate_items(&items, "bf.rs", "interp", &mut Default::default()).unwrap();
    let portal = t.graph_by_name("mainloop").unwrap();
    let codes = make_jitcodes(&t, portal).unwrap();
    let text = codes[0].text();
    assert!(text.contains("jit_merge_point $0, [%"), "{text}");
    assert!(text.contains("residual_call_ir_i <Call matching>"), "{text}");
    assert!(!codes.iter().any(|c| c.name == "matching"), "an elidable function has no jitcode");
}
