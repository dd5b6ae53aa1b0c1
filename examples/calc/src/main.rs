//! `calc [--untranslated] [--disassemble] [--trace]`: the calculator REPL,
//! translated by rpy; `--untranslated` runs the same source as plain Rust.

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let untranslated = args.get(1).is_some_and(|a| a == "--untranslated");
    if untranslated {
        args.remove(1);
    }
    let status =
        if untranslated { calc::interp::entry_point(args) } else { calc::interp::translated::entry_point(args) };
    std::process::exit(status);
}
