//! Translated code follows the crate's profile (`driver::Options`): the
//! prelude functions std marks `#[rustc_inherit_overflow_checks]` (`sum`)
//! check overflow with the module's setting, the rest of the prelude never.
//! (The program suite runs every program in both profiles; a panic std
//! reports in its own source cannot be matched there by position, so these
//! run on the LLInterpreter.)

use rpy_core::driver::{translate_items, Options, Timings};

/// The result of `run()` of `src` translated with `options`, or the text
/// of its panic.
fn run(src: &str, options: Options) -> Result<String, String> {
    let file: syn::File = syn::parse_str(src).unwrap();
    let t = translate_items(&file.items, "profiles.rs", "module", options, &mut Timings::default())
        .unwrap_or_else(|e| panic!("{e:?}"))
        .program;
    let g = t.graph_by_name("run").expect("a run");
    rpy_core::llinterp::interpret(&t, g, vec![]).map(|v| format!("{v:?}")).map_err(|p| p.stderr_text())
}

const DEBUG: Options = Options { overflow_checks: true, debug_assertions: true };
const RELEASE: Options = Options { overflow_checks: false, debug_assertions: false };

#[test]
fn sum_checks_overflow_as_the_module_does() {
    let src = "pub fn run() -> i64 { let v = vec![i64::MAX, 1]; v.iter().sum::<i64>() }";
    let debug = run(src, DEBUG).expect_err("a panic");
    assert!(debug.contains("attempt to add with overflow"), "{debug}");
    assert_eq!(run(src, RELEASE), Ok(format!("Int({})", i64::MIN)));
}
