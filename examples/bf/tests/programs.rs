//! Runs the bf binary (translated and untranslated) on the bundled programs
//! and checks the md5 of their output against the known ones;
//! bad input gives one line on stderr and status 1.

use std::process::Command;

fn bf(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bf")).args(args).output().expect("run bf")
}

fn program(name: &str) -> String {
    format!("{}/programs/{name}", env!("CARGO_MANIFEST_DIR"))
}

const EXPECTED: &[(&str, &str)] = &[
    ("helloworld.b", "ed076287532e86365e841e92bfc50d8c"),
    ("test.b", "9e1b7df607c29fb91781e252186b7e3a"),
    ("99bottles.b", "7675075fdd213f4a703255a63787eb07"),
    ("bench.b", "ff84a182ecc6da31db638d7c562996d6"),
];

#[test]
fn programs_match_their_md5_translated_and_untranslated() {
    for (name, md5) in EXPECTED {
        for mode in [None, Some("--untranslated")] {
            let path = program(name);
            let args: Vec<&str> = mode.into_iter().chain([path.as_str()]).collect();
            let out = bf(&args);
            assert!(out.status.success(), "{name} {mode:?}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(md5::hex(&out.stdout), *md5, "{name} {mode:?}");
        }
    }
}

/// mandel.b takes tens of seconds untranslated in a debug build: only the
/// translated interpreter runs it, and only in release builds.
#[test]
#[cfg_attr(debug_assertions, ignore = "takes minutes in a debug build; run with --release")]
fn mandel_matches_its_md5() {
    let out = bf(&[&program("mandel.b")]);
    assert!(out.status.success());
    assert_eq!(md5::hex(&out.stdout), "5024283fa65866ddd347b877798e84d8");
}

#[test]
fn bad_input_is_one_line_and_status_1() {
    let dir = std::env::temp_dir().join(format!("rpy-bf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let unbalanced = dir.join("unbalanced.b");
    std::fs::write(&unbalanced, "+[>+<-]]").unwrap();
    let missing = dir.join("missing.b");
    for mode in [None, Some("--untranslated")] {
        let run = |path: &std::path::Path| {
            let args: Vec<&str> = mode.into_iter().chain([path.to_str().unwrap()]).collect();
            bf(&args)
        };
        let out = run(&missing);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, format!("bf: cannot read {}: No such file or directory (os error 2)\n", missing.display()));
        let out = run(&unbalanced);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, "bf: unbalanced brackets: the bracket at instruction 7 has no match\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

mod md5;
