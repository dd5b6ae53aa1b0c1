//! Data-driven tests of the codewriter, as `stages.rs`: each
//! `jitcodes/NAME.rs` is a module with a `JitDriver`; the jitcodes of its
//! portal and of what the JIT traces into from it, with their descrs and
//! the driver, in text form, must equal `jitcodes/NAME.jit`.
//! `RPY_BLESS=1` (re)writes them.

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
        let t = translate_source(&src, "test.rs").unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let jit = t.jit.as_ref().expect("a driver");
        let text = jit.module.full_text();
        check(&path.with_extension("jit"), &text, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The portal of `examples/bf` flattens: the merge point with the
/// tutorial's greens and reds, and the elidable bracket lookup a residual
/// call (which the tracer will fold).
#[test]
fn bf_portal_has_a_jitcode() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/bf/src/lib.rs");
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
    let jit = t.jit.as_ref().expect("bf has a driver");
    let text = jit.module.text(0);
    assert!(text.starts_with("jitcode mainloop("), "{text}");
    assert!(text.contains("jit_merge_point $0, [%"), "{text}");
    assert!(text.contains("residual_call_ir_i <Call matching elidable>"), "{text}");
    assert!(!jit.module.jitcodes.iter().any(|c| c.name == "matching"), "an elidable function has no jitcode");
}
