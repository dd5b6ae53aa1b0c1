//! `RPY_DUMP=DIR` writes every graph after each stage (text and Graphviz).
//! This test binary has only this test, so setting the variable is safe.

use rpy_core::driver::{translate_items, Timings};

#[test]
fn dumps_every_stage() {
    let dir = std::env::temp_dir().join(format!("rpy-dump-test-{}", std::process::id()));
    // SAFETY: no other thread of this test binary reads the environment.
    unsafe { std::env::set_var("RPY_DUMP", &dir) };
    let file: syn::File = syn::parse_str("pub fn double(x: i64) -> i64 { x * 2 }").unwrap();
    let mut timings = Timings::default();
    translate_items(&file.items, "m.rs", "m", Default::default(), &mut timings).unwrap();
    for stage in ["flowgraph", "annotate", "rtype_lltype"] {
        let dot = std::fs::read_to_string(dir.join("m").join(stage).join("double.dot")).unwrap();
        assert!(dot.starts_with("digraph \"double\""), "{stage}: {dot}");
        let text = std::fs::read_to_string(dir.join("m").join(stage).join("double.txt")).unwrap();
        assert!(text.contains(if stage == "rtype_lltype" { "int_mul" } else { "mul(" }), "{stage}: {text}");
    }
    let report = timings.report();
    assert!(report.starts_with("[Timer] Timings:\n[Timer] flowgraph"), "{report}");
    assert!(report.contains("[Timer] Total:"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}
