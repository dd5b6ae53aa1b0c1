use rpy_core::driver::translate_source;

#[test]
fn all_programs_translate() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/programs");
    let mut bad = 0;
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        let src = std::fs::read_to_string(&p).unwrap();
        let r = std::panic::catch_unwind(|| translate_source(&src, "x.rs"));
        match r {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => {
                bad += 1;
                println!(
                    "{}: {}",
                    p.display(),
                    e.iter()
                        .map(|e| format!(
                            "{e} {:?}",
                            match e {
                                rpy_core::driver::TranslationError::Syntax(s) => format!("{:?}", s.span().start()),
                                _ => String::new(),
                            }
                        ))
                        .collect::<Vec<_>>()
                        .join("\n")
                );
            }
            Err(_) => {
                bad += 1;
                println!("{}: PANIC", p.display());
            }
        }
    }
    assert_eq!(bad, 0);
}
