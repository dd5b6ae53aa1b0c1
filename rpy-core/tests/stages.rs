//! Data-driven tests of the stages, in the style of Cranelift's filetests:
//! each `stages/NAME.rs` starts with a header,
//!
//! ```text
//! // stage: flow | annotate | rtype | backendopt | codewriter
//! // What the case checks, in the comment lines that follow.
//! ```
//!
//! then a module body. The runner runs the stages up to the one named and
//! compares the text form of each one's output with a snapshot file:
//! `NAME.flow` (the flow graphs), `NAME.ann` (the annotations), `NAME.ll`
//! (the low-level graphs), `NAME.opt` (the low-level graphs after
//! `backendopt`), `NAME.jit` (the jitcodes of the module's
//! `JitDriver`, with their descrs; the whole pipeline runs first). Every
//! snapshot starts with what the case checks, as `#` lines.
//! `RPY_BLESS=1` writes the snapshots that differ and prints their
//! differences, to be read before committing them.

use rpy_core::annotator::annotate;
use rpy_core::driver::translate_source;
use rpy_core::flow::items::build_module;
use rpy_core::rtyper::rtype;
use std::path::{Path, PathBuf};

/// The stages a case can stop after, in order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    Flow,
    Annotate,
    Rtype,
    Backendopt,
    Codewriter,
}

impl Stage {
    fn parse(name: &str) -> Option<Stage> {
        Some(match name {
            "flow" => Stage::Flow,
            "annotate" => Stage::Annotate,
            "rtype" => Stage::Rtype,
            "backendopt" => Stage::Backendopt,
            "codewriter" => Stage::Codewriter,
            _ => return None,
        })
    }
}

/// A case's header: the stage it stops after and what it checks.
fn header(src: &str, path: &Path) -> (Stage, String) {
    let mut lines = src.lines();
    let stage = lines.next().and_then(|l| l.strip_prefix("// stage: ")).and_then(Stage::parse);
    let stage = stage.unwrap_or_else(|| {
        panic!(
            "{}: the first line names the stage: // stage: flow|annotate|rtype|backendopt|codewriter",
            path.display()
        )
    });
    let checks: Vec<&str> = lines.map_while(|l| l.strip_prefix("//")).map(str::trim).collect();
    assert!(!checks.is_empty(), "{}: the header says what the case checks", path.display());
    let text = checks.join(" ");
    (stage, wrap(&text, 98).iter().map(|l| format!("# {l}\n")).collect())
}

fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().unwrap();
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

#[test]
fn stage_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stages");
    let mut sources: Vec<PathBuf> = (std::fs::read_dir(&dir).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    sources.sort();
    let mut failures = Vec::new();
    for path in sources {
        let src = std::fs::read_to_string(&path).unwrap();
        let (stage, checks) = header(&src, &path);
        let mut check =
            |ext: &str, text: String| snapshot(&path.with_extension(ext), &(checks.clone() + &text), &mut failures);
        if stage == Stage::Codewriter {
            let t = translate_source(&src, "test.rs").unwrap_or_else(|e| fail(&path, e));
            check("jit", t.jit.as_ref().expect("a case of the codewriter has a JitDriver").module.full_text());
            continue;
        }
        let file: syn::File = syn::parse_str(&src).unwrap();
        let mut t = build_module(&file.items, "test.rs", &Default::default()).unwrap_or_else(|e| fail(&path, e));
        check("flow", t.text());
        if stage == Stage::Flow {
            continue;
        }
        let ann = annotate(&mut t).unwrap_or_else(|e| fail(&path, e));
        let graphs = ann.reached.iter().map(|&g| format!("graph {}\n{}", t.graphs[g].name, ann.text(&t, g)));
        check("ann", graphs.collect::<Vec<_>>().join("\n"));
        if stage == Stage::Annotate {
            continue;
        }
        rtype(&mut t, &ann, false).unwrap_or_else(|e| fail(&path, e));
        check("ll", t.text());
        if stage == Stage::Rtype {
            continue;
        }
        rpy_core::backendopt::run(&mut t).expect("the hints hold");
        check("opt", t.text());
    }
    assert!(failures.is_empty(), "{}\n(RPY_BLESS=1 writes them)", failures.join("\n"));
}

fn fail<T>(case: &Path, e: impl std::fmt::Debug) -> T {
    panic!("{}: {e:?}", case.display())
}

/// The portal of `examples/bf` flattens: the merge point with the
/// tutorial's greens and reds, and the elidable bracket lookup a residual
/// call (which the tracer will fold).
#[test]
fn bf_portal_has_a_jitcode() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/bf/src/lib.rs");
    let file: syn::File = syn::parse_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let items = (file.items.iter())
        .find_map(|i| match i {
            syn::Item::Mod(m) => m.content.as_ref().map(|(_, items)| items.clone()),
            _ => None,
        })
        .expect("the interpreter's module");
    let t = rpy_core::driver::translate_items(&items, "bf.rs", "interp", Default::default(), &mut Default::default())
        .unwrap();
    let jit = t.jit.as_ref().expect("bf has a driver");
    let text = jit.module.text(0);
    assert!(text.starts_with("jitcode mainloop("), "{text}");
    assert!(text.contains("jit_merge_point $0, [%"), "{text}");
    assert!(text.contains("residual_call_ir_i <Call matching elidable>"), "{text}");
    assert!(!jit.module.jitcodes.iter().any(|c| c.name == "matching"), "an elidable function has no jitcode");
}

/// Compares the snapshot `path` with `actual`; records the difference in
/// `failures`, or with `RPY_BLESS` set writes `actual` and prints it.
fn snapshot(path: &Path, actual: &str, failures: &mut Vec<String>) {
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected == actual {
        return;
    }
    let diff = format!("{} differs:\n{}", path.display(), diff(&expected, actual));
    if std::env::var_os("RPY_BLESS").is_some() {
        // Straight to stderr: the test harness captures `eprintln!`.
        let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("writing {diff}").as_bytes());
        std::fs::write(path, actual).unwrap();
    } else {
        failures.push(diff);
    }
}

/// The lines of `old` and `new` that differ, `-` and `+` before them,
/// with two lines of context (a longest common subsequence of lines).
fn diff(old: &str, new: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let mut lines: Vec<(char, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            lines.push((' ', a[i]));
            (i, j) = (i + 1, j + 1);
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            lines.push(('-', a[i]));
            i += 1;
        } else {
            lines.push(('+', b[j]));
            j += 1;
        }
    }
    let near = |k: usize| lines[k.saturating_sub(2)..(k + 3).min(lines.len())].iter().any(|(c, _)| *c != ' ');
    let mut out = String::new();
    let mut skipped = false;
    for (k, (c, l)) in lines.iter().enumerate() {
        if near(k) {
            out.push_str(&format!("{c} {l}\n"));
            skipped = false;
        } else if !skipped {
            out.push_str("  ...\n");
            skipped = true;
        }
    }
    out
}
