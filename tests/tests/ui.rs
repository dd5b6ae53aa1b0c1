//! Every construct outside the dialect is a compile error on the user's own
//! tokens; each case's expected message is in `ui/*.stderr`.
//! `ui/pass/` holds programs that must build and run.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
    t.pass("ui/pass/*.rs");
}
