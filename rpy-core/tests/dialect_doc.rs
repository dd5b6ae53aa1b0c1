//! The errors cite sections of the dialect's reference (`docs/dialect.md`)
//! by anchor (`diagnostic::Section`): each must be a `## ` heading there.

use rpy_core::diagnostic::Section;

/// The anchor a heading gets: lower case, punctuation dropped, spaces as
/// `-`.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn every_cited_section_is_a_heading_of_the_reference() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/dialect.md")).unwrap();
    let anchors: Vec<String> = doc.lines().filter_map(|l| l.strip_prefix("## ")).map(anchor).collect();
    for s in Section::ALL {
        assert!(anchors.iter().any(|a| a == s.anchor()), "{s:?}: no heading `#{}` in {anchors:?}", s.anchor());
    }
}
