//! Compiles the heap programs of `src/programs.rs` with rpy-llvm, for both
//! targets, and writes what `src/lib.rs` embeds: the assembly, a `call`
//! function dispatching to the exported entry points, and rpy-llvm's view of
//! the GC's size classes and header bits (which `tests/gc.rs` compares with
//! the runtime's).

#[path = "src/programs.rs"]
#[allow(dead_code)]
mod programs;

use rpy_core::lltype::LlType;
use rpy_llvm::{compile, gc, Export, Options};
use std::fmt::Write;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=src/programs.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let p = programs::programs();
    let exports: Vec<Export> =
        p.entries.iter().map(|e| Export { graph: e.graph, symbol: format!("heaptest_{}", e.name) }).collect();
    let asm = compile(&p.t, None, &exports, &Options { opt_level: 2, symbol_prefix: "__rpy_heaptests_".into() })
        .unwrap_or_else(|e| panic!("rpy-llvm failed on the heap programs: {e}"));
    std::fs::write(out.join("heap_x86_64.s"), asm.x86_64).unwrap();
    std::fs::write(out.join("heap_aarch64.s"), asm.aarch64).unwrap();

    let mut decls = String::new();
    let mut arms = String::new();
    for e in &p.entries {
        assert!(e
            .params
            .iter()
            .chain([&e.result])
            .all(|t| *t == rpy_core::lltype::SIGNED || matches!(t, LlType::Ptr(_))));
        let params: Vec<String> = (0..e.params.len()).map(|i| format!("a{i}: i64")).collect();
        let args: Vec<String> = (0..e.params.len()).map(|i| format!("args[{i}]")).collect();
        writeln!(decls, "    fn heaptest_{}({}) -> i64;", e.name, params.join(", ")).unwrap();
        writeln!(arms, "        \"{}\" => heaptest_{}({}),", e.name, e.name, args.join(", ")).unwrap();
    }
    let classes: Vec<String> = (0..=gc::SMALL_MAX / 8).map(|k| gc::size_class((k * 8).max(8)).to_string()).collect();
    let sizes: Vec<String> = (0..gc::NUM_SIZE_CLASSES).map(|c| gc::class_size(c).to_string()).collect();
    let calls = format!(
        r#"extern "C" {{
{decls}}}

/// Calls the translated entry point `name` on `args` (a GC object as its
/// address).
///
/// # Safety
/// Inside `rpython::gc::with_gc`, with as many arguments as it takes, and
/// only objects of the types it expects.
pub unsafe fn call(name: &str, args: &[i64]) -> i64 {{
    match name {{
{arms}        _ => panic!("no heap program {{name}}"),
    }}
}}

/// rpy-llvm's size class of each size `8 * k` (`k` from 1; index 0 is the
/// class of 8 bytes too).
pub const LLVM_SIZE_CLASSES: &[usize] = &[{}];
/// rpy-llvm's slot size of each class.
pub const LLVM_CLASS_SIZES: &[u64] = &[{}];
/// The header bit rpy-llvm's inline write barrier tests.
pub const LLVM_HDR_TRACK: u64 = {};
"#,
        classes.join(", "),
        sizes.join(", "),
        gc::HDR_TRACK
    );
    std::fs::write(out.join("calls.rs"), calls).unwrap();
}
