#[test]
fn scratch() {
    let src = std::fs::read_to_string("/tmp/g/a.rs").unwrap();
    match rpy_core::driver::translate_source(&src, "src.rs") {
        Ok(_) => println!("OK"),
        Err(es) => for e in es { println!("ERR: {e:?}"); }
    }
}
