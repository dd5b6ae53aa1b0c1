//! Pastes the program suite's two AST interpreters (`tests/programs/
//! 175_ast_dyn.rs`, written with trait objects, and `176_ast_enum.rs`, its
//! twin written with an enum) into translated modules, so that the
//! programs the suite tests are the ones measured.

use std::path::Path;

const TWINS: [(&str, &str); 2] = [("ast_dyn", "175_ast_dyn"), ("ast_enum", "176_ast_enum")];

fn main() {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
    for (module, stem) in TWINS {
        let path = programs.join(format!("{stem}.rs"));
        println!("cargo:rerun-if-changed={}", path.display());
        let src = std::fs::read_to_string(&path).unwrap();
        std::fs::write(out.join(format!("{module}.rs")), format!("#[rpython::entry] pub mod {module} {{ {src}\n}}\n"))
            .unwrap();
    }
}
